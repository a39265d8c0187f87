// The real server state behind each answer of the chargeback panel's walks: a customer with a paid
// card order, whose payment the sandbox card network disputes one step at a time
// (`POST /api/sandbox/card/dispute/{charge}`, docs/decisions/059), and a storage fault for the
// unexpected. Shared by walks (a), (b) and (c).
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { OrderDispute } from '../../machines/dispute/dispute.types';
import type { useTestServer } from '../helpers/test-server';
import { buyWithSavedCard, signedInClient } from './billing.world';
import { storageFault } from './faults';

type Server = ReturnType<typeof useTestServer>;
type Output = { kind?: string; errCode?: number; dispute?: Partial<OrderDispute> } | undefined;

/** The network's status of the order's newest dispute, as the portal recorded it; null when never disputed. */
export async function networkStatus(server: Server, orderId: string): Promise<string | null> {
  const [row] = await server.db.query<{ status: string }>('SELECT status FROM order_disputes WHERE order_id = $1 ORDER BY opened_at DESC LIMIT 1', [orderId]);
  return row?.status ?? null;
}

/** The sandbox network moves the order's dispute one step; its signed event is applied. */
export async function stepDispute(server: Server, orderId: string, outcome = 'lost') {
  const res = await server.app.inject({ method: 'POST', url: `/api/sandbox/card/dispute/${orderId}`, payload: { outcome } });
  expect(res.json()).toMatchObject({ result: 'applied' });
}

export class DisputeWorld {
  customer!: Awaited<ReturnType<typeof signedInClient>>;
  orderId = '';
  private repairs: Array<() => Promise<void>> = [];

  constructor(private server: Server) {}

  async setUp() {
    this.customer = await signedInClient(this.server);
    await buyWithSavedCard(this.server, this.customer.auth, this.customer.account.email ?? 'ana@example.com');
    const [order] = await this.server.db.query<{ id: string }>('SELECT id FROM orders WHERE account_uid = $1', [this.customer.account.uid]);
    this.orderId = order!.id;
  }

  status = () => networkStatus(this.server, this.orderId);

  async arrange(event: EventObject) {
    if (event.type === 'xstate.error.actor.loadDispute') return void this.repairs.push(await storageFault(this.server, 'order_disputes'));
    const output = (event as { output?: Output }).output;
    if (output?.kind !== 'found') return;
    // Open: the holder's bank opened a dispute (or it is already open). Closed: the banks decide it.
    const closing = output.dispute?.closedAt !== undefined;
    for (let status = await this.status(); closing ? status !== 'lost' : status === null; status = await this.status()) {
      await stepDispute(this.server, this.orderId);
    }
  }

  async repair() {
    for (const undo of this.repairs.splice(0)) await undo();
  }

  /** What each state means on the server. */
  async check(reached: AnyMachineSnapshot, event: EventObject) {
    if (event.type.startsWith('xstate.error')) await this.repair();
    // The panel's refusal is its own to say, never a toast.
    expect(this.customer.client.effects.filter((e) => e[0] === 'toast' && e[2] === 8501)).toEqual([]);
    if (reached.hasTag('busy')) return;
    const status = await this.status();
    const [order] = await this.server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [this.orderId]);
    if (reached.matches('none')) expect([status, order!.status]).toEqual([null, 'PAYMENT_SUCCEEDED']);
    if (reached.matches('open')) {
      expect(['needs_response', 'under_review']).toContain(status);
      expect(reached.context.dispute).toMatchObject({ status: 'CHARGEBACK_PENDING', disputeStatus: status, serviceEnded: false });
    }
    if (reached.matches('closed')) {
      expect([status, order!.status]).toEqual(['lost', 'CHARGEBACK_SUCCEEDED']);
      expect(reached.context.dispute).toMatchObject({ status: 'CHARGEBACK_SUCCEEDED', disputeStatus: 'lost', serviceEnded: true });
    }
    if (reached.matches('failure')) expect(reached.context.error).toMatchObject({ kind: 'refusal', errCode: -2499 });
  }
}
