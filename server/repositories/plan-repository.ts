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
    /** The active plan's instalment maximum; undefined for an unknown or inactive plan. */
    async maxInstallments(id: string): Promise<number | undefined> {
      if (!/^\d{1,9}$/.test(id)) return undefined;
      const [plan] = await db.query<{ max_installments: number }>('SELECT max_installments FROM plans WHERE id = $1 AND active', [Number(id)]);
      return plan?.max_installments;
    },
    /** The plan's name in `lang`, else in English, else in any language it has; active or not (an order keeps its plan). */
    async nameIn(planId: number, lang: Language): Promise<string | undefined> {
      const [name] = await db.query<{ name: string }>(`SELECT name FROM plan_texts WHERE plan_id = $1 ORDER BY lang = $2 DESC, lang = 'en' DESC LIMIT 1`, [
        planId,
        lang,
      ]);
      return name?.name;
    },
    /** `nameIn` for several plans, by plan id. */
    async namesIn(planIds: number[], lang: Language): Promise<Map<number, string>> {
      const names = await db.query<{ plan_id: number; name: string }>(
        `SELECT DISTINCT ON (plan_id) plan_id, name FROM plan_texts WHERE plan_id = ANY($1) ORDER BY plan_id, lang = $2 DESC, lang = 'en' DESC`,
        [planIds, lang],
      );
      return new Map(names.map((n) => [Number(n.plan_id), n.name]));
    },
  };
}
export type PlanRepository = ReturnType<typeof createPlanRepository>;
