// Chargebacks (docs/decisions/059), in Chromium against the real server: a card order
// paid, then disputed by the holder's bank through the sandbox card network
// (`POST /api/sandbox/card/dispute/{charge}`, one step per call); the customer follows it on the
// order's page to its end, and reads what it means there, in the order list and on the account page.
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, payByCard, screenshots, test } from './fixtures';

const texts = {
  en: {
    locale: 'en-US',
    panel: 'Chargeback',
    pending: 'Chargeback pending',
    pendingMeaning: 'Your bank is reviewing a dispute of this payment. Your plan stays active while it decides.',
    refresh: 'Check the status again',
    chargedBack: 'Charged back',
    chargedBackMeaning: /Your bank upheld the dispute and returned this payment to you\./,
    seeIt: 'See the chargeback',
    renewalStopped: /Auto-renewal has stopped: a payment with its card was charged back/,
  },
  pt: {
    locale: 'pt-BR',
    panel: 'Contestação do pagamento',
    pending: 'Contestação em análise',
    pendingMeaning: 'Seu banco está analisando uma contestação deste pagamento. Seu plano continua ativo enquanto ele decide.',
    refresh: 'Consultar a situação de novo',
    chargedBack: 'Contestação aceita',
    chargedBackMeaning: /Seu banco aceitou a contestação e devolveu este pagamento a você\./,
    seeIt: 'Ver a contestação',
    renewalStopped: /A renovação automática foi interrompida/,
  },
} as const;

/** The holder's bank moves the order's dispute one step at the sandbox card network. */
async function bankSteps(request: APIRequestContext, orderId: string) {
  const res = await request.post(`/api/sandbox/card/dispute/${orderId}`, { data: { outcome: 'lost', reason: 'fraudulent' } });
  expect((await res.json()).result).toBe('applied');
}

for (const [lang, t] of Object.entries(texts)) {
  test.describe(`a chargeback (${lang})`, () => {
    test.use({ locale: t.locale });

    test('a paid card order disputed by the bank: the customer follows it to its end and reads what it means', async ({ page, request, login }) => {
      const who = await login(`chargeback-${lang}`);
      const paid = await payByCard(page, request, who.email, '4242424242424242');
      expect(paid.data?.status).toBe('PAYMENT_SUCCEEDED');
      const orderId = paid.data!.orderId!;

      await bankSteps(request, orderId);
      await page.goto(`/receipt?orderId=${orderId}`);
      const panel = page.getByRole('region', { name: t.panel });
      await expect(panel).toContainText(t.pending);
      await expect(panel).toContainText(t.pendingMeaning);
      await expectAccessible(page);
      await screenshots(page, `chargeback-pending-${lang}`);

      // The same page on a TV (releaseId=STB, spec section 2) while the bank reviews, then decides
      // for the holder: the page follows it when asked with the remote.
      await page.goto(`/receipt?orderId=${orderId}&releaseId=STB`);
      await expect(panel).toContainText(t.pending);
      await bankSteps(request, orderId);
      await bankSteps(request, orderId);
      // The remote's arrows reach the button, Enter presses it.
      const refresh = panel.getByRole('button', { name: t.refresh });
      const focused = () => refresh.evaluate((el) => el === document.activeElement);
      for (let i = 0; i < 15 && !(await focused()); i++) await page.keyboard.press('ArrowDown');
      await expect(refresh).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(panel).toContainText(t.chargedBack);
      await expect(panel).toContainText(t.chargedBackMeaning);
      await expect(panel.getByRole('button', { name: t.refresh })).toHaveCount(0);
      await expectAccessible(page);
      await screenshots(page, `chargeback-charged-back-${lang}`);

      // The order list says it too, and leads back to the order's page.
      await page.goto('/orders');
      const row = page.locator(`[data-status="CHARGEBACK_SUCCEEDED"]`);
      await expect(row).toContainText(t.chargedBack);
      await expect(row).toContainText(t.chargedBackMeaning);
      await row.getByRole('link', { name: t.seeIt }).click();
      await expect(page).toHaveURL(`/receipt?orderId=${orderId}`);

      // The account page says why auto-renewal stopped.
      await page.goto('/account');
      await expect(page.getByText(t.renewalStopped)).toBeVisible();
    });
  });
}
