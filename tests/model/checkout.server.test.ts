// Walk (a) of the checkout machine: every graph path on the machine with its real actors and its
// real child flows (payment, discount unbinding), the client calling the real reference server on a
// fresh database. Answers are arranged for real: a running multi-screen plan (6000), an unfinished
// order (the cart), another unpaid order holding the code (9004), the sandbox cards, PayPal, a PIX
// left unpaid until its window closed. An unexpected failure is a request lost on the network
// (the connection drops before the server answers), for the one call it was arranged for.
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createCheckoutActors } from '../../machines/checkout/checkout.actors';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import { createFakeClock } from '../../server/clock';
import { createTestAccount, loginBody } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';
import { checkoutGraph } from './checkout.model';
import { saveCoverage } from './coverage';
import { assertFullCoverage, pollUntil } from './gate';
import { CoverageRecorder, describePath, flowPaths, startRecorded } from './harness';
import { card, detailsFor, letPixExpire, lossyClient, PIX_PAYER } from './payment-world';
import { walkPath } from './walker';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const recorder = new CoverageRecorder();
const paths = flowPaths(checkoutGraph(checkoutMachine.provide({ actors: createCheckoutActors({ client: {} } as never) })));

const outputOf = (event: EventObject) => (event as { output?: Record<string, unknown> | null }).output;

