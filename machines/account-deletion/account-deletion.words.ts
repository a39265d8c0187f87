// The account deletion in the customer's and the owner's words (machines/flow-words.ts, docs/decisions/071).
import type { FlowWords } from '../flow-words';

export const words = {
  states: {
    idle: { pt: 'Excluir minha conta', en: 'Delete my account', es: 'Eliminar mi cuenta', ru: 'Удалить учётную запись' },
    confirming: { pt: 'Confirmação com a senha', en: 'Confirming with the password', es: 'Confirmación con la contraseña', ru: 'Подтверждение паролем' },
    deleting: { pt: 'Excluindo a conta', en: 'Deleting the account', es: 'Eliminando la cuenta', ru: 'Учётная запись удаляется' },
    refused: { pt: 'Exclusão ainda não permitida', en: 'Deletion not allowed yet', es: 'Eliminación aún no permitida', ru: 'Удалить пока нельзя' },
    failure: {
      pt: 'Não foi possível excluir a conta',
      en: 'The account could not be deleted',
      es: 'No se pudo eliminar la cuenta',
      ru: 'Не удалось удалить учётную запись',
    },
    deleted: { pt: 'Conta excluída', en: 'Account deleted', es: 'Cuenta eliminada', ru: 'Учётная запись удалена' },
  },
  events: {
    DELETE_REQUESTED: {
      pt: 'O cliente pede para excluir a conta',
      en: 'The customer asks to delete the account',
      es: 'El cliente pide eliminar la cuenta',
      ru: 'Клиент просит удалить учётную запись',
    },
    DELETE_CONFIRMED: {
      pt: 'O cliente confirma com a senha',
      en: 'The customer confirms with the password',
      es: 'El cliente confirma con la contraseña',
      ru: 'Клиент подтверждает паролем',
    },
    DELETE_DISMISSED: {
      pt: 'O cliente mantém a conta',
      en: 'The customer keeps the account',
      es: 'El cliente conserva la cuenta',
      ru: 'Клиент оставляет учётную запись',
    },
  },
  calls: {
    deleteAccount: {
      done: { pt: 'A conta é excluída', en: 'The account is deleted', es: 'La cuenta se elimina', ru: 'Учётная запись удалена' },
      error: {
        pt: 'A exclusão falhou inesperadamente',
        en: 'Deleting failed unexpectedly',
        es: 'La eliminación falló inesperadamente',
        ru: 'Удаление неожиданно не удалось',
      },
    },
  },
  rules: {},
  timers: {},
} as const satisfies FlowWords;
