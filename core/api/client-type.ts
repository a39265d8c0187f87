import type { ClientType } from './client-context';

/** Spec section 9: at or below this window width a desktop browser gets the mobile (WAP) layout. */
export const MOBILE_BREAKPOINT_PX = 760;

/**
 * Phones and tablets. Tablets count as mobile agents (iPad, Android without "Mobile"), as in the
 * classic detection list the portal's behaviour comes from; "Mobi" catches the rest (Firefox for
 * Android, Opera Mobile, Mobile Safari).
 */
const MOBILE_AGENT = /iPhone|iPod|iPad|Android|Mobi|BlackBerry|BB10|IEMobile|Windows Phone|Opera Mini|webOS|Silk|Kindle/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_AGENT.test(userAgent);
}

/**
 * Spec section 4: WAP for mobile user agents; a desktop agent is WAP when the window is 760 px
 * wide or less and WEB above.
 */
export function detectClientType(userAgent: string, windowWidth: number): ClientType {
  if (isMobileUserAgent(userAgent)) return 'WAP';
  return windowWidth <= MOBILE_BREAKPOINT_PX ? 'WAP' : 'WEB';
}
