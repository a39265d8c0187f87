/**
 * The rules and limits beside each flow's chart in the atlas (docs/flows/index.html), in the
 * portal's four languages: every figure is read from the constant the server enforces, never
 * retyped, and each rule names that constant, so a change to a limit changes the page
 * (tests/flows-atlas-committed.test.ts holds it to the code). Keyed by machine id; a flow with no
 * entry shows its refusals only.
 */
import { EMAIL_LINK_HOURS } from '../core/config/email-links';
import { WITHDRAWAL_WINDOW_MS } from '../core/config/withdrawal';
import type { Language } from '../core/i18n/languages';
import { CodePolicy } from '../server/auth/codes';
import { LockoutPolicy } from '../server/auth/lockout';
import { SESSION_TTL_MS } from '../server/auth/sessions';
import { RETRIES, RETRY_WINDOW_MS, SCHEDULE_FROM_MS, SCHEDULE_UNTIL_MS } from '../server/billing/pix-automatico';
import { RENEWAL_MAX_FAILURES, RENEWAL_RETRY_MS, RENEWAL_WINDOW_MS } from '../server/billing/renewal';
import { TRANSFER_WINDOW_MS } from '../server/payments/bank-transfer-provider';
import { BOLETO_VALID_DAYS } from '../server/payments/boleto-provider';
import { SDK_TOKEN_TTL_MS } from '../server/payments/card-sdk-token';
import { CRYPTO_QUOTE_TTL_MS } from '../server/payments/crypto-provider';
import { EWALLET_TTL_MS } from '../server/payments/ewallet-provider';
import { MOBILE_MONEY_OTP_TTL_MS } from '../server/payments/mobile-money-provider';
import { PAYPAL_APPROVAL_TTL_MS } from '../server/payments/paypal-provider';
import { PIX_TTL_MS } from '../server/payments/pix-provider';
import { DEVICE_HISTORY } from '../server/repositories/account-info-repository';
import { REFUND_RETRY_DELAYS_MS } from '../server/repositories/refund-repository';
import { ResetLinkPolicy } from '../server/routes/password-reset-link';
import { RESEND_INTERVAL_MS } from '../server/routes/signup';

export type RuleText = Readonly<Record<Language, string>>;

export interface FlowRule {
  /** The rule in the owner's words, with its figures, in each language. */
  text: RuleText;
  /** Where the figure lives: `file · constant`. */
  source: string;
}

const UNITS: ReadonlyArray<[number, Intl.NumberFormatOptions['unit']]> = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1000, 'second'],
];

/** A duration in the largest unit that divides it, in `language`: `30 minutes`, `4 horas`, `7 дней`. */
export function duration(ms: number, language: Language = 'en'): string {
  for (const [size, unit] of UNITS)
    if (ms % size === 0 && ms >= size) return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(ms / size);
  return `${ms} ms`;
}

/** The same figure in every language, for a rule's four sentences. */
const d = (ms: number) => ({ pt: duration(ms, 'pt'), en: duration(ms, 'en'), es: duration(ms, 'es'), ru: duration(ms, 'ru') });

const rule = (source: string, text: RuleText): FlowRule => ({ text, source });

const LOCKOUT = 'server/auth/lockout.ts · LockoutPolicy';
const CODES = 'server/auth/codes.ts · CodePolicy';

const codeRules = (purpose: RuleText): FlowRule[] => {
  const ttl = d(CodePolicy.ttlMs);
  const { digits, maxGuesses: guesses, dailyCap: cap, captchaAfterPerHour: hourly, minCountdownSeconds: seconds } = CodePolicy;
  return [
    rule(`${CODES}.digits, .ttlMs, .maxGuesses`, {
      pt: `Um código de ${purpose.pt} tem ${digits} dígitos, vale por ${ttl.pt}, uma vez, e é inutilizado após ${guesses} tentativas erradas (recusa 10); só o código mais recente vale.`,
      en: `A ${purpose.en} code has ${digits} digits, works for ${ttl.en}, once, and is burned after ${guesses} wrong guesses (refusal 10); only the newest code sent works.`,
      es: `Un código de ${purpose.es} tiene ${digits} dígitos, vale ${ttl.es}, una vez, y se anula tras ${guesses} intentos fallidos (rechazo 10); solo vale el código más reciente.`,
      ru: `Код (${purpose.ru}) состоит из ${digits} цифр, действует ${ttl.ru}, один раз, и сгорает после ${guesses} неверных попыток (отказ 10); действует только последний отправленный код.`,
    }),
    rule(`${CODES}.dailyCap, .captchaAfterPerHour`, {
      pt: `No máximo ${cap} códigos por dia por conta, todos os usos somados; a partir do ${hourly + 1}º na mesma hora, primeiro um captcha.`,
      en: `At most ${cap} codes a day per account, all purposes together; from the ${hourly + 1}th within an hour, a captcha first.`,
      es: `Como máximo ${cap} códigos al día por cuenta, todos los usos juntos; a partir del ${hourly + 1}.º en una hora, primero un captcha.`,
      ru: `Не более ${cap} кодов в сутки на аккаунт, для всех целей вместе; начиная с ${hourly + 1}-го за час — сначала капча.`,
    }),
    rule(`${CODES}.minCountdownSeconds`, {
      pt: `Outro código pode ser pedido quando a contagem termina: a do site, nunca menos de ${seconds} segundos.`,
      en: `Another code can be asked for when the countdown ends: the site's, never under ${seconds} seconds.`,
      es: `Se puede pedir otro código cuando termina la cuenta atrás: la del sitio, nunca menos de ${seconds} segundos.`,
      ru: `Новый код можно запросить, когда закончится обратный отсчёт: по настройке сайта, но не меньше ${seconds} секунд.`,
    }),
  ];
};

