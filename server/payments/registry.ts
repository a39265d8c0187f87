import { createBankTransferProvider } from './bank-transfer-provider';
import { createBoletoProvider } from './boleto-provider';
import { createCardProvider, type CardProvider } from './card-provider';
import { createCryptoProvider } from './crypto-provider';
import { createEwalletProvider } from './ewallet-provider';
import { createMobileMoneyProvider } from './mobile-money-provider';
import { createPaypalProvider } from './paypal-provider';
import { createPixProvider, type PixProviderOptions } from './pix-provider';
import type { PaymentProvider } from './provider';
import type { Outbox } from '../mail/outbox';

export interface ProviderRegistryOptions {
  /** The portal's public origin: where providers send the payer back to. */
  publicUrl: string;
  outbox: Outbox;
  /** Derives a provider's own key (code hashes, address derivation) from the app secret. */
  key: (purpose: string) => Buffer;
  pix?: PixProviderOptions;
}

/**
 * Which provider collects each payment method (by the method's code in `payment_methods`). An
 * enabled method without a provider here is not offered, and paying with it answers -2502
 * "Payment method not supported". Every shipped provider is a sandbox that follows its real
 * protocol (docs/decisions/009 and 011); a real gateway implements the same interface.
 */
export function createProviderRegistry(options: ProviderRegistryOptions) {
  const card = createCardProvider();
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
  return {
    card: card as CardProvider,
    paypal,
    ewallet,
    mobileMoney,
    forMethod(code: string): PaymentProvider | undefined {
      return Object.hasOwn(byMethod, code) ? byMethod[code] : undefined;
    },
    has(code: string): boolean {
      return Object.hasOwn(byMethod, code);
    },
  };
}
export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
