import type { components } from '../../openapi/schema';
import { useQuery } from './use-query';

export type InstallmentsPlan = components['schemas']['InstallmentsPlan'];

/**
 * What each count of instalments costs for an amount (POST /api/bill/installmentsPlan), the
 * amount after discounts: the server's own quote, so the chooser shows what the charge will be.
 * Not per account: the same amount, plan and currency always split the same way.
 */
export const useInstallmentsPlan = (planId: string, currency: string, amount: number) =>
  useQuery(`installments:${planId}:${currency}:${amount}`, ({ api }) =>
    api.callData(api.client.POST('/api/bill/installmentsPlan', { body: { planId, currency, amount } })),
  );

/**
 * The same for an open order paid again with `method`: the server values the order afresh at
 * repay (its plan, currency and code, the new method's discount), so the split is of that value.
 */
export const useRepayInstallmentsPlan = (order: { id: string; planId: string; currency: string; discountCode?: string | undefined }, method: string) =>
  useQuery(`repay:${order.id}:installments:${method}`, async ({ api }) => {
    const valued = await api.callData(
      api.client.POST('/api/bill/goodsValuation', {
        body: {
          planId: order.planId,
          currency: order.currency,
          installments: 1,
          method,
          orderId: order.id,
          ...(order.discountCode ? { discountCode: order.discountCode } : {}),
        },
      }),
    );
    return api.callData(api.client.POST('/api/bill/installmentsPlan', { body: { planId: order.planId, currency: order.currency, amount: valued.total } }));
  });
