// Walk (a) of the repay machine: every graph path with its real actors and its real payment flow,
// against the real reference server on a fresh database. The order to repay is made for real: a
// payment declined by the sandbox card network (or paid, for an order that can no longer be paid).
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createRepayActors } from '../../machines/repay/repay.actors';
import { repayMachine } from '../../machines/repay/repay.machine';
import { createFakeClock } from '../../server/clock';
import { createTestAccount, loginBody } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';
import { saveCoverage } from './coverage';
import { assertFullCoverage, pollUntil } from './gate';
import { CoverageRecorder, describePath, flowPaths, startRecorded } from './harness';
import { card, detailsFor, letPixExpire, lossyClient } from './payment-world';
import { repayGraph } from './repay.model';
import { walkPath } from './walker';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const recorder = new CoverageRecorder();
const paths = flowPaths(repayGraph(repayMachine.provide({ actors: createRepayActors({ client: {} } as never) })));

describe('repay machine, walk (a): real actors and the payment flow against the real server', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const account = await createTestAccount(server);
    const login = await server.post('/api/user/login/v1', loginBody(account));
    const auth = { Authorization: (login.body.data as { token: string }).token, Language: 'en' };
    const { api, lose } = lossyClient(server.app, login.body.data);
    // The order to repay: declined by the card network (or paid, when the path says so).
    const first = (path.steps[1]?.event as { output?: { status?: string } }).output;
    const number = first?.status === 'PAYMENT_SUCCEEDED' ? '4242424242424242' : '4000000000000002';
    await server.post('/api/bill/pay/v1', { planId: '1', method: 'card', currency: 'BRL', country: 'BR', email: account.account, ...card(number) }, auth);
    const [order] = await server.db.query<{ id: string; status: string }>('SELECT id, status FROM orders WHERE account_uid = $1', [account.uid]);
    expect(order?.status).toBe(first?.status ?? 'PAYMENT_FAILED');

    const seen: AnyMachineSnapshot[] = [];
    let actor: ReturnType<typeof startRecorded<typeof repayMachine>>['actor'] | undefined;
    let simulated: { increment(ms: number): void } | undefined;
    let outcome = 'paid';
    const status = async () => (await server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [order!.id]))[0]?.status;

    try {
      await walkPath(path, {
        async arrange(event) {
          const [, kind, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
          if (kind === 'error') lose.add(id === 'loadOrder' ? `/api/bill/order/v1/${order!.id}` : '/api/bill/payment/methods/v1');
          if (id === 'payment') {
            outcome = String((event as { output?: { kind?: string } }).output?.kind);
            if (outcome === 'failed') lose.add('/api/bill/repay/v1');
          }
        },
        async start() {
          const started = startRecorded(repayMachine.provide({ actors: createRepayActors(api) }), recorder, { orderId: order!.id, country: 'BR', defaultInstallments: 3 });
          actor = started.actor;
          simulated = started.clock;
          seen.push(actor.getSnapshot() as AnyMachineSnapshot);
          actor.subscribe((s) => void seen.push(s as AnyMachineSnapshot));
          return { snapshots: () => seen, clock: started.clock };
        },
        async perform(event: EventObject) {
          actor!.send(event.type === 'PAY_SUBMITTED' ? { type: 'PAY_SUBMITTED', details: detailsFor(outcome) } : (event as never));
        },
        delayMs() {
          throw new Error('the repay flow has no delays of its own');
        },
        async checked(reached) {
          const payment = (reached.children as Record<string, { getSnapshot(): AnyMachineSnapshot } | undefined>).payment;
          if (reached.matches('paying') && outcome === 'closed' && payment) await letPixExpire(payment, server, clock, simulated!);
        },
        async check(reached, expected, event) {
          expect(reached.value).toEqual(expected.value);
          const c = reached.context as typeof expected.context;
          if (event.type.startsWith('xstate.error')) expect(c.error).toMatchObject({ kind: 'network' });
          switch (JSON.stringify(reached.value)) {
            case '"editing"':
              expect(c.order?.id).toBe(order!.id);
              expect(['PAYMENT_FAILED', 'NETWORK_ERROR']).toContain(await status());
              if (event.type === 'xstate.done.actor.payment' && outcome === 'declined') expect(c.payErrCode).toBe(301);
              break;
            case '"paid"':
              expect(await status()).toBe('PAYMENT_SUCCEEDED');
              expect(c.outcome).toEqual({ kind: 'paid', orderId: order!.id });
              break;
            case '"closed"':
              expect(['PAYMENT_SUCCEEDED', 'PAYMENT_CANCELLED']).toContain(await status());
              break;
            case '"pending"':
              expect(await status()).toBe('NETWORK_ERROR');
              break;
            case '"redirected"':
              expect((c.outcome as { url: string }).url).toMatch(/\/sandbox\/paypal\/checkoutnow\?token=/);
              break;
          }
        },
        until: pollUntil,
      });
    } finally {
      actor?.stop();
    }
  });

  afterAll(() => {
    const report = saveCoverage('repay', 'server', repayMachine, recorder);
    assertFullCoverage(report, 'repay', 'server');
  });
});
