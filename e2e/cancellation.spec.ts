// Turning auto-renewal off with a reason and a retention offer (docs/decisions/057), in Chromium
// against the real server, in English and Portuguese: a price reason is offered the discount;
// declining turns it off and says when the plan ends; "not using it" is offered the pause, and
// accepting keeps auto-renewal on with the date of the next charge.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, payByCard, screenshots, test, type Customer } from './fixtures';

const texts = {
  en: {
    locale: 'en-US',
    renewal: 'Auto-renewal',
    turnOff: 'Turn off auto-renewal',
    title: 'Turn off auto-renewal?',
    expensive: 'It is too expensive',
    notUsing: 'I am not using it',
    next: 'Continue',
    offerTitle: 'Before you go',
    discount: /your next renewal on .+ is 30% off/,
    pause: /Pause for 2 months instead: nothing is charged until .+\./,
    decline: 'No thanks, turn it off',
    accept: 'Accept the offer',
    off: /Auto-renewal is off\. Your plan stays active until .+; nothing more is charged\./,
    paused: /Your subscription is paused\. Nothing is charged until .+\./,
    on: 'On',
  },
  pt: {
    locale: 'pt-BR',
    renewal: 'Renovação automática',
    turnOff: 'Desativar a renovação automática',
    title: 'Desativar a renovação automática?',
    expensive: 'Está caro demais',
    notUsing: 'Não estou usando',
    next: 'Continuar',
    offerTitle: 'Antes de você ir',
    discount: /sua próxima renovação em .+ terá 30% de desconto/,
    pause: /Que tal pausar por 2 meses\? Nada será cobrado até .+\./,
    decline: 'Não, obrigado. Desativar',
    accept: 'Aceitar a oferta',
    off: /A renovação automática foi desativada\. Seu plano continua ativo até .+; nada mais será cobrado\./,
    paused: /Sua assinatura está pausada\. Nada será cobrado até .+\./,
    on: 'Ativada',
  },
} as const;

type Texts = (typeof texts)[keyof typeof texts];

/** A new customer with a monthly plan paid by a saved card, on /account, through the reason to the offer. */
async function toTheOffer(page: Page, request: APIRequestContext, who: Customer, t: Texts, reason: string) {
  expect((await payByCard(page, request, who.email, '4242424242424242')).code).toBe(0);
  await page.goto('/account');
  const panel = page.getByRole('region', { name: t.renewal });
  await panel.getByRole('button', { name: t.turnOff }).click();
  const dialog = page.getByRole('alertdialog', { name: t.title });
  await dialog.getByRole('radio', { name: reason }).check();
  await dialog.getByRole('button', { name: t.next }).click();
  return { panel, offer: page.getByRole('alertdialog', { name: t.offerTitle }) };
}

for (const [lang, t] of Object.entries(texts)) {
  test.describe(`turning auto-renewal off with a reason (${lang})`, () => {
    test.use({ locale: t.locale });

    test('a price reason, the discount declined: off, with the date the plan ends', async ({ page, request, login }) => {
      const { panel, offer } = await toTheOffer(page, request, await login(`cancel-${lang}`), t, t.expensive);
      await expect(offer).toContainText(t.discount);
      await expectAccessible(page);
      await screenshots(page, `cancellation-offer-${lang}`);
      await offer.getByRole('button', { name: t.decline }).click();
      await expect(panel.getByRole('status').filter({ hasText: t.off })).toBeVisible();
      await screenshots(page, `cancellation-off-${lang}`);
    });

    test('"not using it", the pause accepted: auto-renewal stays on, with the next charge after the pause', async ({ page, request, login }) => {
      const { panel, offer } = await toTheOffer(page, request, await login(`pause-${lang}`), t, t.notUsing);
      await expect(offer).toContainText(t.pause);
      await offer.getByRole('button', { name: t.accept }).click();
      await expect(panel.getByRole('status').filter({ hasText: t.paused })).toBeVisible();
      await expect(panel.getByText(t.on, { exact: true })).toBeVisible();
    });
  });
}
