import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  assertTransition,
  canTransition,
  IllegalOrderTransition,
  isTerminal,
  openStatuses,
  orderStatusDiagram,
  orderTransitions,
  paidStatuses,
  type OrderStatus,
} from './order-status';

const all = Object.keys(orderTransitions) as OrderStatus[];

describe('order status table', () => {
  it('covers exactly the statuses of the contract', () => {
    const contract = parse(readFileSync('openapi/portal.yaml', 'utf8')) as { components: { schemas: { OrderStatus: { enum: string[] } } } };
    expect([...all].sort()).toEqual([...contract.components.schemas.OrderStatus.enum].sort());
  });

  it('every status can be reached from SUBMITTED', () => {
    const seen = new Set<OrderStatus>(['SUBMITTED']);
    const queue: OrderStatus[] = ['SUBMITTED'];
    while (queue.length) {
      for (const to of orderTransitions[queue.shift()!]) {
        if (!seen.has(to)) {
          seen.add(to);
          queue.push(to);
        }
      }
    }
    expect([...seen].sort()).toEqual([...all].sort());
  });

  it('a paid order can never become unpaid again, and a final order never changes', () => {
    for (const from of paidStatuses) for (const to of openStatuses) expect(canTransition(from, to), `${from}->${to}`).toBe(false);
    for (const s of ['PAYMENT_CANCELLED', 'REFUND_SUCCEEDED', 'CHARGEBACK_SUCCEEDED'] as const) expect(isTerminal(s)).toBe(true);
  });

  it('refuses everything outside the table', () => {
    expect(() => assertTransition('PAYMENT_SUCCEEDED', 'PAYMENT_FAILED')).toThrow(IllegalOrderTransition);
    expect(() => assertTransition('PAYMENT_CANCELLED', 'PAYMENT_SUCCEEDED')).toThrow(/cannot go from PAYMENT_CANCELLED to PAYMENT_SUCCEEDED/);
    expect(() => assertTransition('PAYMENT_PENDING', 'PAYMENT_SUCCEEDED')).not.toThrow();
  });

  it('docs/order-status.md carries the current diagram', () => {
    expect(readFileSync('docs/order-status.md', 'utf8')).toContain(orderStatusDiagram());
  });
});
