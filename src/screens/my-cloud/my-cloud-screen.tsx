import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router-dom';
import { selectSessionView } from '../../../machines/session/session.selectors';
import { Dialog } from '../../components/dialog';
import { useLayoutContext } from '../../components/layout-context';
import { LoadState } from '../../components/load-state';
import { usePageTitle } from '../../components/use-page-title';
import { invalidateAccount } from '../../queries/account-queries';
import { CLOUD_PAGE_SIZE, useCloudStorage, useDeleteRecording, type CloudRecording, type CloudStorage } from '../../queries/cloud-queries';
import { useServices } from '../../queries/services-context';
import './my-cloud.css';

const m = defineMessages({
  title: { id: 'myCloud.title', defaultMessage: 'My cloud', description: 'Title of the cloud recordings page' },
  lead: {
    id: 'myCloud.lead',
    defaultMessage: 'Programmes you recorded with the TV app are kept here, in the cloud. Watch them on the TV app; free space here.',
    description: 'Introduction of the cloud recordings page',
  },
  storage: { id: 'myCloud.storage', defaultMessage: 'Storage', description: 'Heading of the storage (quota) section' },
  meterLabel: { id: 'myCloud.meterLabel', defaultMessage: 'Recording time used', description: 'Accessible name of the storage meter' },
  noPlan: {
    id: 'myCloud.noPlan',
    defaultMessage: 'Your account has no plan, so the TV app cannot record to the cloud. Every plan includes hours of cloud recordings.',
    description: 'My cloud for an account without a running plan',
  },
  seePlans: { id: 'myCloud.seePlans', defaultMessage: 'See the plans', description: 'Link from my cloud to the pricing table' },
  full: {
    id: 'myCloud.full',
    defaultMessage: 'Your recordings take all the time your plan keeps. The TV app records nothing new until you delete some.',
    description: 'My cloud when the recordings use the whole quota or more',
  },
  recordings: { id: 'myCloud.recordings', defaultMessage: 'Recordings', description: 'Heading of the list of recordings' },
  empty: {
    id: 'myCloud.empty',
    defaultMessage: 'No recordings yet. Record a programme from the TV app and it shows here.',
    description: 'My cloud when the account has no recordings',
  },
  channel: { id: 'myCloud.channel', defaultMessage: 'Channel', description: 'Label of a recording’s channel' },
  recorded: { id: 'myCloud.recorded', defaultMessage: 'Recorded', description: 'Label of when a recording was made' },
  duration: { id: 'myCloud.duration', defaultMessage: 'Length', description: 'Label of a recording’s duration' },
  size: { id: 'myCloud.size', defaultMessage: 'Size', description: 'Label of a recording’s file size' },
  keptUntil: { id: 'myCloud.keptUntil', defaultMessage: 'Kept until', description: 'Label of the date a recording is deleted by itself' },
  delete: { id: 'myCloud.delete', defaultMessage: 'Delete', description: 'Button that deletes a recording (after a confirmation)' },
  cancel: { id: 'myCloud.cancel', defaultMessage: 'Cancel', description: 'Button that closes the delete confirmation without deleting' },
  confirmTitle: { id: 'myCloud.confirmTitle', defaultMessage: 'Delete this recording?', description: 'Title of the delete confirmation dialog' },
  deleted: { id: 'myCloud.deleted', defaultMessage: 'The recording was deleted.', description: 'Shown after a recording was deleted' },
  previous: { id: 'myCloud.previous', defaultMessage: 'Previous', description: 'Button to the previous page of recordings' },
  next: { id: 'myCloud.next', defaultMessage: 'Next', description: 'Button to the next page of recordings' },
  pages: { id: 'myCloud.pages', defaultMessage: 'Pages of recordings', description: 'Accessible name of the recordings pager' },
});

const usedOfTotal = defineMessage<{ readonly used: string; readonly total: string }>({
  id: 'myCloud.usedOfTotal',
  defaultMessage: '{used} of {total} used',
  description: 'Recording time used against the plan’s quota, e.g. "6.5 hours of 100 hours used"',
});
const usedOnly = defineMessage<{ readonly used: string }>({
  id: 'myCloud.usedOnly',
  defaultMessage: '{used} of recordings kept',
  description: 'Recording time kept by an account without a quota, e.g. "6.5 hours of recordings kept"',
});
const planKeeps = defineMessage<{ readonly plan: string; readonly total: string }>({
  id: 'myCloud.planKeeps',
  defaultMessage: 'Your plan {plan} keeps {total} of recordings.',
  description: 'Names the plan that gives the quota and its size',
});
const takesSpace = defineMessage<{ readonly size: string; readonly count: number }>({
  id: 'myCloud.takesSpace',
  defaultMessage: '{count, plural, one {# recording, {size}} other {# recordings, {size}}}',
  description: 'How many recordings the account keeps and their total size, e.g. "6 recordings, 9.7 GB"',
});
const deleteNamed = defineMessage<{ readonly title: string }>({
  id: 'myCloud.deleteNamed',
  defaultMessage: 'Delete {title}',
  description: 'Accessible name of the delete button of one recording',
});
const confirmText = defineMessage<{ readonly title: string; readonly channel: string; readonly size: string }>({
  id: 'myCloud.confirmText',
  defaultMessage: '“{title}” ({channel}) will be removed from your cloud and {size} freed. This cannot be undone.',
  description: 'Text of the delete confirmation dialog',
});
const pageOf = defineMessage<{ readonly page: number; readonly pages: number }>({
  id: 'myCloud.pageOf',
  defaultMessage: 'Page {page} of {pages}',
  description: 'Where the recordings pager is',
});

