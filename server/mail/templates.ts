import type { Language } from '../../core/i18n/languages';

/**
 * Every message the server sends, in the four languages. A message is plain text (SMS, and the
 * text part of an email) plus the subject; links are built from the configured public URL.
 */
export interface TemplateParams {
  confirmEmail: { nickname: string; link: string; hours: number };
  resetPasswordLink: { nickname: string; link: string; minutes: number };
  verificationCode: { code: string; minutes: number; purpose: 'login' | 'resetPassword' };
  bindEmail: { nickname: string; link: string; hours: number };
  passwordChanged: { nickname: string };
  receipt: ReceiptParams;
  orderReminder: OrderReminderParams;
  mobileMoneyCode: { code: string; minutes: number; operator: string; amount: number; symbol: string; decimals: number };
}

/** Amounts in minor units of `currency`; `symbol` and `decimals` come from the currency list. */
export interface ReceiptParams {
  nickname: string;
  orderId: string;
  viewCode: string;
  items: { name: string; quantity: number; amount: number }[];
  subtotal: number;
  discount: number;
  interest: number;
  total: number;
  installments: number;
  installmentAmount: number;
  currency: string;
  symbol: string;
  decimals: number;
  /** The service period the order gave, in milliseconds. */
  validFrom: number;
  validTo: number;
  validDays: number;
}

export interface OrderReminderParams {
  nickname: string;
  orderId: string;
  viewCode: string;
  total: number;
  currency: string;
  symbol: string;
  decimals: number;
  link: string;
}
export type TemplateName = keyof TemplateParams;

export interface RenderedMessage {
  subject: string;
  text: string;
}

type Renderers = { [T in TemplateName]: Record<Language, (p: TemplateParams[T], brand: string) => RenderedMessage> };

const purposeText = {
  pt: { login: 'entrar na sua conta', resetPassword: 'redefinir sua senha' },
  en: { login: 'log in to your account', resetPassword: 'reset your password' },
  es: { login: 'iniciar sesión en tu cuenta', resetPassword: 'restablecer tu contraseña' },
  ru: { login: 'войти в аккаунт', resetPassword: 'сменить пароль' },
} as const;

const locales: Record<Language, string> = { pt: 'pt-BR', en: 'en-GB', es: 'es', ru: 'ru' };

/** `R$ 159,90`: the currency's own symbol and exponent, digits grouped the reader's way. */
export function formatMoney(minor: number, m: { symbol: string; decimals: number }, lang: Language): string {
  // Display only: the amount is exact in minor units and divided once, here, for reading.
  const digits = new Intl.NumberFormat(locales[lang], { minimumFractionDigits: m.decimals, maximumFractionDigits: m.decimals }).format(minor / 10 ** m.decimals);
  return `${m.symbol} ${digits}`;
}

