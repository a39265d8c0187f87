import type { APIRequestContext, Page } from '@playwright/test';
import { apiSession, expect, expectAccessible, json, screenshots, test } from './fixtures';

// The 7-day withdrawal from the receipt page (docs/decisions/058), in Chromium against the real
// server: bought by card (refunded at once) and by PIX (a devolução the sandbox bank settles), in
// English and Portuguese, with each step's e-mail in the developer mailbox.

const PAYER = { firstName: 'Ana', lastName: 'Souza', cpf: '12345678909' };

/** Pays plan 1 through the API in the page's session, by card or by PIX (paid by the sandbox bank); the order's id. */
async function buy(page: Page, request: APIRequestContext, method: 'card' | 'pix', email: string) {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string }).token);
  const extra = method === 'card' ? { card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', holder: 'ANA SOUZA' } } : { payer: PAYER };
  const res = await request.post('/api/bill/pay/v1', {
    headers: { ...json, Authorization: token! },
    data: { planId: '1', method, currency: 'BRL', country: 'BR', email, ...extra },
  });
  const body = (await res.json()) as { code: number; data: { orderId: string; brCode?: string } };
  expect(body.code).toBe(0);
  if (method === 'pix') {
    const txid = /05(\d\d)([A-Za-z0-9]{25})6304/.exec(body.data.brCode!)![2]!;
    expect((await (await request.post(`/api/sandbox/pix/pay/${txid}`)).json()).result).toBe('applied');
  }
  return body.data.orderId;
}

