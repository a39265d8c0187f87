import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { selectDevicesView, type DevicesView } from '../../../machines/devices/devices.selectors';
import type { DevicesEvent } from '../../../machines/devices/devices.types';
import { defaultLanguage, languageOfTag } from '../../../core/i18n/languages';
import { shownTimestamp } from '../../components/account-days';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadState } from '../../components/load-state';
import { RefusalNotice } from '../../components/refusal-notice';
import { invalidateAccountInfo, useAccountInfo, type AccountIdentity } from '../../queries/account-queries';
import { useDevices } from '../../queries/flows/devices-flow';
import { useServices } from '../../queries/services-context';

const m = defineMessages({
  devicesTitle: { id: 'account.devicesTitle', defaultMessage: 'Devices', description: 'Heading of the list of the last logins' },
  devicesLead: { id: 'account.devicesLead', defaultMessage: 'The last 5 logins to your account.', description: 'Explains the device list (spec section 2)' },
  noDevices: { id: 'account.noDevices', defaultMessage: 'No login recorded yet.', description: 'Device list: shown when there is no login record' },
  device: { id: 'account.device', defaultMessage: 'Device', description: 'Device list column: the kind of device' },
  model: { id: 'account.model', defaultMessage: 'Model', description: 'Device list column: the device model or browser' },
  ip: { id: 'account.ip', defaultMessage: 'IP address', description: 'Device list column: the IP address of the login' },
  loginTime: { id: 'account.loginTime', defaultMessage: 'Login time', description: 'Device list column: when the login happened' },
  status: {
    id: 'devices.status',
    defaultMessage: 'Status',
    description: 'Device list column: whether that login is still signed in, and the button to sign it out',
  },
  thisDevice: { id: 'devices.thisDevice', defaultMessage: 'This device', description: 'Device list: marks the login of the device the customer is using now' },
  signedIn: { id: 'devices.signedIn', defaultMessage: 'Signed in', description: 'Device list: that login is still signed in' },
  notSignedIn: { id: 'devices.notSignedIn', defaultMessage: 'Signed out', description: 'Device list: that login was signed out or its session ran out' },
  signOutOthers: {
    id: 'devices.signOutOthers',
    defaultMessage: 'Sign out all other devices',
    description: 'Button under the device list: signs out every device of the account except the one in use',
  },
  confirmOthersTitle: {
    id: 'devices.confirmOthersTitle',
    defaultMessage: 'Sign out all other devices?',
    description: 'Title of the dialog confirming that every other device is signed out',
  },
  confirmOthersText: {
    id: 'devices.confirmOthersText',
    defaultMessage: 'Every device except this one will have to log in again.',
    description: 'Text of the dialog confirming that every other device is signed out',
  },
  confirmOneText: {
    id: 'devices.confirmOneText',
    defaultMessage: 'That device will have to log in again to keep watching.',
    description: 'Text of the dialog confirming that one other device is signed out',
  },
  confirm: { id: 'devices.confirm', defaultMessage: 'Sign out', description: 'Confirmation dialog: the button that signs the device(s) out' },
  keep: { id: 'devices.keep', defaultMessage: 'Cancel', description: 'Confirmation dialog: closes it without signing anything out' },
  signingOut: { id: 'devices.signingOut', defaultMessage: 'Signing out…', description: 'Confirmation dialog: shown while the device(s) are being signed out' },
  done: { id: 'devices.done', defaultMessage: 'Signed out.', description: 'Device list: the device(s) were signed out (a polite status)' },
  failed: {
    id: 'devices.failed',
    defaultMessage: 'The device could not be signed out. Nothing changed.',
    description: 'Device list: signing out failed for an unexpected reason',
  },
  retry: { id: 'devices.retry', defaultMessage: 'Try again', description: 'Device list: tries the failed sign-out again' },
});

const signOutOne = defineMessage<{ readonly device: string; readonly time: string }>({
  id: 'devices.signOutOne',
  defaultMessage: 'Sign out {device}, {time}',
  description: "A device row's button, as a screen reader names it: signs out that login (device is e.g. 'Chrome · Windows', time its login time)",
});
const confirmOneTitle = defineMessage<{ readonly device: string }>({
  id: 'devices.confirmOneTitle',
  defaultMessage: 'Sign out {device}?',
  description: "Title of the dialog confirming that one other device is signed out (device is e.g. 'Chrome · Windows')",
});

/** The kinds of device the server names a log-in by (server/auth/devices.ts), in the page's language. */
const deviceKinds = defineMessages({
  Browser: { id: 'account.deviceKind.browser', defaultMessage: 'Browser', description: 'Kind of device of a log-in: a desktop web browser' },
  Phone: { id: 'account.deviceKind.phone', defaultMessage: 'Phone', description: 'Kind of device of a log-in: a mobile phone' },
  Tablet: { id: 'account.deviceKind.tablet', defaultMessage: 'Tablet', description: 'Kind of device of a log-in: a tablet' },
  'TV box': { id: 'account.deviceKind.tvBox', defaultMessage: 'TV box', description: 'Kind of device of a log-in: a set-top box' },
  App: { id: 'account.deviceKind.app', defaultMessage: 'App', description: "Kind of device of a log-in: the service's app" },
});
type DeviceKind = keyof typeof deviceKinds;

type Send = (event: DevicesEvent) => void;

/**
 * Spec section 2: the last 5 logins (device, model, IP), newest first as the server sends them;
 * each other running one can be signed out, or all of them at once (docs/decisions/054).
 */
