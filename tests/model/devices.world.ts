// The real server state behind each answer of the device sign-out walks: the customer signed in
// here ("This device") and on four other devices (Chrome on Windows), one of them signed out by
// itself while the customer confirms (8101), and a storage fault for the unexpected. Shared by
// walks (a), (b) and (c).
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { refusals } from '../../machines/devices/devices.actors';
import { tokenHash } from '../../server/security/tokens';
import { loginBody } from '../helpers/accounts';
import type { useTestServer } from '../helpers/test-server';
import { signedInClient } from './billing.world';
import { storageFault } from './faults';
import { expectNoToastOf } from './real-server';

type Server = ReturnType<typeof useTestServer>;
type Output = { kind?: string; errCode?: number } | undefined;

/** How the other devices log in: the list names them "Chrome · Windows". */
export const OTHER_DEVICE_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
export const OTHER_DEVICE = 'Chrome · Windows';
/** Enough for every path: each signs out at most three, one at a time, or all at once last. */
const OTHER_DEVICES = 4;

interface SessionRow {
  token_hash: Buffer;
  revoked_reason: string | null;
  running: boolean;
}

export class DevicesWorld {
  customer!: Awaited<ReturnType<typeof signedInClient>>;
  /** The other devices' tokens, oldest first. */
  others: string[] = [];
  private repairs: Array<() => Promise<void>> = [];

  constructor(private server: Server) {}

  async setUp() {
    this.customer = await signedInClient(this.server);
    for (let i = 0; i < OTHER_DEVICES; i++) {
      const res = await this.server.post('/api/user/login/v1', loginBody(this.customer.account), { 'user-agent': OTHER_DEVICE_AGENT, Language: 'en' });
      this.others.push(res.body.data.token as string);
    }
  }

  /** The account's sessions, newest first, as the list shows them. */
  private async sessions(): Promise<SessionRow[]> {
    return this.server.db.query<SessionRow>(
      `SELECT token_hash, revoked_reason, revoked_at IS NULL AND expires_at > $2 AS running FROM sessions WHERE account_uid = $1 ORDER BY created_at DESC, id DESC`,
      [this.customer.account.uid, new Date(this.server.services.clock.now())],
    );
  }

  /** The other devices still signed in, newest first: the first is the one the customer signs out. */
  async runningOthers(): Promise<string[]> {
    const own = this.customer.client.store.get('userInfo')!.token;
    const byHash = new Map(this.others.map((t) => [hashOf(t), t] as const));
    const rows = await this.sessions();
    return rows
      .filter((r) => r.running && Buffer.from(r.token_hash).toString('hex') !== hashOf(own))
      .map((r) => byHash.get(Buffer.from(r.token_hash).toString('hex'))!);
  }

  /** The device list's id of the newest other device still signed in (walk a's event names it). */
  async targetId(): Promise<string> {
    const [token] = await this.runningOthers();
    const [row] = await this.server.db.query<{ id: string }>(
      `SELECT substr(encode(sha256(token_hash), 'hex'), 1, 24) AS id FROM sessions WHERE token_hash = $1`,
      [Buffer.from(hashOf(token!), 'hex')],
    );
    return row!.id;
  }

  private target: string | null = null;
  private runningBefore = 0;

  async arrange(event: EventObject) {
    const output = (event as { output?: Output }).output;
    const running = await this.runningOthers();
    this.target = running[0] ?? null;
    this.runningBefore = running.length;
    if (event.type === 'xstate.error.actor.signOut') return void this.repairs.push(await storageFault(this.server, 'sessions'));
    // While the customer confirms, that device logs out by itself: it is no longer signed in (8101).
    if (output?.errCode === 8101)
      expect((await this.server.post('/api/user/loginOut/v1', { language: 'en', uid: '', account: '' }, { Authorization: this.target! })).body.code).toBe(0);
  }

  async repair() {
    for (const undo of this.repairs.splice(0)) await undo();
  }

  /** What each state means on the server. */
  async check(reached: AnyMachineSnapshot, event: EventObject) {
    if (event.type.startsWith('xstate.error')) await this.repair();
    expectNoToastOf(this.customer.client, refusals);
    // While a call runs, the server is as arranged for its answer (a fault may be in place).
    if (reached.hasTag('busy')) return;
    const rows = await this.sessions();
    const own = rows.find((r) => Buffer.from(r.token_hash).toString('hex') === hashOf(this.customer.client.store.get('userInfo')!.token));
    // This device stays signed in, whatever happens to the others.
    expect(own?.running).toBe(true);
    const { errCode, target, error } = reached.context;
    const answered = event.type === 'xstate.done.actor.signOut' || event.type === 'xstate.error.actor.signOut';
    if (!answered) return expect(errCode).toBeNull();
    const reasonOf = (token: string) => rows.find((r) => Buffer.from(r.token_hash).toString('hex') === hashOf(token))?.revoked_reason;
    const running = await this.runningOthers();
    if (reached.matches('done') && target?.kind === 'others') {
      expect(running).toEqual([]);
      expect(this.others.map(reasonOf).filter((r) => r !== 'signed_out_remotely' && r !== 'logout')).toEqual([]);
    }
    if (reached.matches('done') && target?.kind === 'one') {
      // That device, and only it, was signed out from here: its next call answers -24020.
      expect([reasonOf(this.target!), running.length]).toEqual(['signed_out_remotely', this.runningBefore - 1]);
      const next = await this.server.post('/api/user/devices/signOutOthers/v1', {}, { Authorization: this.target!, Language: 'en' });
      expect([next.status, next.body.errCode]).toEqual([401, -24020]);
    }
    if (reached.matches('refused')) expect([errCode, reasonOf(this.target!), running.length]).toEqual([8101, 'logout', this.runningBefore - 1]);
    if (reached.matches('failure')) {
      expect(error).toMatchObject({ kind: 'refusal', errCode: -2499 });
      expect(running.length).toBe(this.runningBefore);
    }
  }
}

const hashOf = (token: string) => tokenHash(token).toString('hex');
