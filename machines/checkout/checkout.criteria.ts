// The checkout's acceptance criteria (docs/decisions/074): each is what the walks check where the
// machine attaches it (tests/model/checkout.world.ts `check`).
import type { Criterion } from '../acceptance';

export const acceptanceCriteria = {
  cartFound: {
    pt: 'Um pedido ainda em aberto é oferecido de novo para terminar o pagamento (ADR 052).',
    en: 'An order still open is offered again to finish paying it (ADR 052).',
    es: 'Un pedido aún abierto se ofrece de nuevo para terminar de pagarlo (ADR 052).',
    ru: 'Ещё открытый заказ предлагается снова, чтобы завершить оплату (ADR 052).',
  },
  instalments: {
    pt: 'Mudar o número de parcelas pede ao servidor o novo preço do plano antes de pagar (ADR 046).',
    en: "Changing the number of instalments asks the server for the plan's new price before paying (ADR 046).",
    es: 'Cambiar el número de cuotas pide al servidor el nuevo precio del plan antes de pagar (ADR 046).',
    ru: 'Смена числа платежей в рассрочку запрашивает у сервера новую цену тарифа до оплаты (ADR 046).',
  },
  declinedPaysAgain: {
    pt: 'Com o cartão recusado, o cliente volta ao formulário para pagar de novo; o pedido recusado fica como PAYMENT_FAILED.',
    en: 'With the card declined, the customer is back on the form to pay again; the declined order reads PAYMENT_FAILED.',
    es: 'Con la tarjeta rechazada, el cliente vuelve al formulario para pagar de nuevo; el pedido rechazado figura como PAYMENT_FAILED.',
    ru: 'После отказа по карте клиент возвращается к форме, чтобы оплатить снова; отклонённый заказ значится PAYMENT_FAILED.',
  },
  paid: {
    pt: 'Compra paga: o pedido consta como pago (PAYMENT_SUCCEEDED) no servidor.',
    en: 'Purchase paid: the order reads paid (PAYMENT_SUCCEEDED) on the server.',
    es: 'Compra pagada: el pedido figura como pagado (PAYMENT_SUCCEEDED) en el servidor.',
    ru: 'Покупка оплачена: заказ на сервере значится оплаченным (PAYMENT_SUCCEEDED).',
  },
  paypal: {
    pt: 'PayPal: o cliente é levado à página de aprovação do PayPal.',
    en: "PayPal: the customer is taken to PayPal's approval page.",
    es: 'PayPal: el cliente es llevado a la página de aprobación de PayPal.',
    ru: 'PayPal: клиент переходит на страницу подтверждения PayPal.',
  },
  closed: {
    pt: 'Um pedido cujo prazo de pagamento acabou fica cancelado (PAYMENT_CANCELLED).',
    en: 'An order whose payment window closed is cancelled (PAYMENT_CANCELLED).',
    es: 'Un pedido cuyo plazo de pago terminó queda cancelado (PAYMENT_CANCELLED).',
    ru: 'Заказ, срок оплаты которого истёк, отменяется (PAYMENT_CANCELLED).',
  },
} satisfies Record<string, Criterion>;
