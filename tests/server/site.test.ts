import { describe, expect, it } from 'vitest';
import { expectContract as expectContractOf } from '../helpers/expect-contract';
import { startTestServer, useTestServer } from '../helpers/test-server';

const server = useTestServer();

const get = server.get;

const expectContract = (path: string, res: { status: number; body: unknown }) => expectContractOf('get', path, res);

describe('site calls answer from the database', () => {
  it('GET /api/site/theme/v1 gives the seeded theme with the enabled languages', async () => {
    const res = await get('/api/site/theme/v1');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.errCode).toBeUndefined();
    expect(res.body.data).toMatchObject({ name: 'Aurora TV', themeColor: '#5b2be0', langs: ['pt', 'en', 'es', 'ru'] });
    expectContract('/api/site/theme/v1', res);
  });

  it('a language disabled in the database disappears from the theme and the i18n version', async () => {
    await server.db.query("UPDATE languages SET enabled = false WHERE code = 'ru'");
    try {
      expect((await get('/api/site/theme/v1')).body.data.langs).toEqual(['pt', 'en', 'es']);
      expect((await get('/api/site/i18n/version')).body.data.langs).toEqual(['pt', 'en', 'es']);
    } finally {
      await server.db.query("UPDATE languages SET enabled = true WHERE code = 'ru'");
    }
  });

  it('GET /api/site/get/config/v1 carries the spec defaults', async () => {
    const res = await get('/api/site/get/config/v1');
    expectContract('/api/site/get/config/v1', res);
    const c = res.body.data;
    expect(c.defaultLang).toBe('pt');
    expect(c.payment).toEqual({ defaultInstallment: 3, defaultCurrency: 'BRL' });
    expect(c.login.emailSuffix).toHaveLength(6);
    const email = new RegExp(c.validRules.email);
    expect(email.test('maria.silva@example.com.br')).toBe(true);
    expect(email.test('maria@')).toBe(false);
    expect(email.test(`a@${'x'.repeat(64)}.com`)).toBe(false);
    expect(new RegExp(c.validRules.phone).test('11987654321')).toBe(true);
    expect(new RegExp(c.validRules.phone).test('12ab')).toBe(false);
  });

  it('GET /api/user/get/config/v1 gives the tenant and the 60 s countdown', async () => {
    const res = await get('/api/user/get/config/v1');
    expectContract('/api/user/get/config/v1', res);
    expect(res.body.data).toMatchObject({ caffeineRegionVerify: 60, tenantId: 'aurora' });
  });

  it('i18n version changes when an operator overrides a message, and the override is served', async () => {
    const before = (await get('/api/site/i18n/version')).body.data.version;
    await server.db.query("INSERT INTO i18n_overrides (lang, message_id, text) VALUES ('pt', 'error.3', 'Senha errada')");
    try {
      const after = (await get('/api/site/i18n/version')).body.data.version;
      expect(after).not.toBe(before);
      const res = await get('/api/site/i18n/message?language=pt');
      expectContract('/api/site/i18n/message', res);
      expect(res.body.data.messages['error.3']).toBe('Senha errada');
      expect(res.body.data.version).toBe(after);
    } finally {
      await server.db.query("DELETE FROM i18n_overrides WHERE message_id = 'error.3'");
    }
  });

  it('GET /api/site/i18n/message serves the bundled catalogue of each language', async () => {
    const ru = (await get('/api/site/i18n/message?language=ru')).body.data.messages;
    const en = (await get('/api/site/i18n/message?language=en')).body.data.messages;
    expect(Object.keys(ru).length).toBeGreaterThan(100);
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
    expect(ru['error.3']).not.toBe(en['error.3']);
  });

  it('GET /api/site/i18n/message without a language is refused with 5000', async () => {
    const res = await get('/api/site/i18n/message');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1, errCode: 5000 });
    expectContract('/api/site/i18n/message', res);
  });

  it('GET /api/site/get/lang/address points at the message file and carries image and web config', async () => {
    const res = await get('/api/site/get/lang/address?language=es');
    expectContract('/api/site/get/lang/address', res);
    expect(res.body.data.path).toBe('/api/site/i18n/message?language=es');
    expect(res.body.data.functionPath.webConfig.brand).toBe('Aurora TV');
    // Without a query, the Language header decides.
    expect((await get('/api/site/get/lang/address', { Language: 'ru' })).body.data.path).toContain('language=ru');
  });

  it.each(['privacy', 'terms', 'upgrade'] as const)('GET /api/site/dynamic/config/v1 serves the %s text per language', async (type) => {
    const pt = await get(`/api/site/dynamic/config/v1?type=${type}&code=user`, { Language: 'pt' });
    const ru = await get(`/api/site/dynamic/config/v1?type=${type}&code=user`, { Language: 'ru' });
    expectContract('/api/site/dynamic/config/v1', pt);
    expect(pt.body.data.language).toBe('pt');
    expect(ru.body.data.language).toBe('ru');
    expect(ru.body.data.content).not.toBe(pt.body.data.content);
    expect(String(pt.body.data.updatedAt)).toMatch(/^\d{13}$/);
  });

  it('a policy missing in the asked language falls back to the site default language', async () => {
    await server.db.query("DELETE FROM policy_texts WHERE type = 'upgrade' AND lang = 'es'");
    const res = await get('/api/site/dynamic/config/v1?type=upgrade', { Language: 'es' });
    expect(res.body.data.language).toBe('pt');
  });

  it('a policy missing everywhere answers -3036, translated', async () => {
    await server.db.query("DELETE FROM policy_texts WHERE type = 'upgrade'");
    const res = await get('/api/site/dynamic/config/v1?type=upgrade', { Language: 'en' });
    expect(res.body).toMatchObject({ code: 1, errCode: -3036 });
    expect(res.body.msg).toBe('Configuration information error');
  });

  it('GET /api/site/contact-us/v1 gives the opening hours in the request language', async () => {
    const es = await get('/api/site/contact-us/v1', { Language: 'es' });
    expectContract('/api/site/contact-us/v1', es);
    expect(es.body.data.hours).toMatch(/lunes/);
    expect((await get('/api/site/contact-us/v1', { Language: 'ru' })).body.data.hours).toMatch(/понедельника/);
  });
});

