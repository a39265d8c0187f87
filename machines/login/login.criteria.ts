// The log-in's acceptance criteria (docs/decisions/074): each is what the walks check where the
// machine attaches it (tests/model/login.world.ts `arrange` and `check`). `{NAME}` is a server
// constant the report fills in (machines/acceptance.ts).
import type { Criterion } from '../acceptance';

export const acceptanceCriteria = {
  loggedIn: {
    pt: 'Ao entrar, o cliente tem uma sessão que o servidor aceita.',
    en: 'Once logged in, the customer has a session the server accepts.',
    es: 'Al entrar, el cliente tiene una sesión que el servidor acepta.',
    ru: 'После входа у клиента есть сессия, которую принимает сервер.',
  },
  lockout: {
    pt: 'A {LockoutPolicy.threshold}ª senha errada em {LockoutPolicy.windowMs} bloqueia a conta (recusa 17).',
    en: 'The {LockoutPolicy.threshold}th wrong password within {LockoutPolicy.windowMs} locks the account (refusal 17).',
    es: 'La {LockoutPolicy.threshold}.ª contraseña errónea en {LockoutPolicy.windowMs} bloquea la cuenta (rechazo 17).',
    ru: '{LockoutPolicy.threshold}-й неверный пароль за {LockoutPolicy.windowMs} блокирует учётную запись (отказ 17).',
  },
  locked: {
    pt: 'A conta bloqueada consta como bloqueada no servidor.',
    en: 'The locked account reads locked on the server.',
    es: 'La cuenta bloqueada figura como bloqueada en el servidor.',
    ru: 'Заблокированная учётная запись значится заблокированной на сервере.',
  },
  afterLock: {
    pt: 'Passado o bloqueio ({LockoutPolicy.baseLockMs}), uma nova senha errada dentro de {LockoutPolicy.escalationWindowMs} exige captcha (-3034).',
    en: 'Once the lock ({LockoutPolicy.baseLockMs}) is over, another wrong password within {LockoutPolicy.escalationWindowMs} requires a captcha (-3034).',
    es: 'Pasado el bloqueo ({LockoutPolicy.baseLockMs}), otra contraseña errónea dentro de {LockoutPolicy.escalationWindowMs} exige captcha (-3034).',
    ru: 'После блокировки ({LockoutPolicy.baseLockMs}) новый неверный пароль за {LockoutPolicy.escalationWindowMs} требует капчу (-3034).',
    refusal: -3034,
  },
  codeExpired: {
    pt: 'Um código digitado depois de {CodePolicy.ttlMs} é recusado (10) e o diálogo do código continua aberto.',
    en: 'A code typed after {CodePolicy.ttlMs} is refused (10) and the code dialog stays open.',
    es: 'Un código escrito después de {CodePolicy.ttlMs} se rechaza (10) y el diálogo del código sigue abierto.',
    ru: 'Код, введённый позже чем через {CodePolicy.ttlMs}, отклоняется (10), а окно ввода кода остаётся открытым.',
    refusal: 10,
  },
} satisfies Record<string, Criterion>;
