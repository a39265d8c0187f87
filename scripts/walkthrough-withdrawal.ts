/**
 * Step 8 of the walk-through: the 7-day withdrawal (docs/decisions/058) from the receipt page, by
 * card (refunded at once) and by PIX (a devolução the sandbox bank makes), with the e-mails each
 * sends, for a new account signed up in a browser of its own: the card purchase withdrawn from the
 * orders list's link, the PIX one from its receipt.
 */
import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import type { Walk, Step } from './walkthrough-run';
import { signUpAndLogIn } from './walkthrough-steps';

const REFUNDED = 'Reembolsado: o dinheiro foi devolvido e o plano foi encerrado.';

async function payMonthlyOne(w: Walk, page: Page, method: 'card' | 'pix') {
  await page.goto('/payment?planId=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento' })).toBeVisible();
  if (method === 'card') {
    await page.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
    await page.getByLabel('Validade (MM/AA)').fill('12/30');
    await page.getByLabel('Código de segurança').fill('123');
    await page.getByLabel('Nome impresso no cartão').fill('CARLA DIAS');
    await page.getByRole('button', { name: /^Pagar/ }).click();
  } else {
    await page.getByRole('radio', { name: 'PIX' }).check();
    await page.getByLabel('Nome', { exact: true }).fill('Carla');
    await page.getByLabel('Sobrenome').fill('Dias');
    await page.getByLabel('CPF ou CNPJ').fill('123.456.789-09');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page.getByRole('img', { name: 'QR code do PIX' })).toBeVisible();
    await w.shot(page, 'pix-qr');
    // The payer's bank app pays the BR Code.
    const brCode = await page.getByLabel('PIX copia e cola').inputValue();
    const txid = /05(\d\d)([A-Za-z0-9]{25})6304/.exec(brCode)![2]!;
    expect((await (await page.request.post(`/api/sandbox/pix/pay/${txid}`)).json()).result).toBe('applied');
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento recebido' })).toBeVisible({ timeout: 20_000 });
  if (method === 'card') {
    // From the orders list, which offers the withdrawal on the order's row.
    await page.goto('/orders');
    await w.shot(page, 'card-orders-offer');
    await page.getByRole('link', { name: 'Desistir (cancelar e reembolsar)' }).first().click();
  } else {
    await page.getByRole('link', { name: 'Ver o recibo' }).click();
  }
  await expect(page).toHaveURL(/\/receipt\?orderId=ORD/);
  return new URL(page.url()).searchParams.get('orderId')!;
}

async function withdrawOn(w: Walk, page: Page, method: 'card' | 'pix', orderId: string) {
  const section = page.getByRole('region', { name: 'Desistir desta compra' });
  await expect(section).toBeVisible();
  w.note(`${method} receipt offers: ${(await section.innerText()).replace(/\s+/g, ' ').slice(0, 200)}`);
  await w.shot(page, `${method}-receipt-offer`);
  await section.getByRole('button', { name: 'Desistir (cancelar e reembolsar)' }).click();
  await w.shot(page, `${method}-confirm`);
  await section.getByRole('button', { name: 'Confirmar desistência' }).click();
  if (method === 'pix') {
    await expect(page.getByText(/^Reembolso pendente/).first()).toBeVisible();
    await w.shot(page, 'pix-refund-pending');
    // The sandbox bank makes the devolução, as its clearing would.
    const pending = (await (await page.request.get(`/api/sandbox/refunds/pending/${orderId}`)).json()) as { refunds: { refundId: string }[] };
    expect(pending.refunds).toHaveLength(1);
    expect((await (await page.request.post(`/api/sandbox/refunds/settle/${pending.refunds[0]!.refundId}`)).json()).result).toBe('applied');
    await page.reload();
  }
  await expect(page.getByText(REFUNDED)).toBeVisible();
  // REFUND_SUCCEEDED on the receipt: its sentence, and only it (ADR 058: a refunded order's receipt
  // shows what happened to it, no items or period any more).
  await page.waitForLoadState('networkidle');
  const badges = await page.locator('.receipt-badge').allInnerTexts();
  const details = await page.locator('.receipt-meta').count();
  w.note(
    `${method} receipt after the refund: "${REFUNDED}"; badge ${badges.length ? `"${badges.join()}"` : 'none'}, receipt details ${details ? 'shown' : 'gone'}`,
  );
  await w.shot(page, `${method}-refunded`);
}

export async function withdrawByCardAndPix(w: Walk) {
  const page = await w.newBrowser();
  const who = { email: `walk.withdraw.${Date.now()}@example.com`, password: 'walk-password-8', name: 'Carla Dias' };
  await signUpAndLogIn(w, page, who, false);
  for (const method of ['card', 'pix'] as const) {
    const orderId = await payMonthlyOne(w, page, method);
    await withdrawOn(w, page, method, orderId);
    await page.goto('/orders');
    await expect(page.locator('[data-status="REFUND_SUCCEEDED"]').first()).toContainText('Reembolsado');
    await w.shot(page, `${method}-orders`);
  }
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(who.email)}`);
  const subjects = await page.getByRole('article').getByRole('heading').allInnerTexts();
  w.note(`e-mails to ${who.email}, newest first: ${subjects.join(' | ')}`);
  // Oldest first: the card purchase's receipt and its refund (made at once: one e-mail says it is
  // done), then the PIX purchase's receipt, "we received your withdrawal" while its bank returns
  // the money, and its refund (ADR 058).
  const steps = subjects
    .slice()
    .reverse()
    .filter((s) => !/Confirme seu e-mail/.test(s))
    .map((s) => (/Recibo do pedido/.test(s) ? 'receipt' : /recebemos sua desistência/.test(s) ? 'requested' : /foi reembolsado/.test(s) ? 'refunded' : s));
  expect(steps).toEqual(['receipt', 'refunded', 'receipt', 'requested', 'refunded']);
  await w.shot(page, 'mailbox');
}

export const withdrawalStep: Step = {
  title: 'Withdraw within 7 days, by card and by PIX: REFUND_SUCCEEDED on the receipt, the e-mails',
  run: withdrawByCardAndPix,
};
