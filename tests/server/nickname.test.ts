// The settings page's nickname (docs/decisions/021): only the signed-in account's own, with the
// contract's rule (a name as people write it, docs/decisions/040) before anything is stored.
import { describe, expect, it } from 'vitest';
import { loggedInCustomer } from '../helpers/accounts';
import { contractErrors } from '../helpers/contract-check';
import { useTestServer } from '../helpers/test-server';

const NICKNAME = '/api/user/nickname/v1';
const server = useTestServer();

describe('POST /api/user/nickname/v1', () => {
  it('changes the nickname the account call answers, in any script', async () => {
    const { account, auth } = await loggedInCustomer(server);
    for (const nickname of ['Beatriz', 'Андрей', 'José2', 'Ana Souza', 'Jean-Luc', "D'Ávila"]) {
      const res = await server.post(NICKNAME, { nickname }, auth);
      expect(contractErrors('POST', NICKNAME, res.status, res.body)).toEqual([]);
      expect(res.body).toMatchObject({ code: 0, data: { nickname } });
      const info = await server.post('/api/user/queryInfo/v1', { uid: String(account.uid), account: account.account, type: 'email' }, auth);
      expect(info.body.data.nickname).toBe(nickname);
    }
  });

  it('refuses punctuation, stray spaces, an empty or an over-long name with 5000, and keeps the old one', async () => {
    const { account, auth } = await loggedInCustomer(server);
    for (const nickname of ['Ana!', ' Ana', 'Ana  Souza', 'Ana-', '', 'x'.repeat(33), '<script>']) {
      const res = await server.post(NICKNAME, { nickname }, auth);
      expect(res.body.errCode).toBe(5000);
    }
    const info = await server.post('/api/user/queryInfo/v1', { uid: String(account.uid), account: account.account, type: 'email' }, auth);
    expect(info.body.data.nickname).toBe('Tester');
  });

  it('needs a session (-24020)', async () => {
    const res = await server.post(NICKNAME, { nickname: 'Nobody' }, { Language: 'en' });
    expect(res.body.errCode).toBe(-24020);
  });
});
