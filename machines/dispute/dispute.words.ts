// The chargeback panel in the customer's and the owner's words (machines/flow-words.ts, docs/decisions/071).
import type { FlowWords } from '../flow-words';

export const words = {
  states: {
    loading: { pt: 'Consultando a contestação', en: 'Checking the chargeback', es: 'Consultando el contracargo', ru: 'Проверяем оспаривание' },
    open: { pt: 'Contestação em análise', en: 'Chargeback pending', es: 'Contracargo pendiente', ru: 'Платёж оспаривается' },
    closed: { pt: 'Contestação encerrada', en: 'Chargeback settled', es: 'Contracargo resuelto', ru: 'Оспаривание завершено' },
    none: { pt: 'Sem contestação', en: 'No chargeback', es: 'Sin contracargo', ru: 'Оспаривания нет' },
    failure: {
      pt: 'Não foi possível consultar a contestação',
      en: 'The chargeback could not be read',
      es: 'No se pudo consultar el contracargo',
      ru: 'Не удалось узнать статус оспаривания',
    },
  },
  events: {
    REFRESH_REQUESTED: {
      pt: 'O cliente consulta a situação de novo',
      en: 'The customer checks the status again',
      es: 'El cliente consulta el estado de nuevo',
      ru: 'Клиент снова проверяет статус',
    },
    RETRY_REQUESTED: { pt: 'O cliente tenta de novo', en: 'The customer tries again', es: 'El cliente lo intenta de nuevo', ru: 'Клиент пробует снова' },
  },
  calls: {
    loadDispute: {
      done: {
        pt: 'Chega a situação da contestação',
        en: 'The chargeback status arrives',
        es: 'Llega el estado del contracargo',
        ru: 'Статус оспаривания получен',
      },
      error: {
        pt: 'A consulta falhou inesperadamente',
        en: 'Reading the status failed unexpectedly',
        es: 'La consulta falló inesperadamente',
        ru: 'Не удалось получить статус',
      },
    },
  },
  rules: {
    isOpen: {
      pt: 'a contestação ainda está aberta',
      en: 'the chargeback is still open',
      es: 'el contracargo sigue abierto',
      ru: 'оспаривание ещё не завершено',
    },
  },
  timers: {},
} as const satisfies FlowWords;
