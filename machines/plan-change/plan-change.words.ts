// The plan change in the customer's and the owner's words (machines/flow-words.ts, docs/decisions/071).
import type { FlowWords } from '../flow-words';

export const words = {
  states: {
    idle: {
      pt: 'Seu plano e as opções de mudança',
      en: 'Your plan and the plans to change to',
      es: 'Tu plan y los planes disponibles',
      ru: 'Ваш тариф и варианты смены',
    },
    quoting: { pt: 'Calculando a mudança', en: 'Working out the change', es: 'Calculando el cambio', ru: 'Рассчитываем смену' },
    reviewing: {
      pt: 'Confira a mudança antes de confirmar',
      en: 'Checking the change before confirming',
      es: 'Revisa el cambio antes de confirmar',
      ru: 'Проверка смены перед подтверждением',
    },
    changing: { pt: 'Mudando o plano', en: 'Changing the plan', es: 'Cambiando el plan', ru: 'Меняем тариф' },
    upgradeOrdered: {
      pt: 'Pagar a diferença do upgrade',
      en: 'Paying the upgrade difference',
      es: 'Pagar la diferencia de la mejora',
      ru: 'Оплата разницы за повышение',
    },
    scheduled: {
      pt: 'Mudança agendada para a renovação',
      en: 'Change waiting for the renewal',
      es: 'Cambio programado para la renovación',
      ru: 'Смена запланирована на продление',
    },
    undoing: { pt: 'Desfazendo a mudança', en: 'Undoing the change', es: 'Deshaciendo el cambio', ru: 'Отменяем смену' },
    undone: { pt: 'Mudança de plano desfeita', en: 'Plan change undone', es: 'Cambio de plan deshecho', ru: 'Смена тарифа отменена' },
    quoteRefused: {
      pt: 'Este plano não pode ser escolhido',
      en: 'That plan cannot be picked',
      es: 'Ese plan no se puede elegir',
      ru: 'Этот тариф выбрать нельзя',
    },
    changeRefused: {
      pt: 'Renovação desativada: nada a mudar',
      en: 'Auto-renewal off: nothing to change',
      es: 'Renovación desactivada: nada que cambiar',
      ru: 'Автопродление выключено: менять нечего',
    },
    undoRefused: { pt: 'Nenhuma mudança para desfazer', en: 'No change left to undo', es: 'No hay cambio que deshacer', ru: 'Отменять уже нечего' },
    failure: {
      pt: 'Algo deu errado; nada mudou',
      en: 'Something went wrong; nothing changed',
      es: 'Algo salió mal; no cambió nada',
      ru: 'Сбой; ничего не изменилось',
    },
  },
  events: {
    CHANGE_CONFIRMED: {
      pt: 'O cliente confirma a mudança',
      en: 'The customer confirms the change',
      es: 'El cliente confirma el cambio',
      ru: 'Клиент подтверждает смену',
    },
    CHANGE_DISMISSED: {
      pt: 'O cliente mantém o plano',
      en: 'The customer keeps the plan',
      es: 'El cliente mantiene su plan',
      ru: 'Клиент оставляет свой тариф',
    },
    PLAN_CHOSEN: {
      pt: 'O cliente escolhe outro plano',
      en: 'The customer picks another plan',
      es: 'El cliente elige otro plan',
      ru: 'Клиент выбирает другой тариф',
    },
    UNDO_REQUESTED: {
      pt: 'O cliente desfaz a mudança agendada',
      en: 'The customer undoes the waiting change',
      es: 'El cliente deshace el cambio programado',
      ru: 'Клиент отменяет запланированную смену',
    },
  },
  calls: {
    quote: {
      done: { pt: 'A mudança foi calculada', en: 'The change is worked out', es: 'Se calculó el cambio', ru: 'Смена рассчитана' },
      error: {
        pt: 'Não foi possível calcular a mudança',
        en: 'The change could not be worked out',
        es: 'No se pudo calcular el cambio',
        ru: 'Не удалось рассчитать смену',
      },
    },
    change: {
      done: { pt: 'A mudança foi feita', en: 'The change is made', es: 'Se hizo el cambio', ru: 'Смена оформлена' },
      error: { pt: 'Não foi possível mudar o plano', en: 'The plan could not be changed', es: 'No se pudo cambiar el plan', ru: 'Не удалось сменить тариф' },
    },
    undo: {
      done: { pt: 'A mudança foi desfeita', en: 'The change is undone', es: 'Se deshizo el cambio', ru: 'Смена отменена' },
      error: {
        pt: 'Não foi possível desfazer a mudança',
        en: 'The change could not be undone',
        es: 'No se pudo deshacer el cambio',
        ru: 'Не удалось отменить смену',
      },
    },
  },
  rules: {
    isUpgradeOrdered: {
      pt: 'um pedido de upgrade foi aberto',
      en: 'an upgrade order is open',
      es: 'se abrió un pedido de mejora',
      ru: 'открыт заказ на повышение тарифа',
    },
  },
  timers: {},
} as const satisfies FlowWords;
