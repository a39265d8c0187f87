import { languages, type Language } from '../../core/i18n/languages';
import type { components } from '../../openapi/schema';

type Schemas = components['schemas'];

/**
 * What a fresh `npm start` puts in an empty database: one brand, its theme and configuration,
 * the four languages, policy texts, a catalogue of plans and discount codes, and a demo account.
 */
export const demoBrand = 'Aurora TV';

export const demoTheme: Schemas['Theme'] = {
  name: demoBrand,
  themeColor: '#5b2be0',
  langs: [...languages],
  tenantId: 'aurora',
  images: {
    pcBackground: '/brand/background.svg',
    mobileBackground: '/brand/background-mobile.svg',
    logo: '/brand/logo.svg',
    mobileLogo: '/brand/logo-mark.svg',
    avatar: '/brand/avatar.svg',
    favicon: '/brand/logo-mark.svg',
  },
};

export const demoSiteConfig: Schemas['SiteConfig'] = {
  defaultLang: 'pt',
  upgradePolicy: true,
  termofuse: true,
  subscribeEmail: true,
  helpShowEmail: 'ajuda@aurora.example',
  login: {
    webLink: 'http://localhost:8080',
    areaCode: true,
    codeLogin: true,
    emailSuffix: ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'icloud.com', 'uol.com.br'],
  },
  payment: { defaultInstallment: 3, defaultCurrency: 'BRL' },
  validRules: {
    // Local part, @, dot-separated domain labels of at most 63 characters (spec section 5).
    email: "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$",
    // National number without the area code: 8 to 11 digits covers Brazil's landlines and mobiles.
    phone: '^[0-9]{8,11}$',
  },
  webConf: { brand: demoBrand, defaultLang: 'pt', needHelpUrl: 'https://chat.aurora.example/' },
  imgConf: { mbLogoLeft: true },
  // A made-up company with a CNPJ whose check digits are right (the one Receita Federal's docs use).
  merchant: { legalName: 'Aurora TV Serviços Digitais Ltda.', taxId: '11222333000181' },
  // Shown to a customer turning auto-renewal off (docs/decisions/057): a price reason gets the
  // discount, a "not now" reason the pause.
  retentionOffers: [
    { kind: 'discount', percent: 30 },
    { kind: 'pause', months: 2 },
  ],
};

export const demoUserConfig: Schemas['UserConfig'] = {
  brand: demoBrand,
  brandId: 'aurora-tv',
  vnoId: 'vno-br-01',
  tenantId: 'aurora',
  env: 'sandbox',
  caffeineRegionVerify: 60,
};

/** The banners of the demo site, one per place (spec section 2: pricing, payment, account). */
export const demoBanners = [
  {
    id: 'pricing-yearly',
    position: 'pricing',
    titles: {
      pt: 'Plano anual: 16% de desconto em 12 meses',
      en: 'Yearly plan: 16% off over 12 months',
      es: 'Plan anual: 16% de descuento en 12 meses',
      ru: 'Годовой тариф: скидка 16% на 12 месяцев',
    },
    imageUrl: '/brand/banner-pricing.svg',
    mobileImageUrl: '/brand/banner-pricing-mobile.svg',
    linkUrl: '/plan-details/5',
  },
  {
    id: 'payment-pix',
    position: 'payment',
    titles: {
      pt: 'Pague com PIX e ganhe 5% de desconto',
      en: 'Pay with PIX and get 5% off',
      es: 'Paga con PIX y obtén un 5% de descuento',
      ru: 'Оплатите через PIX и получите скидку 5%',
    },
    imageUrl: '/brand/banner-payment.svg',
    mobileImageUrl: '/brand/banner-payment-mobile.svg',
    linkUrl: null,
  },
  {
    id: 'account-screens',
    position: 'account',
    titles: {
      pt: 'Assista em até 4 telas ao mesmo tempo',
      en: 'Watch on up to 4 screens at once',
      es: 'Mira en hasta 4 pantallas a la vez',
      ru: 'Смотрите на 4 экранах одновременно',
    },
    imageUrl: '/brand/banner-account.svg',
    mobileImageUrl: '/brand/banner-account-mobile.svg',
    linkUrl: '/pricing-table',
  },
] as const;

