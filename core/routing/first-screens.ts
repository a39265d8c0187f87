import type { components } from '../../openapi/schema';
import type { Scene } from '../session/store';
import type { Language } from '../i18n/languages';
import { paymentAsked } from './payment-address';
import { paths } from './paths';

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
 * The public first screens the server draws into their HTML (src/preview, docs/decisions/033),
 * where most visits start: drawn for anyone, with the header of a signed-in visitor when the
 * browser says it holds a session (docs/decisions/034).
 */
export const previewedScreens: ReadonlySet<string> = new Set(['/pricing-table', '/login', '/register']);

/** A request for a page, as far as the server can know it. */
export interface Visit {
  path: string;
  query: URLSearchParams;
  /** The browser says it holds a session (core/session/signed-in-hint.ts). */
  signedIn: boolean;
  /** The scene the address names, if any (spec section 2). */
  scene: Scene | undefined;
}

/**
 * A drawn page carries the first reads it was drawn from, by their query key, in a data block
 * with this id (docs/decisions/064): the app takes them instead of asking again, which on a slow
 * phone was one round trip after its code had arrived.
 */
export const firstReadsBlockId = 'first-reads';

/** What the renderer gives back: the app's markup, and the reads it was drawn from. */
export interface Drawing {
  markup: string;
  reads: Record<string, unknown>;
}

/** The data block of a drawing's reads, safe inside HTML (no `<` can close the script). */
export const firstReadsBlock = (reads: Record<string, unknown>) =>
  `<script type="application/json" id="${firstReadsBlockId}">${JSON.stringify(reads).replace(/</g, '\\u003c')}</script>`;

/** What the server asks the app's renderer to draw (src/preview, docs/decisions/033). */
export interface PreviewRequest extends Visit {
  language: Language;
  /** Reaches the server's own API in-process. */
  fetch(input: Request): Promise<Response>;
}

/**
 * The address the server draws for a visit, or undefined where it draws nothing. The public first
 * screens are drawn at their path: their first frame reads nothing else of the address.
 *
 * /payment is drawn only when the browser says it holds a session (docs/decisions/034). Its first
 * frame is a loading state that shows no plan and no order, so every checkout is drawn at one
 * stand-in address and every repay at another: one page serves each kind, and nothing of one
 * visitor's address reaches another's page. Not in the set-top-box scene, whose first frame links
 * the very plan or order to the phone hand-off. Other signed-in screens show the account at once
 * and are not drawn.
 */
export function drawnAddress({ path, query, signedIn, scene }: Visit): string | undefined {
  if (previewedScreens.has(path)) return path;
  if (path !== '/payment' || !signedIn || scene === 'STB') return undefined;
  const asked = paymentAsked(query);
  return asked.kind === 'repay' ? paths.payment({ orderId: 'drawn' }) : asked.kind === 'checkout' ? paths.payment({ planId: '0' }) : '/payment';
}
