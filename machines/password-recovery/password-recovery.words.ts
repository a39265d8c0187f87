// The password recovery in the customer's and the owner's words (machines/flow-words.ts, docs/decisions/071).
import type { FlowWords } from '../flow-words';

export const words = {
  states: {
    entering: {
      pt: 'Abrindo a recuperação de senha',
      en: 'Opening password recovery',
      es: 'Abriendo la recuperación de contraseña',
      ru: 'Открытие восстановления пароля',
    },
    requesting: { pt: 'Pedir um link ou um código', en: 'Ask for a link or a code', es: 'Pedir un enlace o un código', ru: 'Запрос ссылки или кода' },
    'requesting.editing': { pt: 'Preenchendo o formulário', en: 'Filling in the form', es: 'Completando el formulario', ru: 'Заполнение формы' },
    'requesting.loadingCaptcha': {
      pt: 'Carregando a verificação de segurança',
      en: 'Loading the security check',
      es: 'Cargando el control de seguridad',
      ru: 'Загружаем проверку безопасности',
    },
    'requesting.captchaShown': {
      pt: 'Verificação de segurança na tela',
      en: 'Security check shown',
      es: 'Control de seguridad en pantalla',
      ru: 'Показана проверка безопасности',
    },
    sendingLink: { pt: 'Enviando o link por e-mail', en: 'Emailing the link', es: 'Enviando el enlace por correo', ru: 'Отправляем ссылку на почту' },
    linkSent: { pt: 'Link enviado por e-mail', en: 'Link sent by email', es: 'Enlace enviado por correo', ru: 'Ссылка отправлена на почту' },
    'linkSent.countingDown': {
      pt: 'Aguardando para pedir outro link',
      en: 'Waiting to ask for another link',
      es: 'Esperando para pedir otro enlace',
      ru: 'Ожидание до новой ссылки',
    },
    'linkSent.canResend': {
      pt: 'Novo link liberado',
      en: 'Another link may be asked for',
      es: 'Se puede pedir otro enlace',
      ru: 'Можно запросить новую ссылку',
    },
    sendingCode: { pt: 'Enviando o código', en: 'Sending the code', es: 'Enviando el código', ru: 'Отправляем код' },
    codeSent: {
      pt: 'Código enviado por e-mail ou SMS',
      en: 'Code sent by email or SMS',
      es: 'Código enviado por correo o SMS',
      ru: 'Код отправлен на почту или по SMS',
    },
    'codeSent.countingDown': {
      pt: 'Aguardando para pedir outro código',
      en: 'Waiting to ask for a new code',
      es: 'Esperando para pedir otro código',
      ru: 'Ожидание до нового кода',
    },
    'codeSent.canResend': { pt: 'Novo código liberado', en: 'A new code may be asked for', es: 'Se puede pedir otro código', ru: 'Можно запросить новый код' },
    resettingByCode: {
      pt: 'Salvando a senha com o código',
      en: 'Setting the password by code',
      es: 'Guardando la contraseña con el código',
      ru: 'Сохраняем пароль по коду',
    },
    checkingLink: { pt: 'Verificando o link', en: 'Checking the link', es: 'Comprobando el enlace', ru: 'Проверяем ссылку' },
    newPassword: { pt: 'Escolha da nova senha', en: 'Choosing the new password', es: 'Elegir la nueva contraseña', ru: 'Выбор нового пароля' },
    resettingByLink: {
      pt: 'Salvando a senha com o link',
      en: 'Setting the password by link',
      es: 'Guardando la contraseña con el enlace',
      ru: 'Сохраняем пароль по ссылке',
    },
    linkUnavailable: {
      pt: 'Este link não está mais disponível',
      en: 'Link no longer available',
      es: 'Este enlace ya no está disponible',
      ru: 'Ссылка больше недоступна',
    },
    done: { pt: 'Senha alterada', en: 'Password changed', es: 'Contraseña cambiada', ru: 'Пароль изменён' },
  },
  events: {
    LINK_REQUESTED: {
      pt: 'O cliente pede um link por e-mail',
      en: 'The customer asks for an emailed link',
      es: 'El cliente pide un enlace por correo',
      ru: 'Клиент запрашивает ссылку на почту',
    },
    CODE_REQUESTED: { pt: 'O cliente pede um código', en: 'The customer asks for a code', es: 'El cliente pide un código', ru: 'Клиент запрашивает код' },
    RESEND_REQUESTED: {
      pt: 'O cliente pede um novo envio',
      en: 'The customer asks for another one',
      es: 'El cliente pide otro envío',
      ru: 'Клиент просит отправить ещё раз',
    },
    CODE_RESET_SUBMITTED: {
      pt: 'O cliente envia o código e a nova senha',
      en: 'The customer submits the code and new password',
      es: 'El cliente envía el código y la nueva contraseña',
      ru: 'Клиент отправляет код и новый пароль',
    },
    LINK_RESET_SUBMITTED: {
      pt: 'O cliente envia a nova senha',
      en: 'The customer submits the new password',
      es: 'El cliente envía la nueva contraseña',
      ru: 'Клиент отправляет новый пароль',
    },
    RESTART: {
      pt: 'O cliente volta ao formulário',
      en: 'The customer goes back to the form',
      es: 'El cliente vuelve al formulario',
      ru: 'Клиент возвращается к форме',
    },
  },
  calls: {
    loadCaptcha: {
      done: {
        pt: 'Chega a verificação de segurança',
        en: 'The security check arrives',
        es: 'Llega el control de seguridad',
        ru: 'Проверка безопасности получена',
      },
      error: {
        pt: 'A verificação não pôde ser carregada',
        en: 'The security check could not be loaded',
        es: 'No se pudo cargar el control de seguridad',
        ru: 'Не удалось загрузить проверку',
      },
    },
    sendLink: {
      done: { pt: 'O link é enviado', en: 'The link is sent', es: 'Se envía el enlace', ru: 'Ссылка отправлена' },
      error: { pt: 'O envio do link falhou', en: 'Sending the link failed', es: 'Falló el envío del enlace', ru: 'Не удалось отправить ссылку' },
    },
    sendCode: {
      done: { pt: 'O código é enviado', en: 'The code is sent', es: 'Se envía el código', ru: 'Код отправлен' },
      error: { pt: 'O envio do código falhou', en: 'Sending the code failed', es: 'Falló el envío del código', ru: 'Не удалось отправить код' },
    },
    resetByCode: {
      done: { pt: 'A nova senha é salva', en: 'The new password is set', es: 'Se guarda la nueva contraseña', ru: 'Новый пароль сохранён' },
      error: { pt: 'A troca de senha falhou', en: 'Setting the password failed', es: 'Falló el cambio de contraseña', ru: 'Не удалось сменить пароль' },
    },
    checkLink: {
      done: { pt: 'O link ainda vale', en: 'The link is still live', es: 'El enlace sigue vigente', ru: 'Ссылка действует' },
      error: {
        pt: 'O link não pôde ser verificado',
        en: 'The link could not be checked',
        es: 'No se pudo comprobar el enlace',
        ru: 'Не удалось проверить ссылку',
      },
    },
    resetByLink: {
      done: { pt: 'A nova senha é salva', en: 'The new password is set', es: 'Se guarda la nueva contraseña', ru: 'Новый пароль сохранён' },
      error: { pt: 'A troca de senha falhou', en: 'Setting the password failed', es: 'Falló el cambio de contraseña', ru: 'Не удалось сменить пароль' },
    },
  },
  rules: {
    hasToken: {
      pt: 'a página veio de um link do e-mail',
      en: 'the page came from an emailed link',
      es: 'la página viene de un enlace del correo',
      ru: 'страница открыта по ссылке из письма',
    },
    isSent: { pt: 'o link ou o código foi enviado', en: 'the link or code was sent', es: 'se envió el enlace o el código', ru: 'ссылка или код отправлены' },
    isLive: { pt: 'o link ainda vale', en: 'the link is still live', es: 'el enlace sigue vigente', ru: 'ссылка ещё действует' },
    isReset: { pt: 'a senha foi redefinida', en: 'the password was reset', es: 'la contraseña se restableció', ru: 'пароль сброшен' },
  },
  timers: {
    resendCountdown: {
      pt: 'ao fim da contagem para novo envio',
      en: 'after the countdown for another one',
      es: 'al terminar la cuenta regresiva',
      ru: 'по окончании обратного отсчёта',
    },
  },
} as const satisfies FlowWords;
