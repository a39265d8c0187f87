// Signing devices out in the customer's and the owner's words (machines/flow-words.ts, docs/decisions/071).
import type { FlowWords } from '../flow-words';

export const words = {
  states: {
    idle: { pt: 'Lista de dispositivos', en: 'Device list', es: 'Lista de dispositivos', ru: 'Список устройств' },
    confirming: { pt: 'Confirmar a desconexão', en: 'Confirm the sign-out', es: 'Confirmar el cierre de sesión', ru: 'Подтверждение выхода' },
    signingOut: {
      pt: 'Desconectando o dispositivo',
      en: 'Signing the device out',
      es: 'Cerrando la sesión del dispositivo',
      ru: 'Выполняется выход на устройстве',
    },
    done: { pt: 'Dispositivo desconectado', en: 'Device signed out', es: 'Sesión cerrada en el dispositivo', ru: 'Выход на устройстве выполнен' },
    refused: {
      pt: 'O dispositivo já estava desconectado',
      en: 'Device was already signed out',
      es: 'El dispositivo ya no tenía sesión',
      ru: 'Выход уже был выполнен',
    },
    failure: {
      pt: 'Não foi possível desconectar',
      en: 'The device could not be signed out',
      es: 'No se pudo cerrar la sesión',
      ru: 'Не удалось выйти на устройстве',
    },
  },
  events: {
    SIGN_OUT_REQUESTED: {
      pt: 'O cliente pede para desconectar um dispositivo',
      en: 'The customer asks to sign out one device',
      es: 'El cliente pide cerrar la sesión de un dispositivo',
      ru: 'Клиент просит выйти на одном устройстве',
    },
    SIGN_OUT_OTHERS_REQUESTED: {
      pt: 'O cliente pede para desconectar todos os outros',
      en: 'The customer asks to sign out all other devices',
      es: 'El cliente pide cerrar la sesión en todos los demás',
      ru: 'Клиент просит выйти на всех других устройствах',
    },
    SIGN_OUT_CONFIRMED: {
      pt: 'O cliente confirma a desconexão',
      en: 'The customer confirms the sign-out',
      es: 'El cliente confirma el cierre de sesión',
      ru: 'Клиент подтверждает выход',
    },
    SIGN_OUT_DISMISSED: {
      pt: 'O cliente cancela; nada muda',
      en: 'The customer cancels; nothing changes',
      es: 'El cliente cancela; nada cambia',
      ru: 'Клиент отменяет, ничего не меняется',
    },
    RETRY_REQUESTED: { pt: 'O cliente tenta de novo', en: 'The customer tries again', es: 'El cliente lo intenta de nuevo', ru: 'Клиент пробует снова' },
  },
  calls: {
    signOut: {
      done: {
        pt: 'O dispositivo é desconectado',
        en: 'The device is signed out',
        es: 'Se cierra la sesión del dispositivo',
        ru: 'Выход на устройстве выполнен',
      },
      error: { pt: 'A desconexão falhou', en: 'Signing out failed', es: 'Falló el cierre de sesión', ru: 'Не удалось выполнить выход' },
    },
  },
  rules: {},
  timers: {},
} as const satisfies FlowWords;
