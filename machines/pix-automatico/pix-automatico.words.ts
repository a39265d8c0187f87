// PIX Automático in the customer's and the owner's words (machines/flow-words.ts, docs/decisions/071).
import type { FlowWords } from '../flow-words';

export const words = {
  states: {
    loading: {
      pt: 'Carregando a autorização do Pix Automático',
      en: 'Loading the PIX Automático authorisation',
      es: 'Cargando la autorización de PIX Automático',
      ru: 'Загружаем разрешение PIX Automático',
    },
    offered: { pt: 'Renovar pelo Pix Automático', en: 'Renew by PIX Automático', es: 'Renovar con PIX Automático', ru: 'Продлевать через PIX Automático' },
    starting: { pt: 'Gerando o QR Code', en: 'Making the QR code', es: 'Generando el código QR', ru: 'Создаём QR-код' },
    awaitingApproval: {
      pt: 'Aguardando a aprovação no banco',
      en: 'Waiting for approval in the bank app',
      es: 'Esperando la aprobación en el banco',
      ru: 'Ждём подтверждения в банке',
    },
    authorised: {
      pt: 'Pix Automático autorizado',
      en: 'PIX Automático authorised',
      es: 'PIX Automático autorizado',
      ru: 'Разрешение PIX Automático действует',
    },
    confirmingCancel: { pt: 'Cancelar a autorização?', en: 'Cancel the authorisation?', es: '¿Cancelar la autorización?', ru: 'Отменить разрешение?' },
    cancelling: { pt: 'Cancelando a autorização', en: 'Cancelling the authorisation', es: 'Cancelando la autorización', ru: 'Отменяем разрешение' },
    ended: { pt: 'Autorização encerrada', en: 'Authorisation ended', es: 'Autorización finalizada', ru: 'Разрешение завершено' },
    refused: { pt: 'Recusado: veja o motivo', en: 'Refused: see why', es: 'Rechazado: mira el motivo', ru: 'Отказ с объяснением причины' },
    failure: {
      pt: 'Algo deu errado; nada mudou',
      en: 'Something went wrong; nothing changed',
      es: 'Algo salió mal; no cambió nada',
      ru: 'Сбой; ничего не изменилось',
    },
  },
  events: {
    CANCEL_CONFIRMED: {
      pt: 'O cliente confirma o cancelamento',
      en: 'The customer confirms the cancellation',
      es: 'El cliente confirma la cancelación',
      ru: 'Клиент подтверждает отмену',
    },
    CANCEL_DISMISSED: {
      pt: 'O cliente mantém a autorização',
      en: 'The customer keeps the authorisation',
      es: 'El cliente mantiene la autorización',
      ru: 'Клиент оставляет разрешение',
    },
    CANCEL_REQUESTED: {
      pt: 'O cliente pede para cancelar a autorização',
      en: 'The customer asks to cancel the authorisation',
      es: 'El cliente pide cancelar la autorización',
      ru: 'Клиент хочет отменить разрешение',
    },
    REFRESH_REQUESTED: {
      pt: 'O cliente consulta a autorização de novo',
      en: 'The customer reads the authorisation again',
      es: 'El cliente vuelve a consultar la autorización',
      ru: 'Клиент снова открывает разрешение',
    },
    RETRY_REQUESTED: { pt: 'O cliente tenta de novo', en: 'The customer tries again', es: 'El cliente lo intenta de nuevo', ru: 'Клиент пробует снова' },
    START_REQUESTED: {
      pt: 'O cliente pede para renovar pelo Pix Automático',
      en: 'The customer asks to renew by PIX Automático',
      es: 'El cliente pide renovar con PIX Automático',
      ru: 'Клиент хочет продлевать через PIX Automático',
    },
  },
  calls: {
    loadInfo: {
      done: {
        pt: 'Chegou a situação da autorização',
        en: 'The authorisation status is in',
        es: 'Llegó el estado de la autorización',
        ru: 'Статус разрешения получен',
      },
      error: {
        pt: 'Não foi possível consultar a autorização',
        en: 'The authorisation could not be read',
        es: 'No se pudo consultar la autorización',
        ru: 'Не удалось узнать статус разрешения',
      },
    },
    start: {
      done: { pt: 'O QR Code está pronto', en: 'The QR code is ready', es: 'El código QR está listo', ru: 'QR-код готов' },
      error: {
        pt: 'Não foi possível gerar o QR Code',
        en: 'The QR code could not be made',
        es: 'No se pudo generar el código QR',
        ru: 'Не удалось создать QR-код',
      },
    },
    cancel: {
      done: { pt: 'A autorização foi cancelada', en: 'The authorisation is cancelled', es: 'Se canceló la autorización', ru: 'Разрешение отменено' },
      error: { pt: 'O cancelamento falhou', en: 'Cancelling failed', es: 'Falló la cancelación', ru: 'Не удалось отменить разрешение' },
    },
  },
  rules: {
    isApproved: {
      pt: 'o banco aprovou a autorização',
      en: 'the bank approved the authorisation',
      es: 'el banco aprobó la autorización',
      ru: 'банк одобрил разрешение',
    },
    isAwaitingPayer: {
      pt: 'a autorização aguarda o pagador',
      en: 'the authorisation awaits the payer',
      es: 'la autorización espera al pagador',
      ru: 'разрешение ждёт плательщика',
    },
  },
  timers: {},
} as const satisfies FlowWords;
