import { createBankTransferProvider, TRANSFER_PROVIDER } from './bank-transfer-provider';
import { BOLETO_PROVIDER, createBoletoProvider } from './boleto-provider';
import { CARD_PROVIDER, createCardProvider, type CardProvider } from './card-provider';
import { createCryptoProvider, CRYPTO_PROVIDER } from './crypto-provider';
import { createEwalletProvider, EWALLET_PROVIDER } from './ewallet-provider';
import { createMobileMoneyProvider, MOBILE_MONEY_PROVIDER } from './mobile-money-provider';
import { createPaypalProvider, PAYPAL_PROVIDER } from './paypal-provider';
import { createPixProvider, PIX_PROVIDER, type PixProviderOptions } from './pix-provider';
import type { PaymentProvider } from './provider';
import { createRefundOutage } from './sandbox-refund-outage';
import type { Outbox } from '../mail/outbox';
import { signedEventVerifier, type WebhookVerifier } from './payment-events';

export interface ProviderRegistryOptions {
  /** `off`: no provider at all, so no method is offered and paying answers -2502 (docs/decisions/035). */
  mode: 'sandbox' | 'off';
  /** The portal's public origin: where providers send the payer back to. */
  publicUrl: string;
  outbox: Outbox;
  /** Derives a provider's own key (code hashes, address derivation) from the app secret. */
  key: (purpose: string) => Buffer;
  /** Signs and checks the sandbox providers' webhooks (their side and ours, docs/decisions/011). */
  sandboxWebhookKey: Buffer;
  pix?: PixProviderOptions;
}

/**
 * Which provider collects each payment method (by the method's code in `payment_methods`). An
 * enabled method without a provider here is not offered, and paying with it answers -2502
 * "Payment method not supported". Every shipped provider is a sandbox that follows its real
 * protocol (docs/decisions/009 and 011), on only when the configuration says `sandbox`; a live
 * gateway implements the same interface (docs/payments.md) and is added here.
 */
export function createProviderRegistry(options: ProviderRegistryOptions) {
  const sandbox = options.mode === 'sandbox' ? sandboxProviders(options) : undefined;
  const byMethod: Readonly<Record<string, PaymentProvider>> = sandbox?.byMethod ?? {};
  // By provider name, as webhooks name them (`POST /api/payments/webhooks/:provider`).
  const webhooks: Readonly<Record<string, WebhookVerifier>> = sandbox?.webhooks ?? {};
  return {
    /** What the site tells the browser (`env` of the user config, the SDK token's `environment`). */
    environment: sandbox ? ('sandbox' as const) : ('production' as const),
    /** The sandbox providers with pages and confirmations of their own, for the sandbox bank's routes. */
    sandbox,
    /** The card network, for renewals and for finding charges no order accounts for; none when off. */
    card: sandbox?.card,
    forMethod(code: string): PaymentProvider | undefined {
      return Object.hasOwn(byMethod, code) ? byMethod[code] : undefined;
    },
    has(code: string): boolean {
      return Object.hasOwn(byMethod, code);
    },
    /** How a configured provider's webhooks are verified; undefined for an unknown name or a provider without webhooks. */
    webhookOf(providerName: string): WebhookVerifier | undefined {
      return Object.hasOwn(webhooks, providerName) ? webhooks[providerName] : undefined;
    },
  };
}
export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
export type SandboxProviders = ReturnType<typeof sandboxProviders>;

function sandboxProviders(options: ProviderRegistryOptions) {
  const card: CardProvider = createCardProvider();
  const paypal = createPaypalProvider(options.publicUrl);
  const ewallet = createEwalletProvider(options.publicUrl);
  const mobileMoney = createMobileMoneyProvider({ outbox: options.outbox, key: options.key('mobile-money-otp') });
  const byMethod: Readonly<Record<string, PaymentProvider>> = {
    card,
    pix: createPixProvider(options.pix),
    boleto: createBoletoProvider(),
    paypal,
    bank_transfer: createBankTransferProvider(),
    ewallet,
    mobile_money: mobileMoney,
    crypto: createCryptoProvider({ key: options.key('crypto-address') }),
  };
  const refundOutage = createRefundOutage();
  for (const provider of Object.values(byMethod)) refundOutage.cover(provider);
  // The providers whose payments settle later, by their signed events, and the card network,
  // whose signed events tell of disputes (docs/decisions/059).
  const signed = signedEventVerifier(options.sandboxWebhookKey);
  const refundsOnly = signedEventVerifier(options.sandboxWebhookKey, { refundsOnly: true });
  const webhooks: Readonly<Record<string, WebhookVerifier>> = Object.fromEntries([
    // The card network's signed events are its disputes (docs/decisions/059); it answers a refund at once.
    ...[PIX_PROVIDER, BOLETO_PROVIDER, EWALLET_PROVIDER, CRYPTO_PROVIDER, TRANSFER_PROVIDER, CARD_PROVIDER].map((name) => [name, signed] as const),
    // Their refunds settle later too (docs/decisions/058).
    ...[PAYPAL_PROVIDER, MOBILE_MONEY_PROVIDER].map((name) => [name, refundsOnly] as const),
  ]);
  return { card, paypal, ewallet, mobileMoney, byMethod, webhooks, refundOutage };
}
