/**
 * Steps 1–3 and 5–7 of the walk-through, in Portuguese (the demo account's language), through the
 * screens only; the sandbox bank stands for the customer's bank app.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import type { Walk } from './walkthrough-run';

export const demo = { email: 'demo@aurora.example', password: 'aurora-demo-2026' };
export const plans = { monthlyOne: 'Mensal · 1 tela', monthlyFour: 'Mensal · 4 telas' };

export async function logIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('E-mail ou número de telefone').fill(who.email);
  await page.getByLabel('Senha', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The text of a definition list's value on the page, by its term. */
async function valueOf(page: Page, term: string) {
  return (await page.locator(`dt:text-is("${term}") + dd`).first().innerText()).trim();
}

async function paymentReceived(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento recebido' })).toBeVisible({ timeout: 20_000 });
}

export async function upgrade(w: Walk) {
  const { page } = w;
  await logIn(page, demo);
  await w.shot(page, 'logged-in');
  // A fresh demo account has no plan: the monthly one-screen plan first, by card, saved.
  await page.goto('/pricing-table');
  await w.shot(page, 'pricing');
  await page.getByRole('article', { name: plans.monthlyOne }).getByRole('link', { name: 'Escolher este plano' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento' })).toBeVisible();
  await page.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
  await page.getByLabel('Validade (MM/AA)').fill('12/30');
  await page.getByLabel('Código de segurança').fill('123');
  await page.getByLabel('Nome impresso no cartão').fill('DEMO AURORA');
  await page.getByLabel('Salvar este cartão para as próximas compras e para a renovação automática').check();
  await w.shot(page, 'payment-monthly-one');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await paymentReceived(page);
  await w.shot(page, 'paid-monthly-one');

  await page.goto('/account');
  const panel = page.getByRole('region', { name: 'Mudar de plano' });
  await expect(panel).toBeVisible();
  w.note(`before: plan "${await valueOf(page, 'Plano')}", expiry ${await valueOf(page, 'Data de expiração')}`);
  await w.shot(page, 'account-before-upgrade');
  await panel.getByRole('button', { name: `Mudar para ${plans.monthlyFour}` }).click();
  const quote = page.getByRole('alertdialog', { name: `Mudar agora para ${plans.monthlyFour}?` });
  await expect(quote).toContainText('Crédito pelos dias não usados');
  await expect(quote).toContainText('A pagar agora');
  await expect(quote).toContainText(/−\s?R\$\s?29,90/);
  await expect(quote).toContainText(/R\$\s?49,90/);
  await expect(quote).toContainText(/R\$\s?20,00/);
  w.note(`quote: ${(await quote.innerText()).replace(/\s+/g, ' ')}`);
  await w.shot(page, 'upgrade-quote');
  await quote.getByRole('button', { name: 'Pagar a diferença' }).click();
  await expect(page).toHaveURL(/\/payment\?orderId=ORD/);
  await page.getByRole('radio', { name: /final 4242/ }).check();
  const pay = page.getByRole('button', { name: /^Pagar/ });
  await expect(pay).toHaveText(/R\$\s?20,00/);
  await w.shot(page, 'upgrade-payment');
  await pay.click();
  await paymentReceived(page);
  await w.shot(page, 'upgrade-paid');
  await page.goto('/account');
  await expect(page.locator('dt:text-is("Plano") + dd').first()).toHaveText(plans.monthlyFour);
  w.note(`after: plan "${await valueOf(page, 'Plano')}", expiry ${await valueOf(page, 'Data de expiração')}`);
  await w.shot(page, 'account-after-upgrade');
}

export async function downgradeAndUndo(w: Walk) {
  const { page } = w;
  await page.goto('/account');
  const panel = page.getByRole('region', { name: 'Mudar de plano' });
  await panel.getByRole('button', { name: `Mudar para ${plans.monthlyOne}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Mudar para ${plans.monthlyOne} na próxima renovação?` });
  await expect(dialog).toBeVisible();
  w.note(`dialog: ${(await dialog.innerText()).replace(/\s+/g, ' ')}`);
  await w.shot(page, 'downgrade-dialog');
  await dialog.getByRole('button', { name: 'Mudar na renovação' }).click();
  const waiting = panel.getByText(new RegExp(`na sua próxima renovação, seu plano muda para ${plans.monthlyOne}`));
  await expect(waiting).toBeVisible();
  w.note(`scheduled: ${await waiting.innerText()}`);
  await w.shot(page, 'downgrade-scheduled');
  await page.reload();
  await expect(waiting).toBeVisible();
  await panel.getByRole('button', { name: 'Desfazer' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Mudança de plano desfeita.' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Desfazer' })).toHaveCount(0);
  await w.shot(page, 'downgrade-undone');
}

export async function autoRenewalOff(w: Walk) {
  const { page } = w;
  await page.goto('/account');
  const panel = page.getByRole('region', { name: 'Renovação automática' });
  await w.shot(page, 'renewal-on');
  await panel.getByRole('button', { name: 'Desativar a renovação automática' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Desativar a renovação automática?' });
  await dialog.getByRole('radio', { name: 'Está caro demais' }).check();
  await w.shot(page, 'reason');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  const offer = page.getByRole('alertdialog', { name: 'Antes de você ir' });
  await expect(offer).toContainText(/sua próxima renovação em .+ terá 30% de desconto/);
  w.note(`offer: ${(await offer.innerText()).replace(/\s+/g, ' ')}`);
  await w.shot(page, 'offer');
  await offer.getByRole('button', { name: 'Não, obrigado. Desativar' }).click();
  const off = panel
    .getByRole('status')
    .filter({ hasText: /A renovação automática foi desativada\. Seu plano continua ativo até .+; nada mais será cobrado\./ });
  await expect(off).toBeVisible();
  w.note(`off: ${await off.innerText()}`);
  await w.shot(page, 'renewal-off');
}

export async function signOutOtherDevice(w: Walk) {
  const { page } = w;
  const other = await w.newBrowser();
  await logIn(other, demo);
  await other.goto('/account');
  await expect(other.getByRole('region', { name: 'Dispositivos' }).getByText('Este dispositivo')).toBeVisible();
  await w.shot(other, 'second-browser-account');

  await page.goto('/account');
  const devices = page.getByRole('region', { name: 'Dispositivos' });
  const rows = devices.getByRole('row');
  // Newest first: the second browser's log-in, above this one's.
  const newest = rows.nth(1);
  await expect(newest.getByRole('button', { name: /^Desconectar / })).toBeVisible();
  await w.shot(page, 'devices');
  await newest.getByRole('button', { name: /^Desconectar / }).click();
  const dialog = page.getByRole('alertdialog', { name: /^Desconectar .+\?$/ });
  await expect(dialog).toBeVisible();
  w.note(`dialog: ${(await dialog.innerText()).replace(/\s+/g, ' ')}`);
  await w.shot(page, 'sign-out-dialog');
  await dialog.getByRole('button', { name: 'Desconectar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dispositivo desconectado.' })).toBeVisible();
  await expect(newest).toContainText('Desconectado');
  await w.shot(page, 'signed-out');

  await other.goto('/orders');
  await expect(other).toHaveURL(/\/login/);
  await expect(other.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  w.note(`second browser's next page: ${new URL(other.url()).pathname}${new URL(other.url()).search}`);
  await w.shot(other, 'second-browser-sent-to-login');
  await page.reload();
  await expect(devices.getByText('Este dispositivo')).toBeVisible();
}

export async function downloadMyData(w: Walk) {
  const { page } = w;
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Baixar meus dados' });
  await expect(section).toBeVisible();
  await w.shot(page, 'settings');
  const [jsonFile] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Baixar em JSON' }).click()]);
  const jsonPath = path.join(w.out, jsonFile.suggestedFilename());
  await jsonFile.saveAs(jsonPath);
  const data = JSON.parse(readFileSync(jsonPath, 'utf8')) as { profile: { email: string }; orders: { id?: string; orderId?: string; status?: string }[] };
  expect(data.profile.email).toBe(demo.email);
  expect(data.orders.length).toBeGreaterThanOrEqual(4);
  w.note(`JSON ${path.basename(jsonPath)}: parses, ${data.orders.length} orders, keys ${Object.keys(data).join(', ')}`);
  await expect(section.getByRole('status')).toHaveText('Seu arquivo foi baixado.');
  const [pdfFile] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Baixar em PDF' }).click()]);
  const pdfPath = path.join(w.out, pdfFile.suggestedFilename());
  await pdfFile.saveAs(pdfPath);
  const pdf = readFileSync(pdfPath);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  w.note(`PDF ${path.basename(pdfPath)}: begins with %PDF-, ${pdf.length} bytes`);
  await w.shot(page, 'downloaded');
  expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
  writeFileSync(path.join(w.out, 'my-data-orders.txt'), data.orders.map((o) => JSON.stringify(o)).join('\n'));
}

/**
 * A new account signed up on /register and confirmed by the link of the e-mail the developer
 * mailbox shows (an e-mail account gets a link, no code), then logged in; `shots` pictures each screen.
 */
export async function signUpAndLogIn(w: Walk, page: Page, who: { email: string; password: string; name: string }, shots = true) {
  const shot = async (name: string) => void (shots && (await w.shot(page, name)));
  await page.goto('/register');
  const form: [string, string][] = [
    ['E-mail ou número de telefone', who.email],
    ['Nome', who.name],
    ['Senha (pelo menos 6 caracteres)', who.password],
    ['Repita a senha', who.password],
  ];
  for (const [label, value] of form) await page.getByLabel(label).fill(value);
  await page.getByLabel('Aceito os termos de uso e a política de privacidade').check();
  await shot('sign-up');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText(`Enviamos um link de confirmação para ${who.email}.`)).toBeVisible();
  await shot('sign-up-sent');

  await page.goto(`/dev/mailbox?to=${encodeURIComponent(who.email)}`);
  const message = page.getByRole('article').first();
  await expect(message).toBeVisible();
  if (shots)
    w.note(
      `confirmation e-mail: "${await message.getByRole('heading').innerText()}" (a link${(await message.locator('.code').count()) ? ' and a code' : ', no code'})`,
    );
  await shot('mailbox-confirmation');
  await message.locator('ul.links a').first().click();
  await expect(page.getByText(/sua conta está ativa/i).first()).toBeVisible();
  await shot('confirmed');
  await logIn(page, who);
}

export async function deleteSecondAccount(w: Walk) {
  const page = await w.newBrowser();
  const email = `walk.${Date.now()}@example.com`;
  const password = 'walk-password-7';
  await signUpAndLogIn(w, page, { email, password, name: 'Beatriz Lima' });
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Excluir minha conta' });
  await section.getByRole('button', { name: 'Excluir minha conta' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Excluir sua conta?' });
  await expect(dialog).toBeVisible();
  await w.shot(page, 'delete-dialog');
  await dialog.getByLabel('Sua senha').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(dialog.getByText('A senha não está correta. Sua conta não foi excluída.')).toBeVisible();
  await w.shot(page, 'delete-wrong-password');
  await dialog.getByLabel('Sua senha').fill(password);
  await dialog.getByRole('button', { name: 'Excluir minha conta' }).click();
  await expect(page.getByRole('heading', { name: 'Sua conta foi excluída' })).toBeVisible();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await w.shot(page, 'deleted');

  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const newest = page.getByRole('article').first();
  const subject = await newest.getByRole('heading').innerText();
  expect(subject).not.toMatch(/Confirme seu e-mail/);
  w.note(`newest e-mail to the deleted address: "${subject}"`);
  await w.shot(page, 'mailbox-deleted');
  await logInRefused(page, { email, password });
  await w.shot(page, 'login-refused');
}

async function logInRefused(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('E-mail ou número de telefone').fill(who.email);
  await page.getByLabel('Senha', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
}
