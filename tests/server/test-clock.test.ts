// The test clock (docs/decisions/069): a server started with TEST_CLOCK=on moves forward when the
// sandbox says, runs what the time wakes, and keeps its time when it starts again on the same
// database; without it the route does not exist, and production refuses it (server/config.test.ts).
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { storedClockOffset } from '../../server/routes/sandbox-clock';
import { loggedInCustomer } from '../helpers/accounts';
import { testCard, VISA_OK } from '../helpers/cards';
import { useTestServer } from '../helpers/test-server';

const DAY = 86_400_000;

describe('the test clock', () => {
  const server = useTestServer({ TEST_CLOCK: 'on' });
  const clockOf = async (app = server.app) => (await app.inject({ method: 'GET', url: '/api/sandbox/clock' })).json() as { now: number; offsetMs: number };
  const advance = (advanceMs: unknown) => server.app.inject({ method: 'POST', url: '/api/sandbox/clock', payload: { advanceMs } });

  it('moves time forward, renews what falls due, and keeps the time across a restart', async () => {
    const c = await loggedInCustomer(server);
    const paid = await server.post(
      '/api/bill/pay/v1',
      { planId: '1', method: 'card', currency: 'BRL', email: c.account.email, card: testCard(VISA_OK, { save: true }) },
      c.auth,
    );
    expect(paid.body.code).toBe(0);
    const before = await clockOf();
    const moved = await advance(29 * DAY + 3_600_000);
    expect(moved.statusCode).toBe(200);
    const body = moved.json() as { now: number; offsetMs: number; jobs: { renewed: number } };
    expect(body.offsetMs).toBe(before.offsetMs + 29 * DAY + 3_600_000);
    expect(body.now - before.now).toBeGreaterThanOrEqual(29 * DAY + 3_600_000);
    expect(body.jobs.renewed).toBeGreaterThanOrEqual(1);
    const renewals = await server.db.query("SELECT 1 FROM orders WHERE account_uid = $1 AND kind = 'renewal' AND status = 'PAYMENT_SUCCEEDED'", [
      c.account.uid,
    ]);
    expect(renewals).toHaveLength(1);

    // Another server on the same database starts at the same time.
    const again = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TEST_CLOCK: 'on' }), db: server.db });
    try {
      expect((await clockOf(again)).offsetMs).toBe(body.offsetMs);
    } finally {
      await again.close();
    }
  });

  it('adds up moves made at once or by two processes: none is lost, so a restart never turns the clock back', async () => {
    const before = await clockOf();
    // A second server on the same database, started now: its own clock holds the offset of now.
    const other = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TEST_CLOCK: 'on' }), db: server.db });
    try {
      const moves = [DAY, 2 * DAY, 3 * DAY];
      const answers = await Promise.all(moves.map((advanceMs) => advance(advanceMs)));
      for (const answer of answers) expect(answer.statusCode).toBe(200);
      const moved = await other.inject({ method: 'POST', url: '/api/sandbox/clock', payload: { advanceMs: 31 * DAY } });
      expect(moved.statusCode).toBe(200);
      const sum = before.offsetMs + 37 * DAY;
      expect((moved.json() as { offsetMs: number }).offsetMs).toBe(sum);
      expect(Number(await storedClockOffset(server.db))).toBe(sum);
    } finally {
      await other.close();
    }
  });

  it('refuses a move back, nothing, or more than 400 days', async () => {
    for (const advanceMs of [-1, 0, 1.5, '1', 401 * DAY, null]) expect((await advance(advanceMs)).statusCode).toBe(400);
  });
});

describe('without the test clock', () => {
  const server = useTestServer();
  it('has no clock to move', async () => {
    expect((await server.app.inject({ method: 'POST', url: '/api/sandbox/clock', payload: { advanceMs: DAY } })).statusCode).toBe(404);
  });
});
