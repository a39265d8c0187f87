import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import type * as Nodemailer from 'nodemailer';
import { deriveKey, open } from '../security/secrets';
import type { ServerServices } from '../services';
import type { RenderedMessage } from './templates';

/** What delivery needs from a mail transport; nodemailer's fits, and a test can hand in its own. */
export interface MailTransport {
  sendMail(mail: { from: { name: string; address: string }; to: string; subject: string; text: string; headers: Record<string, string> }): Promise<unknown>;
  close?(): void;
}

export interface DeliveryOptions {
  /** How often the outbox is looked at when nothing is due. */
  pollMs?: number;
  /** Messages claimed per round. */
  batchSize?: number;
  /** Attempts before a message is given up (it stays in the outbox with its last error). */
  maxAttempts?: number;
  /** How long a claimed message is reserved for the process sending it. */
  leaseMs?: number;
  /** The first retry waits this long; each further one twice as long, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

const defaults: Required<DeliveryOptions> = {
  pollMs: 2_000,
  batchSize: 20,
  maxAttempts: 8,
  leaseMs: 120_000,
  backoffMs: 30_000,
  maxBackoffMs: 3_600_000,
};

/** An SMTP transport from `SMTP_URL` (smtp:// or smtps://, credentials in the URL), with short timeouts. */
export function createSmtpTransport(url: string): MailTransport {
  // Required here, not imported at the top: only a server with SMTP_URL loads nodemailer.
  const { createTransport } = createRequire(import.meta.url)('nodemailer') as typeof Nodemailer;
  return createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
}

/** The wait before attempt `attempts + 1`, after `attempts` failures. */
export function retryDelay(attempts: number, options: Pick<Required<DeliveryOptions>, 'backoffMs' | 'maxBackoffMs'> = defaults): number {
  return Math.min(options.maxBackoffMs, options.backoffMs * 2 ** Math.max(0, attempts - 1));
}

interface ClaimedRow {
  id: number;
  recipient: string;
  sealed: string;
  attempts: number;
}

export interface OutboxDelivery {
  /** One round: claims what is due, sends it, records the outcome; how many went out. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

/**
 * One delivery round: claims the emails that are due, sends them through `transport` and records
 * each outcome; resolves to how many went out. SMS are never claimed: there is no SMS provider,
 * so they stay queued for the developer mailbox. Claims use `FOR UPDATE SKIP LOCKED` and a lease,
 * so several processes on one database share the work without sending a message twice (a process
 * that dies mid-send leaves the lease to run out and the message is retried: at least once, never
 * lost). A sent message loses its sealed body; a failed one is retried with exponential backoff
 * and given up after `maxAttempts`, keeping its last error.
 */
export function createDeliveryRound(
  services: ServerServices,
  transport: MailTransport,
  log: FastifyBaseLogger,
  options: DeliveryOptions = {},
): () => Promise<number> {
  const o = { ...defaults, ...options };
  const { db, clock, outbox, config } = services;
  const key = deriveKey(services.secret, 'outbox');
  const host = new URL(config.publicUrl).hostname || 'localhost';

  async function sender() {
    let brand = 'Portal';
    try {
      brand = (await services.site.theme()).name;
    } catch {
      // A missing theme must not hold mail back.
    }
    return { name: brand, address: `no-reply@${host}` };
  }

  async function fail(id: number, attempts: number, error: string) {
    await db.query('UPDATE outbox SET attempts = $2, last_error = $3, next_attempt_at = $4 WHERE id = $1', [
      id,
      attempts,
      error.slice(0, 500),
      new Date(clock.now() + retryDelay(attempts, o)),
    ]);
  }

  return async function round(): Promise<number> {
    const now = clock.now();
    const claimed = await db.query<ClaimedRow>(
      `UPDATE outbox SET next_attempt_at = $2
       WHERE id IN (
         SELECT id FROM outbox
         WHERE channel = 'email' AND sent_at IS NULL AND sealed IS NOT NULL AND attempts < $3
           AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
         ORDER BY id LIMIT $4
         FOR UPDATE SKIP LOCKED)
       RETURNING id, recipient, sealed, attempts`,
      [new Date(now), new Date(now + o.leaseMs), o.maxAttempts, o.batchSize],
    );
    if (claimed.length === 0) return 0;
    const from = await sender();
    let sent = 0;
    for (const row of claimed.sort((a, b) => Number(a.id) - Number(b.id))) {
      const id = Number(row.id);
      const attempts = Number(row.attempts) + 1;
      let message: RenderedMessage;
      try {
        message = JSON.parse(open(key, row.sealed)) as RenderedMessage;
      } catch {
        // Sealed under another APP_SECRET: it can never be read, so it is given up at once.
        log.error({ outboxId: id }, 'outbox message cannot be opened (was APP_SECRET changed?); giving up');
        await fail(id, o.maxAttempts, 'sealed with another key');
        continue;
      }
      try {
        await transport.sendMail({ from, to: row.recipient, subject: message.subject, text: message.text, headers: { 'Auto-Submitted': 'auto-generated' } });
        await outbox.markSent(id);
        sent++;
        log.info({ outboxId: id, attempt: attempts }, 'email delivered');
      } catch (error) {
        const e = error as { message?: string; code?: string; responseCode?: number };
        await fail(id, attempts, e.message ?? String(error));
        // The SMTP reply can quote the address; the log gets codes only, the outbox row the text.
        const givenUp = attempts >= o.maxAttempts;
        log[givenUp ? 'error' : 'warn'](
          { outboxId: id, attempt: attempts, code: e.code, responseCode: e.responseCode },
          givenUp ? 'email delivery given up' : 'email delivery failed; will retry',
        );
      }
    }
    return sent;
  };
}

/** Runs delivery rounds every `pollMs` (at once again after a full batch) until stopped. */
export function startOutboxDelivery(services: ServerServices, transport: MailTransport, log: FastifyBaseLogger, options: DeliveryOptions = {}): OutboxDelivery {
  const o = { ...defaults, ...options };
  const round = createDeliveryRound(services, transport, log, options);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let current: Promise<number> | null = null;

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      current = round().catch((error: unknown) => {
        // The database may be briefly away; the next round tries again.
        log.error({ err: error }, 'outbox delivery round failed');
        return 0;
      });
      void current.then((sent) => {
        current = null;
        // A full batch suggests more is waiting: go again at once.
        schedule(sent >= o.batchSize ? 0 : o.pollMs);
      });
    }, delay);
    // Delivery alone never keeps a process alive.
    timer.unref();
  }
  schedule(0);

  return {
    runOnce: () => round(),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
      transport.close?.();
    },
  };
}

/**
 * With SMTP_URL set, delivers the outbox while the server runs: started once the server is ready,
 * stopped (after the round in progress) when it closes. Without it, messages stay in the outbox
 * for the developer mailbox.
 */
export function registerOutboxDelivery(app: FastifyInstance, services: ServerServices, options: DeliveryOptions = {}) {
  const url = services.config.smtpUrl;
  if (!url) return;
  let delivery: OutboxDelivery | undefined;
  app.addHook('onReady', async () => {
    const smtp = new URL(url);
    app.log.info({ smtp: `${smtp.protocol}//${smtp.host}` }, 'outbox delivery started');
    delivery = startOutboxDelivery(services, createSmtpTransport(url), app.log.child({ component: 'outbox-delivery' }), options);
  });
  app.addHook('onClose', async () => {
    await delivery?.stop();
  });
}
