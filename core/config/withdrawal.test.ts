// The 7-day rule the server refuses by and the app offers by (docs/decisions/058): only a paid
// purchase has a deadline, and the app offers what the server's deadline allows.
import { describe, expect, it } from 'vitest';
import { canWithdraw, WITHDRAWAL_WINDOW_MS, withdrawableUntil } from './withdrawal';

const paidAt = Date.UTC(2026, 10, 20, 12);

describe('the withdrawal deadline', () => {
  it('a paid purchase or upgrade has one, 7 days after its payment (docs/decisions/069); a renewal or an unpaid order has none', () => {
    expect(withdrawableUntil({ status: 'PAYMENT_SUCCEEDED', paidAt, kind: 'purchase' })).toBe(paidAt + WITHDRAWAL_WINDOW_MS);
    expect(withdrawableUntil({ status: 'PAYMENT_SUCCEEDED', paidAt, kind: 'upgrade' })).toBe(paidAt + WITHDRAWAL_WINDOW_MS);
    expect(withdrawableUntil({ status: 'PAYMENT_SUCCEEDED', paidAt, kind: 'renewal' })).toBeNull();
    expect(withdrawableUntil({ status: 'PAYMENT_PENDING', kind: 'purchase' })).toBeNull();
  });

  it('the app offers it until the server’s deadline, in a status that allows it', () => {
    const until = paidAt + WITHDRAWAL_WINDOW_MS;
    expect(canWithdraw({ status: 'PAYMENT_SUCCEEDED', withdrawableUntil: until }, until)).toBe(true);
    expect(canWithdraw({ status: 'PAYMENT_SUCCEEDED', withdrawableUntil: until }, until + 1)).toBe(false);
    expect(canWithdraw({ status: 'REFUND_PENDING', withdrawableUntil: until }, paidAt)).toBe(false);
    // No deadline from the server (a renewal): never offered.
    expect(canWithdraw({ status: 'PAYMENT_SUCCEEDED' }, paidAt)).toBe(false);
  });
});
