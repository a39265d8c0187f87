import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import type { Language } from '../../core/i18n/languages';

type Plan = components['schemas']['Plan'];

interface PlanRow {
  id: number;
  period_days: 30 | 180 | 365;
  device_count: number;
  max_installments: number;
  auto_renew: boolean;
  popular: boolean;
  name: string;
  description: string;
  prices: { currency: string; amount: number }[];
  benefits: { discountRate: number; periods: number }[];
}

// One query per read: texts in the wanted language (falling back to the first language that has
// them), prices and benefits folded in as JSON so the pricing table is one round trip.
const planSelect = `
  SELECT p.id, p.period_days, p.device_count, p.max_installments, p.auto_renew, p.popular,
         t.name, t.description,
         COALESCE((SELECT json_agg(json_build_object('currency', pp.currency, 'amount', pp.amount_minor) ORDER BY pp.currency)
                   FROM plan_prices pp WHERE pp.plan_id = p.id), '[]'::json) AS prices,
         COALESCE((SELECT json_agg(json_build_object('discountRate', b.discount_rate, 'periods', b.periods) ORDER BY b.periods)
                   FROM plan_benefits b WHERE b.plan_id = p.id), '[]'::json) AS benefits
  FROM plans p
  JOIN LATERAL (
    SELECT name, description FROM plan_texts
    WHERE plan_id = p.id
    ORDER BY array_position($1::text[], lang) NULLS LAST, lang
    LIMIT 1
  ) t ON true
  WHERE p.active`;

function toPlan(r: PlanRow): Plan {
  return {
    id: String(r.id),
    name: r.name,
    description: r.description,
    periodDays: r.period_days,
    deviceCount: r.device_count,
    multiDevice: r.device_count > 1,
    prices: r.prices,
    installmentsAllowed: r.max_installments > 1,
    maxInstallments: r.max_installments,
    benefits: r.benefits,
    popular: r.popular,
    autoRenew: r.auto_renew,
  };
}

export function createPlanRepository(db: Queryable) {
  return {
    async list(langs: Language[], filter: { currency?: string; period?: number } = {}): Promise<Plan[]> {
      const rows = await db.query<PlanRow>(
        `${planSelect}
           AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM plan_prices x WHERE x.plan_id = p.id AND x.currency = $2))
           AND ($3::int IS NULL OR p.period_days = $3)
         ORDER BY p.sort_order, p.id`,
        [langs, filter.currency ?? null, filter.period ?? null],
      );
      return rows.map(toPlan);
    },
    async find(id: string, langs: Language[]): Promise<Plan | undefined> {
      // Ids are digits by contract; anything beyond int4 cannot be a plan.
      if (!/^\d{1,9}$/.test(id)) return undefined;
      const rows = await db.query<PlanRow>(`${planSelect} AND p.id = $2`, [langs, Number(id)]);
      return rows[0] && toPlan(rows[0]);
    },
  };
}
export type PlanRepository = ReturnType<typeof createPlanRepository>;