const lockoutRules: FlowRule[] = (() => {
  const { threshold } = LockoutPolicy;
  const [win, base, esc, max] = [d(LockoutPolicy.windowMs), d(LockoutPolicy.baseLockMs), d(LockoutPolicy.escalationWindowMs), d(LockoutPolicy.maxLockMs)];
  return [
    rule(`${LOCKOUT}.threshold, .windowMs`, {
      pt: `${threshold} senhas ou códigos errados em ${win.pt} bloqueiam a conta (recusa 17).`,
      en: `${threshold} wrong passwords or codes within ${win.en} lock the account (refusal 17).`,
      es: `${threshold} contraseñas o códigos erróneos en ${win.es} bloquean la cuenta (rechazo 17).`,
      ru: `${threshold} неверных паролей или кодов за ${win.ru} блокируют аккаунт (отказ 17).`,
    }),
    rule(`${LOCKOUT}.baseLockMs, .escalationWindowMs, .maxLockMs`, {
      pt: `O primeiro bloqueio dura ${base.pt}; cada novo bloqueio em ${esc.pt} dura o dobro do anterior, no máximo ${max.pt}. Durante ${esc.pt} após um bloqueio, depois de uma tentativa errada, cada nova tentativa pede um captcha.`,
      en: `The first lock lasts ${base.en}; each further one within ${esc.en} lasts twice as long as the one before, at most ${max.en}. For ${esc.en} after a lock, once a try fails, each next try needs a captcha.`,
      es: `El primer bloqueo dura ${base.es}; cada nuevo bloqueo en ${esc.es} dura el doble que el anterior, como máximo ${max.es}. Durante ${esc.es} tras un bloqueo, después de un intento fallido, cada nuevo intento pide un captcha.`,
      ru: `Первая блокировка длится ${base.ru}; каждая следующая в течение ${esc.ru} — вдвое дольше предыдущей, но не более ${max.ru}. В течение ${esc.ru} после блокировки, после неудачной попытки, каждая следующая требует капчу.`,
    }),
  ];
})();

/** A rule with one duration, written `{t}` in each sentence. */
const expiry = (source: string, ms: number, text: RuleText) => {
  const t = d(ms);
  const fill = (language: Language) => text[language].replace('{t}', t[language]);
  return rule(source, { pt: fill('pt'), en: fill('en'), es: fill('es'), ru: fill('ru') });
};

