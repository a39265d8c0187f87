import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { addRecording, addSampleRecordings, DEFAULT_KEEP_DAYS, sampleProgrammes } from '../../server/repositories/cloud-repository';
import { loggedInCustomer } from '../helpers/accounts';
import { givePlan as givePlanTo } from '../helpers/billing';
import { startTestServer, useTestServer } from '../helpers/test-server';

const CLOUD = '/api/user/cloud/v1';
const DELETE = '/api/user/cloud/delete/v1';
const DAY = 86_400_000;
const HOUR = 3_600_000;

const clock = createFakeClock();
const server = useTestServer({}, { clock });

/** A running plan: plan 1 keeps 20 h, plan 2 100 h. */
const givePlan = (uid: number, planId: number, expiresAt = clock.now() + 30 * DAY) => givePlanTo(server, uid, planId, expiresAt);

const storage = async (auth: Record<string, string>, body: Record<string, unknown> = {}) => {
  const res = await server.postChecked(CLOUD, body, auth);
  expect(res.status).toBe(200);
  expect(res.body.code).toBe(0);
  return res.body.data as {
    quotaSeconds: number;
    usedSeconds: number;
    usedBytes: number;
    planId?: string;
    planName?: string;
    items: { id: string; title: string; channelName: string; recordedAt: number; durationSeconds: number; sizeBytes: number; keptUntil: number }[];
    total: number;
    page: number;
    pageSize: number;
  };
};

describe('POST /api/user/cloud/v1', () => {
  it('an account without a plan has no storage: quota 0, nothing used, no recordings', async () => {
    const c = await loggedInCustomer(server);
    expect(await storage(c.auth)).toEqual({ quotaSeconds: 0, usedSeconds: 0, usedBytes: 0, items: [], total: 0, page: 1, pageSize: 20 });
  });

  it('the plan’s hours, what the kept recordings take, and the recordings newest first, a page at a time', async () => {
    const c = await loggedInCustomer(server);
    await givePlan(c.account.uid, 2);
    const made = await addSampleRecordings(server.db, c.account.uid, clock.now());
    // Past its keeping date: neither listed nor counted.
    await addRecording(server.db, {
      accountUid: c.account.uid,
      channelName: 'Aurora Notícias',
      title: 'Old news',
      recordedAt: clock.now() - 100 * DAY,
      durationSeconds: 3600,
      keptUntil: clock.now() - DAY,
    });

    const all = await storage(c.auth);
    const seconds = sampleProgrammes.reduce((n, p) => n + p.durationSeconds, 0);
    expect(all).toMatchObject({
      quotaSeconds: 100 * 3600,
      usedSeconds: seconds,
      usedBytes: seconds * 450_000,
      planId: '2',
      planName: 'Monthly · 4 screens',
      total: 6,
      page: 1,
      pageSize: 20,
    });
    expect(all.items.map((r) => r.id)).toEqual(made.map((r) => r.id));
    expect(all.items[0]).toEqual({
      id: made[0]!.id,
      channelName: sampleProgrammes[0]!.channelName,
      title: sampleProgrammes[0]!.title,
      recordedAt: clock.now() - 3 * HOUR,
      durationSeconds: sampleProgrammes[0]!.durationSeconds,
      sizeBytes: sampleProgrammes[0]!.durationSeconds * 450_000,
      keptUntil: clock.now() - 3 * HOUR + DEFAULT_KEEP_DAYS * DAY,
    });
    const recordedAt = all.items.map((r) => r.recordedAt);
    expect(recordedAt).toEqual([...recordedAt].sort((a, b) => b - a));

    const page2 = await storage(c.auth, { page: 2, pageSize: 4 });
    expect(page2).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(page2.items.map((r) => r.id)).toEqual(made.slice(4).map((r) => r.id));
    expect((await storage(c.auth, { page: 3, pageSize: 4 })).items).toEqual([]);

    expect((await storage({ ...c.auth, Language: 'pt' })).planName).toBe('Mensal · 4 telas');
  });

  it('a one-screen plan keeps 20 hours; a plan that ran out gives none, and its recordings stay listed until their date', async () => {
    const c = await loggedInCustomer(server);
    await givePlan(c.account.uid, 1);
    await addSampleRecordings(server.db, c.account.uid, clock.now(), 2);
    expect(await storage(c.auth)).toMatchObject({ quotaSeconds: 20 * 3600, planId: '1', total: 2 });
    await givePlan(c.account.uid, 1, clock.now() - 1);
    const lapsed = await storage(c.auth);
    expect(lapsed).toMatchObject({ quotaSeconds: 0, total: 2 });
    expect(lapsed).not.toHaveProperty('planId');
  });

  it('one account never sees another’s recordings', async () => {
    const a = await loggedInCustomer(server);
    const b = await loggedInCustomer(server);
    await addSampleRecordings(server.db, a.account.uid, clock.now(), 3);
    expect(await storage(b.auth)).toMatchObject({ total: 0, items: [], usedSeconds: 0 });
  });

  it('needs a session (401) and refuses unknown or out-of-range fields (400/5000)', async () => {
    expect((await server.post(CLOUD, {}, { Language: 'en' })).status).toBe(401);
    const c = await loggedInCustomer(server);
    for (const body of [{ pageSize: 51 }, { page: 0 }, { accountUid: 1 }]) {
      const res = await server.post(CLOUD, body, c.auth);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 1, errCode: 5000 });
    }
  });
});