/** Hours with at most one decimal, in the page language ("6.5 hours", "6,5 horas", "6,5 часа"). */
const formatHours = (intl: IntlShape, seconds: number) =>
  intl.formatNumber(seconds / 3600, { style: 'unit', unit: 'hour', unitDisplay: 'long', maximumFractionDigits: 1 });

/** A length as hours and minutes ("1 h 48 min"), with Intl's units in the page language. */
function formatDuration(intl: IntlShape, seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const min = minutes % 60;
  const hours = intl.formatNumber(h, { style: 'unit', unit: 'hour', unitDisplay: 'short' });
  const mins = intl.formatNumber(min, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
  return h === 0 ? mins : min === 0 ? hours : `${hours} ${mins}`;
}

/** Bytes in decimal units (GB under a terabyte, MB under a gigabyte), one decimal at most. */
function formatSize(intl: IntlShape, bytes: number): string {
  const [unit, divisor] = bytes >= 1e12 ? (['terabyte', 1e12] as const) : bytes >= 1e9 ? (['gigabyte', 1e9] as const) : (['megabyte', 1e6] as const);
  return intl.formatNumber(bytes / divisor, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
}

/** My cloud (spec section 2, "other labelled screens"; docs/decisions/023): the account's cloud recordings. */
export function MyCloudScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const { session } = useServices();
  const uid = useSelector(session, (s) => selectSessionView(s).identity?.uid);
  return (
    <section className="page my-cloud-page" aria-labelledby="my-cloud-title">
      <h1 id="my-cloud-title">{intl.formatMessage(m.title)}</h1>
      <p className="lead">{intl.formatMessage(m.lead)}</p>
      {uid && <Cloud uid={uid} />}
    </section>
  );
}

function Cloud({ uid }: { uid: string }) {
  const { language } = useLayoutContext();
  const [page, setPage] = useState(1);
  const [deleted, setDeleted] = useState(false);
  const cloud = useCloudStorage(uid, language, page);
  if (cloud.status !== 'success') return <LoadState status={cloud.status} onRetry={cloud.retry} />;
  const pages = Math.max(1, Math.ceil(cloud.data.total / CLOUD_PAGE_SIZE));
  // A delete that emptied the last page goes back one.
  if (page > pages) {
    setPage(pages);
    return null;
  }
  return (
    <>
      <Storage data={cloud.data} />
      <Recordings uid={uid} data={cloud.data} page={page} pages={pages} onPage={setPage} deleted={deleted} onDeleted={() => setDeleted(true)} />
    </>
  );
}

function Storage({ data }: { data: CloudStorage }) {
  const intl = useIntl();
  const used = formatHours(intl, data.usedSeconds);
  const total = formatHours(intl, data.quotaSeconds);
  const hasQuota = data.quotaSeconds > 0;
  return (
    <section className="cloud-card stack" aria-labelledby="cloud-storage">
      <h2 id="cloud-storage">{intl.formatMessage(m.storage)}</h2>
      {hasQuota ? (
        <>
          <div className="cloud-meter">
            <meter
              id="cloud-meter"
              min={0}
              max={data.quotaSeconds}
              value={Math.min(data.usedSeconds, data.quotaSeconds)}
              low={data.quotaSeconds * 0.75}
              high={data.quotaSeconds * 0.9}
              optimum={0}
              aria-label={intl.formatMessage(m.meterLabel)}
              aria-describedby="cloud-meter-text"
            />
            <p id="cloud-meter-text" className="cloud-meter-text">
              {intl.formatMessage(usedOfTotal, { used, total })}
            </p>
          </div>
          <p className="muted small">{intl.formatMessage(takesSpace, { count: data.total, size: formatSize(intl, data.usedBytes) })}</p>
          {data.planName && <p className="muted small">{intl.formatMessage(planKeeps, { plan: data.planName, total })}</p>}
          {data.usedSeconds >= data.quotaSeconds && (
            <p className="notice notice-warning" role="status">
              {intl.formatMessage(m.full)}
            </p>
          )}
        </>
      ) : (
        <>
          {data.total > 0 && (
            <p className="cloud-meter-text">
              {intl.formatMessage(usedOnly, { used })} · {intl.formatMessage(takesSpace, { count: data.total, size: formatSize(intl, data.usedBytes) })}
            </p>
          )}
          <p className="notice notice-warning">{intl.formatMessage(m.noPlan)}</p>
          <Link className="button cloud-plans" to="/pricing-table">
            {intl.formatMessage(m.seePlans)}
          </Link>
        </>
      )}
    </section>
  );
}

function Recordings(props: { uid: string; data: CloudStorage; page: number; pages: number; onPage(page: number): void; deleted: boolean; onDeleted(): void }) {
  const { uid, data, page, pages, onPage, deleted, onDeleted } = props;
  const intl = useIntl();
  const [confirming, setConfirming] = useState<CloudRecording | null>(null);
  return (
    <section className="stack" aria-labelledby="cloud-recordings">
      <h2 id="cloud-recordings">{intl.formatMessage(m.recordings)}</h2>
      <div role="status" aria-live="polite" className="cloud-status">
        {deleted && <p className="notice notice-success">{intl.formatMessage(m.deleted)}</p>}
      </div>
      {data.items.length === 0 ? (
        <p className="cloud-empty">{intl.formatMessage(m.empty)}</p>
      ) : (
        <ul className="recording-list">
          {data.items.map((r) => (
            <li key={r.id}>
              <RecordingCard recording={r} onDelete={() => setConfirming(r)} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="cloud-pager" aria-label={intl.formatMessage(m.pages)}>
          <button type="button" className="button button-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {intl.formatMessage(m.previous)}
          </button>
          <span>{intl.formatMessage(pageOf, { page, pages })}</span>
          <button type="button" className="button button-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {intl.formatMessage(m.next)}
          </button>
        </nav>
      )}
      {confirming && (
        <ConfirmDelete
          uid={uid}
          recording={confirming}
          onClose={(done) => {
            setConfirming(null);
            if (done) onDeleted();
          }}
        />
      )}
    </section>
  );
}

function RecordingCard({ recording: r, onDelete }: { recording: CloudRecording; onDelete(): void }) {
  const intl = useIntl();
  const titleId = `recording-${r.id}`;
  return (
    <article className="recording" aria-labelledby={titleId}>
      <h3 id={titleId}>{r.title}</h3>
      <dl className="recording-facts">
        <div>
          <dt>{intl.formatMessage(m.channel)}</dt>
          <dd>{r.channelName}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(m.recorded)}</dt>
          <dd>{intl.formatDate(r.recordedAt, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(m.duration)}</dt>
          <dd>{formatDuration(intl, r.durationSeconds)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(m.size)}</dt>
          <dd>{formatSize(intl, r.sizeBytes)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(m.keptUntil)}</dt>
          <dd>{intl.formatDate(r.keptUntil, { dateStyle: 'medium' })}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button-secondary recording-delete"
        aria-label={intl.formatMessage(deleteNamed, { title: r.title })}
        onClick={onDelete}
      >
        {intl.formatMessage(m.delete)}
      </button>
    </article>
  );
}

/** The confirmation: an alert dialog read first, Escape or Cancel keep the recording. */
function ConfirmDelete({ uid, recording, onClose }: { uid: string; recording: CloudRecording; onClose(done: boolean): void }) {
  const intl = useIntl();
  const { queries } = useServices();
  const remove = useDeleteRecording();
  const pending = remove.status === 'pending';
  const ended = remove.status === 'success' || remove.status === 'error';
  useEffect(() => {
    if (!ended) return;
    // Deleted, or already gone (8001, toasted by the client's rules): the list is read again either way.
    invalidateAccount(queries, uid);
    onClose(remove.status === 'success');
    // Once, when the delete ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ended]);
  const confirm = () => remove.mutate(recording.id);
  return (
    <Dialog
      labelledBy="delete-title"
      describedBy="delete-text"
      role="alertdialog"
      initialFocus="dialog"
      busy={pending}
      onEscape={() => !pending && onClose(false)}
    >
      <h2 id="delete-title">{intl.formatMessage(m.confirmTitle)}</h2>
      <p id="delete-text">
        {intl.formatMessage(confirmText, { title: recording.title, channel: recording.channelName, size: formatSize(intl, recording.sizeBytes) })}
      </p>
      <div className="actions">
        <button type="button" className="button button-danger" disabled={pending} onClick={() => void confirm()}>
          {intl.formatMessage(m.delete)}
        </button>
        <button type="button" className="button button-secondary" disabled={pending} onClick={() => onClose(false)}>
          {intl.formatMessage(m.cancel)}
        </button>
      </div>
    </Dialog>
  );
}
