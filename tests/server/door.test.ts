import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ApiRefusal } from '../../server/errors';
import { bindOperations } from '../../server/openapi/bind';
import { listOperations, loadContract, toFastifyPath } from '../../server/openapi/contract';
import { useTestServer } from '../helpers/test-server';

const server = useTestServer();

const operations = listOperations(loadContract());
// A concrete URL for each operation: path parameters get a value of the right shape.
const urlOf = (path: string) => toFastifyPath(path).replace(/:(\w+)/g, '1');

describe('the door refuses what the contract refuses, on every operation', () => {
  const withBody = operations.filter((o) => o.bodyContentTypes.includes('application/json'));

  it('the contract has JSON bodies to test', () => {
    expect(withBody.length).toBeGreaterThan(30);
  });

  it.each(withBody.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s: a body of the wrong type answers 5000, not a 500',
    async (_name, op) => {
      for (const payload of ['[1,2,3]', '"text"', '42', 'null', '{"unexpected": {"deep": true}}']) {
        const res = await server.app.inject({
          method: op.method.toUpperCase() as 'POST',
          url: urlOf(op.path),
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, payload).toBe(400);
        expect(res.json(), payload).toMatchObject({ code: 1, errCode: 5000 });
      }
    },
  );

  it.each(withBody.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))('%s: broken JSON answers 5000', async (_name, op) => {
    const res = await server.app.inject({
      method: op.method.toUpperCase() as 'POST',
      url: urlOf(op.path),
      headers: { 'content-type': 'application/json' },
      payload: '{"account": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1, errCode: 5000 });
  });

  it('an unsupported media type answers 5000 with 415', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/user/login/v1',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 1, errCode: 5000 });
  });

  it('a body over 1 MiB answers 5000 with 413', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/user/login/v1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'a'.repeat(1024 * 1024 + 10), password: 'x' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ errCode: 5000 });
  });

  // Found by tests/attack/fuzz.attack.ts: U+0000 passed the Email pattern and reached PostgreSQL,
  // which cannot store it in text, so the insert failed with a 500.
  it('U+0000 in a body string answers 5000, not a 500', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/site/resendConfirmation',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'someone@example.com\u0000' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1, errCode: 5000 });
  });

  it('U+0000 in a query or path parameter answers 5000, not a 500', async () => {
    for (const url of ['/api/site/send/resetPasswordEmail?email=someone%00@example.com', '/api/bill/order/v1/abc%00']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 1, errCode: 5000 });
    }
  });

  it('a body nested as deep as the size limit allows is refused, not a stack overflow', async () => {
    const depth = 100_000;
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/site/report',
      headers: { 'content-type': 'application/json' },
      payload: `{"eventId":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1, errCode: 5000 });
  });

  // Found by tests/attack/fuzz.attack.ts: with interest, a split of the largest amount totalled past
  // the contract's MinorUnits maximum, so the success broke the contract.
  it('installment options of the largest amount stay within the contract', async () => {
    // A plan whose longer splits carry interest.
    const [price] = await server.db.query<{ plan_id: string; currency: string }>(
      `SELECT p.plan_id::text, p.currency FROM plan_prices p JOIN plans ON plans.id = p.plan_id
       WHERE plans.max_installments > plans.interest_free_installments ORDER BY p.plan_id LIMIT 1`,
    );
    const res = await server.postChecked('/api/bill/installmentsPlan', { amount: 100_000_000_000, currency: price!.currency, planId: price!.plan_id });
    expect(res.body).toMatchObject({ code: 0 });
    expect(res.body.data.options.length).toBeGreaterThan(0);
  });

  it.each(['/api/bill/order/v1/%', '/api/bill/order/v1/%E0%A4%A', '/api/bill/order/v1/%C0%AF', '/%FF%FE'])(
    'a path the router cannot decode (%s) answers 5000 with 400, in the envelope and with the security headers',
    async (url) => {
      const res = await server.app.inject({ method: 'GET', url, headers: { language: 'pt' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 1, errCode: 5000, msg: expect.any(String) });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    },
  );

  it('a repeated query parameter answers 5000: it is never read as a list', async () => {
    for (const url of [
      '/api/site/plan/detail/1?language=pt&language=en',
      '/api/site/listPlans/v1?language=pt&language[]=en',
      '/api/site/listPlans/v1?__proto__[x]=1',
    ]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 1, errCode: 5000 });
    }
  });

  it('every operation is routed: none answers the unknown-route 404', async () => {
    for (const op of operations) {
      const res = await server.app.inject({ method: op.method.toUpperCase() as 'GET', url: urlOf(op.path) });
      expect(res.statusCode, `${op.method} ${op.path}`).not.toBe(404);
      expect(res.statusCode, `${op.method} ${op.path}`).toBeLessThan(500 + 2);
    }
  });

  it('every operation is built: none answers 4598 "Operation not supported"', async () => {
    for (const op of operations) {
      const res = await server.app.inject({ method: op.method.toUpperCase() as 'GET', url: urlOf(op.path) });
      expect(res.statusCode, `${op.method} ${op.path}`).not.toBe(501);
    }
  });

  it('an operation bound without a handler answers 4598 with 501, never a fake success', async () => {
    const bare = Fastify({ logger: false });
    bare.setErrorHandler((error, _request, reply) =>
      error instanceof ApiRefusal ? reply.status(error.httpStatus).send({ code: 1, errCode: error.errCode }) : reply.status(500).send({ code: 1 }),
    );
    bindOperations(bare, loadContract(), {});
    const res = await bare.inject({ method: 'GET', url: '/api/bill/payment/paypalCapture/v1/ORD1' });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toMatchObject({ code: 1, errCode: 4598 });
    await bare.close();
  });
});
