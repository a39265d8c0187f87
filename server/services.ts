import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/database';
import { createTextLookup, type ErrorTranslator, type TextLookup } from './i18n';
import { createOutbox, type Outbox } from './mail/outbox';
import { createProviderRegistry, type ProviderRegistry } from './payments/registry';
import { sandboxWebhookKey } from './payments/payment-events';
import { createAccountInfoRepository, type AccountInfoRepository } from './repositories/account-info-repository';
import { createPlanRepository, type PlanRepository } from './repositories/plan-repository';
import { createSiteRepository, type SiteRepository } from './repositories/site-repository';
import { createSessionService, type SessionService } from './auth/sessions';
import type { PasswordHasher } from './security/passwords';
import { deriveKey, resolveAppSecret } from './security/secrets';
import type { Language } from '../core/i18n/languages';

/** What route modules are built from: one instance per server, shared by every request. */
export interface ServerServices {
  config: Config;
  db: Database;
  clock: Clock;
  hasher: PasswordHasher;
  secret: string;
  site: SiteRepository;
  plans: PlanRepository;
  sessions: SessionService;
  /** What the account screen shows (queryInfo). */
  accountInfo: AccountInfoRepository;
  outbox: Outbox;
  /** The payment providers, one per payment method: the sandboxes, or none (docs/decisions/035). */
  payments: ProviderRegistry;
  errorText: ErrorTranslator;
  /** The texts the server answers with itself, from the one message catalogue (core/i18n/lang). */
  text: TextLookup;
}

export async function createServerServices(deps: {
  config: Config;
  db: Database;
  clock: Clock;
  hasher: PasswordHasher;
  bundled: Record<Language, Record<string, string>>;
  errorText: ErrorTranslator;
}): Promise<ServerServices> {
  const { config, db, clock, hasher, bundled, errorText } = deps;
  const secret = await resolveAppSecret(db, config.appSecret);
  const site = createSiteRepository(db, bundled);
  const outbox = createOutbox({ db, clock, key: deriveKey(secret, 'outbox') });
  return {
    config,
    db,
    clock,
    hasher,
    secret,
    site,
    plans: createPlanRepository(db),
    sessions: createSessionService(db, clock),
    accountInfo: createAccountInfoRepository(db),
    outbox,
    payments: createProviderRegistry({
      mode: config.payments,
      publicUrl: config.publicUrl,
      outbox,
      key: (purpose) => deriveKey(secret, `payments:${purpose}`),
      sandboxWebhookKey: sandboxWebhookKey({ secret }),
    }),
    errorText,
    text: createTextLookup(bundled),
  };
}
