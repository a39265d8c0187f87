// Turning auto-renewal off in the customer's and the owner's words (machines/flow-words.ts, docs/decisions/071).
import type { FlowWords } from '../flow-words';

export const words = {
  states: {
    choosingReason: {
      pt: 'Por que você está desativando?',
      en: 'Why are you turning it off?',
      es: '¿Por qué la desactivas?',
      ru: 'Почему вы отключаете автопродление?',
    },
    findingOffer: {
      pt: 'Buscando uma oferta para ficar',
      en: 'Looking for an offer to stay',
      es: 'Buscando una oferta para quedarse',
      ru: 'Ищем предложение, чтобы остаться',
    },
    offering: { pt: 'Antes de você ir: uma oferta', en: 'Before you go: an offer', es: 'Antes de irte: una oferta', ru: 'Прежде чем уйти: предложение' },
    confirming: {
      pt: 'Desativar a renovação automática?',
      en: 'Turn off auto-renewal?',
      es: '¿Desactivar la renovación automática?',
      ru: 'Отключить автопродление?',
    },
    accepting: { pt: 'Aplicando a oferta', en: 'Applying the offer', es: 'Aplicando la oferta', ru: 'Применяем предложение' },
    cancelling: {
      pt: 'Desativando a renovação automática',
      en: 'Turning auto-renewal off',
      es: 'Desactivando la renovación automática',
      ru: 'Отключаем автопродление',
    },
    accepted: {
      pt: 'Oferta aceita, renovação mantida',
      en: 'Offer taken, auto-renewal kept',
      es: 'Oferta aceptada, renovación mantenida',
      ru: 'Предложение принято, автопродление сохранено',
    },
    confirmed: { pt: 'Renovação automática desativada', en: 'Auto-renewal off', es: 'Renovación automática desactivada', ru: 'Автопродление отключено' },
    refused: {
      pt: 'A renovação mudou nesse meio-tempo',
      en: 'Auto-renewal changed meanwhile',
      es: 'La renovación cambió mientras tanto',
      ru: 'Автопродление тем временем изменилось',
    },
  },
  events: {
    CANCEL_CONFIRMED: {
      pt: 'O cliente confirma a desativação',
      en: 'The customer confirms turning it off',
      es: 'El cliente confirma la desactivación',
      ru: 'Клиент подтверждает отключение',
    },
    OFFER_ACCEPTED: {
      pt: 'O cliente aceita a oferta',
      en: 'The customer accepts the offer',
      es: 'El cliente acepta la oferta',
      ru: 'Клиент принимает предложение',
    },
    OFFER_DECLINED: {
      pt: 'O cliente recusa a oferta',
      en: 'The customer declines the offer',
      es: 'El cliente rechaza la oferta',
      ru: 'Клиент отказывается от предложения',
    },
    REASON_SUBMITTED: {
      pt: 'O cliente escolhe um motivo',
      en: 'The customer gives a reason',
      es: 'El cliente elige un motivo',
      ru: 'Клиент указывает причину',
    },
  },
  calls: {
    findOffer: {
      done: {
        pt: 'Chegou a oferta para este motivo',
        en: 'The offer for this reason is in',
        es: 'Llegó la oferta para este motivo',
        ru: 'Предложение для этой причины получено',
      },
      error: {
        pt: 'Não foi possível buscar a oferta',
        en: 'The offer could not be looked up',
        es: 'No se pudo buscar la oferta',
        ru: 'Не удалось получить предложение',
      },
    },
    acceptOffer: {
      done: { pt: 'A oferta foi aplicada', en: 'The offer is applied', es: 'Se aplicó la oferta', ru: 'Предложение применено' },
      error: {
        pt: 'A aplicação da oferta falhou',
        en: 'Applying the offer failed',
        es: 'Falló la aplicación de la oferta',
        ru: 'Не удалось применить предложение',
      },
    },
    cancelRenewal: {
      done: {
        pt: 'A renovação automática foi desativada',
        en: 'Auto-renewal is turned off',
        es: 'Se desactivó la renovación automática',
        ru: 'Автопродление отключено',
      },
      error: {
        pt: 'Não foi possível desativar a renovação',
        en: 'Turning it off failed',
        es: 'No se pudo desactivar la renovación',
        ru: 'Не удалось отключить автопродление',
      },
    },
  },
  rules: {
    hasOffer: {
      pt: 'há uma oferta para este motivo',
      en: 'there is an offer for this reason',
      es: 'hay una oferta para este motivo',
      ru: 'для этой причины есть предложение',
    },
    isCancelled: {
      pt: 'a renovação automática foi desativada',
      en: 'auto-renewal is turned off',
      es: 'la renovación automática quedó desactivada',
      ru: 'автопродление отключено',
    },
    isKept: {
      pt: 'a oferta foi aplicada e a renovação mantida',
      en: 'the offer is applied and auto-renewal kept',
      es: 'se aplicó la oferta y la renovación sigue',
      ru: 'предложение применено, автопродление сохранено',
    },
    wasOffered: { pt: 'uma oferta já foi mostrada', en: 'an offer was shown', es: 'ya se mostró una oferta', ru: 'клиенту уже показали предложение' },
  },
  timers: {},
} as const satisfies FlowWords;
