/** Spec section 5: colour conversion between hex (3 or 6 digits) and rgb, for theme variables. */
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

/** Mixes a colour towards white (amount > 0) or black (amount < 0), for hover and tint shades. */
export function shade(hex: string, amount: number): string | undefined {
  const c = hexToRgb(hex);
  if (!c) return undefined;
  const target = amount >= 0 ? 255 : 0;
  const a = Math.min(1, Math.abs(amount));
  return rgbToHex({ r: c.r + (target - c.r) * a, g: c.g + (target - c.g) * a, b: c.b + (target - c.b) * a });
}

/** WCAG relative luminance, to pick readable text on the theme colour. */
export function readableTextOn(hex: string): '#ffffff' | '#111111' {
  const c = hexToRgb(hex);
  if (!c) return '#ffffff';
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
  return l > 0.4 ? '#111111' : '#ffffff';
}
