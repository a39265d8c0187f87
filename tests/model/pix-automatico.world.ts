// The real server state behind each answer of the PIX Automático walks (docs/decisions/060): a
// customer with a monthly plan whose authorisation is made, approved by the sandbox bank, cancelled
// here or in the bank app, or absent; plan 1 not renewable for 8601; the account turned into a phone
// account without an email for 8604; a storage fault for the unexpected. Shared by walks (a) and (b).
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { refusals } from '../../machines/pix-automatico/pix-automatico.actors';
import { uniquePhone } from '../helpers/accounts';
import type { useTestServer } from '../helpers/test-server';
import { signedInClient } from './billing.world';
import { storageFault } from './faults';
import { expectNoToastOf } from './real-server';

type Server = ReturnType<typeof useTestServer>;
type Output = { kind?: string; errCode?: number; info?: { status: string } } | undefined;

/** The codes the actors expect: a refusal the walk meets is one of them. */
const expectedCodes: readonly number[] = Object.values(refusals).flat();

export class PixAutomaticoWorld {
  customer!: Awaited<ReturnType<typeof signedInClient>>;
  private repairs: Array<() => Promise<void>> = [];

  constructor(private server: Server) {}

  /** A customer whose monthly plan 1 runs (granted, so no paid order holds an email yet). */
  async setUp() {
    this.customer = await signedInClient(this.server);
    const now = new Date(this.server.services.clock.now());
    // Running by the server's clock and by the page's too: the account page tells a running plan
    // from its expiry by the browser's clock (spec section 3), and this walk's server keeps a fake one.
    const runsFrom = Math.max(now.getTime(), Date.now());
    await this.server.db.query('INSERT INTO entitlements (account_uid, plan_id, device_count, expires_at, updated_at) VALUES ($1, 1, 1, $2, $3)', [
      this.uid,
      new Date(runsFrom + 30 * 86_400_000),
      now,
    ]);
  }

  get uid() {
    return this.customer.account.uid;
  }

  private async ok(url: string, body: unknown = {}) {
    const res = await this.server.post(url, body, this.customer.auth);
    expect(res.body, url).toMatchObject({ code: 0 });
    return res.body.data as { idRec: string; status: string };
  }
  private async sandbox(path: string) {
    const res = await this.server.app.inject({ method: 'POST', url: `/api/sandbox/pix-automatico/${path}` });
    expect(res.json(), path).toMatchObject({ delivered: 200, result: 'applied' });
  }
  /** The account's latest authorisation on the server, if any. */
  async latest(): Promise<{ id_rec: string; status: string } | undefined> {
    const [row] = await this.server.db.query<{ id_rec: string; status: string }>(
      "SELECT id_rec, status FROM pix_recurrences WHERE account_uid = $1 ORDER BY status IN ('CRIADA', 'APROVADA') DESC, created_at DESC, id_rec LIMIT 1",
      [this.uid],
    );
    return row;
  }
  /** No authorisation at all (8603). */
  private async reset() {
    await this.server.db.query('DELETE FROM pix_recurring_charges c USING pix_recurrences r WHERE c.id_rec = r.id_rec AND r.account_uid = $1', [this.uid]);
    await this.server.db.query('DELETE FROM pix_recurrences WHERE account_uid = $1', [this.uid]);
  }
  private async made() {
    await this.reset();
    return this.ok('/api/job/pixAutomatico/start/v1', { planId: '1' });
  }
  private async approved() {
    const { idRec } = await this.made();
    await this.sandbox(`rec/${idRec}/approve`);
  }

  async arrange(event: EventObject) {
    const output = (event as { output?: Output }).output;
    const call = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
    if (event.type.startsWith('xstate.error.actor.')) return void this.repairs.push(await storageFault(this.server, 'pix_recurrences'));
    const code = output?.kind === 'refused' ? output.errCode : undefined;
    if (call === 'loadInfo') {
      if (code === 8603) return this.reset();
      const status = output?.info?.status;
      if (status === 'CRIADA') return void (await this.made());
      if (status === 'APROVADA') return this.approved();
      await this.made();
      return void (await this.ok('/api/job/pixAutomatico/cancel/v1'));
    }
    if (call === 'start') {
      // Plan 1 stops being sold with auto-renewal while the customer looks (8601).
      if (code === 8601) {
        await this.server.db.query('UPDATE plans SET auto_renew = false WHERE id = 1');
        this.repairs.push(async () => void (await this.server.db.query('UPDATE plans SET auto_renew = true WHERE id = 1')));
      }
      // Approved meanwhile, in another tab (8602).
      if (code === 8602) await this.approved();
      // A phone account with no email and no paid order: nowhere to send receipts (8604).
      if (code === 8604) {
        const [before] = await this.server.db.query<{ email: string }>('SELECT email FROM accounts WHERE uid = $1', [this.uid]);
        await this.server.db.query("UPDATE accounts SET type = 'phone', email = NULL, phone = $2, area_code = '55' WHERE uid = $1", [this.uid, uniquePhone()]);
        this.repairs.push(
          async () =>
            void (await this.server.db.query("UPDATE accounts SET type = 'email', email = $2, phone = NULL, area_code = NULL WHERE uid = $1", [
              this.uid,
              before!.email,
            ])),
        );
      }
      return;
    }
    // cancel
    if (code === 8603) return this.reset();
    // Cancelled in the bank app while the customer confirms (8605).
    if (code === 8605) await this.sandbox(`rec/${(await this.latest())!.id_rec}/cancel`);
  }

  async repair() {
    for (const undo of this.repairs.splice(0)) await undo();
  }

  /** What each state means on the server. */
  async check(reached: AnyMachineSnapshot, event: EventObject) {
    if (/^xstate\.(done|error)\.actor\./.test(event.type)) await this.repair();
    expectNoToastOf(this.customer.client, refusals);
    if (reached.hasTag('busy')) return;
    const latest = await this.latest();
    const { errCode, error, info } = reached.context;
    if (reached.matches('offered')) expect(latest).toBeUndefined();
    if (reached.matches('awaitingApproval')) expect([latest?.status, info?.qr?.brCode.slice(-8, -4)]).toEqual(['CRIADA', '6304']);
    if (reached.matches('authorised')) expect(latest?.status).toBe('APROVADA');
    if (reached.matches('ended')) expect(['CANCELADA', 'EXPIRADA', 'REJEITADA']).toContain(latest?.status);
    if (reached.matches('refused')) expect(expectedCodes).toContain(errCode);
    if (reached.matches('failure')) expect(error).toMatchObject({ kind: 'refusal', errCode: -2499 });
    if (['awaitingApproval', 'authorised', 'ended'].some((s) => reached.matches(s))) expect(info?.idRec).toBe(latest?.id_rec);
  }
}
