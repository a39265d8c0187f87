/** Spec section 9: the fingerprint hash seed. */
export const FINGERPRINT_SEED = 31;

/**
 * A 32-bit polynomial rolling hash over UTF-16 code units: h = (h * seed + charCode) | 0, starting
 * at 0 (with seed 31 this is Java's String.hashCode). Rendered as 8 lower-case hex digits of the
 * unsigned value. Not cryptographic, and 32 bits do collide: a hint, not an identity.
 */
export function hashString(s: string, seed: number = FINGERPRINT_SEED): string {
  let h = 0;
  for (let i = 0; i < s.length; i++) {
    // Math.imul keeps the product exact modulo 2^32 for any seed; for seed 31 it equals h * 31.
    h = (Math.imul(h, seed) + s.charCodeAt(i)) | 0;
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The stable browser properties the fingerprint is computed from. */
export interface BrowserProps {
  userAgent: string;
  languages: readonly string[];
  platform: string;
  screenWidth: number;
  screenHeight: number;
  colorDepth: number;
  timezone: string;
  hardwareConcurrency: number;
  touchSupport: boolean;
}

/**
 * The fingerprint header's value. Screen sides are taken as (long, short) so turning a phone does
 * not change it.
 */
export function browserFingerprint(props: BrowserProps): string {
  const canonical = JSON.stringify([
    props.userAgent,
    [...props.languages],
    props.platform,
    Math.max(props.screenWidth, props.screenHeight),
    Math.min(props.screenWidth, props.screenHeight),
    props.colorDepth,
    props.timezone,
    props.hardwareConcurrency,
    props.touchSupport,
  ]);
  return hashString(canonical);
}

/** Reads `BrowserProps` from a browser window; missing properties fall back to neutral values. */
export function collectBrowserProps(win: Window): BrowserProps {
  const nav = win.navigator;
  const languages = nav.languages && nav.languages.length > 0 ? [...nav.languages] : [nav.language];
  let timezone = '';
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    timezone = '';
  }
  return {
    userAgent: nav.userAgent,
    languages: languages.filter((l): l is string => typeof l === 'string' && l !== ''),
    platform: nav.platform ?? '',
    screenWidth: win.screen?.width ?? 0,
    screenHeight: win.screen?.height ?? 0,
    colorDepth: win.screen?.colorDepth ?? 0,
    timezone,
    hardwareConcurrency: nav.hardwareConcurrency ?? 0,
    touchSupport: (nav.maxTouchPoints ?? 0) > 0 || 'ontouchstart' in win,
  };
}
