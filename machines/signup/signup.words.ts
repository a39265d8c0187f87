// The sign-up in the customer's and the owner's words (machines/flow-words.ts, docs/decisions/071).
import type { FlowWords } from '../flow-words';

export const words = {
  states: {
    editing: { pt: 'Formulário de cadastro', en: 'Sign-up form', es: 'Formulario de registro', ru: 'Форма регистрации' },
    signingUp: { pt: 'Criando a conta', en: 'Creating the account', es: 'Creando la cuenta', ru: 'Создаём учётную запись' },
    accountExists: { pt: 'A conta já existe', en: 'Account already exists', es: 'La cuenta ya existe', ru: 'Учётная запись уже существует' },
    awaitingConfirmation: {
      pt: 'Link de confirmação enviado',
      en: 'Confirmation link sent',
      es: 'Enlace de confirmación enviado',
      ru: 'Ссылка для подтверждения отправлена',
    },
    signedUp: {
      pt: 'Conta criada, cliente conectado',
      en: 'Account created, logged in',
      es: 'Cuenta creada, sesión iniciada',
      ru: 'Учётная запись создана, вход выполнен',
    },
  },
  events: {
    SIGNUP_SUBMITTED: {
      pt: 'O cliente envia o cadastro',
      en: 'The customer submits the sign-up form',
      es: 'El cliente envía el registro',
      ru: 'Клиент отправляет форму регистрации',
    },
    NOTICE_DISMISSED: {
      pt: 'O cliente usa outro e-mail ou telefone',
      en: 'The customer uses another email or phone',
      es: 'El cliente usa otro correo o teléfono',
      ru: 'Клиент указывает другую почту или телефон',
    },
  },
  calls: {
    signup: {
      done: { pt: 'A conta é criada', en: 'The account is created', es: 'Se crea la cuenta', ru: 'Учётная запись создана' },
      error: {
        pt: 'O cadastro falhou inesperadamente',
        en: 'Sign-up failed unexpectedly',
        es: 'El registro falló inesperadamente',
        ru: 'Регистрация неожиданно не удалась',
      },
    },
  },
  rules: {
    isConfirmationSent: {
      pt: 'um link de confirmação foi enviado',
      en: 'a confirmation link was sent',
      es: 'se envió un enlace de confirmación',
      ru: 'отправлена ссылка для подтверждения',
    },
    isSignedUp: {
      pt: 'a conta por telefone já está ativa',
      en: 'the phone account works at once',
      es: 'la cuenta por teléfono ya funciona',
      ru: 'учётная запись по телефону сразу активна',
    },
  },
  timers: {},
} as const satisfies FlowWords;