describe('checkout machine, walk (a): real actors and child flows against the real server', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const account = await createTestAccount(server);
    const login = await server.post('/api/user/login/v1', loginBody(account));
    const auth = { Authorization: (login.body.data as { token: string }).token, Language: 'en' };
    const { api, lose } = lossyClient(server.app, login.body.data);
    const seen: AnyMachineSnapshot[] = [];
    let actor: ReturnType<typeof startRecorded<typeof checkoutMachine>>['actor'] | undefined;
    let simulated: { increment(ms: number): void } | undefined;
    /** What the next payment, code and unbinding answers were arranged to be. */
    const plan = { payment: 'paid', code: 'applied', unbinding: '' };
    const pay = (body: Record<string, unknown>) => server.post('/api/bill/pay/v1', { planId: '1', currency: 'BRL', country: 'BR', email: account.account, ...body }, auth);
    const openOrders = async () => server.db.query<{ id: string; status: string }>("SELECT id, status FROM orders WHERE account_uid = $1 AND status NOT IN ('PAYMENT_SUCCEEDED', 'PAYMENT_CANCELLED') ORDER BY created_at DESC", [account.uid]);

    try {
      await walkPath(path, {
        async arrange(event) {
          const output = outputOf(event);
          const [, kind, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
          const route = {
            checkAvailability: '/api/site/checkPlanAvailable/v1',
            loadCart: '/api/bill/query/cart',
            loadMethods: '/api/bill/payment/methods/v1',
            valuate: '/api/bill/goodsValuation',
            findRefusedOrder: '/api/bill/query/cart',
          }[id ?? ''];
          if (kind === 'error' && route) {
            lose.add(route);
            return;
          }
          switch (id) {
            case 'checkAvailability':
              // Spec section 6: a running multi-screen plan; the single-screen plan 1 may not be bought.
              if (output?.kind === 'refused' && !(await server.db.query('SELECT 1 FROM entitlements WHERE account_uid = $1 AND device_count > 1', [account.uid])).length) {
                expect((await pay({ planId: '2', method: 'card', ...card('4242424242424242') })).body.code).toBe(0);
              }
              return;
            case 'loadCart':
              // An unfinished order: a PIX code not paid yet.
              if (output && (await openOrders()).length === 0) expect((await pay({ method: 'pix', payer: PIX_PAYER })).body.code).toBe(0);
              return;
            case 'valuate': {
              const code = (output as { discountCode?: { applied: boolean; errCode?: number } } | undefined)?.discountCode;
              plan.code = !code ? 'none' : code.applied ? 'applied' : code.errCode === 9004 ? 'bound' : 'refused';
              return;
            }
            case 'unbinding':
              plan.unbinding = String(output?.kind);
              return;
            case 'payment':
              plan.payment = String(output?.kind);
              if (plan.payment === 'failed') lose.add('/api/bill/pay/v1');
              return;
          }
        },

        async start() {
          const machine = checkoutMachine.provide({ actors: createCheckoutActors(api) });
          const started = startRecorded(machine, recorder, { planId: '1', currency: 'BRL', country: 'BR', defaultInstallments: 3, email: account.account });
          actor = started.actor;
          simulated = started.clock;
          seen.push(actor.getSnapshot() as AnyMachineSnapshot);
          actor.subscribe((s) => void seen.push(s as AnyMachineSnapshot));
          return { snapshots: () => seen, clock: started.clock };
        },

        async perform(event) {
          if (event.type === 'CODE_APPLIED') {
            if (plan.code === 'bound') {
              // Another unpaid order of the account holds DESCONTO5: a PIX code, or a card charge
              // whose answer was lost (NETWORK_ERROR), which cannot be cancelled (1003).
              const other = plan.unbinding === 'cannotRemove' ? { method: 'card', ...card('4000000000001117') } : { method: 'pix', payer: PIX_PAYER };
              const res = await pay({ ...other, discountCode: 'DESCONTO5' });
              expect(res.body.code === 0 || res.body.errCode === 1015).toBe(true);
            }
            // 9000: a code switched off by the operator.
            actor!.send({ type: 'CODE_APPLIED', code: plan.code === 'refused' ? 'PAUSADO' : 'DESCONTO5' });
            return;
          }
          if (event.type === 'PAY_SUBMITTED') {
            actor!.send({ type: 'PAY_SUBMITTED', details: detailsFor(plan.payment) });
            return;
          }
          actor!.send(event as never);
        },

        delayMs() {
          throw new Error('the checkout has no delays of its own');
        },

        async checked(reached) {
          const children = reached.children as Record<string, { send(e: EventObject): void; getSnapshot(): AnyMachineSnapshot } | undefined>;
          // The unbinding dialog: the customer confirms (or keeps the other order).
          if (reached.matches('unbinding') && children.unbinding) children.unbinding.send({ type: plan.unbinding === 'kept' ? 'CANCELLED' : 'CONFIRMED' });
          // A PIX code left unpaid: its window closes on the server, and the page asks again.
          if (reached.matches('paying') && plan.payment === 'closed' && children.payment) await letPixExpire(children.payment, server, clock, simulated!);
        },

        async check(reached, expected, event) {
          expect(reached.value).toEqual(expected.value);
          const c = reached.context as typeof expected.context;
          if (event.type.startsWith('xstate.error')) expect(c.error).toMatchObject({ kind: 'network' });
          const orders = await openOrders();
          switch (JSON.stringify(reached.value)) {
            case '"unavailable"':
              expect(c.outcome).toEqual({ kind: 'unavailable', errCode: 6000 });
              break;
            case '"cartFound"':
              expect(orders.map((o) => o.id)).toContain(c.cart?.id);
              break;
            case '"finishingOrder"':
              expect(c.outcome).toEqual({ kind: 'finishOrder', orderId: c.cart?.id });
              expect(orders.map((o) => o.id)).toContain(c.cart?.id);
              break;
            case '"editing"':
              expect(c.valuation?.planId).toBe('1');
              if (plan.code === 'refused' && event.type === 'xstate.done.actor.valuate') expect(c.codeErrCode).toBe(9000);
              if (c.orderId) expect(orders.map((o) => o.id)).toContain(c.orderId);
              if (event.type === 'xstate.done.actor.findRefusedOrder') expect(orders.find((o) => o.id === c.orderId)?.status).toBe('PAYMENT_FAILED');
              break;
            case '"paid"':
              expect((await server.db.query("SELECT 1 FROM orders WHERE id = $1 AND status = 'PAYMENT_SUCCEEDED'", [(c.outcome as { orderId: string }).orderId])).length).toBe(1);
              break;
            case '"pending"':
              expect(orders.some((o) => o.status === 'NETWORK_ERROR')).toBe(true);
              break;
            case '"redirected"':
              expect((c.outcome as { url: string }).url).toMatch(/\/sandbox\/paypal\/checkoutnow\?token=/);
              break;
            case '"closed"':
              expect((await server.db.query("SELECT 1 FROM orders WHERE id = $1 AND status = 'PAYMENT_CANCELLED'", [(c.outcome as { orderId: string }).orderId])).length).toBe(1);
              break;
          }
          if (event.type === 'xstate.done.actor.unbinding' && plan.unbinding === 'unbound') {
            // The other order was cancelled; the code now applies here.
            expect((await server.db.query("SELECT 1 FROM orders WHERE account_uid = $1 AND discount_code = 'DESCONTO5' AND status = 'PAYMENT_CANCELLED'", [account.uid])).length).toBe(1);
          }
        },
        until: pollUntil,
      });
    } finally {
      actor?.stop();
    }
  });

  afterAll(() => {
    const report = saveCoverage('checkout', 'server', checkoutMachine, recorder);
    assertFullCoverage(report, 'checkout', 'server');
  });
});
