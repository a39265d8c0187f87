// What the browser walks share on a page besides their scaffolding (tests/browser/browser-walk.ts).
import type { Locator } from '@playwright/test';
import type { SessionStore } from '../../core/session/store';

/**
 * The local storage a page opens with for the world's signed-in customer: the session store's
 * keys, as the app writes them (core/session/store.ts: one key per name, JSON values).
 */
export function signedInStorage(store: SessionStore): Record<string, string> {
  const userInfo = store.get('userInfo');
  if (!userInfo) throw new Error('the world has no signed-in customer');
  return { userInfo: JSON.stringify(userInfo), language: JSON.stringify('en') };
}

/** The text a customer reads in `locator`, whitespace collapsed. */
export async function visibleText(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}
