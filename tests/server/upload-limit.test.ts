import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../core/config/uploads';
import { loggedInCustomer } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

const server = useTestServer();
const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

// Over a real socket: the file arrives in chunks, as a browser sends it, which is where the
// multipart parser's size limit could let a cut file through (the in-process inject sends it whole).
let base = '';
beforeAll(async () => {
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => server.app.server.close());

describe('a proof of payment over 5 MiB', () => {
  it('is refused with 5000 every time, 50 in a row from 1 byte to 350 kB over, and nothing is stored', async () => {
    const { account, auth } = await loggedInCustomer(server);
    const answers: { size: number; code: number; errCode?: number; stored?: number }[] = [];
    for (let i = 0; i < 50; i++) {
      const size = MAX_UPLOAD_BYTES + 1 + Math.round((i * 360_000) / 49);
      const bytes = Buffer.alloc(size, 7);
      PNG_SIGNATURE.copy(bytes);
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'image/png' }), 'receipt.png');
      const res = await fetch(`${base}/api/uploadObject/v1`, { method: 'POST', headers: auth, body: form });
      const json = (await res.json()) as { code: number; errCode?: number; data?: { size: number } };
      answers.push({ size, code: json.code, errCode: json.errCode, stored: json.data?.size });
    }
    expect(answers.filter((a) => a.code !== 1 || a.errCode !== 5000)).toEqual([]);
    expect(await server.db.query('SELECT 1 FROM uploads WHERE account_uid = $1', [account.uid])).toEqual([]);
  });

  it('takes a file of exactly 5 MiB', async () => {
    const { auth } = await loggedInCustomer(server);
    const bytes = Buffer.alloc(MAX_UPLOAD_BYTES, 7);
    PNG_SIGNATURE.copy(bytes);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'receipt.png');
    const json = (await (await fetch(`${base}/api/uploadObject/v1`, { method: 'POST', headers: auth, body: form })).json()) as {
      code: number;
      data?: { size: number };
    };
    expect(json).toMatchObject({ code: 0, data: { size: MAX_UPLOAD_BYTES } });
  });
});
