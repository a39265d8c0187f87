// Walk (a) of the payment machine: every graph path on the machine with its real actors, the
// client calling the real reference server on a fresh database. Each answer is arranged for real:
// the sandbox card numbers, the sandbox bank paying a PIX or a slip, the sandbox chain, the SMS
// with the operator's code, an expired window (the server's clock and its expiry job), a storage
// fault (a table renamed for the length of one answer).
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createPaymentActors } from '../../machines/payment/payment.actors';
import { paymentMachine } from '../../machines/payment/payment.machine';
import type { PaymentInput, PayRequest, PayResult } from '../../machines/payment/payment.types';
import { expireOverdue } from '../../server/billing/payment-jobs';
import { createFakeClock } from '../../server/clock';
import { idempotencyHash } from '../../server/routes/orders';
import { deriveKey } from '../../server/security/secrets';
import { createTestAccount, loginBody } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';
import { saveCoverage } from './coverage';
import { assertFullCoverage, pollUntil } from './gate';
import { CoverageRecorder, describePath, flowPaths, startRecorded, type FlowPath } from './harness';
import { paymentGraph } from './payment.model';
import { createClientWorld } from './real-server';
import { walkPath } from './walker';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const recorder = new CoverageRecorder();
const paths = flowPaths(paymentGraph(paymentMachine.provide({ actors: createPaymentActors({} as never) })));

const MINUTE = 60_000;
const DAY = 86_400_000;
const card = (number: string) => ({ card: { number, expMonth: 12, expYear: 2099, cvc: '123', holder: 'ANA SOUZA' } });
const PDF = '%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n';

type Next = PayResult['next'];
/** What the first answer of a path asks the payment to be: which method, which card. */
function payBodyFor(path: FlowPath<typeof paymentMachine>): Omit<PayRequest, 'email'> {
  const first = path.steps[1]?.event as (EventObject & { output?: { kind: string; result?: { next: Next; status?: string }; errCode?: number } }) | undefined;
  const base = { planId: '1', currency: 'BRL', country: 'BR' };
  const payer = { firstName: 'Ana', lastName: 'Souza', cpf: '12345678909', zipcode: '01310-100', state: 'SP', city: 'São Paulo', street: 'Avenida Paulista', streetNumber: '1000' };
  const out = first?.output;
  if (out?.kind === 'refused') {
    const number = out.errCode === 1015 ? '4000000000001117' : out.errCode === 301 ? '4000000000000002' : '4242424242424242';
    return { ...base, method: 'card', ...card(number) };
  }
  switch (out?.result?.next) {
    case 'redirect':
      return { ...base, method: 'paypal' };
    case 'pix':
      return { ...base, method: 'pix', payer };
    case 'boleto':
      return { ...base, method: 'boleto', payer };
    case 'bank_transfer':
      return { ...base, method: 'bank_transfer', payer: { firstName: 'Ana', lastName: 'Souza' } };
    case 'otp':
      return { ...base, currency: 'USD', country: 'KE', method: 'mobile_money', payer: { areaCode: '254', phone: '712340001' }, mobileMoney: { operator: 'MPesa', areaCode: '254', phone: '712340001' } };
    case 'crypto':
      return { ...base, currency: 'USD', method: 'crypto', crypto: { coin: 'BTC' } };
    default:
      return { ...base, method: 'card', ...card('4242424242424242') };
  }
}

const orderStatus = async (id: string) => (await server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [id]))[0]?.status;