describe('POST /api/user/cloud/delete/v1', () => {
  it('deletes one of the account’s recordings; the space is free at once', async () => {
    const c = await loggedInCustomer(server);
    await givePlan(c.account.uid, 1);
    const [first, second] = await addSampleRecordings(server.db, c.account.uid, clock.now(), 2);
    const res = await server.postChecked(DELETE, { id: first!.id }, c.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, data: null });
    const after = await storage(c.auth);
    expect(after.items.map((r) => r.id)).toEqual([second!.id]);
    expect(after.usedSeconds).toBe(second!.durationSeconds);
    // Deleting it again: it is gone.
    expect((await server.post(DELETE, { id: first!.id }, c.auth)).body).toMatchObject({ code: 1, errCode: 8001 });
  });

  it('8001 for another account’s recording (left untouched), an unknown id and an expired one, told apart from nothing', async () => {
    const owner = await loggedInCustomer(server);
    const thief = await loggedInCustomer(server);
    const [theirs] = await addSampleRecordings(server.db, owner.account.uid, clock.now(), 1);
    const expired = await addRecording(server.db, {
      accountUid: thief.account.uid,
      channelName: 'X',
      title: 'Y',
      recordedAt: clock.now() - 10 * DAY,
      durationSeconds: 60,
      keptUntil: clock.now() - DAY,
    });

    const answers = [];
    for (const id of [theirs!.id, 'rec_doesNotExist', expired.id]) {
      const res = await server.post(DELETE, { id }, { ...thief.auth, Language: 'pt' });
      expect(res.status).toBe(200);
      answers.push(res.body);
    }
    // The same answer each time, translated.
    expect(answers[0]).toMatchObject({ code: 1, errCode: 8001 });
    expect(answers[0]!.msg).toEqual(expect.any(String));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect((await storage(owner.auth)).items.map((r) => r.id)).toEqual([theirs!.id]);
  });

  it('needs a session (401) and a well-formed id (400/5000)', async () => {
    expect((await server.post(DELETE, { id: 'rec_x' }, { Language: 'en' })).status).toBe(401);
    const c = await loggedInCustomer(server);
    for (const body of [{}, { id: '' }, { id: '../etc' }, { id: 'rec_x', extra: 1 }]) {
      const res = await server.post(DELETE, body, c.auth);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errCode).toBe(5000);
    }
  });
});

describe('the test-only recorder route', () => {
  it('records sample programmes for an account by email under NODE_ENV=test', async () => {
    const c = await loggedInCustomer(server);
    const res = await server.app.inject({ method: 'POST', url: '/dev/cloud/recordings', payload: { email: c.account.email, count: 3 } });
    expect(res.json()).toEqual({ recordings: 3 });
    expect((await storage(c.auth)).total).toBe(3);
  });

  it('does not exist outside tests', async () => {
    const dev = await startTestServer({ NODE_ENV: 'development' });
    try {
      const res = await dev.app.inject({ method: 'POST', url: '/dev/cloud/recordings', payload: { email: 'demo@aurora.example' } });
      expect(res.statusCode).toBe(404);
      // The demo account has the seeded recordings.
      const [n] = await dev.db.query<{ n: number | string }>(
        "SELECT count(*) AS n FROM cloud_recordings r JOIN accounts a ON a.uid = r.account_uid WHERE a.email = 'demo@aurora.example'",
      );
      expect(Number(n!.n)).toBe(sampleProgrammes.length);
    } finally {
      await dev.close();
    }
  });
});
