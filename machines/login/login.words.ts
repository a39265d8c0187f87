// The log-in in the customer's and the owner's words (machines/flow-words.ts, docs/decisions/071).
import type { FlowWords } from '../flow-words';

export const words = {
  states: {
    entering: { pt: 'Abrindo o login', en: 'Opening the log-in', es: 'Abriendo el inicio de sesión', ru: 'Открытие страницы входа' },
    loggingInWithToken: {
      pt: 'Entrando pela TV ou app',
      en: 'Logging in from the TV or app',
      es: 'Iniciando sesión desde la TV o la app',
      ru: 'Вход с ТВ или из приложения',
    },
    loadingConfig: {
      pt: 'Preparando o formulário de login',
      en: 'Preparing the log-in form',
      es: 'Preparando el formulario de inicio de sesión',
      ru: 'Готовим форму входа',
    },
    form: { pt: 'Página de login', en: 'Log-in page', es: 'Página de inicio de sesión', ru: 'Страница входа' },
    'form.choosingTab': {
      pt: 'Abrindo a aba lembrada',
      en: 'Opening the remembered tab',
      es: 'Abriendo la pestaña recordada',
      ru: 'Открываем запомненную вкладку',
    },
    'form.passwordTab': { pt: 'Entrar com senha', en: 'Log in with a password', es: 'Iniciar sesión con contraseña', ru: 'Вход по паролю' },
    'form.passwordTab.editing': {
      pt: 'Digitando conta e senha',
      en: 'Typing account and password',
      es: 'Escribiendo cuenta y contraseña',
      ru: 'Ввод аккаунта и пароля',
    },
    'form.passwordTab.loggingIn': { pt: 'Verificando a senha', en: 'Checking the password', es: 'Verificando la contraseña', ru: 'Проверяем пароль' },
    'form.passwordTab.loadingCaptcha': {
      pt: 'Carregando a verificação de segurança',
      en: 'Loading the security check',
      es: 'Cargando el control de seguridad',
      ru: 'Загружаем проверку безопасности',
    },
    'form.passwordTab.captchaShown': {
      pt: 'Verificação de segurança na tela',
      en: 'Security check shown',
      es: 'Control de seguridad en pantalla',
      ru: 'Показана проверка безопасности',
    },
    'form.codeTab': { pt: 'Login rápido com código', en: 'Fast login with a code', es: 'Acceso rápido con código', ru: 'Быстрый вход по коду' },
    'form.codeTab.editing': {
      pt: 'Digitando e-mail ou telefone',
      en: 'Typing email or phone',
      es: 'Escribiendo correo o teléfono',
      ru: 'Ввод почты или телефона',
    },
    'form.codeTab.sendingCode': { pt: 'Enviando o código', en: 'Sending the code', es: 'Enviando el código', ru: 'Отправляем код' },
    'form.codeTab.loadingCaptcha': {
      pt: 'Carregando a verificação de segurança',
      en: 'Loading the security check',
      es: 'Cargando el control de seguridad',
      ru: 'Загружаем проверку безопасности',
    },
    'form.codeTab.captchaShown': {
      pt: 'Verificação de segurança na tela',
      en: 'Security check shown',
      es: 'Control de seguridad en pantalla',
      ru: 'Показана проверка безопасности',
    },
    'form.codeTab.codeDialog': { pt: 'Digite seu código', en: 'Enter your code', es: 'Ingresa tu código', ru: 'Введите код' },
    'form.codeTab.codeDialog.countingDown': {
      pt: 'Aguardando para pedir outro código',
      en: 'Waiting to ask for a new code',
      es: 'Esperando para pedir otro código',
      ru: 'Ожидание до нового кода',
    },
    'form.codeTab.codeDialog.canResend': {
      pt: 'Novo código liberado',
      en: 'A new code may be asked for',
      es: 'Se puede pedir otro código',
      ru: 'Можно запросить новый код',
    },
    'form.codeTab.verifyingCode': { pt: 'Verificando o código', en: 'Checking the code', es: 'Verificando el código', ru: 'Проверяем код' },
    'form.loggingInWithGoogle': {
      pt: 'Verificando a conta Google',
      en: 'Checking the Google account',
      es: 'Verificando la cuenta de Google',
      ru: 'Проверяем аккаунт Google',
    },
    'form.offeringGoogleSignup': {
      pt: 'Oferta de criar conta com o Google',
      en: 'Offer to sign up with Google',
      es: 'Oferta de crear cuenta con Google',
      ru: 'Предложение создать учётную запись через Google',
    },
    'form.signingUpWithGoogle': {
      pt: 'Criando a conta com o Google',
      en: 'Creating the account with Google',
      es: 'Creando la cuenta con Google',
      ru: 'Создаём учётную запись через Google',
    },
    'form.notVerified': {
      pt: 'Conta ainda não confirmada',
      en: 'Account not confirmed yet',
      es: 'Cuenta aún no confirmada',
      ru: 'Учётная запись не подтверждена',
    },
    'form.locked': {
      pt: 'Conta bloqueada por um tempo',
      en: 'Account locked for a while',
      es: 'Cuenta bloqueada por un tiempo',
      ru: 'Вход временно заблокирован',
    },
    'form.blocked': { pt: 'Login bloqueado', en: 'Login blocked', es: 'Inicio de sesión bloqueado', ru: 'Вход для учётной записи запрещён' },
    loggedIn: { pt: 'Cliente conectado', en: 'Customer logged in', es: 'Sesión iniciada', ru: 'Вход выполнен' },
    leftForNotice: {
      pt: 'Não foi possível entrar pela TV',
      en: 'Could not log in on the TV',
      es: 'No se pudo iniciar sesión en la TV',
      ru: 'Не удалось войти на телевизоре',
    },
  },
  events: {
    TAB_CHOSEN: { pt: 'O cliente escolhe uma aba', en: 'The customer picks a tab', es: 'El cliente elige una pestaña', ru: 'Клиент выбирает вкладку' },
    PASSWORD_SUBMITTED: {
      pt: 'O cliente envia conta e senha',
      en: 'The customer submits account and password',
      es: 'El cliente envía cuenta y contraseña',
      ru: 'Клиент отправляет аккаунт и пароль',
    },
    CODE_REQUESTED: { pt: 'O cliente pede um código', en: 'The customer asks for a code', es: 'El cliente pide un código', ru: 'Клиент запрашивает код' },
    CODE_SUBMITTED: { pt: 'O cliente digita o código', en: 'The customer types the code', es: 'El cliente ingresa el código', ru: 'Клиент вводит код' },
    CODE_RESEND_REQUESTED: {
      pt: 'O cliente pede um novo código',
      en: 'The customer asks for a new code',
      es: 'El cliente pide un código nuevo',
      ru: 'Клиент запрашивает новый код',
    },
    CODE_DIALOG_CLOSED: {
      pt: 'O cliente fecha a janela do código',
      en: 'The customer closes the code dialog',
      es: 'El cliente cierra la ventana del código',
      ru: 'Клиент закрывает окно с кодом',
    },
    GOOGLE_CREDENTIAL_RECEIVED: {
      pt: 'O cliente continua com o Google',
      en: 'The customer continues with Google',
      es: 'El cliente continúa con Google',
      ru: 'Клиент входит через Google',
    },
    GOOGLE_SIGNUP_CONFIRMED: {
      pt: 'O cliente aceita os termos e cria a conta',
      en: 'The customer accepts the terms and creates the account',
      es: 'El cliente acepta los términos y crea la cuenta',
      ru: 'Клиент принимает условия и создаёт учётную запись',
    },
    GOOGLE_SIGNUP_CANCELLED: {
      pt: 'O cliente não cria a conta',
      en: 'The customer declines the account',
      es: 'El cliente no crea la cuenta',
      ru: 'Клиент отказывается создавать учётную запись',
    },
    NOTICE_DISMISSED: {
      pt: 'O cliente fecha o aviso',
      en: 'The customer leaves the notice',
      es: 'El cliente cierra el aviso',
      ru: 'Клиент закрывает уведомление',
    },
  },
  calls: {
    tokenLogin: {
      done: { pt: 'O token é aceito', en: 'The token is accepted', es: 'Se acepta el token', ru: 'Токен принят' },
      error: { pt: 'O login pelo token falhou', en: 'Logging in by token failed', es: 'Falló el inicio de sesión con token', ru: 'Вход по токену не удался' },
    },
    loadConfig: {
      done: { pt: 'Chegam as configurações do site', en: "The site's settings arrive", es: 'Llega la configuración del sitio', ru: 'Настройки сайта получены' },
      error: {
        pt: 'Sem configurações: valores padrão',
        en: 'No settings: the defaults apply',
        es: 'Sin configuración: valores por defecto',
        ru: 'Настроек нет, берутся стандартные',
      },
    },
    passwordLogin: {
      done: { pt: 'O servidor aceita a senha', en: 'The server accepts the password', es: 'El servidor acepta la contraseña', ru: 'Сервер принимает пароль' },
      error: {
        pt: 'O servidor não pôde ser contatado',
        en: 'The server could not be reached',
        es: 'No se pudo contactar al servidor',
        ru: 'Сервер недоступен',
      },
    },
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
    sendCode: {
      done: { pt: 'O código é enviado', en: 'The code is sent', es: 'Se envía el código', ru: 'Код отправлен' },
      error: { pt: 'O envio do código falhou', en: 'Sending the code failed', es: 'Falló el envío del código', ru: 'Не удалось отправить код' },
    },
    codeLogin: {
      done: { pt: 'O servidor aceita o código', en: 'The server accepts the code', es: 'El servidor acepta el código', ru: 'Сервер принимает код' },
      error: { pt: 'A verificação do código falhou', en: 'Checking the code failed', es: 'Falló la verificación del código', ru: 'Не удалось проверить код' },
    },
    googleLogin: {
      done: {
        pt: 'O Google identifica o cliente',
        en: 'Google identifies the customer',
        es: 'Google identifica al cliente',
        ru: 'Google подтверждает клиента',
      },
      error: {
        pt: 'O login com o Google falhou',
        en: 'Logging in with Google failed',
        es: 'Falló el inicio de sesión con Google',
        ru: 'Вход через Google не удался',
      },
    },
    googleSignup: {
      done: {
        pt: 'A conta é criada com o Google',
        en: 'The account is created with Google',
        es: 'Se crea la cuenta con Google',
        ru: 'Учётная запись создана через Google',
      },
      error: {
        pt: 'A criação da conta falhou',
        en: 'Creating the account failed',
        es: 'Falló la creación de la cuenta',
        ru: 'Не удалось создать учётную запись',
      },
    },
  },
  rules: {
    hasEntranceToken: {
      pt: 'a TV ou o app trouxe um token',
      en: 'the TV box or app brought a token',
      es: 'la TV o la app trajo un token',
      ru: 'ТВ или приложение передали токен',
    },
    isLoggedIn: { pt: 'o cliente entrou', en: 'the customer is logged in', es: 'el cliente inició sesión', ru: 'вход выполнен' },
    isStbScene: { pt: 'o cliente está na TV', en: 'the customer is on the TV box', es: 'el cliente está en la TV', ru: 'клиент на ТВ-приставке' },
    isCodeTabChosen: {
      pt: 'escolheu o login rápido oferecido',
      en: 'fast login is chosen and offered',
      es: 'eligió el acceso rápido ofrecido',
      ru: 'выбран доступный быстрый вход',
    },
    isCodeTabActive: {
      pt: 'a aba lembrada é o login rápido',
      en: 'the remembered tab is fast login',
      es: 'la pestaña recordada es el acceso rápido',
      ru: 'запомнен быстрый вход',
    },
    hasGoogle: {
      pt: 'o login com o Google é oferecido',
      en: 'Google sign-in is offered',
      es: 'se ofrece el acceso con Google',
      ru: 'вход через Google доступен',
    },
    isSent: { pt: 'o código foi enviado', en: 'the code was sent', es: 'el código se envió', ru: 'код отправлен' },
  },
  timers: {
    resendCountdown: {
      pt: 'ao fim da contagem para novo código',
      en: 'after the countdown for a new code',
      es: 'al terminar la cuenta regresiva',
      ru: 'по окончании обратного отсчёта',
    },
  },
} as const satisfies FlowWords;
