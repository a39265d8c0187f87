// Renewal by PIX Automático from the account page (docs/decisions/060), in Chromium against the
// real server, in English and Portuguese: the composite QR with its terms, the sandbox bank approving
// it (paying the first month), the authorisation shown active, then cancelled here or in the bank app.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, payByCard, screenshots, test } from './fixtures';

const texts = {
  en: {
    locale: 'en-US',
    region: 'PIX Automático',
    start: 'Renew by PIX Automático',
    qr: 'PIX Automático QR code',
    awaiting: 'Awaiting approval in your bank app',
    approved: 'I have approved it',
    active: 'Active',
    terms: ['Amount', 'Maximum amount', 'Monthly', 'End date'],
    next: 'Next payment',
    cancel: 'Cancel authorisation',
    dialog: 'Cancel the PIX Automático authorisation?',
    keep: 'Keep it',
    cancelled: 'Cancelled',
    byReceiver: 'It was cancelled here, or after a month went unpaid.',
    byPayer: 'You cancelled it in your bank app.',
    again: 'Authorise again',
    orders: 'Orders',
    receipt: /receipt/,
    renewal: 'Auto-renewal',
    byPix: /^Your plan renews by PIX Automático instead of a card/,
    repurchase: 'Buy a monthly plan with auto-renew',
  },
  pt: {
    locale: 'pt-BR',
    region: 'Pix Automático',
    start: 'Renovar pelo Pix Automático',
    qr: 'QR Code do Pix Automático',
    awaiting: 'Aguardando aprovação no app do banco',
    approved: 'Já aprovei',
    active: 'Ativa',
    terms: ['Valor', 'Valor máximo', 'Mensal', 'Data final'],
    next: 'Próximo pagamento',
    cancel: 'Cancelar autorização',
    dialog: 'Cancelar a autorização do Pix Automático?',
    keep: 'Manter',
    cancelled: 'Cancelada',
    byReceiver: 'Ela foi cancelada aqui, ou depois que um mês ficou sem pagamento.',
    byPayer: 'Você cancelou no app do seu banco.',
    again: 'Autorizar de novo',
    orders: 'Pedidos',
    receipt: /recibo/,
    renewal: 'Renovação automática',
    byPix: /^Seu plano se renova pelo Pix Automático em vez de um cartão/,
    repurchase: 'Comprar um plano mensal com renovação automática',
  },
} as const;

/** The composite QR's recurrence (field 80) names the idRec the payer's bank approves. */
async function idRecOf(page: Page) {
  const brCode = await page.locator('#pix-auto-code').inputValue();
  return /\/rec\/(RR\d{16}[A-Za-z0-9]{11})/.exec(brCode)![1]!;
}
async function bank(request: APIRequestContext, idRec: string, action: 'approve' | 'cancel') {
  expect((await (await request.post(`/api/sandbox/pix-automatico/rec/${idRec}/${action}`)).json()).result).toBe('applied');
}

for (const [lang, t] of Object.entries(texts)) {
  test.describe(`PIX Automático (${lang})`, () => {
    test.use({ locale: t.locale });

    async function authorise(page: Page, request: APIRequestContext, who: { email: string }) {
      expect((await payByCard(page, request, who.email, '4242424242424242')).code).toBe(0);
      await page.goto('/account');
      const panel = page.getByRole('region', { name: t.region });
      await panel.getByRole('button', { name: t.start }).click();
      await expect(panel.getByRole('img', { name: t.qr })).toBeVisible();
      await expect(panel.getByText(t.awaiting)).toBeVisible();
      for (const term of t.terms) await expect(panel.getByText(term, { exact: true })).toBeVisible();
      await expectAccessible(page);
      await screenshots(page, `pix-automatico-qr-${lang}`);
      const idRec = await idRecOf(page);
      await bank(request, idRec, 'approve');
      await panel.getByRole('button', { name: t.approved }).click();
      await expect(panel.getByText(t.active, { exact: true })).toBeVisible();
      await expect(panel.getByText(t.next)).toBeVisible();
      await expect(panel.getByRole('img', { name: t.qr })).toHaveCount(0);
      // The QR paid the next month: the orders show it without a reload.
      await expect(page.getByRole('region', { name: t.orders }).getByRole('link', { name: t.receipt })).toHaveCount(2);
      // The card's renewal ended with the approval (one renewal, not two): the auto-renewal panel
      // says the plan renews by PIX Automático, and offers no plan to buy.
      const renewal = page.getByRole('region', { name: t.renewal });
      await expect(renewal.getByText(t.byPix)).toBeVisible();
      await expect(renewal.getByRole('link', { name: t.repurchase })).toHaveCount(0);
      return { panel, idRec };
    }

    test('the composite QR, approved in the bank app, then cancelled on the account page', async ({ page, request, login }) => {
      const who = await login(`pixauto-${lang}`);
      const { panel } = await authorise(page, request, who);
      await screenshots(page, `pix-automatico-active-${lang}`);
      await panel.getByRole('button', { name: t.cancel }).click();
      const dialog = page.getByRole('alertdialog', { name: t.dialog });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: t.keep }).click();
      await expect(panel.getByText(t.active, { exact: true })).toBeVisible();
      await panel.getByRole('button', { name: t.cancel }).click();
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(panel.getByText(t.cancelled, { exact: true })).toBeVisible();
      await expect(panel.getByText(t.byReceiver)).toBeVisible();
      await expect(panel.getByRole('button', { name: t.again })).toBeVisible();
    });

    test('a cancellation in the bank app ends renewal and says so', async ({ page, request, login }) => {
      const who = await login(`pixauto-bank-${lang}`);
      const { panel, idRec } = await authorise(page, request, who);
      await bank(request, idRec, 'cancel');
      await page.reload();
      await expect(panel.getByText(t.cancelled, { exact: true })).toBeVisible();
      await expect(panel.getByText(t.byPayer)).toBeVisible();
      await page.setViewportSize({ width: 375, height: 800 });
      await expect(panel.getByRole('button', { name: t.again })).toBeVisible();
      await expectAccessible(page);
    });
  });
}
