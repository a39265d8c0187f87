/**
 * Spec section 5: the theme colour the server sends, and the colours derived from it that the
 * portal paints with. Whatever colour arrives, the derived ones meet WCAG 2.1 AA
 * (docs/decisions/043): text 4.5:1 (1.4.3), focus rings and borders 3:1 (1.4.11).
 */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export function hexToRgb(hex: string): Rgb | undefined {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return undefined;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const n = Number.parseInt(h, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export function rgbToHex({ r, g, b }: Rgb): string {
  const part = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/**
 * Mixes a colour towards white (amount > 0) or black (amount < 0). Every channel moves by the same
 * share of its way, so the hue stays the colour's own.
 */
export function shade(hex: string, amount: number): string | undefined {
  const c = hexToRgb(hex);
  if (!c) return undefined;
  const target = amount >= 0 ? 255 : 0;
  const a = Math.min(1, Math.abs(amount));
  return rgbToHex({ r: c.r + (target - c.r) * a, g: c.g + (target - c.g) * a, b: c.b + (target - c.b) * a });
}

/** WCAG 2.1 relative luminance of an sRGB colour (0 for black, 1 for white). */
export function relativeLuminance(hex: string): number {
  const c = hexToRgb(hex);
  if (!c) throw new Error(`not a hex colour: ${hex}`);
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

/** WCAG 2.1 contrast ratio, from 1 (the same) to 21 (black on white), in either order. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG 2.1 AA minimums: body text (1.4.3) and user-interface parts such as focus rings (1.4.11). */
export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;

/** The two text colours a brand-filled control may carry. */
export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#111111';

/**
 * What brand colours sit on in src/styles.css: the card surface, the page canvas, and the bare
 * layout's night sky (the sign-in pages' header, where focus rings show too).
 */
export const SURFACE = '#ffffff';
export const CANVAS = '#f6f5fa';
export const NIGHT = '#0b0820';

/**
 * The least mix of `hex` towards black (direction -1) or white (+1) that passes `ok`, in steps of
 * 1/256: each channel moves monotonically with the mix, so a binary search finds it. Mixing all
 * the way reaches black or white, which passes every test this module asks, so there is always one.
 */
function leastMix(hex: string, direction: 1 | -1, ok: (candidate: string) => boolean): { hex: string; steps: number } {
  const at = (steps: number) => shade(hex, (direction * steps) / 256)!;
  if (ok(at(0))) return { hex: at(0), steps: 0 };
  let [lo, hi] = [0, 256];
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (ok(at(mid))) hi = mid;
    else lo = mid;
  }
  return { hex: at(hi), steps: hi };
}

/** How far a hovered fill moves from the resting one. */
const HOVER_MIX = 0.18;
/** The contrast between a hovered and a resting fill that is enough to see. */
const HOVER_SHOWS = 1.15;

const passes =
  (min: number, ...backgrounds: string[]) =>
  (candidate: string) =>
    backgrounds.every((b) => contrastRatio(candidate, b) >= min);

/** The CSS variables of a theme colour (src/app/theme.ts sets them; docs/decisions/043). */
export interface BrandPalette {
  /** The server's colour as sent: the browser's theme-color, never text, a fill under text or a needed line. */
  brand: string;
  /** A pale tint of the brand for selected and highlighted backgrounds; ink and brand text read on it. */
  soft: string;
  /** Fill of brand controls (buttons, badges): the brand, moved only as far as its text needs. */
  fill: string;
  /** The fill under the pointer: further from the text than `fill`, so still readable. */
  fillHover: string;
  /** Text on `fill` and `fillHover`: white or near-black. */
  onFill: typeof LIGHT_TEXT | typeof DARK_TEXT;
  /** Brand-coloured text and links on the surface, the canvas and `soft`. */
  text: string;
  /** Focus rings and brand borders: 3:1 on the surface, the canvas, `soft` and the night sky. */
  line: string;
}

/**
 * The CSS variables of each derived colour (docs/decisions/043): src/styles.css paints brand text,
 * fills and lines only through these, so every one meets WCAG AA whatever colour the server sends.
 */
export const brandVariables: Record<keyof BrandPalette, string> = {
  brand: '--brand',
  soft: '--brand-soft',
  fill: '--brand-fill',
  fillHover: '--brand-fill-hover',
  onFill: '--on-brand',
  text: '--brand-text',
  line: '--brand-line',
};

/** The palette as one CSS rule on the root: what the server writes into a page's head. */
export const paletteRule = (palette: BrandPalette): string =>
  `:root{${Object.entries(brandVariables)
    .map(([key, variable]) => `${variable}:${palette[key as keyof BrandPalette]}`)
    .join(';')}}`;

export function brandPalette(hex: string): BrandPalette | undefined {
  const rgb = hexToRgb(hex);
  if (!rgb) return undefined;
  const brand = rgbToHex(rgb);
  const soft = shade(brand, 0.88)!;

  // Each text colour gets the least change of fill that carries it; the smaller change wins, so a
  // brand that passes with one keeps its exact colour, and one that passes with neither (#d9480f)
  // moves as little as it can, darker under white or lighter under near-black.
  const options = ([LIGHT_TEXT, DARK_TEXT] as const).map((onFill) => ({
    onFill,
    ...leastMix(brand, onFill === LIGHT_TEXT ? -1 : 1, passes(AA_TEXT, onFill)),
    ratio: contrastRatio(brand, onFill),
  }));
  const [best] = options.sort((a, b) => a.steps - b.steps || b.ratio - a.ratio);
  const { onFill, hex: fill } = best!;

  // Hover moves further from the text; a fill near black or white, where that shows little, may
  // move instead towards the text, as far as the text still reads, when that shows more.
  const away = onFill === LIGHT_TEXT ? -1 : 1;
  const further = shade(fill, away * HOVER_MIX)!;
  let towards = fill;
  for (let steps = Math.round(HOVER_MIX * 256); steps > 0; steps--) {
    const candidate = shade(fill, (-away * steps) / 256)!;
    if (contrastRatio(candidate, onFill) >= AA_TEXT) {
      towards = candidate;
      break;
    }
  }
  const shows = (c: string) => contrastRatio(c, fill);
  const fillHover = shows(further) >= HOVER_SHOWS || shows(further) >= shows(towards) ? further : towards;

  // The page backgrounds are light, so brand text only ever darkens.
  const text = leastMix(brand, -1, passes(AA_TEXT, SURFACE, CANVAS, soft)).hex;

  // A line must stand out from light backgrounds and the night sky alike: darkened when too light,
  // lightened when too dark. The luminance window between the two always exists (ADR 043).
  const lightOk = passes(AA_NON_TEXT, SURFACE, CANVAS, soft);
  const line = lightOk(brand) ? leastMix(brand, 1, passes(AA_NON_TEXT, NIGHT)).hex : leastMix(brand, -1, lightOk).hex;

  return { brand, soft, fill, fillHover, onFill, text, line };
}
