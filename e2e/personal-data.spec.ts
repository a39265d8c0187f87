// "Download my data" and "Delete my account" in settings (docs/decisions/061), in Chromium against
// the real server, in English and Portuguese: the JSON file and the PDF are saved by the browser;
// a second account is deleted after a wrong then the right password, lands signed out on the
// confirmation page, is e-mailed, and can no longer log in.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, json, logIn, mailbox, screenshots, test, type Customer } from './fixtures';

const texts = {
  en: {
    locale: 'en-US',
    data: 'Download my data',
    json: 'Download as JSON',
    pdf: 'Download as PDF',
    downloaded: 'Your file is downloaded.',
    deletion: 'Delete my account',
    dialog: 'Delete your account?',
    password: 'Your password',
    wrong: 'The password is not right. Your account was not deleted.',
    deleted: 'Your account was deleted',
    login: 'Log in',
  },
  pt: {
    locale: 'pt-BR',
    data: 'Baixar meus dados',
    json: 'Baixar em JSON',
    pdf: 'Baixar em PDF',
    downloaded: 'Seu arquivo foi baixado.',
    deletion: 'Excluir minha conta',
    dialog: 'Excluir sua conta?',
    password: 'Sua senha',
    wrong: 'A senha não está correta. Sua conta não foi excluída.',
    deleted: 'Sua conta foi excluída',
    login: 'Entrar',
  },
} as const;

/** A confirmed account the test deletes itself (so no fixture removes it afterwards). */
async function accountToDelete(request: APIRequestContext, name: string): Promise<Customer> {
  const email = `e2e.${name}.${Date.now()}@example.com`;
  const password = 'e2e-password-9';
  const signup = await request.post('/api/user/signup/v1', {
    headers: json,
    data: { account: email, password, nickname: 'Ana', acceptTerms: true, language: 'en' },
  });
  expect((await signup.json()).code).toBe(0);
  const [confirmation] = await mailbox(request, email);
  const token = new URL(confirmation!.links[0]!).searchParams.get('token');
  expect((await (await request.post('/api/site/active/user', { headers: json, data: { token } })).json()).code).toBe(0);
  return { email, password };
}

for (const [lang, t] of Object.entries(texts)) {
  test.describe(`personal data (${lang})`, () => {
    test.use({ locale: t.locale });

    test('downloads the data as a JSON file and as a PDF', async ({ page, login }) => {
      const who = await login(`data-${lang}`);
      await page.goto('/settings');
      const section = page.getByRole('region', { name: t.data });
      await expect(section).toBeVisible();

      const [jsonFile] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: t.json }).click()]);
      expect(jsonFile.suggestedFilename()).toMatch(/^personal-data-\d+\.json$/);
      const data = JSON.parse(await readFile((await jsonFile.path())!, 'utf8')) as { profile: { email: string }; consents: { kind: string }[] };
      expect(data.profile.email).toBe(who.email);
      expect(data.consents.map((c) => c.kind)).toEqual(['terms', 'marketingEmail']);
      await expect(section.getByRole('status')).toHaveText(t.downloaded);

      const [pdfFile] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: t.pdf }).click()]);
      expect(pdfFile.suggestedFilename()).toMatch(/^personal-data-\d+\.pdf$/);
      expect((await readFile((await pdfFile.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await expectAccessible(page);
      await screenshots(page, `personal-data-${lang}`);
    });

    test('deletes a second account after its password; it lands signed out and cannot log in again', async ({ page, request }) => {
      const who = await accountToDelete(request, `delete-${lang}`);
      await logIn(page, who);
      await page.goto('/settings');
      const section = page.getByRole('region', { name: t.deletion });
      await section.getByRole('button', { name: t.deletion }).click();
      const dialog = page.getByRole('alertdialog', { name: t.dialog });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await screenshots(page, `account-deletion-dialog-${lang}`);

      // A wrong password is said under the field, and nothing is deleted.
      await dialog.getByLabel(t.password).fill('not-the-password');
      await dialog.getByRole('button', { name: t.deletion }).click();
      await expect(dialog.getByText(t.wrong)).toBeVisible();

      await dialog.getByLabel(t.password).fill(who.password);
      await dialog.getByRole('button', { name: t.deletion }).click();
      await expect(page.getByRole('heading', { name: t.deleted })).toBeVisible();
      await expect(page).toHaveURL(/\/account-deleted$/);
      await expect(page.getByRole('link', { name: t.login }).first()).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
      await expectAccessible(page);
      await screenshots(page, `account-deleted-${lang}`);

      // The confirmation went to the address the account had; the address no longer logs in.
      expect((await mailbox(request, who.email, 5)).length).toBeGreaterThan(0);
      const again = await (await request.post('/api/user/login/v1', { headers: json, data: { account: who.email, password: who.password } })).json();
      expect(again.code).toBe(1);
    });
  });
}
