// Changing plan from the account page (docs/decisions/056), in Chromium against the real server, in
// English and Portuguese: a customer on the monthly one-screen plan upgrades to four screens, reads
// the credit for the unused days, the new plan's price and the amount due before paying, and pays
// the difference on the payment page; then schedules the way back for the renewal and undoes it.
import type { APIRequestContext } from '@playwright/test';
import { apiSession, expect, expectAccessible, payButton, payByCard, screenshots, test } from './fixtures';

const texts = {
  en: {
    locale: 'en-US',
    panel: 'Change plan',
    choose: (plan: string) => `Change to ${plan}`,
    upgradeTitle: (plan: string) => `Upgrade to ${plan} now?`,
    credit: 'Credit for unused days',
    due: 'Due now',
    pay: 'Pay the difference',
    renewalTitle: (plan: string) => `Change to ${plan} at your next renewal?`,
    atRenewal: 'Change at renewal',
    waiting: (plan: string) => new RegExp(`at your next renewal, your plan changes to ${escape(plan)}`),
    undo: 'Undo',
    undone: 'Plan change undone.',
    renewal: 'Auto-renewal',
    renewalAmount: (amount: string) => new RegExp(`Renewal amount\\s*R\\$\\s?${amount}`),
  },
  pt: {
    locale: 'pt-BR',
    panel: 'Mudar de plano',
    choose: (plan: string) => `Mudar para ${plan}`,
    upgradeTitle: (plan: string) => `Mudar agora para ${plan}?`,
    credit: 'Crédito pelos dias não usados',
    due: 'A pagar agora',
    pay: 'Pagar a diferença',
    renewalTitle: (plan: string) => `Mudar para ${plan} na próxima renovação?`,
    atRenewal: 'Mudar na renovação',
    waiting: (plan: string) => new RegExp(`na sua próxima renovação, seu plano muda para ${escape(plan)}`),
    undo: 'Desfazer',
    undone: 'Mudança de plano desfeita.',
    renewal: 'Renovação automática',
    renewalAmount: (amount: string) => new RegExp(`Valor da renovação\\s*R\\$\\s?${amount}`),
  },
} as const;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function planNames(request: APIRequestContext, language: string): Promise<Map<string, string>> {
  const plans = (await (await request.get(`/api/site/listPlans/v1?language=${language}`)).json()).data as { id: string; name: string }[];
  return new Map(plans.map((p) => [p.id, p.name]));
}

for (const [lang, t] of Object.entries(texts)) {
  test.describe(`changing plan (${lang})`, () => {
    test.use({ locale: t.locale });

    test('an upgrade shows the pro-rata amount and is paid on the payment page; a downgrade is scheduled and undone', async ({ page, request, login }) => {
      const who = await login(`plan-${lang}`);
      // The monthly one-screen plan (R$ 29,90), with a saved card: auto-renewal is on.
      expect((await payByCard(page, request, who.email, '4242424242424242')).code).toBe(0);
      const names = await planNames(request, lang);
      const [monthlyOne, monthlyFour] = [names.get('1')!, names.get('2')!];

      await page.goto('/account');
      const panel = page.getByRole('region', { name: t.panel });
      await panel.getByRole('button', { name: t.choose(monthlyFour) }).click();
      const quote = page.getByRole('alertdialog', { name: t.upgradeTitle(monthlyFour) });
      await expect(quote).toBeVisible();
      // Bought today: all 30 days unused, worth R$ 29,90; four screens cost R$ 49,90; R$ 20,00 is due.
      await expect(quote).toContainText(t.credit);
      await expect(quote).toContainText(/−R\$\s?29[.,]90/);
      await expect(quote).toContainText(/R\$\s?49[.,]90/);
      await expect(quote).toContainText(t.due);
      await expect(quote).toContainText(/R\$\s?20[.,]00/);
      await expectAccessible(page);
      await screenshots(page, `plan-change-quote-${lang}`);

      await quote.getByRole('button', { name: t.pay }).click();
      await expect(page).toHaveURL(/\/payment\?orderId=ORD/);
      const orderId = new URL(page.url()).searchParams.get('orderId')!;
      await expect(page.getByText(/R\$\s?20[.,]00/).first()).toBeVisible();
      if (lang === 'en') {
        // Paid with the saved card; the button says the amount due, not the plan's price.
        await page.getByRole('radio', { name: /ending in 4242/ }).check();
        const pay = page.getByRole('button', { name: payButton });
        await expect(pay).toHaveText(/R\$\s?20[.,]00/);
        await pay.click();
        await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
      } else {
        // The same order paid with the saved card, as the payment page would.
        const auth = await apiSession(request, who);
        const [card] = (await (await request.post('/api/bill/listCard', { headers: auth, data: {} })).json()).data as { id: string }[];
        const paid = await (
          await request.post('/api/bill/repay/v1', { headers: auth, data: { orderId, method: 'card', card: { savedCardId: card!.id } } })
        ).json();
        expect(paid.data.status).toBe('PAYMENT_SUCCEEDED');
      }
      const order = await (await request.get(`/api/bill/order/v1/${orderId}`, { headers: await apiSession(request, who) })).json();
      expect(order.data).toMatchObject({ status: 'PAYMENT_SUCCEEDED', subtotal: 4990, discount: 2990, total: 2000 });

      // Four screens now; going back to one waits for the renewal, and can be undone.
      await page.goto('/account');
      await panel.getByRole('button', { name: t.choose(monthlyOne) }).click();
      const downgrade = page.getByRole('alertdialog', { name: t.renewalTitle(monthlyOne) });
      await expect(downgrade).toBeVisible();
      await downgrade.getByRole('button', { name: t.atRenewal }).click();
      await expect(panel.getByText(t.waiting(monthlyOne))).toBeVisible();
      // The auto-renewal says what the renewal will charge now: the plan it changes to, at its price.
      const renewal = page.getByRole('region', { name: t.renewal });
      await expect(renewal).toContainText(monthlyOne);
      await expect(renewal).toContainText(t.renewalAmount(lang === 'pt' ? '29,90' : '29.90'));
      await expectAccessible(page);
      await screenshots(page, `plan-change-scheduled-${lang}`);
      await panel.getByRole('button', { name: t.undo }).click();
      await expect(panel.getByRole('status').filter({ hasText: t.undone })).toBeVisible();
      await expect(panel.getByRole('button', { name: t.undo })).toHaveCount(0);
      await expect(renewal).toContainText(t.renewalAmount(lang === 'pt' ? '49,90' : '49.90'));
    });
  });
}
