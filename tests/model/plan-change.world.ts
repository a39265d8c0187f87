// The real server state behind each answer of the plan change walks (docs/decisions/056): a customer
// who bought the monthly one-screen plan with a saved card (auto-renewal on). Picking the yearly
// four-screen plan is an upgrade paid now; with the site's upgradePolicy turned off it waits for the
// renewal instead (scheduled); with auto-renewal cancelled there is no renewal to change (8203); a
// second month bought makes the unused days worth more than the monthly four-screen plan (8206); a
// change scheduled or undone from another tab gives "undone" or 8205; storage faults the unexpected.
// Shared by walks (a), (b) and (c).
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { refusals } from '../../machines/plan-change/plan-change.actors';
import type { useTestServer } from '../helpers/test-server';
import { buyWithSavedCard, cancelRenewal, signedInClient, subscription } from './billing.world';
import { storageFault } from './faults';
import { expectNoToastOf } from './real-server';

type Server = ReturnType<typeof useTestServer>;
type Output = { kind?: string; errCode?: number } | undefined;

/** The yearly four-screen plan: an upgrade from the monthly one-screen plan, worth more than any credit a walk builds. */
export const UPGRADE_PLAN = '6';
/** The monthly four-screen plan: two months of one screen are worth more (8206). */
export const SMALL_UPGRADE_PLAN = '2';

export class PlanChangeWorld {
  customer!: Awaited<ReturnType<typeof signedInClient>>;
  /** The plan the customer picks next, decided by the answer the walk arranged for its quote. */
  pick = UPGRADE_PLAN;
  private repairs: Array<() => Promise<void>> = [];
  private arranged: EventObject | null = null;

  constructor(private server: Server) {}

  async setUp() {
    this.customer = await signedInClient(this.server);
    await this.buyMonth();
    // A change already waits for the renewal when the page opens: the account page shows it with "Undo".
    await this.schedule();
  }

  /** Schedules the change to the yearly four-screen plan for the renewal, as another tab would (upgradePolicy off meanwhile). */
  private async schedule() {
    await this.renewalOn();
    await this.policy(false);
    expect((await this.server.post('/api/bill/planChange/v1', { planId: UPGRADE_PLAN }, this.customer.auth)).body.code).toBe(0);
    await this.policy(true);
  }

  private buyMonth() {
    return buyWithSavedCard(this.server, this.customer.auth, this.customer.account.email!);
  }

  private async policy(on: boolean) {
    await this.server.db.query(`UPDATE site_settings SET value = jsonb_set(value, '{upgradePolicy}', $1::jsonb) WHERE key = 'siteConfig'`, [String(on)]);
  }

  private async renewalOn() {
    if ((await subscription(this.server.db, this.customer.account.uid))?.status !== 'activated') await this.buyMonth();
  }

  /** The change waiting for the renewal, as the server has it. */
  async waiting() {
    const res = await this.server.post('/api/bill/planChange/scheduled/v1', {}, this.customer.auth);
    return res.body.data as { toPlanId: string } | null;
  }

  /** The account's open upgrade orders (plan and total). */
  async upgradeOrders() {
    return this.server.db.query<{ id: string; total: string; plan_id: number }>(
      `SELECT o.id, o.total::text, l.plan_id FROM orders o JOIN order_lines l ON l.order_id = o.id
       WHERE o.account_uid = $1 AND o.kind = 'upgrade' AND o.status = 'SUBMITTED'`,
      [this.customer.account.uid],
    );
  }

  async arrange(event: EventObject) {
    const output = (event as { output?: Output }).output;
    const { auth } = this.customer;
    this.arranged = event;
    const fault = async (table: string) => void this.repairs.push(await storageFault(this.server, table));
    switch (event.type) {
      case 'xstate.done.actor.quote':
        this.pick = output?.kind === 'refused' ? SMALL_UPGRADE_PLAN : UPGRADE_PLAN;
        // Another month bought meanwhile: two unused months are worth more than a month on four screens.
        if (output?.errCode === 8206) await this.buyMonth();
        return;
      case 'xstate.error.actor.quote':
      case 'xstate.error.actor.change':
        return fault('entitlements');
      case 'xstate.done.actor.change':
        if (output?.kind === 'upgradeOrdered') return;
        // The site now has upgrades wait for the renewal (upgradePolicy off) until this answer has come.
        await this.policy(false);
        this.repairs.push(() => this.policy(true));
        if (output?.kind === 'scheduled') return this.renewalOn();
        // 8203: auto-renewal turned off meanwhile, in another tab.
        return void (await cancelRenewal(this.server, auth));
      case 'xstate.done.actor.undo':
        if (output?.kind === 'refused') {
          // 8205: undone meanwhile in another tab, or never scheduled.
          if (await this.waiting()) expect((await this.server.post('/api/bill/planChange/undo/v1', {}, auth)).body.code).toBe(0);
          return;
        }
        // Scheduled in another tab, if nothing waits yet.
        if (!(await this.waiting())) await this.schedule();
        return;
      case 'xstate.error.actor.undo':
        return fault('plan_changes');
    }
  }

  async repair() {
    for (const undo of this.repairs.splice(0)) await undo();
  }

  /** What each state means on the server. */
  async check(reached: AnyMachineSnapshot, event: EventObject, opened: string[]) {
    if (event.type.startsWith('xstate.')) await this.repair();
    expectNoToastOf(this.customer.client, refusals);
    if (reached.hasTag('busy')) return;
    const { errCode, quote, error, planId } = reached.context;
    if (reached.matches('reviewing')) {
      expect(planId).toBe(this.pick);
      expect(quote).toMatchObject({ planId: this.pick, kind: 'upgrade' });
      expect(quote.due).toBe(quote.when === 'now' ? quote.price - quote.credit : 0);
    }
    if (reached.matches('upgradeOrdered')) {
      // One open upgrade order for the picked plan, its credit taken off; the payment page opened on it.
      const [order, ...more] = await this.upgradeOrders();
      expect(more).toEqual([]);
      expect([String(order!.plan_id), Number(order!.total)]).toEqual([planId, quote.due]);
      expect(opened).toEqual([order!.id]);
    }
    if (reached.matches('scheduled')) expect(await this.waiting()).toMatchObject({ toPlanId: planId });
    if (reached.matches('undone')) expect(await this.waiting()).toBeNull();
    if (reached.matches('quoteRefused') || reached.matches('changeRefused') || reached.matches('undoRefused')) {
      const arrangedCode = (this.arranged as { output?: Output } | null)?.output?.errCode;
      expect(errCode).toBe(arrangedCode);
      if (errCode === 8203) expect((await subscription(this.server.db, this.customer.account.uid))?.status).toBe('cancelled');
      if (errCode === 8205 || errCode === 8203) expect(await this.waiting()).toBeNull();
    }
    if (reached.matches('failure')) expect(error).toMatchObject({ kind: 'refusal', errCode: -2499 });
  }
}
