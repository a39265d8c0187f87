import type { Clock } from '../clock';
import type { Queryable } from '../db/database';
import type { Language } from '../../core/i18n/languages';
import { open, seal } from '../security/secrets';
import { renderMessage, type RenderedMessage, type TemplateName, type TemplateParams } from './templates';

export interface OutgoingMessage<T extends TemplateName> {
  accountUid: number | null;
  channel: 'email' | 'sms';
  to: string;
  lang: Language;
  template: T;
  params: TemplateParams[T];
}

export interface StoredMessage extends RenderedMessage {
  id: number;
  accountUid: number | null;
  channel: 'email' | 'sms';
  to: string;
  lang: Language;
  template: TemplateName;
  createdAt: number;
  sentAt: number | null;
}

interface OutboxRow {
  id: number;
  account_uid: number | null;
  channel: 'email' | 'sms';
  recipient: string;
  template: TemplateName;
  lang: Language;
  sealed: string | null;
  created_at: Date;
  sent_at: Date | null;
}

/**
 * One outbox for every email and SMS. Messages are written in the same transaction as the change
 * that caused them, rendered in the account's language and sealed with the server key, so a
 * database dump shows no code or link. Delivery (SMTP) reads and clears them.
 */
/** The brand name that signs every message, read through the caller's transaction. */
async function brandName(q: Queryable): Promise<string> {
  const rows = await q.query<{ name: string | null }>("SELECT value->>'name' AS name FROM site_settings WHERE key = 'theme'");
  return rows[0]?.name ?? '';
}

export function createOutbox({ db, clock, key }: { db: Queryable; clock: Clock; key: Buffer }) {
  const toMessage = (r: OutboxRow): StoredMessage => {
    const body = r.sealed ? (JSON.parse(open(key, r.sealed)) as RenderedMessage) : { subject: '', text: '' };
    return {
      id: Number(r.id),
      accountUid: r.account_uid === null ? null : Number(r.account_uid),
      channel: r.channel,
      to: r.recipient,
      lang: r.lang,
      template: r.template,
      createdAt: new Date(r.created_at).getTime(),
      sentAt: r.sent_at ? new Date(r.sent_at).getTime() : null,
      ...body,
    };
  };
  const columns = 'id, account_uid, channel, recipient, template, lang, sealed, created_at, sent_at';

  return {
    async send<T extends TemplateName>(q: Queryable, m: OutgoingMessage<T>): Promise<number> {
      // Through `q`, not `db`: on PGlite's single connection a read outside the open transaction
      // would wait for that transaction, which waits for this read.
      const rendered = renderMessage(m.template, m.lang, m.params, await brandName(q));
      const rows = await q.query<{ id: number }>(
        `INSERT INTO outbox (account_uid, channel, recipient, template, lang, sealed, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [m.accountUid, m.channel, m.to, m.template, m.lang, seal(key, JSON.stringify(rendered)), new Date(clock.now())],
      );
      return Number(rows[0]!.id);
    },

    /** Newest first; for the developer mailbox and the tests. */
    async list({ to, limit = 50 }: { to?: string; limit?: number } = {}): Promise<StoredMessage[]> {
      const rows = await db.query<OutboxRow>(`SELECT ${columns} FROM outbox WHERE ($1::text IS NULL OR recipient = $1) ORDER BY id DESC LIMIT $2`, [
        to ?? null,
        limit,
      ]);
      return rows.map(toMessage);
    },

    async pending(limit = 20): Promise<StoredMessage[]> {
      const rows = await db.query<OutboxRow>(`SELECT ${columns} FROM outbox WHERE sent_at IS NULL AND sealed IS NOT NULL ORDER BY id LIMIT $1`, [limit]);
      return rows.map(toMessage);
    },

    async markSent(id: number) {
      // A deleted account's confirmation keeps no address once delivered (docs/decisions/061).
      await db.query(
        `UPDATE outbox SET sent_at = $2, sealed = NULL, attempts = attempts + 1, last_error = NULL,
                recipient = CASE WHEN template = 'accountDeleted' THEN '' ELSE recipient END
          WHERE id = $1`,
        [id, new Date(clock.now())],
      );
    },

    async markFailed(id: number, error: string) {
      await db.query('UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1', [id, error.slice(0, 500)]);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
