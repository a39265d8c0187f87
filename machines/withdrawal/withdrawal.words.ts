// Withdrawing from a purchase in the customer's and the owner's words (machines/flow-words.ts, docs/decisions/071).
import type { FlowWords } from '../flow-words';

export const words = {
  states: {
    opening: { pt: 'Abrindo o recibo', en: 'Opening the receipt', es: 'Abriendo el recibo', ru: 'Открываем квитанцию' },
    idle: { pt: 'Desistência oferecida', en: 'Withdrawal offered', es: 'Desistimiento disponible', ru: 'Можно отказаться от покупки' },
    confirming: { pt: 'Confirmar a desistência', en: 'Confirm the withdrawal', es: 'Confirmar el desistimiento', ru: 'Подтверждение отказа' },
    withdrawing: { pt: 'Pedindo o reembolso', en: 'Asking for the refund', es: 'Pidiendo el reembolso', ru: 'Запрашиваем возврат' },
    pending: { pt: 'Reembolso pendente', en: 'Refund pending', es: 'Reembolso pendiente', ru: 'Ожидает возврата' },
    cancelling: {
      pt: 'Cancelando o pedido de reembolso',
      en: 'Cancelling the refund request',
      es: 'Cancelando la solicitud de reembolso',
      ru: 'Отменяем запрос на возврат',
    },
    refunded: { pt: 'Dinheiro devolvido', en: 'Money returned', es: 'Dinero devuelto', ru: 'Деньги возвращены' },
    rejected: { pt: 'Reembolso recusado', en: 'Refund refused', es: 'Reembolso rechazado', ru: 'В возврате отказано' },
    cancelled: { pt: 'Reembolso cancelado', en: 'Refund request cancelled', es: 'Solicitud de reembolso cancelada', ru: 'Запрос на возврат отменён' },
    closed: { pt: 'Recusado, com o motivo', en: 'Refused, with the reason', es: 'Rechazado, con el motivo', ru: 'Отказ с указанием причины' },
    failure: { pt: 'Algo deu errado', en: 'Something went wrong', es: 'Algo salió mal', ru: 'Что-то пошло не так' },
  },
  events: {
    WITHDRAW_REQUESTED: {
      pt: 'O cliente pede para desistir da compra',
      en: 'The customer asks to withdraw',
      es: 'El cliente pide desistir de la compra',
      ru: 'Клиент хочет отказаться от покупки',
    },
    WITHDRAW_CONFIRMED: {
      pt: 'O cliente confirma a desistência',
      en: 'The customer confirms the withdrawal',
      es: 'El cliente confirma el desistimiento',
      ru: 'Клиент подтверждает отказ',
    },
    WITHDRAW_DISMISSED: {
      pt: 'O cliente mantém a compra',
      en: 'The customer keeps the purchase',
      es: 'El cliente conserva la compra',
      ru: 'Клиент оставляет покупку',
    },
    CANCEL_REQUESTED: {
      pt: 'O cliente cancela o pedido de reembolso',
      en: 'The customer cancels the refund request',
      es: 'El cliente cancela la solicitud de reembolso',
      ru: 'Клиент отменяет запрос на возврат',
    },
    RETRY_REQUESTED: { pt: 'O cliente consulta de novo', en: 'The customer looks again', es: 'El cliente vuelve a consultar', ru: 'Клиент смотрит ещё раз' },
  },
  calls: {
    withdraw: {
      done: { pt: 'O reembolso é pedido', en: 'The refund is asked for', es: 'Se solicita el reembolso', ru: 'Возврат запрошен' },
      error: {
        pt: 'O pedido de reembolso falhou',
        en: 'Asking for the refund failed',
        es: 'Falló la solicitud de reembolso',
        ru: 'Не удалось запросить возврат',
      },
    },
    cancelRefund: {
      done: {
        pt: 'O pedido de reembolso é cancelado',
        en: 'The refund request is cancelled',
        es: 'Se cancela la solicitud de reembolso',
        ru: 'Запрос на возврат отменён',
      },
      error: { pt: 'O cancelamento falhou', en: 'Cancelling failed', es: 'Falló la cancelación', ru: 'Не удалось отменить запрос' },
    },
  },
  rules: {
    isRefundPending: {
      pt: 'o reembolso já está pendente',
      en: 'the refund is already pending',
      es: 'el reembolso ya está pendiente',
      ru: 'возврат уже ожидается',
    },
    isRefunded: { pt: 'o dinheiro voltou na hora', en: 'the money went back at once', es: 'el dinero se devolvió al instante', ru: 'деньги вернули сразу' },
    isRefundRejected: {
      pt: 'o provedor recusou o reembolso',
      en: 'the provider refused the refund',
      es: 'el proveedor rechazó el reembolso',
      ru: 'провайдер отклонил возврат',
    },
  },
  timers: {},
} as const satisfies FlowWords;
