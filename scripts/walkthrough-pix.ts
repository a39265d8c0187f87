/**
 * Step 4 of the walk-through: renewal by PIX Automático over two cycles (docs/decisions/060). The
 * customer authorises on the account page; the sandbox bank plays the bank app (approving the QR,
 * later debiting each charge); `npm run renew -- --at` moves the renewal job's clock to ten days
 * before each due date, as the renewal tests move theirs. The portal itself keeps the system clock.
 */
import { expect } from '@playwright/test';
import type { Page } from 'playwright';
import type { Walk } from './walkthrough-run';

const DAY = 86_400_000;

interface View {
  idRec: string;
  status: string;
  amount: number;
  nextDueDate?: number;
  endDate: number;
  charge?: { dueDate: number; tryDate: number; status: string; failures: number };
}

/** The authorisation as the page last read it (its own answers from the API, seen in the browser). */
function watchAuthorisation(page: Page) {
  let last: View | undefined;
  page.on('response', (res) => {
    if (!/\/api\/job\/pixAutomatico(\/start)?\/v1$/.test(new URL(res.url()).pathname)) return;
    res
      .json()
      .then((body: { code: number; data?: View }) => {
        if (body.code === 0 && body.data) last = body.data;
      })
      .catch(() => undefined);
  });
  return () => last;
}

async function bank(w: Walk, url: string) {
  const res = await w.context.request.post(`${w.url}/api/sandbox/pix-automatico/${url}`);
  const body = (await res.json()) as { result?: string };
  expect(body.result, `the sandbox bank's ${url}`).toBe('applied');
}

const dd = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`).first();
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function pixAutomaticoTwoCycles(w: Walk) {
  const { page } = w;
  const view = watchAuthorisation(page);
  await page.goto('/account');
  const panel = page.getByRole('region', { name: 'Pix Automático' });
  await expect(panel.getByRole('button', { name: 'Renovar pelo Pix Automático' })).toBeVisible();
  await w.shot(page, 'offer');
  await panel.getByRole('button', { name: 'Renovar pelo Pix Automático' }).click();
  await expect(panel.getByRole('img', { name: 'QR Code do Pix Automático' })).toBeVisible();
  await expect(panel.getByText('Aguardando aprovação no app do banco')).toBeVisible();
  w.note(`QR: ${(await panel.innerText()).replace(/\s+/g, ' ').slice(0, 400)}`);
  await w.shot(page, 'qr');
  const brCode = await page.locator('#pix-auto-code').inputValue();
  const idRec = /\/rec\/(RR\d{16}[A-Za-z0-9]{11})/.exec(brCode)![1]!;
  // "Scanned" in the bank app: it pays the first month and approves the recurrence.
  await bank(w, `rec/${idRec}/approve`);
  const expiryBefore = await dd(page, 'Data de expiração').innerText();
  await panel.getByRole('button', { name: 'Já aprovei' }).click();
  await expect(panel.getByText('Ativa', { exact: true })).toBeVisible();
  await expect(panel.getByText('Próximo pagamento')).toBeVisible();
  // The QR paid the next month: the account and its orders say so without a reload.
  await expect(dd(page, 'Data de expiração')).not.toHaveText(expiryBefore);
  await expect(page.getByRole('region', { name: 'Pedidos' }).getByRole('link', { name: /recibo/ })).toHaveCount(3);
  w.note(`approved: expiry ${await dd(page, 'Data de expiração').innerText()}, next payment ${await dd(page, 'Próximo pagamento').innerText()}`);
  await w.shot(page, 'active');

  for (const cycle of [1, 2]) {
    await page.reload();
    await expect(panel.getByText('Ativa', { exact: true })).toBeVisible();
    await expect.poll(() => view()?.nextDueDate).toBeTruthy();
    const due = view()!.nextDueDate!;
    const expiryAtDue = await dd(page, 'Data de expiração').innerText();
    // Ten days before the due date, when the job schedules the charge (docs/decisions/060).
    const at = new Date(due - 10 * DAY + 60_000);
    const pass = await w.renewAt(at);
    const charge = pass.pixAutomaticoCharges.find((c) => c.id_rec === idRec);
    expect(charge, `cycle ${cycle}: the pass as of ${at.toISOString()} scheduled a charge: ${JSON.stringify(pass)}`).toBeDefined();
    w.note(
      `cycle ${cycle}: npm run renew -- --at ${at.toISOString()} → ${JSON.stringify(pass.pixAutomatico)}, charge due ${day(due)}, R$ ${(charge!.amount / 100).toFixed(2)}`,
    );

    await page.goto('/account');
    await expect(panel.getByText('Ativa', { exact: true })).toBeVisible();
    await expect.poll(() => view()?.charge?.status).toBe('ATIVA');
    w.note(`cycle ${cycle} scheduled: panel says "${(await panel.innerText()).replace(/\s+/g, ' ').slice(0, 300)}"`);
    await w.shot(page, `cycle-${cycle}-scheduled`);

    // The due date comes: the bank debits the charge (the portal still on the system clock).
    await bank(w, `cobr/${charge!.txid}/settle`);
    await page.reload();
    await expect(panel.getByText('Ativa', { exact: true })).toBeVisible();
    await expect(dd(page, 'Data de expiração')).not.toHaveText(expiryAtDue);
    await expect.poll(() => view()?.nextDueDate).toBe(due + 30 * DAY);
    const after = await dd(page, 'Data de expiração').innerText();
    w.note(
      `cycle ${cycle} settled: expiry ${expiryAtDue} → ${after}; next payment ${await dd(page, 'Próximo pagamento').innerText()}; remaining ${await dd(page, 'Dias restantes').innerText()}`,
    );
    await w.shot(page, `cycle-${cycle}-account`);
    await page.goto('/orders');
    const orders = page.getByRole('region', { name: 'Pedidos' });
    // Every order listed: the first plan, the upgrade, the QR's first month and one renewal per cycle.
    await expect(orders.getByRole('link', { name: /recibo/ })).toHaveCount(3 + cycle);
    w.note(`cycle ${cycle} orders: ${(await orders.innerText()).replace(/\s+/g, ' ').slice(0, 500)}`);
    await w.shot(page, `cycle-${cycle}-orders`);
    await page.goto('/account');
  }
}
