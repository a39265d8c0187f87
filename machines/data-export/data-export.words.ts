// The data export in the customer's and the owner's words (machines/flow-words.ts, docs/decisions/071).
import type { FlowWords } from '../flow-words';

export const words = {
  states: {
    idle: {
      pt: 'Baixar meus dados',
      en: 'Download my data',
      es: 'Descargar mis datos',
      ru: 'Скачать мои данные',
    },
    preparing: {
      pt: 'Preparando o arquivo',
      en: 'Making the file',
      es: 'Preparando el archivo',
      ru: 'Файл готовится',
    },
    downloaded: {
      pt: 'Arquivo baixado',
      en: 'File downloaded',
      es: 'Archivo descargado',
      ru: 'Файл скачан',
    },
    failure: {
      pt: 'Não foi possível gerar o arquivo',
      en: 'The file could not be made',
      es: 'No se pudo generar el archivo',
      ru: 'Не удалось подготовить файл',
    },
  },
  events: {
    DOWNLOAD_REQUESTED: {
      pt: 'O cliente pede o JSON ou o PDF',
      en: 'The customer asks for the JSON or the PDF',
      es: 'El cliente pide el JSON o el PDF',
      ru: 'Клиент запрашивает JSON или PDF',
    },
    RETRY_REQUESTED: {
      pt: 'O cliente tenta de novo',
      en: 'The customer tries again',
      es: 'El cliente lo intenta de nuevo',
      ru: 'Клиент пробует снова',
    },
  },
  calls: {
    prepareFile: {
      done: { pt: 'O arquivo está pronto', en: 'The file is ready', es: 'El archivo está listo', ru: 'Файл готов' },
      error: { pt: 'A geração do arquivo falhou', en: 'Making the file failed', es: 'Falló la generación del archivo', ru: 'Не удалось создать файл' },
    },
  },
  rules: {},
  timers: {},
} as const satisfies FlowWords;
