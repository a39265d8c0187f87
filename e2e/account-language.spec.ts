// The account's language follows the customer's pick in the header (docs/decisions/049): the next
// e-mail is written in it, and settings shows what the server holds, also when storing it failed.
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSession, expect, expectAccessible, json, logIn, screenshots, test, type Customer } from './fixtures';

type Lang = 'pt' | 'en' | 'es';

const words = {
  en: { settings: 'Settings', region: 'Language', fact: 'Language of emails and messages', name: 'English' },
  pt: { settings: 'Configurações', region: 'Idioma', fact: 'Idioma dos e-mails e mensagens', name: 'Português' },
  es: { settings: 'Ajustes', region: 'Idioma', fact: 'Idioma de los correos y mensajes', name: 'Español' },
} as const;

const passwordForm = {
  en: {
    region: 'Change your password',
    old: 'Current password',
    new: 'New password (at least 6 characters)',
    repeat: 'Repeat the new password',
    button: 'Change password',
    subject: /password was changed/,
  },
  pt: {
    region: 'Alterar a senha',
    old: 'Senha atual',
    new: 'Nova senha (pelo menos 6 caracteres)',
    repeat: 'Repita a nova senha',
    button: 'Alterar senha',
    subject: /senha .* foi alterada/,
  },
} as const;

/** The account's language as the server holds it, read through the API. */
async function storedLanguage(request: APIRequestContext, who: Customer) {
  const login = await (await request.post('/api/user/login/v1', { headers: json, data: { account: who.email, password: who.password } })).json();
  const auth = { ...json, Authorization: login.data.token as string };
  const info = await request.post('/api/user/queryInfo/v1', { headers: auth, data: { uid: login.data.uid, account: who.email, type: 'email' } });
  return ((await info.json()) as { data: { language: string } }).data.language;
}

async function setStoredLanguage(request: APIRequestContext, who: Customer, language: Lang) {
  const res = await request.post('/api/user/language/v1', { headers: await apiSession(request, who), data: { language } });
  expect((await res.json()).data).toEqual({ language });
}

/** The newest message sent to `to`, as the developer mailbox lists it. */
async function lastMail(request: APIRequestContext, to: string) {
  const box = (await (await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}&limit=1`)).json()) as {
    messages: { template: string; lang: string; subject: string }[];
  };
  return box.messages[0];
}

const languageRegion = (page: Page, lang: Lang) => page.getByRole('region', { name: words[lang].region, exact: true });

async function openSettings(page: Page, lang: Lang) {
  await page.getByRole('link', { name: words[lang].settings }).click();
  await expect(page.getByRole('heading', { level: 1, name: words[lang].settings })).toBeVisible();
}

for (const [from, to, locale] of [
  ['pt', 'en', 'pt-BR'],
  ['en', 'pt', 'en-US'],
] as const) {
  test.describe(`a page switched from ${from} to ${to}`, () => {
    test.use({ locale });

    test(`the header's menu stores ${to} on the account: settings shows it and the next e-mail is in it`, async ({ page, request, insertNewUser }) => {
      const who = await insertNewUser(`language-${to}`);
      await setStoredLanguage(request, who, from);
      await logIn(page, who);
      await openSettings(page, from);
      await expect(languageRegion(page, from).locator('dd')).toHaveText(words[from].name);

      await page.getByRole('banner').getByRole('combobox').selectOption(to);
      await expect(page.getByRole('heading', { level: 1, name: words[to].settings })).toBeVisible();
      const region = languageRegion(page, to);
      await expect(region.getByRole('term')).toHaveText(words[to].fact);
      await expect(region.locator('dd')).toHaveText(words[to].name);
      // Page and account agree: nothing to offer.
      await expect(region.getByRole('button')).toHaveCount(0);
      expect(await storedLanguage(request, who)).toBe(to);

      // Something that sends an e-mail: the password change's notice.
      const form = passwordForm[to];
      await page.getByLabel(form.old).fill(who.password);
      await page.getByLabel(form.new).fill('another-pass-7');
      await page.getByLabel(form.repeat).fill('another-pass-7');
      await page.getByRole('button', { name: form.button }).click();
      await expect(page.getByRole('region', { name: form.region }).getByRole('status')).toBeVisible();
      const mail = await lastMail(request, who.email);
      expect(mail).toMatchObject({ template: 'passwordChanged', lang: to });
      expect(mail!.subject).toMatch(form.subject);
      await expectAccessible(page);
    });
  });
}

test.describe('a sign-in keeps the account language; a pick the server refused is told and settings shows the truth', () => {
  test.use({ locale: 'en-US' });

  test('signed in on an English page, the account stays in Portuguese until the customer picks; a refused pick leaves it there', async ({
    page,
    request,
    insertNewUser,
  }) => {
    const who = await insertNewUser('language-refused');
    await setStoredLanguage(request, who, 'pt');
    await logIn(page, who);
    expect(await storedLanguage(request, who)).toBe('pt');
    await openSettings(page, 'en');
    const region = languageRegion(page, 'en');
    await expect(region.locator('dd')).toHaveText('Português');
    await expect(region.getByRole('button', { name: 'Send them in English' })).toBeVisible();
    await screenshots(page, 'account-language-differs');

    // The server refuses the next pick once (5000, as for a language the site has switched off).
    let refused = 0;
    await page.route('**/api/user/language/v1', async (route) => {
      if (refused++ > 0) return route.continue();
      return route.fulfill({ status: 400, json: { code: 1, errCode: 5000, msg: 'Invalid request' } });
    });
    await page.getByRole('banner').getByRole('combobox').selectOption('es');
    await expect(page.getByRole('heading', { level: 1, name: words.es.settings })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Solicitud no válida' })).toBeVisible();
    const spanish = languageRegion(page, 'es');
    await expect(spanish.locator('dd')).toHaveText('Português');
    expect(await storedLanguage(request, who)).toBe('pt');

    // The button in settings stores it for real.
    await spanish.getByRole('button', { name: 'Enviarlos en Español' }).click();
    await expect(spanish.locator('dd')).toHaveText('Español');
    await expect(spanish.getByRole('status')).toHaveText('Guardado.');
    await expect(spanish.getByRole('button')).toHaveCount(0);
    expect(await storedLanguage(request, who)).toBe('es');
    await expectAccessible(page);
    await screenshots(page, 'account-language-saved');
  });
});