/** The templates of the messages the developer mailbox holds for `to`, oldest first. */
async function templatesTo(request: APIRequestContext, to: string) {
  const box = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}&limit=20`)).json()) as {
    messages: { template: string; lang: string }[];
  };
  return box.messages.map((m) => `${m.template}:${m.lang}`).reverse();
}

/** The sandbox bank settles the order's pending refund, as its clearing would. */
async function settle(request: APIRequestContext, orderId: string) {
  const pending = (await (await request.get(`/api/sandbox/refunds/pending/${orderId}`)).json()) as { refunds: { refundId: string }[] };
  expect(pending.refunds).toHaveLength(1);
  expect((await (await request.post(`/api/sandbox/refunds/settle/${pending.refunds[0]!.refundId}`)).json()).result).toBe('applied');
}

test.describe('withdrawing from a purchase within 7 days', () => {
  test.describe('in English', () => {
    test.use({ locale: 'en-US' });

    test('by card: offered on the orders list and the receipt, refunded at once, with an e-mail per step', async ({ page, request, login }) => {
      await login('withdraw-card');
      const email = `payer.${Date.now()}@example.com`;
      const orderId = await buy(page, request, 'card', email);
      await page.goto('/orders');
      await page.getByRole('link', { name: 'Withdraw (cancel and refund)' }).first().click();
      await expect(page).toHaveURL(new RegExp(`/receipt\\?orderId=${orderId}#withdraw$`));
      const section = page.getByRole('region', { name: 'Withdraw from this purchase' });
      await expect(section.getByText(/you can withdraw: the order is cancelled/)).toBeVisible();
      await section.getByRole('button', { name: 'Withdraw (cancel and refund)' }).click();
      await expectAccessible(page);
      await section.getByRole('button', { name: 'Confirm withdrawal' }).click();
      await expect(page.getByText('Refunded: the money went back and the plan this order gave has ended.')).toBeVisible();
      // Nothing is left to withdraw from: the section is the refund's now.
      await expect(page.getByRole('region', { name: 'Refund' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Withdraw from this purchase' })).toHaveCount(0);
      await screenshots(page, 'withdrawal-refunded');
      expect(await templatesTo(request, email)).toEqual(['receipt:en', 'refundSucceeded:en']);
      await page.goto('/orders');
      await expect(page.locator(`[data-status="REFUND_SUCCEEDED"]`).first()).toContainText('Refunded');
      // The refund ended the plan: the account page offers to buy one, not to renew it by PIX Automático.
      await page.goto('/account');
      const pixAutomatico = page.getByRole('region', { name: 'PIX Automático' });
      await expect(pixAutomatico.getByText('Buy a monthly plan to renew it by PIX Automático.')).toBeVisible();
      await expect(pixAutomatico.getByRole('button', { name: 'Renew by PIX Automático' })).toHaveCount(0);
    });

    test('by PIX: pending until the sandbox bank makes the devolução, then refunded', async ({ page, request, login }) => {
      await login('withdraw-pix');
      const email = `payer.${Date.now()}@example.com`;
      const orderId = await buy(page, request, 'pix', email);
      await page.goto(`/receipt?orderId=${orderId}`);
      const section = page.getByRole('region', { name: 'Withdraw from this purchase' });
      await section.getByRole('button', { name: 'Withdraw (cancel and refund)' }).click();
      await section.getByRole('button', { name: 'Confirm withdrawal' }).click();
      await expect(page.getByRole('button', { name: 'Cancel the refund request' })).toBeVisible();
      await expect(page.getByText(/^Refund pending:/)).toBeVisible();
      await settle(request, orderId);
      await page.reload();
      await expect(page.getByText('Refunded: the money went back and the plan this order gave has ended.')).toBeVisible();
      expect(await templatesTo(request, email)).toEqual(['receipt:en', 'refundRequested:en', 'refundSucceeded:en']);
    });
  });

  test.describe('on a phone, with the keyboard', () => {
    test.use({ locale: 'en-US', viewport: { width: 375, height: 740 } });

    test('by boleto: the bank account fits the screen, a closed one is refused with its reason', async ({ page, request, login }) => {
      await login('withdraw-boleto');
      const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string }).token);
      const email = `payer.${Date.now()}@example.com`;
      const payer = { ...PAYER, zipcode: '01310-100', state: 'SP', city: 'São Paulo', street: 'Avenida Paulista', streetNumber: '1000' };
      const paid = (await (
        await request.post('/api/bill/pay/v1', {
          headers: { ...json, Authorization: token! },
          data: { planId: '1', method: 'boleto', currency: 'BRL', country: 'BR', email, payer },
        })
      ).json()) as { data: { orderId: string; barcode: string } };
      expect((await (await request.post(`/api/sandbox/boleto/pay/${paid.data.barcode}`)).json()).result).toBe('applied');
      await page.goto(`/receipt?orderId=${paid.data.orderId}`);
      const section = page.getByRole('region', { name: 'Withdraw from this purchase' });
      await section.getByRole('button', { name: 'Withdraw (cancel and refund)' }).focus();
      await page.keyboard.press('Enter');
      await section.getByLabel('Bank code (3 digits)').fill('001');
      await section.getByLabel('Branch (4 digits)').fill('1234');
      await section.getByLabel('Account number with check digit').fill('99999-9');
      await section.getByLabel('Account holder’s CPF').fill('123.456.789-09');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(page);
      await section.getByLabel('Account holder’s CPF').press('Enter');
      await expect(page.getByRole('button', { name: 'Cancel the refund request' })).toBeVisible();
      await settle(request, paid.data.orderId);
      await page.reload();
      await expect(page.getByText('The refund was refused: the bank account given is closed. The purchase stays paid.')).toBeVisible();
      await screenshots(page, 'withdrawal-rejected-phone');
      expect(await templatesTo(request, email)).toEqual(['receipt:en', 'refundRequested:en', 'refundRejected:en']);
    });
  });

  test.describe('in Portuguese', () => {
    test.use({ locale: 'pt-BR' });

    test('by card and by PIX: the page and the e-mails speak Portuguese', async ({ page, request, login }) => {
      const who = await login('desistencia');
      const auth = await apiSession(request, who);
      expect((await (await request.post('/api/user/language/v1', { headers: { ...json, ...auth }, data: { language: 'pt' } })).json()).code).toBe(0);
      for (const method of ['card', 'pix'] as const) {
        const email = `pagador.${method}.${Date.now()}@example.com`;
        const orderId = await buy(page, request, method, email);
        await page.goto(`/receipt?orderId=${orderId}`);
        const section = page.getByRole('region', { name: 'Desistir desta compra' });
        await section.getByRole('button', { name: 'Desistir (cancelar e reembolsar)' }).click();
        await section.getByRole('button', { name: 'Confirmar desistência' }).click();
        if (method === 'pix') {
          await expect(page.getByRole('button', { name: 'Cancelar o pedido de reembolso' })).toBeVisible();
          await settle(request, orderId);
          await page.reload();
        }
        await expect(page.getByText('Reembolsado: o dinheiro foi devolvido e o plano foi encerrado.')).toBeVisible();
        await expect(page.getByRole('region', { name: 'Reembolso' })).toBeVisible();
        // A card is refunded at once: no "asked for" e-mail in the same second (PIX waits for its bank).
        expect(await templatesTo(request, email)).toEqual(
          method === 'pix' ? ['receipt:pt', 'refundRequested:pt', 'refundSucceeded:pt'] : ['receipt:pt', 'refundSucceeded:pt'],
        );
      }
      await expectAccessible(page);
      await screenshots(page, 'withdrawal-refunded-pt');
    });
  });
});
