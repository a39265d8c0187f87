// The server never answers a refusal its operation does not declare (docs/decisions/072): with the
// strict check on (the default outside production), an undeclared errCode leaving a route of the
// contract becomes a 500 -2499 and an error naming the method, the path and the code.
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { migrate } from '../../server/db/migrate';
import { ApiRefusal } from '../../server/errors';
import { serverLogger } from '../../server/logging';
import { loadContract } from '../../server/openapi/contract';
import { commonRefusalsOf, operationRefusalsOf, refusalDeclaration } from '../../server/openapi/refusals';
import { openTestDatabase } from '../helpers/test-server';

const contract = loadContract();
const UNDECLARED = 987_654;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A server whose theme route refuses with the code the request's `x-refuse` header names. */
async function refusingServer(env: NodeJS.ProcessEnv): Promise<{ app: FastifyInstance; logs: string[] }> {
  const { db, drop } = await openTestDatabase();
  await migrate(db);
  const logs: string[] = [];
  const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => done(void logs.push(chunk.toString())) });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', STATIC_DIR: 'dist', ...env });
  const app = await buildApp({ config, db, logger: serverLogger({ logLevel: 'error' }, stream) });
  app.addHook('preHandler', async (request) => {
    const code = request.headers['x-refuse'];
    if (typeof code === 'string') throw new ApiRefusal(Number(code));
  });
  await app.ready();
  close = async () => {
    await app.close();
    await drop();
  };
  return { app, logs };
}

const refuse = (app: FastifyInstance, code: number) => app.inject({ method: 'GET', url: '/api/site/theme/v1', headers: { 'x-refuse': String(code) } });

describe('refusals the contract does not declare', () => {
  it('declares every operation, and no common code per operation', () => {
    const common = new Set(commonRefusalsOf(contract));
    expect(common.size).toBeGreaterThan(0);
    for (const [operation, codes] of operationRefusalsOf(contract)) {
      expect(
        codes.filter((c) => common.has(c)),
        operation,
      ).toEqual([]);
    }
  });

  it('maps a route to its operation by the contract path, `{id}` as `:id`', () => {
    const declares = refusalDeclaration(contract);
    const [operation, codes] = [...operationRefusalsOf(contract)].find(([key, c]) => key.includes('{') && c.length > 0)!;
    const [method, contractPath] = operation.split(' ') as [string, string];
    const route = contractPath.replace(/\{([^}]+)\}/g, ':$1');
    expect(declares(method, route, codes[0]!)).toBe(true);
    expect(declares(method, route, UNDECLARED)).toBe(false);
    // A route outside the contract (a webhook, the sandbox) is not judged.
    expect(declares('POST', '/webhooks/:provider', UNDECLARED)).toBe(true);
  });

  it('is a loud failure when the check is on, which it is outside production', async () => {
    const { app, logs } = await refusingServer({});
    const res = await refuse(app, UNDECLARED);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 1, errCode: -2499 });
    expect(logs.join('')).toContain(`refusal ${UNDECLARED} not declared by the contract for GET /api/site/theme/v1`);
    // A common refusal (the request is invalid) still leaves as it is.
    expect((await refuse(app, 5000)).json()).toMatchObject({ code: 1, errCode: 5000 });
  });

  it('leaves the refusal as it is when the check is off', async () => {
    const { app, logs } = await refusingServer({ CONTRACT_REFUSALS: 'off' });
    expect((await refuse(app, UNDECLARED)).json()).toMatchObject({ code: 1, errCode: UNDECLARED });
    expect(logs.join('')).toBe('');
  });

  it('is off in production unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) }).strictRefusals).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), CONTRACT_REFUSALS: 'strict' }).strictRefusals).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).strictRefusals).toBe(true);
  });
});
