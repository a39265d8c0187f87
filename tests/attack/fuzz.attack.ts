/**
 * Schema-driven fuzzing (docs/security.md): every operation of openapi/portal.yaml gets valid requests
 * generated from its request schemas and mutated ones, through the real server (`inject`, on
 * PGlite or on the PostgreSQL of TEST_DATABASE_URL). Every answer must be below 500 and in the
 * contract's envelope with a catalogued errCode, and no extra field may be stored anywhere.
 * FUZZ_SEED replays a run; FUZZ_RUNS changes the count per operation and kind.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../server/openapi/bind';
import { listOperations, loadContract } from '../../server/openapi/contract';
import type { PasswordHasher } from '../../server/security/passwords';
import { createTestAccount, DEFAULT_TEST_PASSWORD, type TestAccount } from '../helpers/accounts';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { judgeAnswer } from './fuzz/answers';
import { operationRequests, payloadOf, uploadedProof, urlOf, type FuzzRequest } from './fuzz/requests';
import type { Hints } from './fuzz/schema-arbitrary';
import { testCard } from './helpers/portal-client';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
/** Requests in flight at once: enough to keep PostgreSQL busy, few enough for two cores. */
const IN_FLIGHT = 6;
const ANSWER_TIMEOUT_MS = 30_000;

/**
 * argon2id as the server runs it, with a small memory cost: the fuzz run hashes a few thousand
 * passwords (sign-ups, log-ins, the dummy check of unknown accounts) and measures the door, not
 * the hash; the real cost is proven by tests/server/password-hashing.test.ts.
 */
const quickHasher: PasswordHasher = {
  hash: (password) => hash(password, { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 }),
  verify: (passwordHash, password) => verify(passwordHash, password).catch(() => false),
};

const doc = loadContract();
const operations = listOperations(doc);
// Operations that end their caller's state go last, so the others still find it.
const LAST = ['deleteCard', 'deleteCloudRecording'];
const ordered = [...operations.filter((o) => !LAST.includes(o.operationId)), ...operations.filter((o) => LAST.includes(o.operationId))];
// Operations on the caller's orders, cards, uploads and recordings run as the shopper, who has them.
const SHOPPER_OPS =
  /order|Order|Card|card|pay|Pay|repay|Renew|Cart|Coupon|Cloud|upload|Upload|Liquido|Useepay|Crypto|Installments|valuate|Discount|Currencies|Proof/;

const marker = `FUZZMARK${randomBytes(6).toString('hex')}`;
const anonymousCtx: RequestContext = { lang: 'en', scene: 'WEB', clientType: 'WEB', token: null, fingerprint: null, ip: '127.0.0.1' };

interface OperationStats {
  valid: number;
  validOk: number;
  mutated: number;
  mutatedOk: number;
  /** errCodes of the valid requests, to tell why an operation's happy path was not reached. */
  validCodes: Map<number, number>;
}

interface Failure {
  operationId: string;
  kind: string;
  request: string;
  answer: string;
  problems: string[];
}

let server: TestServer;
let addressCounter = 0;

beforeAll(async () => {
  server = await startTestServer({}, { hasher: quickHasher });
});
afterAll(() => server?.close());

const handle = () => ({ db: server.db, services: server.app.services });

async function sessionOf(account: TestAccount): Promise<string> {
  const { token } = await server.app.services.sessions.open(server.db, { accountUid: account.uid, loginType: 'password', ctx: anonymousCtx });
  return token;
}

