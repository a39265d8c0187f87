// The real server state behind each answer of the cancellation walks (docs/decisions/057): a
// subscription bought with a saved card; the site's retention offers as the demo content sets
// them (a 30 % discount for a price reason, the one reason the walks give), removed for "no offer",
// changed meanwhile (8302); "other" left blank (8301); a renewal pass paused mid-charge (6207),
// turned off in another tab (6204), expired by declines (6202), the subscription gone (6201); and
// storage faults for the unexpected. Shared by walks (a), (b) and (c).
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { refusals } from '../../machines/cancellation/cancellation.actors';
import type { CancellationEvent } from '../../machines/cancellation/cancellation.types';
import type { useTestServer } from '../helpers/test-server';
import { buyWithSavedCard, cancelRenewal, expireByDeclines, pauseRenewal, signedInClient, subscription } from './billing.world';
import { storageFault } from './faults';
import { expectNoToastOf } from './real-server';

type Server = ReturnType<typeof useTestServer>;
type Output = { kind?: string; errCode?: number; offer?: unknown } | undefined;

const left: Record<number, string | undefined> = { 6207: 'activated', 6204: 'cancelled', 6202: 'expired', 6201: undefined };

export class CancellationWorld {
  customer!: Awaited<ReturnType<typeof signedInClient>>;
  /** What the customer submits next: a price reason, or "other" left blank when 8301 is arranged. */
  reason: Extract<CancellationEvent, { type: 'REASON_SUBMITTED' }> = { type: 'REASON_SUBMITTED', reason: 'too_expensive', otherText: '' };
  private siteConfig: unknown;
  private repairs: Array<() => Promise<void>> = [];
  private releases: Array<() => Promise<void>> = [];

  constructor(private server: Server) {}

  async setUp() {
    this.customer = await signedInClient(this.server);
    await buyWithSavedCard(this.server, this.customer.auth, this.customer.account.email!);
    const [row] = await this.server.db.query<{ value: unknown }>("SELECT value FROM site_settings WHERE key = 'siteConfig'");
    this.siteConfig = row!.value;
  }

  private setOffers(offers: unknown[] | null) {
    return this.server.db.query("UPDATE site_settings SET value = jsonb_set(value, '{retentionOffers}', $1::jsonb) WHERE key = 'siteConfig'", [
      JSON.stringify(offers ?? []),
    ]);
  }

  /** Auto-renewal as a refusal says it stands: a charge running, off elsewhere, expired, or none. */
  private async gone(errCode: number) {
    const { auth, account } = this.customer;
    if (errCode === 6207) this.releases.push((await pauseRenewal(this.server, account.uid)).release);
    if (errCode === 6204) await cancelRenewal(this.server, auth);
    if (errCode === 6202) await expireByDeclines(this.server, account.uid);
    // None any more: the row goes, as the sandbox's account removal takes it.
    if (errCode === 6201) await this.server.db.query('DELETE FROM subscriptions WHERE account_uid = $1', [account.uid]);
  }

  async arrange(event: EventObject) {
    const output = (event as { output?: Output }).output;
    const fault = async (table: string) => void this.repairs.push(await storageFault(this.server, table));
    switch (event.type) {
      case 'xstate.done.actor.findOffer':
        this.reason = { type: 'REASON_SUBMITTED', reason: 'too_expensive', otherText: '' };
        if (output?.errCode === 8301) this.reason = { type: 'REASON_SUBMITTED', reason: 'other', otherText: '  ' };
        else if (output?.errCode !== undefined) await this.gone(output.errCode);
        else await this.setOffers(output?.offer ? [{ kind: 'discount', percent: 30 }] : null);
        return;
      case 'xstate.done.actor.acceptOffer':
        // The site changed its offer after the customer saw it.
        if (output?.errCode === 8302) await this.setOffers([{ kind: 'discount', percent: 25 }]);
        else if (output?.errCode !== undefined) await this.gone(output.errCode);
        return;
      case 'xstate.done.actor.cancelRenewal':
        if (output?.errCode !== undefined) await this.gone(output.errCode);
        return;
      case 'xstate.error.actor.findOffer':
      case 'xstate.error.actor.acceptOffer':
      case 'xstate.error.actor.cancelRenewal':
        return fault('cancellation_reasons');
    }
  }

  async repair() {
    for (const undo of this.repairs.splice(0)) await undo();
    for (const release of this.releases.splice(0)) await release();
    await this.server.db.query("UPDATE site_settings SET value = $1 WHERE key = 'siteConfig'", [JSON.stringify(this.siteConfig)]);
  }

  /** What each state means on the server. */
  async check(reached: AnyMachineSnapshot, event: EventObject) {
    if (event.type.startsWith('xstate.error')) for (const undo of this.repairs.splice(0)) await undo();
    expectNoToastOf(this.customer.client, refusals);
    const answered = (event as { output?: Output }).output;
    if (answered?.kind === 'refused') expect(reached.context.errCode).toBe(answered.errCode);
    if (reached.hasTag('busy')) return;
    const uid = this.customer.account.uid;
    const sub = await subscription(this.server.db, uid);
    const reasons = await this.server.db.query<{ reason: string; outcome: string; offer_kind: string | null }>(
      'SELECT reason, outcome, offer_kind FROM cancellation_reasons WHERE account_uid = $1',
      [uid],
    );
    if (reached.matches('confirmed')) {
      expect(sub?.status).toBe('cancelled');
      expect(reasons).toEqual([{ reason: 'too_expensive', outcome: 'cancelled', offer_kind: reached.context.offer ? 'discount' : null }]);
    } else if (reached.matches('accepted')) {
      expect(sub?.status).toBe('activated');
      expect(reasons).toEqual([{ reason: 'too_expensive', outcome: 'offer_accepted', offer_kind: 'discount' }]);
      expect(reached.context.kept).toMatchObject({ offer: reached.context.offer, nextBillingDate: sub!.next_billing_at.getTime() });
    } else if (reached.matches('refused')) {
      expect(sub?.status).toBe(left[reached.context.errCode]);
      expect(reasons).toEqual([]);
    } else {
      // Choosing, offered or confirming: nothing stored, auto-renewal still on.
      expect([sub?.status, reasons]).toEqual(['activated', []]);
      if (reached.matches('offering')) expect(reached.context.offer).toEqual({ kind: 'discount', percent: answered?.errCode === 8302 ? 25 : 30 });
    }
  }
}
