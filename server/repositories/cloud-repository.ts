import { randomBytes } from 'node:crypto';
import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import type { Language } from '../../core/i18n/languages';

type Schemas = components['schemas'];
type CloudStorage = Schemas['CloudStorage'];
type CloudRecording = Schemas['CloudRecording'];

const DAY_MS = 86_400_000;

/** How long the TV app keeps a recording unless it says otherwise (docs/decisions/023). */
export const DEFAULT_KEEP_DAYS = 90;
export const CLOUD_PAGE_SIZE = 20;

interface RecordingRow {
  id: string;
  channel_name: string;
  title: string;
  recorded_at: Date;
  duration_seconds: number;
  size_bytes: number | string;
  kept_until: Date;
}

const toRecording = (r: RecordingRow): CloudRecording => ({
  id: r.id,
  channelName: r.channel_name,
  title: r.title,
  recordedAt: new Date(r.recorded_at).getTime(),
  durationSeconds: r.duration_seconds,
  sizeBytes: Number(r.size_bytes),
  keptUntil: new Date(r.kept_until).getTime(),
});

/**
 * The account's storage: the running plan's hours (0 without a plan), what the recordings still
 * kept take, and one page of them, newest first.
 */
export async function cloudStorage(
  q: Queryable,
  input: { accountUid: number; lang: Language; now: number; page: number; pageSize: number },
): Promise<CloudStorage> {
  const now = new Date(input.now);
  const [plan] = await q.query<{ plan_id: number; cloud_hours: number; plan_name: string | null }>(
    `SELECT e.plan_id, p.cloud_hours,
            (SELECT t.name FROM plan_texts t WHERE t.plan_id = e.plan_id ORDER BY t.lang = $3 DESC, t.lang = 'en' DESC LIMIT 1) AS plan_name
     FROM entitlements e JOIN plans p ON p.id = e.plan_id
     WHERE e.account_uid = $1 AND e.expires_at > $2`,
    [input.accountUid, now, input.lang],
  );
  const [usage] = await q.query<{ n: number | string; seconds: number | string; bytes: number | string }>(
    `SELECT count(*) AS n, COALESCE(sum(duration_seconds), 0) AS seconds, COALESCE(sum(size_bytes), 0) AS bytes
     FROM cloud_recordings WHERE account_uid = $1 AND kept_until > $2`,
    [input.accountUid, now],
  );
  const rows = await q.query<RecordingRow>(
    `SELECT id, channel_name, title, recorded_at, duration_seconds, size_bytes, kept_until
     FROM cloud_recordings WHERE account_uid = $1 AND kept_until > $2
     ORDER BY recorded_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [input.accountUid, now, input.pageSize, (input.page - 1) * input.pageSize],
  );
  return {
    quotaSeconds: plan ? plan.cloud_hours * 3600 : 0,
    usedSeconds: Number(usage?.seconds ?? 0),
    usedBytes: Number(usage?.bytes ?? 0),
    ...(plan ? { planId: String(plan.plan_id), ...(plan.plan_name ? { planName: plan.plan_name } : {}) } : {}),
    items: rows.map(toRecording),
    total: Number(usage?.n ?? 0),
    page: input.page,
    pageSize: input.pageSize,
  };
}

/**
 * Deletes one of the account's recordings still kept; false when the id is not one (unknown,
 * another account's or past its keeping date), so the caller cannot tell those apart.
 */
export async function deleteRecording(q: Queryable, input: { accountUid: number; id: string; now: number }): Promise<boolean> {
  const rows = await q.query('DELETE FROM cloud_recordings WHERE id = $1 AND account_uid = $2 AND kept_until > $3 RETURNING id', [
    input.id,
    input.accountUid,
    new Date(input.now),
  ]);
  return rows.length > 0;
}

export interface NewRecording {
  accountUid: number;
  channelName: string;
  title: string;
  recordedAt: number;
  durationSeconds: number;
  /** Defaults to an HD stream's size (about 1.6 GB an hour). */
  sizeBytes?: number;
  /** Defaults to 90 days after the recording. */
  keptUntil?: number;
}

/** About 3.6 Mbit/s, an HD channel's stream. */
const HD_BYTES_PER_SECOND = 450_000;

/**
 * Stores a recording as the TV app's recorder would. The portal exposes no operation for it: the
 * seed, the tests and the test-only /dev route call it.
 */
export async function addRecording(q: Queryable, r: NewRecording): Promise<CloudRecording> {
  const id = `rec_${randomBytes(9).toString('base64url')}`;
  const rows = await q.query<RecordingRow>(
    `INSERT INTO cloud_recordings (id, account_uid, channel_name, title, recorded_at, duration_seconds, size_bytes, kept_until)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING id, channel_name, title, recorded_at, duration_seconds, size_bytes, kept_until`,
    [
      id,
      r.accountUid,
      r.channelName,
      r.title,
      new Date(r.recordedAt),
      r.durationSeconds,
      r.sizeBytes ?? r.durationSeconds * HD_BYTES_PER_SECOND,
      new Date(r.keptUntil ?? r.recordedAt + DEFAULT_KEEP_DAYS * DAY_MS),
    ],
  );
  return toRecording(rows[0]!);
}

/** A handful of programmes, as a Brazilian channel line-up would record them (demo and tests). */
export const sampleProgrammes: readonly { channelName: string; title: string; durationSeconds: number }[] = [
  { channelName: 'Aurora Notícias', title: 'Jornal da Noite', durationSeconds: 45 * 60 },
  { channelName: 'Aurora Esportes', title: 'Final do Campeonato Carioca', durationSeconds: 2 * 3600 + 10 * 60 },
  { channelName: 'Aurora Natureza', title: 'Amazônia Viva: o rio que voa', durationSeconds: 52 * 60 },
  { channelName: 'Aurora Filmes', title: 'O Farol do Fim do Mundo', durationSeconds: 1 * 3600 + 48 * 60 },
  { channelName: 'Aurora Casa', title: 'Cozinha de Domingo', durationSeconds: 30 * 60 },
  { channelName: 'Aurora Kids', title: 'As Aventuras de Tito e Lia', durationSeconds: 25 * 60 },
];

/** Records `count` sample programmes for an account, a day apart, the newest three hours ago. */
export async function addSampleRecordings(q: Queryable, accountUid: number, now: number, count = sampleProgrammes.length): Promise<CloudRecording[]> {
  const made: CloudRecording[] = [];
  for (let i = 0; i < count; i++) {
    const p = sampleProgrammes[i % sampleProgrammes.length]!;
    made.push(await addRecording(q, { accountUid, ...p, recordedAt: now - i * DAY_MS - 3 * 3600_000 }));
  }
  return made;
}
