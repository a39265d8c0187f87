import { createBoletoProvider } from './boleto-provider';
import { createCardProvider, type CardProvider } from './card-provider';
import { createPixProvider, type PixProviderOptions } from './pix-provider';
import type { PaymentProvider } from './provider';

/**
 * Which provider collects each payment method (by the method's code in `payment_methods`). An
 * enabled method without a provider here is not offered, and paying with it answers -2502
 * "Payment method not supported"; PayPal and the others join this table as their providers are
 * built. PIX and boleto answer `pending` and are settled by their providers' signed webhooks.
 */
export function createProviderRegistry(options: { pix?: PixProviderOptions } = {}) {
  const card = createCardProvider();
  const byMethod: Readonly<Record<string, PaymentProvider>> = { card, pix: createPixProvider(options.pix), boleto: createBoletoProvider() };
  return {
    card: card as CardProvider,
    forMethod(code: string): PaymentProvider | undefined {
      return Object.hasOwn(byMethod, code) ? byMethod[code] : undefined;
    },
    has(code: string): boolean {
      return Object.hasOwn(byMethod, code);
    },
  };
}
export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