const paymentRules: FlowRule[] = [
  expiry('server/payments/pix-provider.ts · PIX_TTL_MS', PIX_TTL_MS, {
    pt: 'Um código PIX pode ser pago durante {t}; depois disso o código expira e o pedido é cancelado: o cliente faz um novo pedido.',
    en: 'A PIX code can be paid for {t}; after that the code expires and the order is cancelled: the customer orders again.',
    es: 'Un código PIX puede pagarse durante {t}; después el código vence y el pedido se cancela: el cliente hace un nuevo pedido.',
    ru: 'Код PIX можно оплатить в течение {t}; затем код истекает, а заказ отменяется: покупатель оформляет новый заказ.',
  }),
  expiry('server/payments/boleto-provider.ts · BOLETO_VALID_DAYS', BOLETO_VALID_DAYS * 86_400_000, {
    pt: 'Um boleto vence {t} após ser emitido.',
    en: 'A payment slip (boleto) is due {t} after it is issued.',
    es: 'Un boleto vence {t} después de emitido.',
    ru: 'Квитанцию (boleto) нужно оплатить после выдачи в течение {t}.',
  }),
  expiry('server/payments/bank-transfer-provider.ts · TRANSFER_WINDOW_MS', TRANSFER_WINDOW_MS, {
    pt: 'Uma transferência bancária é aguardada por {t}.',
    en: 'A bank transfer is awaited for {t}.',
    es: 'Una transferencia bancaria se espera durante {t}.',
    ru: 'Банковский перевод ожидается в течение {t}.',
  }),
  expiry('server/payments/paypal-provider.ts · PAYPAL_APPROVAL_TTL_MS', PAYPAL_APPROVAL_TTL_MS, {
    pt: 'A página de aprovação do PayPal espera o cliente por {t}.',
    en: "PayPal's approval page waits for the customer for {t}.",
    es: 'La página de aprobación de PayPal espera al cliente durante {t}.',
    ru: 'Страница подтверждения PayPal ждёт покупателя {t}.',
  }),
  expiry('server/payments/ewallet-provider.ts · EWALLET_TTL_MS', EWALLET_TTL_MS, {
    pt: 'Uma página de pagamento de carteira digital espera por {t}.',
    en: 'An e-wallet payment page waits for {t}.',
    es: 'Una página de pago con monedero electrónico espera durante {t}.',
    ru: 'Страница оплаты электронным кошельком ждёт {t}.',
  }),
  expiry('server/payments/crypto-provider.ts · CRYPTO_QUOTE_TTL_MS', CRYPTO_QUOTE_TTL_MS, {
    pt: 'Uma cotação em cripto mantém a taxa por {t}.',
    en: 'A crypto quote holds its rate for {t}.',
    es: 'Una cotización en cripto mantiene su tipo durante {t}.',
    ru: 'Курс криптовалютной котировки держится {t}.',
  }),
  expiry('server/payments/mobile-money-provider.ts · MOBILE_MONEY_OTP_TTL_MS', MOBILE_MONEY_OTP_TTL_MS, {
    pt: 'Um código de confirmação de dinheiro móvel vale por {t}.',
    en: 'A mobile-money confirmation code works for {t}.',
    es: 'Un código de confirmación de dinero móvil vale durante {t}.',
    ru: 'Код подтверждения мобильных денег действует {t}.',
  }),
  expiry('server/payments/card-sdk-token.ts · SDK_TOKEN_TTL_MS', SDK_TOKEN_TTL_MS, {
    pt: 'O token de um cartão vindo do formulário do cartão vale por {t}.',
    en: "A card's token from the card form works for {t}.",
    es: 'El token de una tarjeta del formulario de tarjeta vale durante {t}.',
    ru: 'Токен карты из формы карты действует {t}.',
  }),
  rule('server/billing/payment-checks.ts · required_fields', {
    pt: 'Cada meio pede seus próprios dados (abaixo, meio a meio); o pedido só é criado depois de preenchidos.',
    en: 'Each method asks for its own details (below, method by method); the order is created only once they are filled in.',
    es: 'Cada medio pide sus propios datos (abajo, medio por medio); el pedido solo se crea cuando están completos.',
    ru: 'Каждый способ оплаты запрашивает свои данные (ниже, по способам); заказ создаётся только после их заполнения.',
  }),
];

const withdrawalRules: FlowRule[] = (() => {
  const win = d(WITHDRAWAL_WINDOW_MS);
  const tries = REFUND_RETRY_DELAYS_MS.length;
  const waits = d(REFUND_RETRY_DELAYS_MS[0]);
  const last = d(REFUND_RETRY_DELAYS_MS.at(-1)!);
  return [
    rule('core/config/withdrawal.ts · WITHDRAWAL_WINDOW_MS', {
      pt: `Uma compra, upgrade incluído, pode ser desistida em até ${win.pt} após a confirmação do pagamento, por inteiro; não enquanto houver uma contestação (chargeback) aberta dela (8408).`,
      en: `A purchase, an upgrade included, can be withdrawn within ${win.en} of its payment's confirmation, in full; not while a chargeback of it is open (8408).`,
      es: `Una compra, mejora incluida, puede desistirse en ${win.es} desde la confirmación del pago, por completo; no mientras haya un contracargo abierto (8408).`,
      ru: `От покупки, включая повышение тарифа, можно отказаться в течение ${win.ru} после подтверждения оплаты, полностью; но не пока по ней открыт чарджбэк (8408).`,
    }),
    rule('server/repositories/refund-repository.ts · REFUND_RETRY_DELAYS_MS', {
      pt: `Se o provedor não responde ao reembolso, ele é pedido de novo até ${tries} vezes, a primeira após ${waits.pt}, a última após ${last.pt}; depois disso, o suporte assume.`,
      en: `When the provider does not answer the refund, it is asked again up to ${tries} times, the first after ${waits.en}, the last after ${last.en}; then support takes it over.`,
      es: `Si el proveedor no responde al reembolso, se pide de nuevo hasta ${tries} veces, la primera tras ${waits.es}, la última tras ${last.es}; después, lo asume el soporte.`,
      ru: `Если провайдер не ответил на возврат, запрос повторяется до ${tries} раз, первый через ${waits.ru}, последний через ${last.ru}; затем возврат передаётся в поддержку.`,
    }),
  ];
})();