export function DevicesPanel({ identity }: { identity: AccountIdentity }) {
  const intl = useIntl();
  const { queries } = useServices();
  const info = useAccountInfo(identity, languageOfTag(intl.locale) ?? defaultLanguage);
  const actor = useDevices();
  const view = useSelector(actor, selectDevicesView);
  const send: Send = actor.send;
  const devices = info.status === 'success' ? info.data.userDevice.slice(0, 5) : [];
  // Another running session, listed or older than the list: the way to end them all.
  const othersRunning = info.status === 'success' && (info.data.deviceSessions > 1 || devices.some((d) => d.active && !d.current));

  // Signed out, or refused because it already was: the list is read again to show where it stands,
  // before the next paint, so no row offers to sign out a device that no longer is signed in.
  const { uid } = identity;
  useLayoutEffect(() => {
    if (view.answered) invalidateAccountInfo(queries, uid);
  }, [view.answered, view.status, queries, uid]);
  // The opener's row is redrawn with the list: the answer takes focus, so the keyboard stays here.
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (view.status === 'done') doneRef.current?.focus();
  }, [view.status]);

  return (
    <section className="panel account-devices" aria-labelledby="devices-title" aria-busy={view.busy}>
      <h2 id="devices-title">{intl.formatMessage(m.devicesTitle)}</h2>
      <p className="muted">{intl.formatMessage(m.devicesLead)}</p>
      <p ref={doneRef} role="status" tabIndex={-1} className={view.status === 'done' ? 'notice notice-success' : undefined}>
        {view.status === 'done' ? intl.formatMessage(m.done) : null}
      </p>
      {view.status === 'refused' && <RefusalNotice code={view.message} takeFocus />}
      {view.status === 'failure' && (
        <div className="notice notice-warning" role="alert">
          <p>{intl.formatMessage(m.failed)}</p>
          <div className="actions">
            <button type="button" className="button" onClick={() => send({ type: 'RETRY_REQUESTED' })}>
              {intl.formatMessage(m.retry)}
            </button>
          </div>
        </div>
      )}
      {info.status !== 'success' ? (
        <LoadState status={info.status} onRetry={info.retry} />
      ) : devices.length === 0 ? (
        <p>{intl.formatMessage(m.noDevices)}</p>
      ) : (
        <table className="devices">
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.device)}</th>
              <th scope="col">{intl.formatMessage(m.model)}</th>
              <th scope="col">{intl.formatMessage(m.ip)}</th>
              <th scope="col">{intl.formatMessage(m.loginTime)}</th>
              <th scope="col">{intl.formatMessage(m.status)}</th>
            </tr>
          </thead>
          <tbody>
            {devices.map((d) => {
              const at = shownTimestamp(d.time);
              const time = at === null ? '' : intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });
              return (
                <tr key={d.id} className={d.current ? 'device-current' : undefined}>
                  <td data-label={intl.formatMessage(m.device)}>
                    {Object.hasOwn(deviceKinds, d.device) ? intl.formatMessage(deviceKinds[d.device as DeviceKind]) : d.device}
                  </td>
                  <td data-label={intl.formatMessage(m.model)}>{d.model}</td>
                  <td data-label={intl.formatMessage(m.ip)} className="ip">
                    {d.ip}
                  </td>
                  <td data-label={intl.formatMessage(m.loginTime)}>{time}</td>
                  <td data-label={intl.formatMessage(m.status)}>
                    {d.current ? (
                      <strong className="badge">{intl.formatMessage(m.thisDevice)}</strong>
                    ) : d.active ? (
                      <div className="device-status">
                        <span>{intl.formatMessage(m.signedIn)}</span>
                        <button
                          type="button"
                          className="button button-secondary"
                          aria-label={intl.formatMessage(signOutOne, { device: d.model, time })}
                          disabled={!view.canRequest}
                          onClick={() => send({ type: 'SIGN_OUT_REQUESTED', id: d.id, label: d.model })}
                        >
                          {intl.formatMessage(m.confirm)}
                        </button>
                      </div>
                    ) : (
                      <span className="muted">{intl.formatMessage(m.notSignedIn)}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {othersRunning && (
        <div className="actions">
          <button type="button" className="button button-secondary" disabled={!view.canRequest} onClick={() => send({ type: 'SIGN_OUT_OTHERS_REQUESTED' })}>
            {intl.formatMessage(m.signOutOthers)}
          </button>
        </div>
      )}
      {view.dialogOpen && <ConfirmSignOut view={view} send={send} />}
    </section>
  );
}

function ConfirmSignOut({ view, send }: { view: DevicesView; send: Send }) {
  const intl = useIntl();
  const one = view.target?.kind === 'one' ? view.target : null;
  return (
    <ConfirmDialog
      id="devices-confirm"
      title={one ? intl.formatMessage(confirmOneTitle, { device: one.label }) : intl.formatMessage(m.confirmOthersTitle)}
      text={intl.formatMessage(one ? m.confirmOneText : m.confirmOthersText)}
      confirmLabel={intl.formatMessage(m.confirm)}
      cancelLabel={intl.formatMessage(m.keep)}
      busy={view.status === 'signingOut'}
      busyText={intl.formatMessage(m.signingOut)}
      onConfirm={() => send({ type: 'SIGN_OUT_CONFIRMED' })}
      onCancel={() => send({ type: 'SIGN_OUT_DISMISSED' })}
    />
  );
}
