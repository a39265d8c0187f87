// Signing other devices out from the account page's device list (docs/decisions/054), against the
// real server in-process: the device list says which log-ins still run and which is the caller's,
// and an ended session's next call answers -24020 (spec section 8) while the others keep working.
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { loggedInCustomer, loginBody } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

const INFO = '/api/user/queryInfo/v1';
const SIGN_OUT = '/api/user/devices/signOut/v1';
const SIGN_OUT_OTHERS = '/api/user/devices/signOutOthers/v1';

const clock = createFakeClock();
const server = useTestServer({}, { clock });

type Auth = Record<string, string>;
interface Device {
  id: string;
  model: string;
  active: boolean;
  current: boolean;
}

/** The customer signed in on `count` devices: the first one's auth, then every one's, oldest first. */
async function onDevices(count: number) {
  const first = await loggedInCustomer(server);
  const auths: Auth[] = [first.auth];
  for (let i = 1; i < count; i++) {
    clock.advance(1000);
    const res = await server.post('/api/user/login/v1', loginBody(first.account));
    auths.push({ Authorization: res.body.data.token as string, Language: 'en' });
  }
  const { uid, account, type } = first.account;
  const devices = async (auth: Auth) => {
    const res = await server.postChecked(INFO, { uid: String(uid), account, type }, auth);
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    return res.body.data.userDevice as Device[];
  };
  return { account: first.account, auths, devices };
}

const errCodeOf = async (auth: Auth, url = SIGN_OUT_OTHERS, body: unknown = {}) => (await server.post(url, body, auth)).body.errCode as number | undefined;

describe('signing devices out (docs/decisions/054)', () => {
  it('lists each log-in with an opaque id, whether it still runs and which is the caller’s', async () => {
    const { auths, devices } = await onDevices(3);
    const fromSecond = await devices(auths[1]!);
    // Newest first: the third log-in, then the second (the caller), then the first.
    expect(fromSecond.map((d) => [d.active, d.current])).toEqual([
      [true, false],
      [true, true],
      [true, false],
    ]);
    for (const d of fromSecond) expect(d.id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(fromSecond.map((d) => d.id)).size).toBe(3);
    // The same log-ins, seen from another of them: the same ids, another one "This device".
    const fromFirst = await devices(auths[0]!);
    expect(fromFirst.map((d) => d.id)).toEqual(fromSecond.map((d) => d.id));
    expect(fromFirst.map((d) => d.current)).toEqual([false, false, true]);
  });

  it('sign out one: its token answers -24020 on its next call, the others still work', async () => {
    const { account, auths, devices } = await onDevices(3);
    const [first, second, third] = auths as [Auth, Auth, Auth];
    const target = (await devices(first))[1]!; // the second log-in
    const res = await server.postChecked(SIGN_OUT, { id: target.id }, first);
    expect(res.body).toMatchObject({ code: 0, data: null });

    const refused = await server.post(SIGN_OUT_OTHERS, {}, second);
    expect([refused.status, refused.body.errCode]).toEqual([401, -24020]);
    const reasons = await server.db.query<{ revoked_reason: string | null }>('SELECT revoked_reason FROM sessions WHERE account_uid = $1 ORDER BY id', [
      account.uid,
    ]);
    expect(reasons.map((r) => r.revoked_reason)).toEqual([null, 'signed_out_remotely', null]);
    expect((await devices(third)).map((d) => d.active)).toEqual([true, false, true]);
    expect((await devices(first)).map((d) => d.active)).toEqual([true, false, true]);
    // Signed out already: the same id is refused, and nothing else changes.
    expect(await errCodeOf(first, SIGN_OUT, { id: target.id })).toBe(8101);
  });

  it('sign out all others: only the caller’s session stays', async () => {
    const { account, auths, devices } = await onDevices(4);
    const caller = auths[2]!;
    const res = await server.postChecked(SIGN_OUT_OTHERS, {}, caller);
    expect(res.body).toEqual({ code: 0, data: { signedOut: 3 } });
    for (const other of [auths[0]!, auths[1]!, auths[3]!]) expect(await errCodeOf(other)).toBe(-24020);
    expect((await devices(caller)).map((d) => [d.active, d.current])).toEqual([
      [false, false],
      [true, true],
      [false, false],
      [false, false],
    ]);
    const reasons = await server.db.query<{ revoked_reason: string | null }>('SELECT revoked_reason FROM sessions WHERE account_uid = $1 ORDER BY id', [
      account.uid,
    ]);
    expect(reasons.map((r) => r.revoked_reason)).toEqual(['signed_out_remotely', 'signed_out_remotely', null, 'signed_out_remotely']);
    // Nothing left to end: the answer says so, and the caller still works.
    expect((await server.postChecked(SIGN_OUT_OTHERS, {}, caller)).body).toEqual({ code: 0, data: { signedOut: 0 } });
  });

  it('someone else’s log-in, an unknown id and a malformed one are refused, and nothing ends', async () => {
    const mine = await onDevices(2);
    const theirs = await onDevices(2);
    const theirIds = (await theirs.devices(theirs.auths[0]!)).map((d) => d.id);
    expect(await errCodeOf(mine.auths[0]!, SIGN_OUT, { id: theirIds[0] })).toBe(8101);
    expect(await errCodeOf(mine.auths[0]!, SIGN_OUT, { id: '0'.repeat(24) })).toBe(8101);
    expect(await errCodeOf(mine.auths[0]!, SIGN_OUT, { id: 'not an id' })).toBe(5000);
    expect((await theirs.devices(theirs.auths[1]!)).every((d) => d.active)).toBe(true);
    expect((await mine.devices(mine.auths[1]!)).every((d) => d.active)).toBe(true);
    // Without a session: the usual -24020.
    expect(await errCodeOf({ Language: 'en' }, SIGN_OUT, { id: theirIds[0] })).toBe(-24020);
  });

  it('a log-in that ran out is listed as not running and cannot be signed out', async () => {
    const { account, auths, devices } = await onDevices(2);
    clock.advance(11 * 86_400_000);
    const res = await server.post('/api/user/login/v1', loginBody(account));
    const now: Auth = { Authorization: res.body.data.token as string, Language: 'en' };
    expect(await errCodeOf(auths[0]!)).toBe(-24010);
    const listed = await devices(now);
    expect(listed.map((d) => [d.active, d.current])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
    expect(await errCodeOf(now, SIGN_OUT, { id: listed[1]!.id })).toBe(8101);
    expect((await server.postChecked(SIGN_OUT_OTHERS, {}, now)).body.data).toEqual({ signedOut: 0 });
  });
});
