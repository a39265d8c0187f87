// Signing other devices out from the account page (docs/decisions/054), in Chromium against the
// real server: the same customer signed in from two browsers; from one, the other is signed out, and
// the other's next visit to a signed-in page lands on /login (spec section 8, -24020).
import type { Browser } from '@playwright/test';
import { expect, expectAccessible, logIn, screenshots, test, type Customer } from './fixtures';

const texts = {
  en: {
    locale: 'en-US',
    devices: 'Devices',
    thisDevice: 'This device',
    signOutRow: /^Sign out Chrome · Linux|^Sign out HeadlessChrome/,
    dialog: /^Sign out (Chrome · Linux|HeadlessChrome.*)\?$/,
    others: 'Sign out all other devices',
    othersDialog: 'Sign out all other devices?',
    confirm: 'Sign out',
    cancel: 'Cancel',
    done: 'Signed out.',
    signedOut: 'Signed out',
    login: 'Log in',
  },
  pt: {
    locale: 'pt-BR',
    devices: 'Dispositivos',
    thisDevice: 'Este dispositivo',
    signOutRow: /^Desconectar Chrome · Linux|^Desconectar HeadlessChrome/,
    dialog: /^Desconectar (Chrome · Linux|HeadlessChrome.*)\?$/,
    others: 'Desconectar todos os outros dispositivos',
    othersDialog: 'Desconectar todos os outros dispositivos?',
    confirm: 'Desconectar',
    cancel: 'Cancelar',
    done: 'Dispositivo desconectado.',
    signedOut: 'Desconectado',
    login: 'Entrar',
  },
} as const;

/** Another browser (its own storage, so its own session) signed in as `who`, on /account. */
async function anotherBrowser(browser: Browser, locale: string, who: Customer) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await logIn(page, who);
  await page.goto('/account');
  return { context, page };
}

for (const [lang, t] of Object.entries(texts)) {
  test.describe(`signing devices out (${lang})`, () => {
    test.use({ locale: t.locale });
    // Each test signs the customer in from two or three browsers, the log-in page each time: on a
    // machine whose two cores are busy that alone can take most of the default 30 s.
    test.slow();

    test('from one browser, the other is signed out; its next signed-in page is the log-in', async ({ page, browser, login }) => {
      const who = await login(`devices-${lang}`);
      const other = await anotherBrowser(browser, t.locale, who);
      await expect(other.page.getByRole('region', { name: t.devices }).getByText(t.thisDevice)).toBeVisible();

      await page.goto('/account');
      const devices = page.getByRole('region', { name: t.devices });
      // Newest first: the other browser's log-in, then this one's, marked.
      await expect(devices.getByRole('row')).toHaveCount(3);
      await expect(devices.getByRole('row').nth(2)).toContainText(t.thisDevice);
      await expect(devices.getByRole('row').nth(2).getByRole('button')).toHaveCount(0);
      const rowButton = devices.getByRole('row').nth(1).getByRole('button', { name: t.signOutRow });

      // Asked first; cancelling changes nothing and gives focus back to the row's button.
      await rowButton.click();
      const dialog = page.getByRole('alertdialog', { name: t.dialog });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await screenshots(page, `devices-confirm-${lang}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(rowButton).toBeFocused();

      await rowButton.click();
      await dialog.getByRole('button', { name: t.confirm, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: t.done })).toBeVisible();
      await expect(devices.getByRole('row').nth(1)).toContainText(t.signedOut);
      await expect(devices.getByRole('button', { name: t.others })).toHaveCount(0);
      await expectAccessible(page);
      await screenshots(page, `devices-done-${lang}`);

      // The other browser's next signed-in page: its session was reset, so the log-in.
      await other.page.goto('/orders');
      await expect(other.page).toHaveURL(/\/login/);
      await expect(other.page.getByRole('button', { name: t.login, exact: true })).toBeVisible();
      // This browser is still signed in.
      await page.reload();
      await expect(devices.getByRole('row').nth(2)).toContainText(t.thisDevice);
      await other.context.close();
    });

    test('sign out all other devices: both others land on the log-in, this one stays', async ({ page, browser, login }) => {
      const who = await login(`devices-all-${lang}`);
      const second = await anotherBrowser(browser, t.locale, who);
      const third = await anotherBrowser(browser, t.locale, who);
      await page.goto('/account');
      const devices = page.getByRole('region', { name: t.devices });
      await devices.getByRole('button', { name: t.others }).click();
      const dialog = page.getByRole('alertdialog', { name: t.othersDialog });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: t.confirm, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: t.done })).toBeVisible();
      await expect(devices.getByRole('button', { name: t.others })).toHaveCount(0);
      await expect(devices.getByText(t.signedOut, { exact: true })).toHaveCount(2);
      for (const other of [second, third]) {
        await other.page.goto('/account');
        await expect(other.page).toHaveURL(/\/login/);
        await other.context.close();
      }
      await page.goto('/orders');
      await expect(page).toHaveURL(/\/orders$/);
    });
  });
}
