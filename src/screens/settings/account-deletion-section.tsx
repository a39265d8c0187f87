import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { AccountDeletionView } from '../../../machines/account-deletion/account-deletion.selectors';
import type { AccountDeletionEvent } from '../../../machines/account-deletion/account-deletion.types';
import { validationMessages } from '../../../core/i18n/validation-messages';
import { refusalMessage } from '../../components/refusal-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fieldA11y } from '../../components/form-field';
import { RefusalNotice } from '../../components/refusal-notice';
import { useAccountDeletion } from '../../queries/flows/account-deletion-flow';

const m = defineMessages({
  title: { id: 'accountDeletion.title', defaultMessage: 'Delete my account', description: 'Settings: heading of the section that deletes the account' },
  lead: {
    id: 'accountDeletion.lead',
    defaultMessage: 'Deleting your account cannot be undone. Download your data first if you want to keep it.',
    description: 'Settings: warning under "Delete my account" (docs/decisions/061)',
  },
  request: { id: 'accountDeletion.request', defaultMessage: 'Delete my account', description: 'Settings: button that opens the account deletion dialog' },
  dialogTitle: {
    id: 'accountDeletion.dialogTitle',
    defaultMessage: 'Delete your account?',
    description: 'Title of the dialog that confirms the account deletion',
  },
  what: {
    id: 'accountDeletion.what',
    defaultMessage: 'This is what happens at once:',
    description: 'Account deletion dialog: before the list of what happens',
  },
  sessions: {
    id: 'accountDeletion.sessions',
    defaultMessage: 'Every device, this one included, is signed out.',
    description: 'Account deletion dialog: every session ends',
  },
  renewal: {
    id: 'accountDeletion.renewal',
    defaultMessage: 'Automatic renewal is cancelled and your plan ends.',
    description: 'Account deletion dialog: the renewal is cancelled',
  },
  erased: {
    id: 'accountDeletion.erased',
    defaultMessage: 'Your name, e-mail, phone, devices, saved cards, consents and messages are erased.',
    description: 'Account deletion dialog: the personal data is erased',
  },
  orders: {
    id: 'accountDeletion.orders',
    defaultMessage: 'Your orders are kept without your name or contacts, only as tax law requires.',
    description: 'Account deletion dialog: orders are kept anonymised (docs/decisions/061)',
  },
  email: {
    id: 'accountDeletion.email',
    defaultMessage: 'We send you an e-mail confirming it.',
    description: 'Account deletion dialog: a confirmation e-mail is sent',
  },
  password: { id: 'accountDeletion.password', defaultMessage: 'Your password', description: 'Account deletion dialog: label of the password field' },
  confirm: { id: 'accountDeletion.confirm', defaultMessage: 'Delete my account', description: 'Account deletion dialog: the button that deletes the account' },
  keep: { id: 'accountDeletion.keep', defaultMessage: 'Keep my account', description: 'Account deletion dialog: closes it without deleting anything' },
  deleting: {
    id: 'accountDeletion.deleting',
    defaultMessage: 'Deleting your account…',
    description: 'Account deletion dialog: shown while the account is being deleted',
  },
  failed: {
    id: 'accountDeletion.failed',
    defaultMessage: 'Your account could not be deleted. Nothing changed; please try again.',
    description: 'Settings: deleting the account failed for an unexpected reason',
  },
});

type Send = (event: AccountDeletionEvent) => void;

/** "Delete my account" (docs/decisions/061): a dialog with what will happen and the password. */
export function AccountDeletionSection() {
  const intl = useIntl();
  const { view, send } = useAccountDeletion();
  return (
    <section className="card stack" aria-labelledby="account-deletion-title" aria-busy={view.busy}>
      <h2 id="account-deletion-title">{intl.formatMessage(m.title)}</h2>
      <p className="muted">{intl.formatMessage(m.lead)}</p>
      {view.status === 'refused' && <RefusalNotice code={view.message} takeFocus />}
      {view.status === 'failure' && (
        <p className="notice notice-warning" role="alert">
          {intl.formatMessage(m.failed)}
        </p>
      )}
      <div className="actions">
        <button type="button" className="button button-danger" disabled={!view.canRequest} onClick={() => send({ type: 'DELETE_REQUESTED' })}>
          {intl.formatMessage(m.request)}
        </button>
      </div>
      {view.dialogOpen && <ConfirmDeletion view={view} send={send} />}
    </section>
  );
}

function ConfirmDeletion({ view, send }: { view: AccountDeletionView; send: Send }) {
  const intl = useIntl();
  const [password, setPassword] = useState('');
  const [empty, setEmpty] = useState(false);
  const deleting = view.status === 'deleting';
  // A wrong password is said under the field it concerns; an empty one before asking the server.
  const error = empty
    ? intl.formatMessage(validationMessages.currentPasswordRequired)
    : view.status === 'confirming' && view.message !== null
      ? intl.formatMessage(refusalMessage(intl, view.message))
      : undefined;
  const submit = () => {
    if (!password) return setEmpty(true);
    send({ type: 'DELETE_CONFIRMED', password });
  };
  return (
    <ConfirmDialog
      id="account-deletion-dialog"
      title={intl.formatMessage(m.dialogTitle)}
      text={
        <>
          <p>{intl.formatMessage(m.what)}</p>
          <ul>
            <li>{intl.formatMessage(m.sessions)}</li>
            <li>{intl.formatMessage(m.renewal)}</li>
            <li>{intl.formatMessage(m.erased)}</li>
            <li>{intl.formatMessage(m.orders)}</li>
            <li>{intl.formatMessage(m.email)}</li>
          </ul>
        </>
      }
      fields={
        <label className="field" htmlFor="account-deletion-password">
          <span>{intl.formatMessage(m.password)}</span>
          <input
            type="password"
            autoComplete="current-password"
            maxLength={128}
            value={password}
            disabled={deleting}
            {...fieldA11y('account-deletion-password', error)}
            onChange={(event) => {
              setPassword(event.target.value);
              setEmpty(false);
            }}
          />
          {error && (
            <span id="account-deletion-password-error" className="field-error" role="alert">
              {error}
            </span>
          )}
        </label>
      }
      confirmLabel={intl.formatMessage(m.confirm)}
      cancelLabel={intl.formatMessage(m.keep)}
      busy={deleting}
      busyText={intl.formatMessage(m.deleting)}
      danger
      onConfirm={submit}
      onCancel={() => send({ type: 'DELETE_DISMISSED' })}
    />
  );
}
