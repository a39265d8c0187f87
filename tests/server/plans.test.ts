import { describe, expect, it } from 'vitest';
import { contractErrors } from '../helpers/contract-check';
import { useTestServer } from '../helpers/test-server';

const server = useTestServer();

const get = server.get;

describe('plans from the database', () => {
  it('lists the seeded plans in display order, in the request language, with integer prices', async () => {
    const res = await get('/api/site/listPlans/v1', { Language: 'en' });
    expect(contractErrors('get', '/api/site/listPlans/v1', res.status, res.body)).toEqual([]);
    const plans = res.body.data as any[];
    expect(plans.map((p) => p.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(plans.map((p) => p.periodDays)).toEqual([30, 30, 180, 180, 365, 365]);
    expect(plans[0].name).toBe('Monthly · 1 screen');
    expect(plans[1]).toMatchObject({ deviceCount: 4, multiDevice: true });
    expect(plans[0].prices).toEqual([
      { currency: 'BRL', amount: 2990 },
      { currency: 'USD', amount: 599 },
    ]);
    expect(plans[4].benefits).toEqual([{ discountRate: 16, periods: 12 }]);
    expect(plans[0].installmentsAllowed).toBe(false);
    expect(plans[4]).toMatchObject({ installmentsAllowed: true, maxInstallments: 12 });
  });

  it('filters by period and by currency', async () => {
    const yearly = (await get('/api/site/listPlans/v1?period=365')).body.data as any[];
    expect(yearly.map((p) => p.id)).toEqual(['5', '6']);
    expect((await get('/api/site/listPlans/v1?currency=ARS')).body.data).toEqual([]);
  });

  it('falls back to the site default language when a text is missing', async () => {
    await server.db.query("DELETE FROM plan_texts WHERE plan_id = 2 AND lang = 'ru'");
    const plans = (await get('/api/site/listPlans/v1', { Language: 'ru' })).body.data as any[];
    expect(plans[0].name).toBe('Месячный · 1 экран');
    expect(plans[1].name).toBe('Mensal · 4 telas');
  });

  it('hides inactive plans', async () => {
    await server.db.query('UPDATE plans SET active = false WHERE id = 6');
    const plans = (await get('/api/site/listPlans/v1')).body.data as any[];
    expect(plans.map((p) => p.id)).not.toContain('6');
    expect((await get('/api/site/plan/detail/6')).body.errCode).toBe(6001);
    await server.db.query('UPDATE plans SET active = true WHERE id = 6');
  });

  it('GET /api/site/plan/detail/{id} gives one plan, in the language query when given', async () => {
    const res = await get('/api/site/plan/detail/4?language=es');
    expect(contractErrors('get', '/api/site/plan/detail/{id}', res.status, res.body)).toEqual([]);
    expect(res.body.data).toMatchObject({ id: '4', popular: true, name: 'Semestral · 4 pantallas' });
  });

  it('an unknown plan answers 6001, and a non-digit id is refused at the door', async () => {
    expect((await get('/api/site/plan/detail/999')).body).toMatchObject({ code: 1, errCode: 6001 });
    expect((await get('/api/site/plan/detail/99999999999999')).body.errCode).toBe(6001);
    const bad = await get('/api/site/plan/detail/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errCode).toBe(5000);
  });
});