export const demoContact = {
  email: 'ajuda@aurora.example',
  phone: '+55 11 4000-1234',
  chatUrl: 'https://chat.aurora.example/',
  hours: {
    pt: 'Segunda a sábado, das 8h às 22h (horário de Brasília)',
    en: 'Monday to Saturday, 8 am to 10 pm (Brasília time)',
    es: 'De lunes a sábado, de 8 a 22 h (hora de Brasilia)',
    ru: 'С понедельника по субботу, с 8:00 до 22:00 (время Бразилиа)',
  } satisfies Record<Language, string>,
};

export const demoLanguages: { code: Language; nativeName: string }[] = [
  { code: 'pt', nativeName: 'Português' },
  { code: 'en', nativeName: 'English' },
  { code: 'es', nativeName: 'Español' },
  { code: 'ru', nativeName: 'Русский' },
];

type PolicyType = Schemas['PolicyType'];
const p = (...paragraphs: string[]) => paragraphs.map((x) => `<p>${x}</p>`).join('\n');
/**
 * The terms' section on cancelling and refunds, under a heading whose id the checkout's
 * "Cancellation and refunds" link lands on (/terms#refunds, docs/decisions/051).
 */
const refunds = (heading: string, ...paragraphs: string[]) => `\n<h2 id="refunds">${heading}</h2>\n${p(...paragraphs)}`;