describe('a theme colour for the browser suite (DEMO_THEME_COLOR, docs/decisions/043)', () => {
  it('a first start outside production seeds it into the theme the portal reads', async () => {
    const themed = await startTestServer({ DEMO_THEME_COLOR: '#d9480f' });
    try {
      const res = await themed.app.inject({ method: 'GET', url: '/api/site/theme/v1' });
      expect(res.json().data).toMatchObject({ name: 'Aurora TV', themeColor: '#d9480f' });
      expectContract('/api/site/theme/v1', { status: res.statusCode, body: res.json() });
    } finally {
      await themed.close();
    }
  });
});

describe('the door: what the contract refuses never reaches a handler', () => {
  it('an unknown query field is refused with 5000', async () => {
    const res = await get('/api/site/theme/v1?debug=1');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1, errCode: 5000 });
  });

  it('a header outside its enum is refused with 5000', async () => {
    const res = await get('/api/site/theme/v1', { Scene: 'TOASTER' });
    expect(res.body.errCode).toBe(5000);
  });

  it('an unknown route under /api answers 404 in the envelope', async () => {
    const res = await get('/api/site/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 1, errCode: 4598 });
  });

  it('refusal messages follow the Language header', async () => {
    const pt = await get('/api/site/theme/v1?x=1', { Language: 'pt' });
    const en = await get('/api/site/theme/v1?x=1', { Language: 'en' });
    expect(en.body.msg).toBe('Invalid request');
    expect(pt.body.msg).not.toBe(en.body.msg);
  });
});

describe('health endpoints outside the contract', () => {
  it('/healthz answers while the process lives, /readyz when the database answers', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok' });
  });
});
