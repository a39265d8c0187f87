// The real server state behind each answer of the unbinding walks: a customer whose earlier card
// payment with the code was declined (an open order holding it), paid meanwhile for 1003, and a
// storage fault for the unexpected. Shared by walk (a) and walk (b).
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { useTestServer } from '../helpers/test-server';
import { boundOrderOf, Cards, orderHoldingCode, orderStatus, signedInClient } from './billing.world';
import { storageFault } from './faults';
import { UNBINDING_CODE } from './discount-unbinding.model';

type Server = ReturnType<typeof useTestServer>;

export class UnbindingWorld {
  customer!: Awaited<ReturnType<typeof signedInClient>>;
  orderId!: string;
  private repairs: Array<() => Promise<void>> = [];

  constructor(private server: Server) {}

  /** A signed-in customer, and the input the checkout would pass: the order the valuation names (9004). */
  async setUp() {
    this.customer = await signedInClient(this.server);
    this.orderId = await orderHoldingCode(this.server, this.customer.auth, this.customer.account.email!, UNBINDING_CODE);
    return { orderId: this.orderId, discountCode: UNBINDING_CODE };
  }

  async arrange(event: EventObject) {
    const output = (event as { output?: { kind: string } }).output;
    if (event.type === 'xstate.error.actor.unbind') this.repairs.push(await storageFault(this.server, 'order_events'));
    if (output?.kind === 'refused') {
      // The customer paid that order in another tab meanwhile: a paid order cannot be cancelled (1003).
      const card = { number: Cards.visa, expMonth: 12, expYear: 2030, cvc: '123', holder: 'Lia Alves' };
      const paid = await this.server.post('/api/bill/repay/v1', { orderId: this.orderId, method: 'card', card }, this.customer.auth);
      expect(paid.body.data?.status).toBe('PAYMENT_SUCCEEDED');
    }
  }

  async repair() {
    for (const undo of this.repairs.splice(0)) await undo();
  }

  /** What each state means on the server. */
  async check(reached: AnyMachineSnapshot, event: EventObject) {
    if (event.type.startsWith('xstate.')) await this.repair();
    // While the call runs, the server is as arranged for its answer (a fault may be in place).
    if (reached.matches('unbinding')) return expect(reached.hasTag('busy')).toBe(true);
    const order = await orderStatus(this.server.db, this.orderId);
    const unbindEvents = await this.server.db.query("SELECT 1 FROM order_events WHERE order_id = $1 AND reason = 'discount_code_unbound'", [this.orderId]);
    const toasts = this.customer.client.effects.filter((e) => e[0] === 'toast').map((e) => e[2]);
    if (reached.matches('explaining') || reached.matches('kept') || reached.matches('failure')) {
      // Nothing changed: the order is open and still holds the code (spec section 4).
      expect(order).toEqual({ status: 'PAYMENT_FAILED', discount_code: UNBINDING_CODE });
      expect(unbindEvents).toEqual([]);
      expect(await boundOrderOf(this.server, this.customer.auth, UNBINDING_CODE)).toBe(this.orderId);
    }
    if (reached.matches('kept')) expect(reached.output).toEqual({ kind: 'kept' });
    if (reached.matches('failure')) {
      expect(reached.context.error).toMatchObject({ kind: 'refusal', errCode: -2499 });
      expect(toasts).toEqual([-2499]);
    }
    if (reached.matches('unbound')) {
      expect(order.status).toBe('PAYMENT_CANCELLED');
      expect(unbindEvents).toHaveLength(1);
      expect(reached.output).toEqual({ kind: 'unbound' });
      // The code is free: a valuation applies it to the new order.
      await expect(boundOrderOf(this.server, this.customer.auth, UNBINDING_CODE)).rejects.toThrow(/not held/);
    }
    if (reached.matches('cannotRemove')) {
      expect(order.status).toBe('PAYMENT_SUCCEEDED');
      expect(reached.output).toEqual({ kind: 'cannotRemove', errCode: 1003 });
      // Said once, by the client's toast (the dialog closes).
      expect(toasts.filter((c) => c === 1003)).toHaveLength(1);
    }
  }
}
