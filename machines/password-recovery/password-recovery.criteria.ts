// Password recovery's acceptance criteria (docs/decisions/074): each is what the walks check where
// the machine attaches it (tests/model/password-recovery.world.ts `arrange` and `check`). `{NAME}`
// is a server constant the report fills in (machines/acceptance.ts).
import type { Criterion } from '../acceptance';

export const acceptanceCriteria = {
  codeExpired: {
    pt: 'Um código de recuperação digitado depois de {CodePolicy.ttlMs} é recusado (10).',
    en: 'A recovery code typed after {CodePolicy.ttlMs} is refused (10).',
    es: 'Un código de recuperación escrito después de {CodePolicy.ttlMs} se rechaza (10).',
    ru: 'Код восстановления, введённый позже чем через {CodePolicy.ttlMs}, отклоняется (10).',
    refusal: 10,
  },
  linkUsed: {
    pt: 'Um link de recuperação já usado não serve de novo (10302).',
    en: 'A recovery link already used does not work again (10302).',
    es: 'Un enlace de recuperación ya usado no sirve de nuevo (10302).',
    ru: 'Уже использованная ссылка восстановления больше не работает (10302).',
  },
  done: {
    pt: 'Depois de redefinir, a nova senha entra, a antiga é recusada e o titular recebe um e-mail avisando.',
    en: 'After the reset, the new password logs in, the old one is refused and the owner gets an e-mail saying so.',
    es: 'Tras restablecerla, la nueva contraseña entra, la antigua se rechaza y el titular recibe un e-mail de aviso.',
    ru: 'После сброса новый пароль подходит, старый отклоняется, а владелец получает письмо об этом.',
  },
} satisfies Record<string, Criterion>;