async function inject(method: string, url: string, headers: Record<string, string>, payload?: string | Buffer) {
  addressCounter++;
  // Every request from its own address: the per-address limits would otherwise answer the rest.
  const remoteAddress = `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
  const answer = server.app.inject({ method: method.toUpperCase() as 'GET', url, headers, payload, remoteAddress });
  // A request the server never answers is a finding, not a hung suite.
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)), ANSWER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([answer, silence]);
  } finally {
    clearTimeout(timer);
  }
}

/** An account with an order paid by card (its card kept), an order waiting for PIX, an upload and a recording. */
async function prepareShopper() {
  const account = await createTestAccount(handle());
  const token = await sessionOf(account);
  const methods = await server.db.query<{ code: string; type: string }>('SELECT code, type FROM payment_methods WHERE enabled ORDER BY sort_order');
  const methodOf = (type: string) => methods.find((m) => m.type === type)?.code;
  const [plan] = await server.db.query<{ plan_id: string }>("SELECT plan_id::text FROM plan_prices WHERE currency = 'BRL' ORDER BY plan_id LIMIT 1");
  const auth = { Authorization: token, 'content-type': 'application/json' };
  for (const [method, extra] of [
    [methodOf('card'), { card: { ...testCard, save: true } }],
    [methodOf('pix'), { payer: { firstName: 'Fuzz', lastName: 'Shopper', cpf: '52998224725' } }],
  ] as const) {
    const res = await inject(
      'post',
      '/api/bill/pay/v1',
      { ...auth, 'Idempotency-Key': randomUUID() },
      JSON.stringify({ planId: plan!.plan_id, method, currency: 'BRL', email: account.email, ...extra }),
    );
    expect(res.json(), `shopper pays by ${method}`).toMatchObject({ code: 0 });
  }
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
  const proof = uploadedProof('image/png', png);
  const upload = await inject('post', '/api/uploadObject/v1', { Authorization: token, 'content-type': proof.contentType }, proof.payload);
  expect(upload.json(), 'shopper uploads').toMatchObject({ code: 0 });
  const now = server.app.services.clock.now();
  await server.db.query(
    `INSERT INTO cloud_recordings (id, account_uid, channel_name, title, recorded_at, duration_seconds, size_bytes, kept_until)
     VALUES ($1, $2, 'Fuzz TV', 'Fuzz show', $3, 60, 1000, $4)`,
    [`rec-${randomBytes(4).toString('hex')}`, account.uid, new Date(now - 3_600_000), new Date(now + 86_400_000)],
  );
  const ids = async (sql: string) => (await server.db.query<{ v: string }>(sql, [account.uid])).map((r) => r.v);
  return {
    account,
    token,
    orderIds: await ids('SELECT id::text AS v FROM orders WHERE account_uid = $1'),
    cardIds: await ids('SELECT id AS v FROM cards WHERE account_uid = $1'),
    objectKeys: await ids('SELECT object_key AS v FROM uploads WHERE account_uid = $1'),
    recordingIds: await ids('SELECT id AS v FROM cloud_recordings WHERE account_uid = $1'),
    methodCodes: methods.map((m) => m.code),
  };
}

describe('schema-driven fuzzing of every contract operation', () => {
  it(`${RUNS} valid and ${RUNS} mutated requests per operation: no 5xx, envelopes, catalogued codes, nothing extra stored`, async () => {
    const started = Date.now();
    const shopper = await prepareShopper();
    const catalogue = {
      planIds: (await server.db.query<{ v: string }>('SELECT id::text AS v FROM plans')).map((r) => r.v),
      discountCodes: (await server.db.query<{ v: string }>('SELECT code AS v FROM discount_codes')).map((r) => r.v),
      currencies: (await server.db.query<{ v: string }>('SELECT DISTINCT currency AS v FROM plan_prices')).map((r) => r.v),
    };

    const statuses = new Map<number, number>();
    const kindTime = new Map<string, number>();
    const extraAcceptedBy = new Set<string>();
    const stats = new Map<string, OperationStats>();
    const failures: Failure[] = [];
    let totals = { valid: 0, mutated: 0, fiveXx: 0, envelope: 0, uncatalogued: 0, extraAccepted: 0 };

    for (const [index, op] of ordered.entries()) {
      const shopperOp = SHOPPER_OPS.test(op.operationId);
      const account = shopperOp ? shopper.account : await createTestAccount(handle());
      const token = shopperOp ? shopper.token : await sessionOf(account);
      const hints: Hints = {
        planId: catalogue.planIds,
        orderId: shopper.orderIds,
        id: op.operationId === 'deleteCloudRecording' ? shopper.recordingIds : op.path.includes('/plan/') ? catalogue.planIds : shopper.orderIds,
        discountCode: catalogue.discountCodes,
        currency: catalogue.currencies,
        method: shopper.methodCodes,
        cardId: shopper.cardIds,
        savedCardId: shopper.cardIds,
        objectKey: shopper.objectKeys,
        number: [testCard.number],
        cvc: [testCard.cvc],
        expMonth: [testCard.expMonth],
        expYear: [testCard.expYear],
        country: ['BR'],
        areaCode: ['55'],
        // Sign-up needs an account nobody has yet; the other calls, the caller's own.
        account:
          op.operationId === 'signup'
            ? Array.from({ length: RUNS }, (_, i) => `fuzz-signup-${i}-${randomBytes(3).toString('hex')}@example.com`)
            : [account.account],
        uid: [String(account.uid)],
        acceptTerms: [true],
        email: [account.email ?? 'fuzz@example.com'],
        password: [DEFAULT_TEST_PASSWORD],
        oldPassword: [DEFAULT_TEST_PASSWORD],
        newPassword: [DEFAULT_TEST_PASSWORD],
      };
      const arbitraries = operationRequests(doc, op, hints, [token, token, token, 'null'], marker);
      const valid = fc.sample(arbitraries.valid, { seed: SEED + index, numRuns: RUNS });
      const mutated = fc.sample(arbitraries.mutated, { seed: SEED + index + 100_000, numRuns: RUNS });
      const s: OperationStats = { valid: 0, validOk: 0, mutated: 0, mutatedOk: 0, validCodes: new Map() };
      stats.set(op.operationId, s);

      const send = async (r: FuzzRequest) => {
        const headers: Record<string, string> = { ...r.headers };
        // A log-out ends the session it is sent with: each one gets a session of its own.
        if (op.operationId === 'logout' && headers.Authorization === token) headers.Authorization = await sessionOf(account);
        if (r.contentType !== null) headers['content-type'] = r.contentType;
        const url = urlOf(op, r);
        const payload = payloadOf(r);
        const sent = Date.now();
        let res: Awaited<ReturnType<typeof inject>>;
        try {
          res = await inject(op.method, url, headers, payload);
        } catch (error) {
          failures.push({
            operationId: op.operationId,
            kind: r.kind,
            request: `${op.method.toUpperCase()} ${url.slice(0, 300)}`,
            answer: String(error),
            problems: ['no answer'],
          });
          return;
        }
        kindTime.set(r.kind, (kindTime.get(r.kind) ?? 0) + Date.now() - sent);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const conditional = Object.keys(headers).some((name) => name.toLowerCase() === 'if-none-match');
        const verdict = judgeAnswer(op, res.statusCode, res.headers['content-type'] as string | undefined, res.body, { conditional });
        const isValid = r.kind === 'valid';
        if (isValid) s.valid++;
        else s.mutated++;
        if (verdict.code === 0) {
          if (isValid) s.validOk++;
          else s.mutatedOk++;
          if (r.kind === 'extra-field') {
            totals.extraAccepted++;
            extraAcceptedBy.add(op.operationId);
            if (process.env.FUZZ_PROGRESS) console.error(`fuzz: extra field accepted: ${url} ${JSON.stringify(headers)} ${String(payload).slice(0, 400)}`);
          }
        }
        if (isValid && verdict.code !== undefined) s.validCodes.set(verdict.code, (s.validCodes.get(verdict.code) ?? 0) + 1);
        if (res.statusCode >= 500) totals.fiveXx++;
        if (verdict.envelope) totals.envelope++;
        if (verdict.uncatalogued) totals.uncatalogued++;
        if (verdict.problems.length > 0) {
          const shown = typeof payload === 'string' ? payload.slice(0, 300) : payload ? `<${payload.length} bytes>` : '';
          failures.push({
            operationId: op.operationId,
            kind: r.kind,
            request: `${op.method.toUpperCase()} ${url.slice(0, 300)} ${JSON.stringify(headers).slice(0, 300)} ${shown}`,
            answer: `${res.statusCode} ${res.body.slice(0, 300)}`,
            problems: verdict.problems,
          });
        }
      };
      const all = [...valid, ...mutated];
      for (let i = 0; i < all.length; i += IN_FLIGHT) await Promise.all(all.slice(i, i + IN_FLIGHT).map(send));
      totals = { ...totals, valid: totals.valid + s.valid, mutated: totals.mutated + s.mutated };
      if (process.env.FUZZ_PROGRESS)
        console.error(`fuzz: ${op.operationId} done at ${((Date.now() - started) / 1000).toFixed(1)} s, ${failures.length} failures so far`);
    }

    // Extra fields carry the marker; no row of any table may hold it, as text or as bytes.
    const tables = await server.db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
    );
    let stored = 0;
    const storedIn: string[] = [];
    for (const { table_name: table } of tables) {
      const [row] = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${table}" t WHERE strpos(t::text, $1) > 0 OR strpos(t::text, encode(convert_to($1, 'UTF8'), 'hex')) > 0`,
        [marker],
      );
      if (Number(row!.n) > 0) storedIn.push(`${table} (${row!.n})`);
      stored += Number(row!.n);
    }

    const fmt = (n: number) => n.toLocaleString('en-US');
    console.log(
      `fuzz: seed ${SEED}, ${operations.length} operations, ${fmt(totals.valid)} valid + ${fmt(totals.mutated)} mutated requests, ${totals.fiveXx} 5xx, ${totals.envelope} envelope errors, ${totals.uncatalogued} uncatalogued codes, marker stored ${stored} times, ${totals.extraAccepted} extra-field requests accepted${extraAcceptedBy.size > 0 ? ` (${[...extraAcceptedBy].join(', ')})` : ''}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(
      `fuzz: statuses ${[...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([k, v]) => `${k}: ${fmt(v)}`)
        .join(', ')}`,
    );
    console.log(`fuzz: valid requests answered code 0, per operation: ${[...stats].map(([id, st]) => `${id} ${st.validOk}/${st.valid}`).join(', ')}`);
    const neverOk = [...stats].filter(([, st]) => st.validOk === 0);
    console.log(
      `fuzz: operations whose valid requests never succeeded (their errCodes): ${
        neverOk
          .map(
            ([id, st]) =>
              `${id} [${[...st.validCodes]
                .sort((a, b) => b[1] - a[1])
                .map(([c, n]) => `${c}×${n}`)
                .join(' ')}]`,
          )
          .join('; ') || 'none'
      }`,
    );

    expect(stats.size).toBe(operations.length);
    expect(storedIn, 'tables holding the extra fields’ marker').toEqual([]);
    // Each extra-field request has a body or query field the operation does not name: the door refuses it.
    expect([...extraAcceptedBy], 'operations that accepted an extra field').toEqual([]);
    if (process.env.FUZZ_PROGRESS) console.error(`fuzz: ms per kind ${[...kindTime].map(([k, v]) => `${k} ${v}`).join(', ')}`);
    expect(failures.slice(0, 20), `${failures.length} bad answers (FUZZ_SEED=${SEED})`).toEqual([]);
  });
});
