// The payment flow's acceptance criteria (docs/decisions/074): each is what the walks check where
// the machine attaches it (tests/model/payment.world.ts `checkServer`). `{NAME}` is a server
// constant the report fills in (machines/acceptance.ts).
import type { Criterion } from '../acceptance';

export const acceptanceCriteria = {
  paid: {
    pt: 'Pagamento aprovado: o pedido consta como pago (PAYMENT_SUCCEEDED) no servidor.',
    en: 'Payment approved: the order reads paid (PAYMENT_SUCCEEDED) on the server.',
    es: 'Pago aprobado: el pedido figura como pagado (PAYMENT_SUCCEEDED) en el servidor.',
    ru: 'Платёж одобрен: заказ на сервере значится оплаченным (PAYMENT_SUCCEEDED).',
  },
  pixWaiting: {
    pt: 'Enquanto o PIX aguarda o pagamento, o pedido continua em aberto (PAYMENT_PENDING).',
    en: 'While the PIX awaits payment, the order stays open (PAYMENT_PENDING).',
    es: 'Mientras el PIX espera el pago, el pedido sigue abierto (PAYMENT_PENDING).',
    ru: 'Пока PIX ждёт оплаты, заказ остаётся открытым (PAYMENT_PENDING).',
  },
  pixPaid: {
    pt: 'Um PIX pago no banco confirma o pedido sem o cliente fazer nada: a página consulta e mostra pago.',
    en: 'A PIX paid at the bank confirms the order with nothing for the customer to do: the page asks and shows it paid.',
    es: 'Un PIX pagado en el banco confirma el pedido sin que el cliente haga nada: la página consulta y lo muestra pagado.',
    ru: 'PIX, оплаченный в банке, подтверждает заказ без действий клиента: страница сама проверяет и показывает оплату.',
  },
  pixExpired: {
    pt: 'Um PIX não pago dentro do prazo ({PIX_TTL_MS}) expira e o pedido fica cancelado (PAYMENT_CANCELLED).',
    en: 'A PIX not paid within its window ({PIX_TTL_MS}) expires and the order is cancelled (PAYMENT_CANCELLED).',
    es: 'Un PIX no pagado dentro del plazo ({PIX_TTL_MS}) caduca y el pedido queda cancelado (PAYMENT_CANCELLED).',
    ru: 'PIX, не оплаченный в срок ({PIX_TTL_MS}), истекает, и заказ отменяется (PAYMENT_CANCELLED).',
  },
  boletoPaid: {
    pt: 'Um boleto pago é confirmado pela página sozinho e o pedido fica pago.',
    en: 'A paid slip is confirmed by the page on its own and the order is paid.',
    es: 'Un boleto pagado se confirma solo en la página y el pedido queda pagado.',
    ru: 'Оплаченный boleto страница подтверждает сама, и заказ становится оплаченным.',
  },
  boletoExpired: {
    pt: 'Um boleto não pago no vencimento ({BOLETO_VALID_DAYS} dias) expira e o pedido fica cancelado.',
    en: 'A slip not paid by its due date ({BOLETO_VALID_DAYS} days) expires and the order is cancelled.',
    es: 'Un boleto no pagado al vencimiento ({BOLETO_VALID_DAYS} días) caduca y el pedido queda cancelado.',
    ru: 'Boleto, не оплаченный к сроку ({BOLETO_VALID_DAYS} дн.), истекает, и заказ отменяется.',
  },
  cardDeclined: {
    pt: 'Um cartão recusado pela rede do cartão (301) encerra o pagamento como recusado, com o código da recusa.',
    en: 'A card declined by its card network (301) ends the payment as declined, with the refusal code.',
    es: 'Una tarjeta rechazada por su red de tarjetas (301) termina el pago como rechazado, con el código del rechazo.',
    ru: 'Карта, отклонённая платёжной системой (301), завершает платёж как отклонённый, с кодом отказа.',
    refusal: 301,
  },
} satisfies Record<string, Criterion>;
