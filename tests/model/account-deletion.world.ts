// The real server state behind each answer of the "Delete my account" walks (docs/decisions/061):
// a customer who bought plan 1 with a saved card (a renewal to cancel, an order to anonymise), and
// per refusal what makes it true: a wrong password (8701), the account locked by wrong ones (17),
// no password (8702), a slip awaiting payment (8703), a refund open (8704); and a storage fault
// for the unexpected. Shared by walks (a) and (b).
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { refusals } from '../../machines/account-deletion/account-deletion.actors';
import { createLockout, LockoutPolicy } from '../../server/auth/lockout';
import type { useTestServer } from '../helpers/test-server';
import { buyWithSavedCard, signedInClient } from './billing.world';
import { storageFault } from './faults';
import { expectNoToastOf } from './real-server';

type Server = ReturnType<typeof useTestServer>;
type Output = { kind?: string; errCode?: number } | undefined;

const BOLETO_PAYER = {
  firstName: 'Ana',
  lastName: 'Souza',
  cpf: '12345678909',
  zipcode: '01310-100',
  state: 'SP',
  city: 'São Paulo',
  street: 'Avenida Paulista',
  streetNumber: '1000',
};

export class AccountDeletionWorld {
  customer!: Awaited<ReturnType<typeof signedInClient>>;
  /** What the customer types in the dialog for the next confirmation. */
  password = '';
  private paidOrder = '';
  private arranged: number | null = null;
  private repairs: Array<() => Promise<void>> = [];

  constructor(private server: Server) {}

  async setUp() {
    this.customer = await signedInClient(this.server);
    await buyWithSavedCard(this.server, this.customer.auth, this.customer.account.email!);
    const [order] = await this.server.db.query<{ id: string }>('SELECT id FROM orders WHERE account_uid = $1', [this.customer.account.uid]);
    this.paidOrder = order!.id;
    this.password = this.customer.account.password!;
  }

  async arrange(event: EventObject) {
    await this.repair();
    const { db } = this.server;
    const uid = this.customer.account.uid;
    const code = (event as { output?: Output }).output?.errCode ?? null;
    this.arranged = code;
    this.password = code === 8701 ? 'not-the-password' : this.customer.account.password!;
    if (event.type === 'xstate.error.actor.deleteAccount') return void this.repairs.push(await storageFault(this.server, 'cloud_recordings'));
    if (code === 17) {
      const lockout = createLockout(db, this.server.services.clock);
      for (let i = 0; i < LockoutPolicy.threshold; i++) await lockout.fail(uid, 'password', '127.0.0.1');
      this.repairs.push(() => lockout.clear(db, uid));
    }
    if (code === 8702) {
      const [row] = await db.query<{ password_hash: string }>('SELECT password_hash FROM accounts WHERE uid = $1', [uid]);
      await db.query('UPDATE accounts SET password_hash = NULL WHERE uid = $1', [uid]);
      this.repairs.push(async () => void (await db.query('UPDATE accounts SET password_hash = $2 WHERE uid = $1', [uid, row!.password_hash])));
    }
    if (code === 8703) {
      const res = await this.server.post(
        '/api/bill/pay/v1',
        { planId: '3', method: 'boleto', currency: 'BRL', country: 'BR', email: this.customer.account.email, payer: BOLETO_PAYER },
        this.customer.auth,
      );
      expect(res.body.code).toBe(0);
      const orderId = res.body.data.orderId as string;
      // The slip is then paid another way: the order no longer waits.
      this.repairs.push(async () => {
        await db.query(`UPDATE payment_attempts SET status = 'cancelled' WHERE order_id = $1`, [orderId]);
        await db.query(`UPDATE orders SET status = 'PAYMENT_CANCELLED' WHERE id = $1`, [orderId]);
      });
    }
    if (code === 8704) {
      // A refund the operator opened; then refused, which leaves the order paid.
      await db.query(`UPDATE orders SET status = 'REFUND_PENDING' WHERE id = $1`, [this.paidOrder]);
      this.repairs.push(async () => void (await db.query(`UPDATE orders SET status = 'REFUND_REJECTED' WHERE id = $1`, [this.paidOrder])));
    }
  }

  async repair() {
    for (const undo of this.repairs.splice(0)) await undo();
  }

  private async accountRow() {
    const [row] = await this.server.db.query<{ email: string | null; deleted_at: Date | null }>('SELECT email, deleted_at FROM accounts WHERE uid = $1', [
      this.customer.account.uid,
    ]);
    return row!;
  }

  /** What each state means on the server. */
  async check(reached: AnyMachineSnapshot, event: EventObject) {
    if (event.type.startsWith('xstate.error')) await this.repair();
    expectNoToastOf(this.customer.client, refusals);
    if (reached.hasTag('busy')) return;
    const { errCode, error } = reached.context as { errCode: number | null; error: unknown };
    const row = await this.accountRow();
    if (reached.matches('deleted')) {
      const { uid, email } = this.customer.account;
      expect([row.email, row.deleted_at === null]).toEqual([null, false]);
      const [sessions] = await this.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE account_uid = $1', [uid]);
      expect(sessions!.n).toBe(0);
      // The session this device held answers -24020 now.
      const next = await this.server.get('/api/user/data/v1', this.customer.auth);
      expect([next.status, next.body.errCode]).toEqual([401, -24020]);
      const mails = (await this.server.services.outbox.list({ to: email! })).filter((m) => m.template === 'accountDeleted');
      expect(mails).toHaveLength(1);
      return;
    }
    // Anything but a deletion leaves the account as it was.
    expect([row.email, row.deleted_at]).toEqual([this.customer.account.email, null]);
    const answered = event.type === 'xstate.done.actor.deleteAccount';
    if (answered && (reached.matches('refused') || reached.matches('confirming'))) expect(errCode).toBe(this.arranged);
    if (reached.matches('failure')) expect(error).toMatchObject({ kind: 'refusal', errCode: -2499 });
  }
}
