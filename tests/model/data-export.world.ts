// The real server state behind each answer of the "Download my data" walks (docs/decisions/061):
// a customer who bought a plan with a saved card, so the file has orders, payments and a card to
// show (by its last 4 digits only), and a storage fault for the unexpected. Shared by walks (a) and (b).
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { useTestServer } from '../helpers/test-server';
import { buyWithSavedCard, Cards, signedInClient } from './billing.world';
import { storageFault } from './faults';

type Server = ReturnType<typeof useTestServer>;

export class DataExportWorld {
  customer!: Awaited<ReturnType<typeof signedInClient>>;
  private repairs: Array<() => Promise<void>> = [];

  constructor(private server: Server) {}

  async setUp() {
    this.customer = await signedInClient(this.server);
    await buyWithSavedCard(this.server, this.customer.auth, this.customer.account.email!);
  }

  async arrange(event: EventObject) {
    await this.repair();
    // The recordings cannot be read: the export fails as a whole (-2499), the account untouched.
    if (event.type === 'xstate.error.actor.prepareFile') this.repairs.push(await storageFault(this.server, 'cloud_recordings'));
  }

  async repair() {
    for (const undo of this.repairs.splice(0)) await undo();
  }

  /** What each state means: the file holds the account's data and no card number; a failure says -2499. */
  async check(reached: AnyMachineSnapshot, event: EventObject) {
    if (event.type.startsWith('xstate.error')) await this.repair();
    if (reached.hasTag('busy')) return;
    const { file, format, error } = reached.context as { file: { format: string; blob: Blob; filename: string } | null; format: string; error: unknown };
    if (reached.matches('downloaded')) {
      expect(file!.format).toBe(format);
      const { uid, email } = this.customer.account;
      if (format === 'json') {
        const text = await file!.blob.text();
        expect(text).not.toContain(Cards.visa);
        const data = JSON.parse(text) as { profile: { uid: string; email: string }; cards: { last4: string }[]; orders: unknown[] };
        expect([data.profile.uid, data.profile.email, data.cards.map((c) => c.last4), data.orders.length]).toEqual([String(uid), email, ['4242'], 1]);
        expect(file!.filename).toBe(`personal-data-${uid}.json`);
      } else {
        expect(
          Buffer.from(await file!.blob.arrayBuffer())
            .subarray(0, 5)
            .toString('latin1'),
        ).toBe('%PDF-');
        expect(file!.filename).toBe(`personal-data-${uid}.pdf`);
      }
    }
    if (reached.matches('failure')) expect(error).toMatchObject({ kind: 'refusal', errCode: -2499 });
  }
}
