import type { components } from '../../openapi/schema';

type BannerPosition = components['schemas']['Banner']['position'];

/**
 * The first screens that show banners at once, by the address the entry rules land on, and the
 * place of their banners. The app starts the first banner's download before it renders
 * (src/app/start-up.ts); the server names the same picture in the page's HTML
 * (server/routes/spa-html.ts). Keep in step with the screens that show banners.
 */
export const firstScreenBanners: Readonly<Record<string, BannerPosition>> = {
  '/pricing-table': 'pricing',
  '/payment': 'payment',
  '/account': 'account',
  '/orders': 'account',
};

/** Spec section 9's breakpoint: at 760 px and below, a banner shows its phone picture. */
export const phoneMedia = '(max-width: 760px)';
/** The rest: the desktop picture. */
export const desktopMedia = '(min-width: 761px)';

/**
 * The screens the server draws into their HTML (src/preview, docs/decisions/033): the public first
 * screens, where most visits start. Signed-in screens are not: the server cannot tell who is
 * signed in (the session is in the browser's storage), and a page drawn for the wrong visitor
 * would jump when the app takes over.
 */
export const previewedScreens: ReadonlySet<string> = new Set(['/pricing-table', '/login', '/register']);