const resetLinkRules: FlowRule[] = (() => {
  const ttl = d(ResetLinkPolicy.ttlMs);
  const { dailyCap: cap, captchaAfterPerHour: hourly } = ResetLinkPolicy;
  return [
    rule('server/routes/password-reset-link.ts · ResetLinkPolicy.ttlMs', {
      pt: `Um link de redefinição de senha vale por ${ttl.pt}, uma vez; uma nova senha, por qualquer caminho, anula os links ainda abertos.`,
      en: `A password reset link works for ${ttl.en}, once; a new password, set any way, retires the links still open.`,
      es: `Un enlace para restablecer la contraseña vale ${ttl.es}, una vez; una nueva contraseña, por cualquier vía, anula los enlaces aún abiertos.`,
      ru: `Ссылка для сброса пароля действует ${ttl.ru}, один раз; новый пароль, заданный любым способом, отменяет ещё открытые ссылки.`,
    }),
    rule('server/routes/password-reset-link.ts · ResetLinkPolicy.dailyCap, .captchaAfterPerHour', {
      pt: `No máximo ${cap} links por dia por conta; a partir do ${hourly + 1}º na mesma hora, primeiro um captcha; entre dois links, a mesma contagem dos códigos.`,
      en: `At most ${cap} links a day per account; from the ${hourly + 1}th within an hour, a captcha first; between two links, the same countdown as the codes'.`,
      es: `Como máximo ${cap} enlaces al día por cuenta; a partir del ${hourly + 1}.º en una hora, primero un captcha; entre dos enlaces, la misma cuenta atrás que los códigos.`,
      ru: `Не более ${cap} ссылок в сутки на аккаунт; начиная с ${hourly + 1}-й за час — сначала капча; между двумя ссылками — тот же отсчёт, что и для кодов.`,
    }),
  ];
})();

const signupRules: FlowRule[] = (() => {
  const link = d(EMAIL_LINK_HOURS * 3_600_000);
  const resend = d(RESEND_INTERVAL_MS);
  return [
    rule('core/config/email-links.ts · EMAIL_LINK_HOURS', {
      pt: `O link de confirmação do e-mail vale por ${link.pt}.`,
      en: `The confirmation link in the e-mail works for ${link.en}.`,
      es: `El enlace de confirmación del correo vale ${link.es}.`,
      ru: `Ссылка подтверждения в письме действует ${link.ru}.`,
    }),
    rule('server/routes/signup.ts · RESEND_INTERVAL_MS', {
      pt: `No máximo um e-mail de confirmação por endereço a cada ${resend.pt}.`,
      en: `At most one confirmation e-mail per address every ${resend.en}.`,
      es: `Como máximo un correo de confirmación por dirección cada ${resend.es}.`,
      ru: `Не чаще одного письма с подтверждением на адрес раз в ${resend.ru}.`,
    }),
  ];
})();

const sessionRules: FlowRule[] = [
  expiry('server/auth/sessions.ts · SESSION_TTL_MS', SESSION_TTL_MS, {
    pt: 'Uma sessão fica aberta após o log-in por {t}.',
    en: 'A session stays open after log-in for {t}.',
    es: 'Una sesión sigue abierta tras iniciar sesión durante {t}.',
    ru: 'Сессия после входа остаётся открытой {t}.',
  }),
];

const devicesRules: FlowRule[] = [
  rule('server/repositories/account-info-repository.ts · DEVICE_HISTORY', {
    pt: `A lista mostra os últimos ${DEVICE_HISTORY} log-ins; um aparelho desconectado precisa entrar de novo.`,
    en: `The list shows the last ${DEVICE_HISTORY} log-ins; a device signed out must log in again.`,
    es: `La lista muestra los últimos ${DEVICE_HISTORY} inicios de sesión; un dispositivo desconectado debe iniciar sesión de nuevo.`,
    ru: `В списке последние ${DEVICE_HISTORY} входов; устройству, с которого вышли, нужно войти заново.`,
  }),
];

