import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './webhook-signature';

const secret = 'whsec_test_0123456789abcdef';
const body = JSON.stringify({ id: 'evt_1', type: 'pix.paid', orderId: 'A1' });
const now = Date.UTC(2026, 10, 22, 12);

describe('webhook signatures', () => {
  it('matches an HMAC computed independently', () => {
    const header = signWebhook(secret, body, now);
    const t = Math.floor(now / 1000);
    expect(header).toBe(`t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`);
    expect(verifyWebhook(secret, body, header, now)).toEqual({ ok: true, timestamp: t });
  });
  it('refuses a changed body, another secret, or a forged signature', () => {
    const header = signWebhook(secret, body, now);
    expect(verifyWebhook(secret, body.replace('A1', 'A2'), header, now)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyWebhook('other', body, header, now)).toEqual({ ok: false, reason: 'mismatch' });
    const last = header.slice(-1);
    const forged = header.slice(0, -1) + (last === '0' ? '1' : '0');
    expect(verifyWebhook(secret, body, forged, now)).toEqual({ ok: false, reason: 'mismatch' });
  });
  it('refuses timestamps more than 300 s away', () => {
    const header = signWebhook(secret, body, now);
    expect(verifyWebhook(secret, body, header, now + 300_000).ok).toBe(true);
    expect(verifyWebhook(secret, body, header, now + 301_000)).toEqual({ ok: false, reason: 'stale' });
    expect(verifyWebhook(secret, body, signWebhook(secret, body, now + 400_000), now)).toEqual({ ok: false, reason: 'stale' });
  });
  it('refuses malformed headers', () => {
    for (const h of [undefined, '', 't=abc,v1=00', 'v1=' + 'a'.repeat(64), `t=1,v1=${'z'.repeat(64)}`])
      expect(verifyWebhook(secret, body, h, now)).toMatchObject({ ok: false, reason: 'malformed' });
  });
});