export const demoPolicies: Record<PolicyType, Record<Language, { title: string; content: string }>> = {
  privacy: {
    pt: {
      title: 'Política de privacidade',
      content: p(
        'Coletamos apenas os dados necessários para prestar o serviço: nome, e-mail ou telefone, histórico de pedidos e os dispositivos em que você entra na conta.',
        'Dados de cartão são processados pelo provedor de pagamento; guardamos somente a bandeira, os quatro últimos dígitos e a validade.',
        'Você pode pedir a exclusão da conta e dos dados a qualquer momento pelo nosso atendimento.',
      ),
    },
    en: {
      title: 'Privacy policy',
      content: p(
        'We collect only the data needed to provide the service: name, email or phone, order history and the devices you sign in on.',
        'Card data is processed by the payment provider; we keep only the brand, the last four digits and the expiry date.',
        'You may ask us to delete your account and data at any time through customer support.',
      ),
    },
    es: {
      title: 'Política de privacidad',
      content: p(
        'Recopilamos solo los datos necesarios para prestar el servicio: nombre, correo o teléfono, historial de pedidos y los dispositivos en los que inicias sesión.',
        'Los datos de la tarjeta los procesa el proveedor de pago; solo guardamos la marca, los últimos cuatro dígitos y la fecha de vencimiento.',
        'Puedes pedir la eliminación de tu cuenta y tus datos en cualquier momento a través de atención al cliente.',
      ),
    },
    ru: {
      title: 'Политика конфиденциальности',
      content: p(
        'Мы собираем только данные, необходимые для оказания услуги: имя, адрес электронной почты или телефон, историю заказов и устройства, на которых вы входите в аккаунт.',
        'Данные карты обрабатывает платёжный провайдер; мы храним только платёжную систему, последние четыре цифры и срок действия.',
        'Вы можете в любой момент попросить удалить аккаунт и данные через службу поддержки.',
      ),
    },
  },
  terms: {
    pt: {
      title: 'Termos de uso',
      content:
        p(
          'A assinatura dá acesso aos canais e conteúdos do plano escolhido pelo período contratado, no número de dispositivos do plano.',
          'Planos mensais com renovação automática são cobrados no cartão de cobrança até que você cancele a renovação.',
          'O compartilhamento da conta fora do número de dispositivos contratado não é permitido.',
        ) +
        refunds(
          'Cancelamento e reembolso',
          'Você pode desativar a renovação automática a qualquer momento em Minha conta, na seção Renovação automática (“Desativar a renovação automática”). Nada mais é cobrado, e o plano continua ativo até o fim do período já pago.',
          'Pelo Código de Defesa do Consumidor (art. 49), você pode desistir de uma compra feita pela internet em até 7 dias a contar da confirmação do pagamento e receber de volta o valor integral pago. As renovações automáticas não entram nessa regra: para elas, desative a renovação automática.',
          'Você mesmo faz a desistência, sem precisar falar conosco: abra o recibo do pedido (em Pedidos, na Minha conta) e escolha “Desistir (cancelar e reembolsar)”; a lista de pedidos oferece o mesmo ao lado de cada pedido do qual ainda é possível desistir. O plano continua ativo até o dinheiro voltar e termina nesse momento. Enquanto o reembolso estiver pendente, você ainda pode voltar atrás com “Cancelar o pedido de reembolso” (o estorno no cartão é feito na hora e, por isso, não pode ser cancelado).',
          'O reembolso volta pelo mesmo meio do pagamento: o pagamento com cartão é estornado no mesmo cartão (pode levar alguns dias, ou até a próxima fatura, para aparecer); o PIX é devolvido por uma devolução PIX à conta que pagou; PayPal, carteira digital e dinheiro móvel voltam para a carteira que pagou. O boleto e a transferência bancária não indicam uma conta para devolução, então você informa uma conta bancária ao desistir (banco, agência, conta e CPF do titular, que no boleto deve ser o CPF em nome de quem ele foi emitido). O pagamento em criptomoeda é enviado para um endereço que você informa, na mesma rede.',
          'Enviamos um e-mail a cada etapa: quando recebemos a sua desistência, quando o reembolso é feito, se ele for recusado (com o motivo; você pode desistir de novo, por exemplo com outra conta bancária, enquanto durarem os 7 dias) e se você cancelar o pedido de reembolso.',
          'Contestação (chargeback) é outra coisa: se você contestar um pagamento com cartão junto ao banco emissor, o emissor e a bandeira decidem pelas regras e prazos deles, e isso não é tratado como desistência; enquanto a contestação durar, não é possível desistir desse pedido aqui. Se o emissor devolver o dinheiro, o serviço desse pedido termina e esse cartão deixa de ser usado na renovação automática. Para ser reembolsado dentro dos 7 dias, desistir aqui é mais rápido. Em caso de problema, nosso atendimento ajuda pelos contatos da página <a href="/help">Ajuda e contato</a>.',
        ),
    },
    en: {
      title: 'Terms of use',
      content:
        p(
          'A subscription gives access to the channels and content of the chosen plan for the period bought, on the plan’s number of devices.',
          'Monthly plans with auto-renewal are charged to the billing card until you cancel the renewal.',
          'Sharing the account beyond the number of devices bought is not allowed.',
        ) +
        refunds(
          'Cancellation and refunds',
          'You can turn off auto-renewal at any time in My account, under Auto-renewal (“Turn off auto-renewal”). Nothing more is charged, and the plan stays active until the end of the period already paid.',
          'Under the Brazilian Consumer Defence Code (Código de Defesa do Consumidor, art. 49), you may withdraw from a purchase made online within 7 days of its payment being confirmed and get back the full amount paid. Automatic renewals are not covered: for those, turn auto-renewal off instead.',
          'You withdraw yourself, with no need to contact us: open the order’s receipt (from Orders in My account) and choose “Withdraw (cancel and refund)”; the orders list offers the same beside each order you can still withdraw from. Your plan keeps running until the money goes back, and ends then. While the refund is pending you can still change your mind with “Cancel the refund request” (a card refund is made at once, so it cannot be cancelled).',
          'The money goes back the way you paid: a card payment is reversed to the same card (it may take a few days, or until your next statement, to show); a PIX payment is returned by a PIX devolução to the account that paid; PayPal, e-wallet and mobile-money payments go back to the wallet that paid. A boleto or a bank transfer does not say which account to return the money to, so you give a bank account when you withdraw (bank, branch, account and the holder’s CPF, which for a boleto must be the CPF the slip was issued to). A crypto payment is sent to an address you give, on the same network.',
          'We e-mail you at each step: when we receive your withdrawal, when the refund is made, if it is refused (with the reason; you may withdraw again, for example with another bank account, while the 7 days last) and if you cancel the refund request.',
          'A chargeback is something else: if you dispute a card payment with your card issuer, the issuer and the card network decide it under their own rules and deadlines, and it is not handled as a withdrawal; while the dispute lasts, that order cannot be withdrawn from here. If the issuer returns the money, the service that order bought ends and that card is no longer used for auto-renewal. To be refunded within the 7 days, withdrawing here is quicker. If something goes wrong, our customer support can help through the contacts on the <a href="/help">Help and contact</a> page.',
        ),
    },
    es: {
      title: 'Términos de uso',
      content:
        p(
          'La suscripción da acceso a los canales y contenidos del plan elegido durante el período contratado, en la cantidad de dispositivos del plan.',
          'Los planes mensuales con renovación automática se cobran en la tarjeta de facturación hasta que canceles la renovación.',
          'No se permite compartir la cuenta más allá de la cantidad de dispositivos contratada.',
        ) +
        refunds(
          'Cancelación y reembolso',
          'Puedes desactivar la renovación automática en cualquier momento en Mi cuenta, en la sección Renovación automática («Desactivar la renovación automática»). No se cobra nada más y el plan sigue activo hasta el final del período ya pagado.',
          'Según el Código de Defensa del Consumidor de Brasil (art. 49), puedes desistir de una compra hecha por internet dentro de los 7 días siguientes a la confirmación del pago y recibir el reembolso íntegro del importe pagado. Las renovaciones automáticas quedan fuera: para ellas, desactiva la renovación automática.',
          'El desistimiento lo haces tú, sin tener que contactarnos: abre el recibo del pedido (en Pedidos, dentro de Mi cuenta) y elige «Desistir (cancelar y reembolsar)»; la lista de pedidos ofrece lo mismo junto a cada pedido del que todavía puedes desistir. Tu plan sigue activo hasta que el dinero vuelve, y termina en ese momento. Mientras el reembolso esté pendiente, aún puedes echarte atrás con «Cancelar la solicitud de reembolso» (el reembolso con tarjeta se hace al instante y por eso no se puede cancelar).',
          'El dinero vuelve por el mismo medio con el que pagaste: un pago con tarjeta se reintegra en la misma tarjeta (puede tardar unos días, o hasta el siguiente extracto, en verse); un PIX se devuelve mediante una devolución PIX a la cuenta que pagó; los pagos con PayPal, billetera electrónica y dinero móvil vuelven a la billetera que pagó. Un boleto o una transferencia bancaria no indican a qué cuenta devolver el dinero, así que al desistir nos das una cuenta bancaria (banco, sucursal, cuenta y CPF del titular, que en el caso del boleto debe ser el CPF a cuyo nombre se emitió). Un pago con criptomonedas se envía a la dirección que nos indiques, en la misma red.',
          'Te escribimos un correo en cada paso: cuando recibimos tu desistimiento, cuando se hace el reembolso, si se rechaza (con el motivo; puedes volver a desistir, por ejemplo con otra cuenta bancaria, mientras duren los 7 días) y si cancelas la solicitud de reembolso.',
          'Un contracargo es otra cosa: si reclamas un pago con tarjeta ante el banco emisor, el emisor y la red de la tarjeta lo resuelven según sus propias reglas y plazos, y no se trata como un desistimiento; mientras dure la disputa, no puedes desistir de ese pedido aquí. Si el emisor te devuelve el dinero, el servicio de ese pedido termina y esa tarjeta deja de usarse para la renovación automática. Para recibir el reembolso dentro de los 7 días, desistir aquí es más rápido. Si algo falla, atención al cliente te ayuda a través de los contactos de la página <a href="/help">Ayuda y contacto</a>.',
        ),
    },
    ru: {
      title: 'Условия использования',
      content:
        p(
          'Подписка даёт доступ к каналам и контенту выбранного тарифа на оплаченный период и на число устройств тарифа.',
          'Ежемесячные тарифы с автопродлением списываются с платёжной карты, пока вы не отмените продление.',
          'Передавать доступ к аккаунту сверх оплаченного числа устройств запрещено.',
        ) +
        refunds(
          'Отмена и возврат средств',
          'Автопродление можно отключить в любой момент в разделе «Мой аккаунт», в блоке «Автопродление» («Отключить автопродление»). Больше ничего не списывается, а тариф действует до конца уже оплаченного периода.',
          'По Кодексу защиты прав потребителей Бразилии (ст. 49) от покупки, сделанной через интернет, можно отказаться в течение 7 дней после подтверждения оплаты и получить назад всю уплаченную сумму. На автоматические продления это правило не распространяется: вместо отказа отключите автопродление.',
          'Отказаться можно самостоятельно, без обращения к нам: откройте квитанцию заказа (раздел «Заказы» в «Моём аккаунте») и нажмите «Отказаться (отменить и вернуть деньги)»; в списке заказов та же кнопка есть рядом с каждым заказом, от которого ещё можно отказаться. Тариф действует, пока деньги не вернутся, и в этот момент заканчивается. Пока возврат в обработке, можно передумать кнопкой «Отменить запрос на возврат» (возврат на карту проводится сразу, поэтому отменить его нельзя).',
          'Деньги возвращаются тем же способом, которым вы платили: оплата картой возвращается на ту же карту (зачисление может занять несколько дней или появиться только в следующей выписке); оплата через PIX возвращается через возврат PIX (devolução) на счёт, с которого она пришла; оплата через PayPal, электронный кошелёк и мобильные деньги возвращается в тот же кошелёк. Boleto и банковский перевод не указывают, куда возвращать деньги, поэтому при отказе вы указываете банковский счёт (банк, отделение, счёт и CPF владельца; для boleto это должен быть CPF, на который он выписан). Оплата криптовалютой отправляется на указанный вами адрес в той же сети.',
          'На каждом шаге мы присылаем письмо: когда получаем ваш отказ от покупки, когда деньги возвращены, если в возврате отказано (с причиной; пока идут 7 дней, можно отказаться снова, например указав другой счёт) и если вы отменяете запрос на возврат.',
          'Оспаривание платежа (чарджбэк) — другое дело: если вы оспариваете оплату картой в банке-эмитенте, решение принимают эмитент и платёжная система по своим правилам и в свои сроки, и это не считается отказом от покупки; пока спор идёт, отказаться от этого заказа здесь нельзя. Если эмитент вернёт деньги, услуга по этому заказу заканчивается, а карта больше не используется для автопродления. Чтобы вернуть деньги в течение 7 дней, быстрее отказаться здесь. Если что-то пошло не так, служба поддержки поможет через контакты на странице <a href="/help">«Помощь и контакты»</a>.',
        ),
    },
  },
  upgrade: {
    pt: {
      title: 'Atualização do sistema',
      content: p('Após a atualização do sistema, algumas contas precisam redefinir a senha antes de fazer uma nova compra.'),
    },
    en: {
      title: 'System upgrade',
      content: p('After the system upgrade, some accounts must reset their password before making a new purchase.'),
    },
    es: {
      title: 'Actualización del sistema',
      content: p('Tras la actualización del sistema, algunas cuentas deben restablecer la contraseña antes de hacer una nueva compra.'),
    },
    ru: {
      title: 'Обновление системы',
      content: p('После обновления системы некоторым аккаунтам нужно сменить пароль перед новой покупкой.'),
    },
  },
};

