// The auto-renewal in the customer's and the owner's words (machines/flow-words.ts, docs/decisions/071).
import type { FlowWords } from '../flow-words';

export const words = {
  states: {
    loading: {
      pt: 'Carregando a renovação automática',
      en: 'Loading the auto-renewal',
      es: 'Cargando la renovación automática',
      ru: 'Загружаем автопродление',
    },
    activated: { pt: 'Renovação automática ativada', en: 'Auto-renewal on', es: 'Renovación automática activada', ru: 'Автопродление включено' },
    'activated.idle': {
      pt: 'Renovação e cartão de cobrança',
      en: 'Auto-renewal and billing card',
      es: 'Renovación y tarjeta de facturación',
      ru: 'Автопродление и платёжная карта',
    },
    'activated.confirmingCancel': {
      pt: 'Desativando: motivo e ofertas',
      en: 'Turning off: reason and offers',
      es: 'Desactivando: motivo y ofertas',
      ru: 'Отключение: причина и предложения',
    },
    'activated.loadingCards': {
      pt: 'Carregando os cartões salvos',
      en: 'Loading the saved cards',
      es: 'Cargando las tarjetas guardadas',
      ru: 'Загружаем сохранённые карты',
    },
    'activated.choosingCard': {
      pt: 'Escolha do cartão de cobrança',
      en: 'Choosing the billing card',
      es: 'Elección de la tarjeta de facturación',
      ru: 'Выбор платёжной карты',
    },
    'activated.changingCard': {
      pt: 'Alterando o cartão de cobrança',
      en: 'Changing the billing card',
      es: 'Cambiando la tarjeta de facturación',
      ru: 'Меняем платёжную карту',
    },
    cancelled: { pt: 'Renovação automática desativada', en: 'Auto-renewal off', es: 'Renovación automática desactivada', ru: 'Автопродление отключено' },
    expired: { pt: 'Renovação automática encerrada', en: 'Auto-renewal ended', es: 'Renovación automática terminada', ru: 'Автопродление завершено' },
    none: { pt: 'Nenhum plano se renova sozinho', en: 'No plan renews by itself', es: 'Ningún plan se renueva solo', ru: 'Нет тарифа с автопродлением' },
    failure: {
      pt: 'Não foi possível carregar a renovação',
      en: 'The auto-renewal could not be loaded',
      es: 'No se pudo cargar la renovación',
      ru: 'Не удалось загрузить автопродление',
    },
  },
  events: {
    CANCELLATION_SETTLED: {
      pt: 'O processo de desativação terminou',
      en: 'The turning-off is settled',
      es: 'Terminó el proceso de desactivación',
      ru: 'Процесс отключения завершён',
    },
    CANCEL_DISMISSED: {
      pt: 'O cliente mantém a renovação ativada',
      en: 'The customer keeps auto-renewal on',
      es: 'El cliente mantiene la renovación activada',
      ru: 'Клиент оставляет автопродление включённым',
    },
    CANCEL_REQUESTED: {
      pt: 'O cliente pede para desativar a renovação',
      en: 'The customer asks to turn auto-renewal off',
      es: 'El cliente pide desactivar la renovación',
      ru: 'Клиент хочет отключить автопродление',
    },
    CARD_CHANGE_DISMISSED: {
      pt: 'O cliente fecha a janela sem escolher',
      en: 'The customer closes the dialog without choosing',
      es: 'El cliente cierra la ventana sin elegir',
      ru: 'Клиент закрывает окно, не выбрав карту',
    },
    CARD_CHANGE_REQUESTED: {
      pt: 'O cliente quer alterar o cartão de cobrança',
      en: 'The customer wants to change the billing card',
      es: 'El cliente quiere cambiar la tarjeta de facturación',
      ru: 'Клиент хочет сменить платёжную карту',
    },
    CARD_CHOSEN: {
      pt: 'O cliente escolhe um cartão salvo',
      en: 'The customer picks a saved card',
      es: 'El cliente elige una tarjeta guardada',
      ru: 'Клиент выбирает сохранённую карту',
    },
    REFRESH_REQUESTED: { pt: 'O cliente verifica de novo', en: 'The customer checks again', es: 'El cliente vuelve a comprobar', ru: 'Клиент проверяет снова' },
  },
  calls: {
    loadInfo: {
      done: {
        pt: 'Chegou a situação da renovação',
        en: 'The auto-renewal status is in',
        es: 'Llegó el estado de la renovación',
        ru: 'Статус автопродления получен',
      },
      error: {
        pt: 'Não foi possível consultar a renovação',
        en: 'The auto-renewal could not be fetched',
        es: 'No se pudo consultar la renovación',
        ru: 'Не удалось узнать статус автопродления',
      },
    },
    listCards: {
      done: { pt: 'Os cartões salvos chegaram', en: 'The saved cards are in', es: 'Llegaron las tarjetas guardadas', ru: 'Сохранённые карты загружены' },
      error: {
        pt: 'Não foi possível carregar os cartões',
        en: 'The saved cards could not be loaded',
        es: 'No se pudieron cargar las tarjetas',
        ru: 'Не удалось загрузить карты',
      },
    },
    changeCard: {
      done: {
        pt: 'O cartão de cobrança foi alterado',
        en: 'The billing card is changed',
        es: 'Se cambió la tarjeta de facturación',
        ru: 'Платёжная карта изменена',
      },
      error: { pt: 'A troca do cartão falhou', en: 'Changing the card failed', es: 'Falló el cambio de tarjeta', ru: 'Не удалось сменить карту' },
    },
  },
  rules: {
    hasInfo: { pt: 'o cartão foi alterado', en: 'the card was changed', es: 'se cambió la tarjeta', ru: 'карта изменена' },
    isActivated: {
      pt: 'a renovação automática está ativada',
      en: 'auto-renewal is on',
      es: 'la renovación automática está activada',
      ru: 'автопродление включено',
    },
    isCancelled: {
      pt: 'a renovação automática foi desativada',
      en: 'auto-renewal was turned off',
      es: 'la renovación automática fue desactivada',
      ru: 'автопродление отключено',
    },
    isNotRenewing: {
      pt: 'nenhuma renovação está sendo cobrada agora',
      en: 'no renewal is being charged right now',
      es: 'no se está cobrando ninguna renovación ahora',
      ru: 'сейчас не идёт списание за продление',
    },
    isRenewing: {
      pt: 'uma renovação está sendo cobrada agora',
      en: 'a renewal is being charged right now',
      es: 'se está cobrando una renovación ahora',
      ru: 'сейчас идёт списание за продление',
    },
  },
  timers: {},
} as const satisfies FlowWords;
