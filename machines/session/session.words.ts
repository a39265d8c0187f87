// The session in the customer's and the owner's words (machines/flow-words.ts, docs/decisions/071).
import type { FlowWords } from '../flow-words';

export const words = {
  states: {
    opening: { pt: 'Abrindo a página', en: 'Page opening', es: 'Abriendo la página', ru: 'Страница открывается' },
    signedOut: { pt: 'Visitante sem login', en: 'Visitor, not logged in', es: 'Visitante sin sesión', ru: 'Гость, вход не выполнен' },
    signedIn: { pt: 'Cliente conectado', en: 'Customer logged in', es: 'Cliente con sesión iniciada', ru: 'Клиент вошёл' },
    signingOut: { pt: 'Saindo da conta', en: 'Logging out', es: 'Cerrando sesión', ru: 'Выполняется выход' },
    reloading: { pt: 'Recarregando a página', en: 'Page reloading', es: 'Recargando la página', ru: 'Страница перезагружается' },
  },
  events: {
    SIGNED_IN: { pt: 'O cliente entra na conta', en: 'The customer logs in', es: 'El cliente inicia sesión', ru: 'Клиент входит в аккаунт' },
    LOGOUT_REQUESTED: { pt: 'O cliente sai da conta', en: 'The customer logs out', es: 'El cliente cierra sesión', ru: 'Клиент выходит из аккаунта' },
    SESSION_REFUSED: {
      pt: 'O servidor recusa a sessão',
      en: 'The server refuses the session',
      es: 'El servidor rechaza la sesión',
      ru: 'Сервер отклоняет сеанс',
    },
    OTHER_TAB_CHANGED_LOGIN: {
      pt: 'Outra aba entra ou sai da conta',
      en: 'Another tab logs in or out',
      es: 'Otra pestaña inicia o cierra sesión',
      ru: 'В другой вкладке вошли или вышли',
    },
  },
  calls: {
    logout: {
      done: { pt: 'O servidor encerra a sessão', en: 'The server ends the session', es: 'El servidor cierra la sesión', ru: 'Сервер завершает сеанс' },
      error: {
        pt: 'Servidor fora do ar; sai mesmo assim',
        en: 'The server could not be reached; logged out anyway',
        es: 'No se pudo contactar al servidor; se cierra igual',
        ru: 'Сервер недоступен, выход всё равно',
      },
    },
  },
  rules: {
    hasSession: { pt: 'o navegador guarda um login', en: 'the browser holds a log-in', es: 'el navegador guarda una sesión', ru: 'в браузере сохранён вход' },
    isSilentReset: {
      pt: 'a sessão expirou ou não vale mais',
      en: 'the session expired or is no longer valid',
      es: 'la sesión venció o ya no es válida',
      ru: 'сеанс истёк или недействителен',
    },
    isMessageReset: { pt: 'a conta está bloqueada', en: 'the account is blocked', es: 'la cuenta está bloqueada', ru: 'аккаунт заблокирован' },
    isWarnedReset: {
      pt: 'a sessão foi encerrada em outro lugar',
      en: 'the session was ended elsewhere',
      es: 'la sesión se cerró en otro lugar',
      ru: 'сеанс завершён с другого устройства',
    },
  },
  timers: {
    sessionLifetime: { pt: 'após os 10 dias da sessão', en: "after the session's 10 days", es: 'a los 10 días de la sesión', ru: 'через 10 дней после входа' },
  },
} as const satisfies FlowWords;
