// Each lazily loaded screen brings its own messages (docs/decisions/062): it draws only once they
// are in, in the page's language, also right after a switch, and never shows a message id, not
// even for a frame. A recorder installed before the app watches every text the page ever shows.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

const ids = Object.keys(JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'core', 'i18n', 'lang', 'en.json'), 'utf8')) as object);

test.use({ locale: 'pt-BR' });

test('a screen reached after a language switch draws in that language, and no message id is ever on the page', async ({ page }) => {
  await page.addInitScript((catalogue: string[]) => {
    const known = new Set(catalogue);
    const seen: string[] = [];
    (window as unknown as { idsSeen: string[] }).idsSeen = seen;
    const scan = () => {
      for (const word of (document.body?.innerText ?? '').split(/\s+/)) if (known.has(word)) seen.push(word);
    };
    new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true });
  }, ids);
  const idsSeen = () => page.evaluate(() => (window as unknown as { idsSeen: string[] }).idsSeen);

  await page.goto('/pricing-table');
  await expect(page.getByRole('heading', { level: 1, name: 'Escolha seu plano' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();

  // The log-in screen and its messages load now, in English only.
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  // Switched on the screen itself: its messages follow in Spanish before the page changes language.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // A direct visit in a language other than the default: the server names the screen's messages.
  await page.goto('/help?language=ru');
  await expect(page.getByRole('heading', { level: 1, name: 'Помощь и контакты' })).toBeVisible();
  expect(await idsSeen()).toEqual([]);
  // The recorder does see an id when one is drawn.
  await page.evaluate(() => document.body.append(Object.assign(document.createElement('p'), { textContent: 'login.title' })));
  await expect.poll(idsSeen).toContain('login.title');
});

test('a refusal that comes before the refusal texts waits for them: the page says it in its own words, never with an id (docs/decisions/067)', async ({
  page,
  insertNewUser,
}) => {
  const who = await insertNewUser('Rita');
  // The refusal texts are a chunk of their own; this one holds them until the refusal is in.
  const refusalText = 'Usuário ou senha inválidos';
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let textsAsked = false;
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(refusalText)) {
      textsAsked = true;
      await held;
    }
    await route.fulfill({ response, body });
  });

  await page.goto('/login');
  await page.getByLabel('E-mail ou número de telefone').fill(who.email);
  await page.getByLabel('Senha').fill('not-the-password-1');
  const refused = page.waitForResponse((r) => r.url().includes('/api/user/login/v1'));
  await page.getByRole('button', { name: 'Entrar' }).click();
  expect(((await (await refused).json()) as { errCode: number }).errCode).toBe(4596);
  // The page asks for the texts at the latest now, and says nothing until they are in.
  await expect.poll(() => textsAsked).toBe(true);
  await expect(page.getByText(refusalText)).toHaveCount(0);
  await expect(page.getByText('error.4596')).toHaveCount(0);
  await expect(page.getByText('Algo deu errado')).toHaveCount(0);
  release();
  await expect(page.getByText(refusalText).first()).toBeVisible();
});