export interface DemoPlan {
  id: number;
  code: string;
  periodDays: 30 | 180 | 365;
  deviceCount: number;
  maxInstallments: number;
  interestFreeInstallments: number;
  monthlyInterestBp: number;
  minInstallmentMinor: number;
  /** Hours of cloud recordings the plan keeps (docs/decisions/023). */
  cloudHours: number;
  autoRenew: boolean;
  popular: boolean;
  prices: Record<string, number>;
  benefits: { discountRate: number; periods: number }[];
  texts: Record<Language, { name: string; description: string }>;
}

const single = { pt: '1 tela', en: '1 screen', es: '1 pantalla', ru: '1 экран' };
const multi = { pt: '4 telas', en: '4 screens', es: '4 pantallas', ru: '4 экрана' };
const periodName = {
  30: { pt: 'Mensal', en: 'Monthly', es: 'Mensual', ru: 'Месячный' },
  180: { pt: 'Semestral', en: '180 days', es: 'Semestral', ru: 'Полгода' },
  365: { pt: 'Anual', en: 'Yearly', es: 'Anual', ru: 'Годовой' },
} as const;
const description = {
  pt: (d: number) => `Mais de 200 canais ao vivo, filmes e séries sob demanda em até ${d} ${d === 1 ? 'dispositivo' : 'dispositivos'} ao mesmo tempo.`,
  en: (d: number) => `Over 200 live channels, films and series on demand on up to ${d} ${d === 1 ? 'device' : 'devices'} at once.`,
  es: (d: number) => `Más de 200 canales en vivo, películas y series a pedido en hasta ${d} ${d === 1 ? 'dispositivo' : 'dispositivos'} a la vez.`,
  ru: (d: number) => `Более 200 каналов в прямом эфире, фильмы и сериалы по запросу на ${d === 1 ? '1 устройстве' : `${d} устройствах`} одновременно.`,
};

