import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, fillCard, json, payButton, screenshots, test } from './fixtures';

/**
 * Instalments as the customer chooses them: every count with what it costs, the rule stated
 * before paying, and the Pay button saying the chosen split, on a new order and on one paid
 * again. The amounts are checked against the server's own quote (POST /api/bill/installmentsPlan).
 */
interface Quote {
  options: { count: number; installmentAmount: number; total: number; interestFree: boolean }[];
  monthlyInterestRate: string;
}

async function quote(request: APIRequestContext, amount: number): Promise<Quote> {
  const res = await request.post('/api/bill/installmentsPlan', { headers: json, data: { amount, currency: 'BRL', planId: '3' } });
  return ((await res.json()) as { data: Quote }).data;
}

const brl = (minor: number) => `R$ ${(minor / 100).toFixed(2)}`;
const optionTexts = (page: Page, label: string) => page.getByLabel(label).locator('option').allTextContents();

test.describe('instalments', () => {
  test.use({ locale: 'en-US' });

  test('every count shows its amount and the rule; the button charges the chosen split; an order paid again offers the same', async ({
    page,
    request,
    login,
  }) => {
    await login('instalments');
    await page.goto('/payment?planId=3');
    await expect(page.getByRole('radio', { name: 'Credit card' })).toBeChecked();
    const server = await quote(request, 15990);
    const expected = server.options.map((o) =>
      o.count === 1
        ? `Pay in full: ${brl(o.total)}`
        : o.interestFree
          ? `${o.count} × ${brl(o.installmentAmount)}, interest-free`
          : `${o.count} × ${brl(o.installmentAmount)} (total ${brl(o.total)})`,
    );
    await expect.poll(() => optionTexts(page, 'Instalments')).toEqual(expected);
    await expect(page.getByText('Interest-free up to 3 instalments; from 4 on, 1.99% a month (Price table: equal instalments).')).toBeVisible();
    await expect(page.getByLabel('Instalments')).toHaveAccessibleDescription(/Interest-free up to 3 instalments/);

    const six = server.options.find((o) => o.count === 6)!;
    await page.getByLabel('Instalments').selectOption('6');
    await expect(page.getByRole('button', { name: `Pay 6 × ${brl(six.installmentAmount)}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(`Instalment interest${brl(six.total - 15990)}`);
    await expectAccessible(page);
    await screenshots(page, 'payment-installments');

    // A declined card leaves the order open; paid again, it offers the same split of the same amount.
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: payButton }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Card rejected' })).toBeVisible();
    await page.goto('/orders');
    const link = page.getByRole('link', { name: /Pay/ }).first();
    const orderId = new URL(await link.evaluate((a) => (a as HTMLAnchorElement).href)).searchParams.get('orderId')!;
    await page.goto(`/payment?orderId=${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Finish paying your order' })).toBeVisible();
    await page.getByRole('radio', { name: 'Credit card' }).check();
    await expect.poll(() => optionTexts(page, 'Instalments')).toEqual(expected);
    await expect(page.getByText(/Interest-free up to 3 instalments/)).toBeVisible();
    const four = server.options.find((o) => o.count === 4)!;
    await page.getByLabel('Instalments').selectOption('4');
    await expect(page.getByRole('button', { name: `Pay 4 × ${brl(four.installmentAmount)}` })).toBeVisible();
    await page.getByLabel('Instalments').selectOption('1');
    await expect(page.getByRole('button', { name: `Pay ${brl(15990)}` })).toBeVisible();
    await page.getByLabel('Instalments').selectOption('4');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: payButton }).click();
    await expect(page).toHaveURL(new RegExp(`/paymentResult\\?orderId=${orderId}$`));
    // What was charged is what the button said.
    await page.goto(`/receipt?orderId=${orderId}`);
    await expect(page.getByRole('main')).toContainText(brl(four.total));
  });
});

test.describe('instalments in Portuguese', () => {
  test.use({ locale: 'pt-BR' });

  test('the options read as Brazilian checkouts write them', async ({ page, login }) => {
    await login('parcelas');
    await page.goto('/payment?planId=3');
    await expect(page.getByRole('radio', { name: 'Cartão de crédito' })).toBeChecked();
    await expect.poll(() => optionTexts(page, 'Parcelas')).toContain('3x de R$ 53,30 sem juros');
    await expect(page.getByText('Sem juros até 3 parcelas; a partir de 4, juros de 1,99% ao mês (Tabela Price: parcelas iguais).')).toBeVisible();
  });
});
