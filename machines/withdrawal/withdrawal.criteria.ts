// The withdrawal's acceptance criteria (docs/decisions/074, 058): each is what the walks check
// where the machine attaches it (tests/model/withdrawal.world.ts `arrange` and `check`).
import type { Criterion } from '../acceptance';

export const acceptanceCriteria = {
  refunded: {
    pt: 'Dentro de {WITHDRAWAL_WINDOW_MS} do pagamento, a desistência de uma compra no cartão é reembolsada na hora (REFUND_SUCCEEDED) e o cliente recebe o e-mail do reembolso.',
    en: 'Within {WITHDRAWAL_WINDOW_MS} of the payment, withdrawing from a card purchase refunds it at once (REFUND_SUCCEEDED) and the customer gets the refund e-mail.',
    es: 'Dentro de {WITHDRAWAL_WINDOW_MS} del pago, desistir de una compra con tarjeta la reembolsa en el acto (REFUND_SUCCEEDED) y el cliente recibe el e-mail del reembolso.',
    ru: 'В течение {WITHDRAWAL_WINDOW_MS} после оплаты отказ от покупки картой возвращает деньги сразу (REFUND_SUCCEEDED), и клиент получает письмо о возврате.',
  },
  windowPassed: {
    pt: 'Passados {WITHDRAWAL_WINDOW_MS} do pagamento, a desistência é recusada (8401) e a compra continua paga.',
    en: 'Once {WITHDRAWAL_WINDOW_MS} have passed since the payment, withdrawal is refused (8401) and the purchase stays paid.',
    es: 'Pasados {WITHDRAWAL_WINDOW_MS} desde el pago, el desistimiento se rechaza (8401) y la compra sigue pagada.',
    ru: 'Через {WITHDRAWAL_WINDOW_MS} после оплаты отказ от покупки отклоняется (8401), и покупка остаётся оплаченной.',
    refusal: 8401,
  },
  disputeOpen: {
    pt: 'Com uma contestação (chargeback) aberta, a desistência é recusada (8408) e o pedido fica em CHARGEBACK_PENDING.',
    en: 'While a chargeback is open, withdrawal is refused (8408) and the order stays CHARGEBACK_PENDING.',
    es: 'Con un contracargo abierto, el desistimiento se rechaza (8408) y el pedido queda en CHARGEBACK_PENDING.',
    ru: 'Пока открыт чарджбэк, отказ от покупки отклоняется (8408), а заказ остаётся в CHARGEBACK_PENDING.',
    refusal: 8408,
  },
  pending: {
    pt: 'Um reembolso que o banco ainda fará fica pendente (REFUND_PENDING) e o cliente recebe o e-mail do pedido de reembolso.',
    en: 'A refund the bank is still to make stays pending (REFUND_PENDING) and the customer gets the refund-request e-mail.',
    es: 'Un reembolso que el banco aún hará queda pendiente (REFUND_PENDING) y el cliente recibe el e-mail de la solicitud.',
    ru: 'Возврат, который банк ещё выполнит, остаётся в ожидании (REFUND_PENDING), и клиент получает письмо о запросе возврата.',
  },
  cancelled: {
    pt: 'O cliente pode cancelar um reembolso pendente: fica REFUND_CANCELLED e ele recebe o e-mail do cancelamento.',
    en: 'The customer can cancel a pending refund: it reads REFUND_CANCELLED and they get the cancellation e-mail.',
    es: 'El cliente puede cancelar un reembolso pendiente: queda REFUND_CANCELLED y recibe el e-mail de la cancelación.',
    ru: 'Клиент может отменить ожидающий возврат: он значится REFUND_CANCELLED, и клиент получает письмо об отмене.',
  },
} satisfies Record<string, Criterion>;