/** Dates of the service period, in the brand's time zone (Brasília). */
export const formatDate = (ms: number, lang: Language) =>
  new Intl.DateTimeFormat(locales[lang], { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(new Date(ms));

export const receiptLabels = {
  pt: { subject: 'Recibo do pedido', hello: 'Olá', thanks: 'Recebemos o seu pagamento. Obrigado!', order: 'Pedido', code: 'código', items: 'Itens', subtotal: 'Subtotal', discount: 'Desconto', interest: 'Juros do parcelamento', total: 'Total', installments: (n: number, a: string) => `${n}x de ${a}`, validity: (f: string, t: string, d: number) => `Seu acesso vale de ${f} a ${t} (${d} dias).` },
  en: { subject: 'Receipt for order', hello: 'Hello', thanks: 'We received your payment. Thank you!', order: 'Order', code: 'code', items: 'Items', subtotal: 'Subtotal', discount: 'Discount', interest: 'Instalment interest', total: 'Total', installments: (n: number, a: string) => `${n} instalments of ${a}`, validity: (f: string, t: string, d: number) => `Your access runs from ${f} to ${t} (${d} days).` },
  es: { subject: 'Recibo del pedido', hello: 'Hola', thanks: 'Recibimos tu pago. ¡Gracias!', order: 'Pedido', code: 'código', items: 'Artículos', subtotal: 'Subtotal', discount: 'Descuento', interest: 'Intereses de las cuotas', total: 'Total', installments: (n: number, a: string) => `${n} cuotas de ${a}`, validity: (f: string, t: string, d: number) => `Tu acceso es válido del ${f} al ${t} (${d} días).` },
  ru: { subject: 'Квитанция по заказу', hello: 'Здравствуйте', thanks: 'Мы получили ваш платёж. Спасибо!', order: 'Заказ', code: 'код', items: 'Позиции', subtotal: 'Сумма', discount: 'Скидка', interest: 'Проценты за рассрочку', total: 'Итого', installments: (n: number, a: string) => `${n} платежей по ${a}`, validity: (f: string, t: string, d: number) => `Доступ действует с ${f} по ${t} (${d} дн.).` },
} as const;

/**
 * The receipt document's own words (the PDF of /receipt, server/billing/receipt-pdf.ts), beside
 * the emailed receipt's: the totals' labels, the instalments and the validity come from
 * `receiptLabels`, so both say the same thing.
 */
interface ReceiptDocumentLabels {
  title: string;
  order: string;
  code: string;
  paidAt: string;
  method: string;
  status: string;
  item: string;
  quantity: string;
  price: string;
  amount: string;
  exchangeRate: (base: string, rate: string, quoted: string) => string;
  period: string;
  from: string;
  to: string;
  days: (d: number) => string;
  thanks: string;
  issued: (date: string) => string;
}

export const receiptDocumentLabels = {
  pt: { title: 'Recibo', order: 'Pedido', code: 'Código do recibo', paidAt: 'Pago em', method: 'Forma de pagamento', status: 'Pago', item: 'Item', quantity: 'Qtd.', price: 'Preço unitário', amount: 'Valor', exchangeRate: (base: string, rate: string, quoted: string) => `Câmbio: 1 ${base} = ${rate} ${quoted}`, period: 'Período do serviço', from: 'De', to: 'Até', days: (d: number) => `${d} dias`, thanks: 'Obrigado pela sua compra.', issued: (date: string) => `Emitido em ${date}` },
  en: { title: 'Receipt', order: 'Order', code: 'Receipt code', paidAt: 'Paid on', method: 'Payment method', status: 'Paid', item: 'Item', quantity: 'Qty', price: 'Unit price', amount: 'Amount', exchangeRate: (base: string, rate: string, quoted: string) => `Exchange rate: 1 ${base} = ${rate} ${quoted}`, period: 'Service period', from: 'From', to: 'To', days: (d: number) => `${d} days`, thanks: 'Thank you for your purchase.', issued: (date: string) => `Issued on ${date}` },
  es: { title: 'Recibo', order: 'Pedido', code: 'Código del recibo', paidAt: 'Pagado el', method: 'Forma de pago', status: 'Pagado', item: 'Artículo', quantity: 'Cant.', price: 'Precio unitario', amount: 'Importe', exchangeRate: (base: string, rate: string, quoted: string) => `Tipo de cambio: 1 ${base} = ${rate} ${quoted}`, period: 'Período del servicio', from: 'Desde', to: 'Hasta', days: (d: number) => `${d} días`, thanks: 'Gracias por tu compra.', issued: (date: string) => `Emitido el ${date}` },
  ru: { title: 'Квитанция', order: 'Заказ', code: 'Код квитанции', paidAt: 'Оплачено', method: 'Способ оплаты', status: 'Оплачен', item: 'Позиция', quantity: 'Кол-во', price: 'Цена', amount: 'Стоимость', exchangeRate: (base: string, rate: string, quoted: string) => `Курс: 1 ${base} = ${rate} ${quoted}`, period: 'Период обслуживания', from: 'С', to: 'По', days: (d: number) => `${d} дн.`, thanks: 'Спасибо за покупку!', issued: (date: string) => `Выдана ${date}` },
} as const satisfies Record<Language, ReceiptDocumentLabels>;

function receipt(lang: Language) {
  const l = receiptLabels[lang];
  return (p: ReceiptParams, brand: string): RenderedMessage => {
    const money = (minor: number) => formatMoney(minor, p, lang);
    const lines = [
      `${l.hello}, ${p.nickname}!`,
      '',
      l.thanks,
      '',
      `${l.order} ${p.orderId} (${l.code} ${p.viewCode})`,
      `${l.items}:`,
      ...p.items.map((i) => `- ${i.name} × ${i.quantity}: ${money(i.amount)}`),
      `${l.subtotal}: ${money(p.subtotal)}`,
      ...(p.discount > 0 ? [`${l.discount}: −${money(p.discount)}`] : []),
      ...(p.interest > 0 ? [`${l.interest}: ${money(p.interest)}`] : []),
      `${l.total}: ${money(p.total)} (${p.currency})`,
      ...(p.installments > 1 ? [l.installments(p.installments, money(p.installmentAmount))] : []),
      '',
      l.validity(formatDate(p.validFrom, lang), formatDate(p.validTo, lang), p.validDays),
      '',
      brand,
    ];
    return { subject: `${brand}: ${l.subject} ${p.viewCode}`, text: lines.join('\n') };
  };
}

const templates: Renderers = {
  // Texted by the mobile-money operator (the sandbox sends it through the portal's SMS outbox).
  mobileMoneyCode: {
    pt: (p, b) => ({ subject: `${b}: código ${p.code}`, text: `${p.operator}: para pagar ${formatMoney(p.amount, p, 'pt')} a ${b}, use o código ${p.code}. Vale por ${p.minutes} minutos. Não o compartilhe.` }),
    en: (p, b) => ({ subject: `${b}: code ${p.code}`, text: `${p.operator}: to pay ${formatMoney(p.amount, p, 'en')} to ${b}, use code ${p.code}. It works for ${p.minutes} minutes. Never share it.` }),
    es: (p, b) => ({ subject: `${b}: código ${p.code}`, text: `${p.operator}: para pagar ${formatMoney(p.amount, p, 'es')} a ${b}, usa el código ${p.code}. Vale por ${p.minutes} minutos. No lo compartas.` }),
    ru: (p, b) => ({ subject: `${b}: код ${p.code}`, text: `${p.operator}: чтобы заплатить ${formatMoney(p.amount, p, 'ru')} получателю ${b}, введите код ${p.code}. Он действует ${p.minutes} минут. Никому его не сообщайте.` }),
  },
  receipt: { pt: receipt('pt'), en: receipt('en'), es: receipt('es'), ru: receipt('ru') },
  orderReminder: {
    pt: (p, b) => ({ subject: `${b}: conclua o pagamento do pedido ${p.viewCode}`, text: `Olá, ${p.nickname}!\n\nO pedido ${p.orderId} (${formatMoney(p.total, p, 'pt')}) ainda aguarda pagamento. Para concluir, abra:\n${p.link}` }),
    en: (p, b) => ({ subject: `${b}: finish paying order ${p.viewCode}`, text: `Hello ${p.nickname},\n\nOrder ${p.orderId} (${formatMoney(p.total, p, 'en')}) is still waiting for payment. To finish it, open:\n${p.link}` }),
    es: (p, b) => ({ subject: `${b}: completa el pago del pedido ${p.viewCode}`, text: `¡Hola, ${p.nickname}!\n\nEl pedido ${p.orderId} (${formatMoney(p.total, p, 'es')}) sigue esperando el pago. Para completarlo, abre:\n${p.link}` }),
    ru: (p, b) => ({ subject: `${b}: завершите оплату заказа ${p.viewCode}`, text: `Здравствуйте, ${p.nickname}!\n\nЗаказ ${p.orderId} (${formatMoney(p.total, p, 'ru')}) всё ещё ждёт оплаты. Чтобы завершить её, откройте:\n${p.link}` }),
  },
  confirmEmail: {
    pt: (p, b) => ({ subject: `Confirme seu e-mail na ${b}`, text: `Olá, ${p.nickname}!\n\nPara ativar sua conta, abra o link abaixo (válido por ${p.hours} horas):\n${p.link}\n\nSe não foi você, ignore este e-mail.` }),
    en: (p, b) => ({ subject: `Confirm your email for ${b}`, text: `Hello ${p.nickname},\n\nTo activate your account, open the link below (valid for ${p.hours} hours):\n${p.link}\n\nIf this wasn't you, ignore this email.` }),
    es: (p, b) => ({ subject: `Confirma tu correo en ${b}`, text: `¡Hola, ${p.nickname}!\n\nPara activar tu cuenta, abre el enlace (válido por ${p.hours} horas):\n${p.link}\n\nSi no fuiste tú, ignora este correo.` }),
    ru: (p, b) => ({ subject: `Подтвердите адрес почты для ${b}`, text: `Здравствуйте, ${p.nickname}!\n\nЧтобы активировать аккаунт, откройте ссылку (действует ${p.hours} ч):\n${p.link}\n\nЕсли это были не вы, просто проигнорируйте письмо.` }),
  },
  resetPasswordLink: {
    pt: (p, b) => ({ subject: `Redefinição de senha da ${b}`, text: `Olá, ${p.nickname}!\n\nPara criar uma nova senha, abra o link abaixo. Ele vale por ${p.minutes} minutos e só pode ser usado uma vez:\n${p.link}\n\nSe você não pediu, ignore este e-mail: sua senha continua a mesma.` }),
    en: (p, b) => ({ subject: `Reset your ${b} password`, text: `Hello ${p.nickname},\n\nTo choose a new password, open the link below. It works for ${p.minutes} minutes and only once:\n${p.link}\n\nIf you didn't ask for this, ignore this email: your password stays the same.` }),
    es: (p, b) => ({ subject: `Restablece tu contraseña de ${b}`, text: `¡Hola, ${p.nickname}!\n\nPara crear una contraseña nueva, abre el enlace. Vale por ${p.minutes} minutos y una sola vez:\n${p.link}\n\nSi no lo pediste, ignora este correo: tu contraseña no cambia.` }),
    ru: (p, b) => ({ subject: `Смена пароля ${b}`, text: `Здравствуйте, ${p.nickname}!\n\nЧтобы задать новый пароль, откройте ссылку. Она действует ${p.minutes} минут и только один раз:\n${p.link}\n\nЕсли вы не запрашивали смену пароля, проигнорируйте письмо: пароль останется прежним.` }),
  },
  verificationCode: {
    pt: (p, b) => ({ subject: `Seu código da ${b}: ${p.code}`, text: `${b}: seu código para ${purposeText.pt[p.purpose]} é ${p.code}. Ele vale por ${p.minutes} minutos. Não compartilhe este código.` }),
    en: (p, b) => ({ subject: `Your ${b} code: ${p.code}`, text: `${b}: your code to ${purposeText.en[p.purpose]} is ${p.code}. It works for ${p.minutes} minutes. Never share this code.` }),
    es: (p, b) => ({ subject: `Tu código de ${b}: ${p.code}`, text: `${b}: tu código para ${purposeText.es[p.purpose]} es ${p.code}. Vale por ${p.minutes} minutos. No compartas este código.` }),
    ru: (p, b) => ({ subject: `Ваш код ${b}: ${p.code}`, text: `${b}: код, чтобы ${purposeText.ru[p.purpose]}: ${p.code}. Действует ${p.minutes} минут. Никому не сообщайте этот код.` }),
  },
  bindEmail: {
    pt: (p, b) => ({ subject: `Confirme o e-mail da sua conta ${b}`, text: `Olá, ${p.nickname}!\n\nPara vincular este e-mail à sua conta, abra o link (válido por ${p.hours} horas):\n${p.link}` }),
    en: (p, b) => ({ subject: `Confirm the email of your ${b} account`, text: `Hello ${p.nickname},\n\nTo bind this email to your account, open the link (valid for ${p.hours} hours):\n${p.link}` }),
    es: (p, b) => ({ subject: `Confirma el correo de tu cuenta ${b}`, text: `¡Hola, ${p.nickname}!\n\nPara vincular este correo a tu cuenta, abre el enlace (válido por ${p.hours} horas):\n${p.link}` }),
    ru: (p, b) => ({ subject: `Подтвердите почту аккаунта ${b}`, text: `Здравствуйте, ${p.nickname}!\n\nЧтобы привязать этот адрес к аккаунту, откройте ссылку (действует ${p.hours} ч):\n${p.link}` }),
  },
  passwordChanged: {
    pt: (p, b) => ({ subject: `Sua senha da ${b} foi alterada`, text: `Olá, ${p.nickname}!\n\nA senha da sua conta acabou de ser alterada e as outras sessões foram encerradas. Se não foi você, redefina a senha agora e fale com o atendimento.` }),
    en: (p, b) => ({ subject: `Your ${b} password was changed`, text: `Hello ${p.nickname},\n\nYour account's password was just changed and your other sessions were ended. If this wasn't you, reset your password now and contact support.` }),
    es: (p, b) => ({ subject: `Tu contraseña de ${b} cambió`, text: `¡Hola, ${p.nickname}!\n\nLa contraseña de tu cuenta acaba de cambiar y se cerraron tus otras sesiones. Si no fuiste tú, restablécela ahora y contacta a soporte.` }),
    ru: (p, b) => ({ subject: `Пароль ${b} изменён`, text: `Здравствуйте, ${p.nickname}!\n\nПароль вашего аккаунта только что изменён, другие сеансы завершены. Если это были не вы, смените пароль и обратитесь в поддержку.` }),
  },
};

export function renderMessage<T extends TemplateName>(template: T, lang: Language, params: TemplateParams[T], brand: string): RenderedMessage {
  return templates[template][lang](params, brand);
}