const renewalRules: FlowRule[] = (() => {
  const [win, retry] = [d(RENEWAL_WINDOW_MS), d(RENEWAL_RETRY_MS)];
  return [
    rule('server/billing/renewal.ts · RENEWAL_WINDOW_MS', {
      pt: `A renovação é cobrada do cartão de cobrança a partir de ${win.pt} antes da próxima data de cobrança.`,
      en: `The renewal is charged to the billing card from ${win.en} before the next billing date.`,
      es: `La renovación se cobra a la tarjeta de cobro desde ${win.es} antes de la próxima fecha de cobro.`,
      ru: `Продление списывается с карты для оплаты начиная за ${win.ru} до следующей даты списания.`,
    }),
    rule('server/billing/renewal.ts · RENEWAL_RETRY_MS, RENEWAL_MAX_FAILURES', {
      pt: `Após uma renovação recusada, nova tentativa ${retry.pt} depois; com ${RENEWAL_MAX_FAILURES} tentativas recusadas seguidas (a primeira e ${RENEWAL_MAX_FAILURES - 1} novas), a assinatura expira.`,
      en: `After a declined renewal, it is tried again ${retry.en} later; after ${RENEWAL_MAX_FAILURES} declined tries in a row (the first and ${RENEWAL_MAX_FAILURES - 1} retries), the subscription expires.`,
      es: `Tras una renovación rechazada, se intenta de nuevo ${retry.es} después; tras ${RENEWAL_MAX_FAILURES} intentos rechazados seguidos (el primero y ${RENEWAL_MAX_FAILURES - 1} reintentos), la suscripción vence.`,
      ru: `После отклонённого продления попытка повторяется через ${retry.ru}; после ${RENEWAL_MAX_FAILURES} отклонённых попыток подряд (первой и ${RENEWAL_MAX_FAILURES - 1} повторных) подписка истекает.`,
    }),
  ];
})();

const pixAutomaticoRules: FlowRule[] = (() => {
  const [from, until, window] = [d(SCHEDULE_FROM_MS), d(SCHEDULE_UNTIL_MS), d(RETRY_WINDOW_MS)];
  return [
    rule('server/billing/pix-automatico.ts · SCHEDULE_FROM_MS, SCHEDULE_UNTIL_MS', {
      pt: `Cada cobrança do ciclo é agendada entre ${from.pt} e ${until.pt} antes do vencimento (regras do BCB).`,
      en: `Each cycle's charge is scheduled from ${from.en} to ${until.en} before its due date (BCB rules).`,
      es: `El cobro de cada ciclo se programa entre ${from.es} y ${until.es} antes del vencimiento (reglas del BCB).`,
      ru: `Списание за каждый период назначается за ${from.ru} — ${until.ru} до срока оплаты (правила BCB).`,
    }),
    rule('server/billing/pix-automatico.ts · RETRIES, RETRY_WINDOW_MS', {
      pt: `Um débito que falha pode ser tentado de novo até ${RETRIES} vezes, uma por dia, em até ${window.pt} após o vencimento.`,
      en: `A failed debit may be tried again up to ${RETRIES} times, one a day, within ${window.en} after the due date.`,
      es: `Un débito fallido puede reintentarse hasta ${RETRIES} veces, una al día, en ${window.es} desde el vencimiento.`,
      ru: `Неудачное списание можно повторить до ${RETRIES} раз, раз в день, в течение ${window.ru} после срока оплаты.`,
    }),
  ];
})();

/** Each flow's rules and limits, by machine id. */
export const flowRules: Readonly<Record<string, readonly FlowRule[]>> = {
  login: [...lockoutRules, ...codeRules({ pt: 'log-in', en: 'log-in', es: 'inicio de sesión', ru: 'для входа' })],
  passwordRecovery: [
    ...resetLinkRules,
    ...codeRules({ pt: 'redefinição de senha', en: 'password-reset', es: 'restablecimiento', ru: 'для сброса пароля' }),
    ...lockoutRules.slice(0, 1),
  ],
  signup: signupRules,
  session: sessionRules,
  devices: devicesRules,
  autoRenewal: renewalRules,
  pixAutomatico: pixAutomaticoRules,
  checkout: paymentRules,
  repay: paymentRules,
  payment: paymentRules,
  withdrawal: withdrawalRules,
};