function plan(id: number, periodDays: 30 | 180 | 365, deviceCount: 1 | 4, prices: Record<string, number>, extra: Partial<DemoPlan> = {}): DemoPlan {
  const screens = deviceCount === 1 ? single : multi;
  return {
    id,
    code: `${periodDays}d-${deviceCount}dev`,
    periodDays,
    deviceCount,
    maxInstallments: periodDays === 30 ? 1 : 12,
    interestFreeInstallments: periodDays === 30 ? 1 : 3,
    monthlyInterestBp: 199,
    minInstallmentMinor: 500,
    // One screen keeps 20 hours of recordings, four screens 100 (docs/decisions/023).
    cloudHours: deviceCount === 1 ? 20 : 100,
    autoRenew: periodDays === 30,
    popular: false,
    prices,
    benefits: [],
    texts: Object.fromEntries(
      languages.map((l) => [l, { name: `${periodName[periodDays][l]} · ${screens[l]}`, description: description[l](deviceCount) }]),
    ) as DemoPlan['texts'],
    ...extra,
  };
}

export const demoPlans: DemoPlan[] = [
  plan(1, 30, 1, { BRL: 2990, USD: 599 }),
  plan(2, 30, 4, { BRL: 4990, USD: 999 }),
  plan(3, 180, 1, { BRL: 15990, USD: 3199 }, { benefits: [{ discountRate: 10, periods: 6 }] }),
  plan(4, 180, 4, { BRL: 26990, USD: 5399 }, { benefits: [{ discountRate: 10, periods: 6 }], popular: true }),
  plan(5, 365, 1, { BRL: 29990, USD: 5999 }, { benefits: [{ discountRate: 16, periods: 12 }] }),
  plan(6, 365, 4, { BRL: 49990, USD: 9999 }, { benefits: [{ discountRate: 16, periods: 12 }] }),
];

export interface DemoDiscountCode {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  currency?: string;
  planId?: number;
  validFrom?: string;
  validTo?: string;
  maxUses?: number;
  active: boolean;
  /** Offered to every account on the coupons page (docs/decisions/023). */
  listed?: boolean;
}

export const demoDiscountCodes: DemoDiscountCode[] = [
  { code: 'BEMVINDO10', kind: 'percent', value: 10, active: true },
  { code: 'ANUAL20', kind: 'percent', value: 20, planId: 5, active: true, listed: true },
  { code: 'DESCONTO5', kind: 'fixed', value: 500, currency: 'BRL', active: true, listed: true },
  { code: 'UMAVEZ', kind: 'percent', value: 50, maxUses: 1, active: true },
  { code: 'EXPIRADO', kind: 'percent', value: 15, validTo: '2024-01-01T00:00:00Z', active: true },
  { code: 'PAUSADO', kind: 'percent', value: 15, active: false },
];

/** Printed by the README and the start-up log so a new user can log in at once. */
export const demoAccount = {
  email: 'demo@aurora.example',
  password: 'aurora-demo-2026',
  nickname: 'Demo',
  language: 'pt' as Language,
};
