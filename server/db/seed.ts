import type { Database, Queryable } from './database';
import type { PasswordHasher } from '../security/passwords';
import { grantWelcomeCode } from '../billing/coupons';
import { addSampleRecordings } from '../repositories/cloud-repository';
import { sandboxBankAccounts } from '../payments/bank-transfer-provider';
import {
  demoAccount,
  demoBanners,
  demoContact,
  demoDiscountCodes,
  demoLanguages,
  demoPlans,
  demoPolicies,
  demoSiteConfig,
  demoTheme,
  demoUserConfig,
} from './demo-content';

export interface SeedOptions {
  publicUrl: string;
  /**
   * The demo account, the demo discount codes and the sandbox bank's receiving accounts: for
   * development and tests only. A production database gets the site's content alone (brand,
   * theme, configuration, languages, policies, plans), which the portal needs to open at all
   * (docs/decisions/035).
   */
  demo: boolean;
  /** With `demo`, the theme colour to seed instead of the demo's (DEMO_THEME_COLOR, docs/decisions/043). */
  themeColor?: string;
}

/**
 * Fills an empty database with the site's starting content, and the demo content when asked. It
 * runs once: a database that already has a site configuration is left as its operator made it.
 */
export async function seedDemoContent(db: Database, hasher: PasswordHasher, options: SeedOptions): Promise<boolean> {
  // Every start comes here; only the first needs the demo password's hash, which takes argon2's time.
  if ((await db.query("SELECT 1 FROM site_settings WHERE key = 'siteConfig'")).length > 0) return false;
  const passwordHash = options.demo ? await hasher.hash(demoAccount.password) : undefined;
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7268002)');
    const existing = await tx.query("SELECT 1 FROM site_settings WHERE key = 'siteConfig'");
    if (existing.length > 0) return false;

    for (const [i, l] of demoLanguages.entries()) {
      await tx.query('INSERT INTO languages (code, native_name, enabled, sort_order) VALUES ($1, $2, true, $3)', [l.code, l.nativeName, i]);
    }
    const siteConfig = { ...demoSiteConfig, login: { ...demoSiteConfig.login, webLink: options.publicUrl } };
    await putSetting(tx, 'siteConfig', siteConfig);
    await putSetting(tx, 'theme', options.demo && options.themeColor ? { ...demoTheme, themeColor: options.themeColor } : demoTheme);
    await putSetting(tx, 'userConfig', { ...demoUserConfig, env: options.demo ? 'sandbox' : 'production' });
    await putSetting(tx, 'contact', demoContact);

    for (const [type, byLang] of Object.entries(demoPolicies)) {
      for (const [lang, text] of Object.entries(byLang)) {
        await tx.query('INSERT INTO policy_texts (type, lang, title, content) VALUES ($1, $2, $3, $4)', [type, lang, text.title, text.content]);
      }
    }

    for (const [i, plan] of demoPlans.entries()) {
      await tx.query(
        `INSERT INTO plans (id, code, period_days, device_count, max_installments, interest_free_installments,
           monthly_interest_bp, min_installment_minor, auto_renew, popular, active, sort_order, cloud_hours)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true, $11, $12)`,
        [
          plan.id,
          plan.code,
          plan.periodDays,
          plan.deviceCount,
          plan.maxInstallments,
          plan.interestFreeInstallments,
          plan.monthlyInterestBp,
          plan.minInstallmentMinor,
          plan.autoRenew,
          plan.popular,
          i,
          plan.cloudHours,
        ],
      );
      for (const [lang, t] of Object.entries(plan.texts)) {
        await tx.query('INSERT INTO plan_texts (plan_id, lang, name, description) VALUES ($1, $2, $3, $4)', [plan.id, lang, t.name, t.description]);
      }
      for (const [currency, amount] of Object.entries(plan.prices)) {
        await tx.query('INSERT INTO plan_prices (plan_id, currency, amount_minor) VALUES ($1, $2, $3)', [plan.id, currency, amount]);
      }
      for (const b of plan.benefits) {
        await tx.query('INSERT INTO plan_benefits (plan_id, discount_rate, periods) VALUES ($1, $2, $3)', [plan.id, b.discountRate, b.periods]);
      }
    }

    // What follows is the demo's alone (the hash was made only for it).
    if (!options.demo || !passwordHash) return true;

    await putSetting(tx, 'bankAccounts', sandboxBankAccounts);
    for (const b of demoBanners) {
      await tx.query(
        'INSERT INTO banners (id, position, sort, titles, image_url, mobile_image_url, link_url) VALUES ($1, $2, 0, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING',
        [b.id, b.position, JSON.stringify(b.titles), b.imageUrl, b.mobileImageUrl, b.linkUrl],
      );
    }
    for (const c of demoDiscountCodes) {
      await tx.query(
        `INSERT INTO discount_codes (code, kind, value, currency, plan_id, valid_from, valid_to, max_uses, active, listed)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [c.code, c.kind, c.value, c.currency ?? null, c.planId ?? null, c.validFrom ?? null, c.validTo ?? null, c.maxUses ?? null, c.active, c.listed ?? false],
      );
    }

    const [demo] = await tx.query<{ uid: number | string }>(
      `INSERT INTO accounts (type, email, nickname, password_hash, language, verified_at)
       VALUES ('email', $1, $2, $3, $4, now()) RETURNING uid`,
      [demoAccount.email, demoAccount.nickname, passwordHash, demoAccount.language],
    );
    // What every new account gets, and a few recordings the TV app made (docs/decisions/023).
    const now = Date.now();
    await grantWelcomeCode(tx, Number(demo!.uid), now);
    await addSampleRecordings(tx, Number(demo!.uid), now);
    return true;
  });
}

async function putSetting(tx: Queryable, key: string, value: unknown) {
  await tx.query('INSERT INTO site_settings (key, value) VALUES ($1, $2)', [key, JSON.stringify(value)]);
}
