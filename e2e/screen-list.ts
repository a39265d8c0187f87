import { expect, type Page } from '@playwright/test';

/**
 * Every screen of spec section 2 with its main heading in Portuguese (the default) and English:
 * e2e/screens.spec.ts opens each on the demo theme, e2e/theme.spec.ts on a dark orange one.
 */
export interface Screen {
  path: string;
  heading: { pt: string; en: string };
  shot: string;
}

export const publicScreens: Screen[] = [
  { path: '/login', heading: { pt: 'Entrar', en: 'Log in' }, shot: 'login' },
  { path: '/register', heading: { pt: 'Crie sua conta', en: 'Create your account' }, shot: 'register' },
  { path: '/forgot-password', heading: { pt: 'Redefinir a senha', en: 'Reset your password' }, shot: 'forgot-password' },
  { path: '/lost-password', heading: { pt: 'Redefinir a senha', en: 'Reset your password' }, shot: 'lost-password' },
  { path: '/reset-password', heading: { pt: 'Redefinir a senha', en: 'Reset your password' }, shot: 'reset-password' },
  { path: '/resend-confirm', heading: { pt: 'Confirme seu e-mail', en: 'Confirm your email' }, shot: 'resend-confirm' },
  { path: '/pricing-table', heading: { pt: 'Escolha seu plano', en: 'Choose your plan' }, shot: 'pricing-table' },
  { path: '/help', heading: { pt: 'Ajuda e contato', en: 'Help and contact' }, shot: 'help' },
  { path: '/privacy', heading: { pt: 'Política de privacidade', en: 'Privacy policy' }, shot: 'privacy' },
  { path: '/terms', heading: { pt: 'Termos de uso', en: 'Terms of use' }, shot: 'terms' },
  { path: '/plan-details/1', heading: { pt: 'Mensal · 1 tela', en: 'Monthly · 1 screen' }, shot: 'plan-details' },
  { path: '/404', heading: { pt: 'Página não encontrada', en: 'Page not found' }, shot: '404' },
  { path: '/500', heading: { pt: 'Algo deu errado', en: 'Something went wrong' }, shot: '500' },
];

export const accountScreens: Screen[] = [
  { path: '/account', heading: { pt: 'Minha conta', en: 'My account' }, shot: 'account' },
  { path: '/payment?planId=1', heading: { pt: 'Pagamento', en: 'Payment' }, shot: 'payment' },
  { path: '/settings', heading: { pt: 'Configurações', en: 'Settings' }, shot: 'settings' },
  { path: '/stb-orders', heading: { pt: 'Meus pedidos', en: 'My orders' }, shot: 'stb-orders' },
  { path: '/coupons', heading: { pt: 'Seus códigos de desconto', en: 'Your discount codes' }, shot: 'coupons' },
  { path: '/my-cloud', heading: { pt: 'Minha nuvem', en: 'My cloud' }, shot: 'my-cloud' },
  { path: '/paymentCaishen?planId=1', heading: { pt: 'Pague pelo celular', en: 'Pay on your phone' }, shot: 'payment-caishen' },
];

/** The pages of a paid order: its result and its receipt. */
export const paidOrderScreens = (orderId: string): Screen[] => [
  { path: `/paymentResult?orderId=${orderId}`, heading: { pt: 'Pagamento recebido', en: 'Payment received' }, shot: 'payment-result' },
  { path: `/receipt?orderId=${orderId}`, heading: { pt: 'Recibo', en: 'Receipt' }, shot: 'receipt' },
];

/** Opens a screen and waits for its main heading in the page's language. */
export async function openScreen(page: Page, s: Screen, lang: 'pt' | 'en') {
  await page.goto(s.path);
  await expect(page.getByRole('heading', { level: 1, name: s.heading[lang] })).toBeVisible();
}
