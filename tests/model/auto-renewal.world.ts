// The real server state behind each answer of the auto-renewal walks: a subscription bought with a
// saved card (and a spare saved card), cancelled or expired by the server's own routes and renewal
// job, a renewal pass paused mid-charge (renewing, 2002), a card deleted or
// expired (−2511, 6206), another account signed in from another tab (1020), and storage faults for
// the unexpected. Shared by walk (a) and walk (b).
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { useTestServer } from '../helpers/test-server';
import { buyWithSavedCard, Cards, cancelRenewal, deleteCard, expireByDeclines, expireCard, pauseRenewal, signedInClient, subscription } from './billing.world';
import { refusals } from '../../machines/auto-renewal/auto-renewal.actors';
import { storageFault } from './faults';
import { expectNoToastOf } from './real-server';

type Server = ReturnType<typeof useTestServer>;
type Output = { kind?: string; errCode?: number; info?: { status: string; renewing: boolean } } | undefined;

export class RenewalWorld {
  customer!: Awaited<ReturnType<typeof signedInClient>>;
  cardId: string | null = null;
  spareCardId: string | null = null;
  private repairs: Array<() => Promise<void>> = [];
  private releases: Array<() => Promise<void>> = [];

  constructor(private server: Server) {}

  async setUp() {
    this.customer = await signedInClient(this.server);
  }

  private async subscribe() {
    if (this.cardId) return;
    const { auth, account } = this.customer;
    this.cardId = await buyWithSavedCard(this.server, auth, account.email!);
    // A second saved card, from a plan-3 purchase, to change the billing card to.
    this.spareCardId = await buyWithSavedCard(this.server, auth, account.email!, '3', Cards.master);
  }

  async arrange(event: EventObject) {
    const output = (event as { output?: Output }).output;
    const { auth, account } = this.customer;
    const fault = async (table: string) => void this.repairs.push(await storageFault(this.server, table));
    const pause = async () => void this.releases.push((await pauseRenewal(this.server, account.uid)).release);
    switch (event.type) {
      case 'xstate.done.actor.loadInfo':
        if (output?.kind === 'refused') return; // 6201: never bought an auto-renew plan
        await this.subscribe();
        if (output?.info?.status === 'cancelled') await cancelRenewal(this.server, auth);
        if (output?.info?.status === 'expired') await expireByDeclines(this.server, account.uid);
        if (output?.info?.renewing && this.releases.length === 0) await pause();
        return;
      case 'xstate.error.actor.loadInfo':
      case 'xstate.error.actor.changeCard':
        if (event.type === 'xstate.error.actor.loadInfo') await this.subscribe();
        return fault('subscriptions');
      case 'xstate.error.actor.listCards':
        return fault('cards');
      case 'xstate.done.actor.changeCard':
        if (output?.errCode === 6206) await expireCard(this.server, this.spareCardId!);
        if (output?.errCode === 2002) await pause();
        // Deleted in another tab after the list was shown.
        if (output?.errCode === -2511) await deleteCard(this.server, auth, this.spareCardId!);
        // Another account signed in from another tab after the list was shown: the session the
        // panel calls with is now that account's, and the chosen card is not its own.
        if (output?.errCode === 1020) await this.signInElsewhere();
        return;
    }
  }

  /** Another account signs in on the same browser: the shared session store now holds its token. */
  private async signInElsewhere() {
    const other = await signedInClient(this.server);
    this.customer.client.store.set('userInfo', other.client.store.get('userInfo'));
  }

  async repair() {
    for (const undo of this.repairs.splice(0)) await undo();
    for (const release of this.releases.splice(0)) await release();
  }

  /** What each state means on the server. */
  async check(reached: AnyMachineSnapshot, event: EventObject) {
    if (event.type.startsWith('xstate.error')) for (const undo of this.repairs.splice(0)) await undo();
    expectNoToastOf(this.customer.client, refusals);
    const { info, errCode, error } = reached.context;
    const answered = (event as { output?: Output }).output;
    if (answered?.kind === 'refused' && event.type !== 'xstate.done.actor.loadInfo') {
      // The refusal is the one arranged, and a refused card changes nothing. (Turning it off, and
      // its refusals, are the cancellation flow's: tests/model/cancellation.world.ts.)
      expect(errCode).toBe(answered.errCode);
      const sub = await subscription(this.server.db, this.customer.account.uid);
      if (event.type === 'xstate.done.actor.changeCard') expect(sub?.card_id).toBe(info?.card?.id);
    }
    // While a call runs, the server is as arranged for its answer (a fault may be in place).
    if (reached.hasTag('busy')) return;
    const sub = await subscription(this.server.db, this.customer.account.uid);
    if (reached.matches('activated')) {
      expect(sub?.status).toBe('activated');
      expect(info).toMatchObject({ status: 'activated', renewing: sub!.renewing_since !== null, card: { id: sub!.card_id } });
    }
    if (reached.matches('cancelled')) expect([sub?.status, info?.status]).toEqual(['cancelled', 'cancelled']);
    if (reached.matches('expired')) expect([sub?.status, info?.status]).toEqual(['expired', 'expired']);
    if (reached.matches('none')) expect([sub, info]).toEqual([undefined, null]);
    if (reached.matches('failure')) expect(error).toMatchObject({ kind: 'refusal', errCode: -2499 });
    if (event.type === 'xstate.done.actor.changeCard' && errCode === null) {
      // The next renewal is charged to the new card.
      expect([sub!.card_id, reached.context.cardChanged]).toEqual([this.spareCardId, true]);
    }
  }
}
