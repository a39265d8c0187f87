// Freeing a code held by another order in the customer's and the owner's words (machines/flow-words.ts, docs/decisions/071).
import type { FlowWords } from '../flow-words';

export const words = {
  states: {
    explaining: { pt: 'Código usado em outro pedido', en: 'Code held by another order', es: 'Código en uso en otro pedido', ru: 'Код занят другим заказом' },
    unbinding: { pt: 'Cancelando o outro pedido', en: 'Cancelling the other order', es: 'Cancelando el otro pedido', ru: 'Отменяем другой заказ' },
    failure: {
      pt: 'O outro pedido não foi cancelado',
      en: 'The other order could not be cancelled',
      es: 'No se pudo cancelar el otro pedido',
      ru: 'Не удалось отменить другой заказ',
    },
    unbound: {
      pt: 'Código liberado para este pedido',
      en: 'Code freed for this order',
      es: 'Código liberado para este pedido',
      ru: 'Код освобождён для этого заказа',
    },
    kept: {
      pt: 'O outro pedido fica com o código',
      en: 'The other order keeps the code',
      es: 'El otro pedido conserva el código',
      ru: 'Код остаётся у другого заказа',
    },
    cannotRemove: { pt: 'Não foi possível remover o código', en: 'Unable to remove code', es: 'No se pudo quitar el código', ru: 'Не удалось удалить код' },
  },
  events: {
    CONFIRMED: {
      pt: 'O cliente aceita cancelar o outro pedido',
      en: 'The customer agrees to cancel the other order',
      es: 'El cliente acepta cancelar el otro pedido',
      ru: 'Клиент соглашается отменить другой заказ',
    },
    CANCELLED: {
      pt: 'O cliente mantém aquele pedido',
      en: 'The customer keeps that order',
      es: 'El cliente mantiene ese pedido',
      ru: 'Клиент оставляет тот заказ',
    },
    RETRY_REQUESTED: { pt: 'O cliente tenta de novo', en: 'The customer tries again', es: 'El cliente lo intenta de nuevo', ru: 'Клиент пробует снова' },
  },
  calls: {
    unbind: {
      done: { pt: 'O outro pedido é cancelado', en: 'The other order is cancelled', es: 'El otro pedido se cancela', ru: 'Другой заказ отменён' },
      error: {
        pt: 'O cancelamento do outro pedido falhou',
        en: 'Cancelling the other order failed',
        es: 'Falló la cancelación del otro pedido',
        ru: 'Не удалось отменить другой заказ',
      },
    },
  },
  rules: {
    isUnbound: { pt: 'o outro pedido foi cancelado', en: 'the other order was cancelled', es: 'el otro pedido se canceló', ru: 'другой заказ отменён' },
  },
  timers: {},
} as const satisfies FlowWords;