describe('payment machine, walk (a): real actors against the real server', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const account = await createTestAccount(server);
    const world = createClientWorld(server.app);
    const email = `${account.account}`;
    const login = await server.post('/api/user/login/v1', loginBody(account));
    world.store.set('userInfo', login.body.data as never);
    const auth = { Authorization: (login.body.data as { token: string }).token, Language: 'en' };
    const key = `walk-${Math.random().toString(36).slice(2)}`;
    const restore: Array<() => Promise<void>> = [];
    const seen: AnyMachineSnapshot[] = [];
    let actor: ReturnType<typeof startRecorded<typeof paymentMachine>>['actor'] | undefined;
    /** How the next user event is performed, as the answer arranged after it needs. */
    const next = { wrongCode: false, badCoin: false, badProof: false };
    const goneTo: string[] = [];

    const fault = async (table: string) => {
      await server.db.query(`ALTER TABLE ${table} RENAME TO ${table}_unavailable`);
      restore.push(async () => void (await server.db.query(`ALTER TABLE ${table}_unavailable RENAME TO ${table}`)));
    };
    const result = () => actor!.getSnapshot().context.result;
    const orderId = () => result()?.orderId ?? capturedOrder;
    let capturedOrder = '';
    const sandbox = (url: string) => server.app.inject({ method: 'POST', url });
    /** The money arrives: the sandbox bank, chain or statement pays the pending attempt's reference. */
    async function payNow() {
      const [attempt] = await server.db.query<{ provider_ref: string }>("SELECT provider_ref FROM payment_attempts WHERE order_id = $1 AND status = 'pending' ORDER BY id DESC LIMIT 1", [orderId()]);
      const ref = attempt!.provider_ref;
      const route = { pix: `pix/pay/${ref}`, boleto: `boleto/pay/${ref}`, crypto: `crypto/pay/${ref}`, bank_transfer: `transfer/receive/${ref}` }[result()!.next as string];
      expect((await sandbox(`/api/sandbox/${route}`)).json()).toMatchObject({ result: 'applied' });
      expect(await orderStatus(orderId())).toBe('PAYMENT_SUCCEEDED');
    }
    /** The payment window closes: the server's clock moves past it and its expiry job runs. */
    async function closeWindow() {
      clock.advance(6 * DAY);
      await expireOverdue(server.services);
      expect(await orderStatus(orderId())).toBe('PAYMENT_CANCELLED');
    }

    try {
    await walkPath(path, {
      async arrange(event) {
        const output = (event as { output?: unknown }).output;
        const [, kind, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
        // The walker arranges the answers after a start before starting, and again right before
        // the step that leads to them: only the submit's answer is arranged before the start.
        if (id === 'submit' ? actor !== undefined : actor === undefined) return;
        const before = { pixCheck: { pix: 'waiting' }, boletoCheck: { boleto: 'waiting' }, cryptoCheck: { crypto: { watching: 'waiting' } }, transferCheck: { transfer: { awaitingProof: 'waiting' } }, reportedCheck: { transfer: { reported: 'waiting' } } }[id ?? ''];
        // A check is arranged once the actor waits right before it (the walker arranges it again then).
        if (before && !actor!.getSnapshot().matches(before as never)) return;
        if (kind === 'error') {
          const table = { submit: 'plans', uploadProof: 'uploads', confirmOtp: 'sandbox_mobile_money', requote: 'crypto_coins' }[id ?? ''] ?? 'orders';
          if (id === 'submit' && path.start === 'capturePaypal') await fault('sandbox_checkouts');
          else await fault(table);
          return;
        }
        if (id === 'submit' && (output as { errCode?: number }).errCode === -3031) {
          // The same payment, still running in another request: its claim on the key.
          const body = { ...payBodyFor(path), email };
          const hash = idempotencyHash(deriveKey(server.services.secret, 'idempotency'), 'pay', body);
          await server.db.query("INSERT INTO idempotency_keys (account_uid, key, operation, request_hash, state, created_at) VALUES ($1, $2, 'pay', $3, 'in_progress', $4)", [
            account.uid,
            key,
            hash,
            new Date(clock.now()),
          ]);
          return;
        }
        if (/Check$/.test(id ?? '')) {
          if (output === 'PAYMENT_SUCCEEDED') await payNow();
          if (output === 'PAYMENT_CANCELLED') await closeWindow();
          return;
        }
        if (id === 'confirmOtp') {
          const o = output as { kind: string; errCode?: number; result?: { status: string } };
          if (o.kind === 'refused' && o.errCode === -3033) next.wrongCode = true;
          if (o.kind === 'refused' && o.errCode === -3032) clock.advance(10 * MINUTE);
          if (o.kind === 'result' && o.result?.status === 'PAYMENT_CANCELLED') {
            clock.advance(10 * MINUTE);
            await expireOverdue(server.services);
          }
          return;
        }
        if (id === 'requote' && (output as { kind: string }).kind === 'refused') next.badCoin = true;
        if (id === 'uploadProof' && (output as { kind: string }).kind === 'refused') next.badProof = true;
      },

      async start(start) {
        let input: PaymentInput;
        if (start === 'capturePaypal') {
          // A PayPal order the customer approved (paid) or never approved until it expired (closed).
          const paid = ((path.steps[1]?.event as { output?: { result?: { status?: string } } }).output?.result?.status ?? '') === 'PAYMENT_SUCCEEDED';
          const res = await server.post('/api/bill/pay/v1', { planId: '1', method: 'paypal', currency: 'BRL', email }, auth);
          expect(res.body).toMatchObject({ code: 0 });
          const { orderId: id, url } = res.body.data as { orderId: string; url: string };
          capturedOrder = id;
          if (paid) {
            const token = new URL(url).searchParams.get('token')!;
            await server.app.inject({ method: 'POST', url: '/sandbox/paypal/checkoutnow', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `token=${token}&decision=approve` });
          } else {
            clock.advance(3 * 3_600_000 + 1000);
            await expireOverdue(server.services);
          }
          input = { request: { kind: 'capturePaypal', orderId: id }, idempotencyKey: key };
        } else {
          input = { request: { kind: 'pay', body: { ...payBodyFor(path), email } }, idempotencyKey: key };
        }
        const machine = paymentMachine.provide({
          actors: createPaymentActors(world.api),
          actions: { goToProvider: (_, { url }) => void goneTo.push(url) },
        });
        const started = startRecorded(machine, recorder, input);
        actor = started.actor;
        seen.push(actor.getSnapshot() as AnyMachineSnapshot);
        actor.subscribe((s) => void seen.push(s as AnyMachineSnapshot));
        return { snapshots: () => seen, clock: started.clock };
      },

      async perform(event) {
        switch (event.type) {
          case 'OTP_SUBMITTED': {
            const [sms] = await server.services.outbox.list({ to: '+254712340001' });
            const code = /\b(\d{6})\b/.exec(sms!.text)![1]!;
            actor!.send({ type: 'OTP_SUBMITTED', otp: next.wrongCode ? (code === '000000' ? '000001' : '000000') : code });
            return;
          }
          case 'COIN_CHANGED':
            actor!.send(next.badCoin ? { type: 'COIN_CHANGED', coin: 'BTC', network: 'TRC20' } : { type: 'COIN_CHANGED', coin: 'USDT', network: 'TRC20' });
            return;
          case 'PROOF_SELECTED':
            actor!.send({ type: 'PROOF_SELECTED', file: Object.assign(new Blob([next.badProof ? 'not a receipt' : PDF], { type: next.badProof ? 'text/plain' : 'application/pdf' }), { name: 'receipt' }) });
            return;
          case 'LEFT_TO_PAY_LATER':
            actor!.send({ type: 'LEFT_TO_PAY_LATER' });
            return;
          default:
            throw new Error(`no executor for ${event.type}`);
        }
      },

      delayMs(delay) {
        return delay === 'retryDelay' ? 1_000 : 5_000;
      },

      async check(reached, expected, event) {
        // A fault lasts until the answer it was arranged for has arrived.
        if (event.type.startsWith('xstate.done') || event.type.startsWith('xstate.error')) for (const undo of restore.splice(0)) await undo();
        expect(reached.value).toEqual(expected.value);
        // While a storage fault is in place (before the answer it was arranged for), the server cannot be read.
        if (restore.length > 0) return;
        const c = reached.context as typeof expected.context;
        const id = c.result?.orderId ?? (capturedOrder || undefined);
        if (event.type.startsWith('xstate.error')) expect(c.error).toMatchObject({ kind: 'refusal', errCode: -2499 });
        if (reached.matches('paid')) expect(await orderStatus(id!)).toBe('PAYMENT_SUCCEEDED');
        if (reached.matches('expired') || reached.matches('closed')) expect(await orderStatus(id!)).toBe('PAYMENT_CANCELLED');
        if (reached.matches('declined')) expect(c.errCode).toBe((event as { output?: { errCode?: number } }).output?.errCode);
        if (reached.matches('unanswered')) expect((await server.db.query("SELECT 1 FROM orders WHERE account_uid = $1 AND status = 'NETWORK_ERROR'", [account.uid])).length).toBe(1);
        if (reached.matches('redirecting')) expect(goneTo).toEqual([(c.result as { url: string }).url]);
        // Waiting (not yet asking again): the order is still open on the server.
        const waiting = ['pix', 'boleto', 'crypto', 'transfer'].some((m) => JSON.stringify(reached.value).includes(`"${m}"`)) && JSON.stringify(reached.value).includes('"waiting"');
        if (waiting && !reached.matches({ transfer: 'reported' })) {
          expect(['PAYMENT_PENDING']).toContain(await orderStatus(id!));
        }
        if (reached.matches({ transfer: { reported: 'waiting' } })) expect(await orderStatus(id!)).toBe('SUBMITTED');
        if (reached.matches({ otp: 'enteringCode' }) && event.type === 'xstate.done.actor.confirmOtp') expect(c.errCode).toBe(-3033);
        if (event.type === 'xstate.done.actor.requote') {
          const refusedCoin = (event as { output?: { kind?: string } }).output?.kind === 'refused';
          expect(c.result).toMatchObject(refusedCoin ? { coin: 'BTC' } : { coin: 'USDT', network: 'TRC20' });
          if (refusedCoin) expect(c.errCode).toBe(5000);
        }
      },
      until: pollUntil,
    });
    } finally {
      actor?.stop();
      for (const undo of restore.splice(0)) await undo();
    }
  });

  afterAll(() => {
    const report = saveCoverage('payment', 'server', paymentMachine, recorder);
    assertFullCoverage(report, 'payment', 'server');
  });
});
