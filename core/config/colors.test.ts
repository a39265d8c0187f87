import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AA_NON_TEXT,
  AA_TEXT,
  CANVAS,
  DARK_TEXT,
  LIGHT_TEXT,
  NIGHT,
  SURFACE,
  brandPalette,
  contrastRatio,
  hexToRgb,
  relativeLuminance,
  rgbToHex,
  shade,
} from './colors';

describe('colour helpers (spec section 5)', () => {
  it('reads 6-digit and 3-digit hex, with or without #', () => {
    expect(hexToRgb('#5b2be0')).toEqual({ r: 91, g: 43, b: 224 });
    expect(hexToRgb('fa0')).toEqual({ r: 255, g: 170, b: 0 });
    expect(hexToRgb('#FFF')).toEqual({ r: 255, g: 255, b: 255 });
  });
  it('refuses anything else', () => {
    for (const bad of ['', '#12', '#1234', '#12345g', 'red', '#1234567']) expect(hexToRgb(bad)).toBeUndefined();
    expect(brandPalette('red')).toBeUndefined();
  });
  it('writes rgb back as 6-digit hex, clamping', () => {
    expect(rgbToHex({ r: 91, g: 43, b: 224 })).toBe('#5b2be0');
    expect(rgbToHex({ r: 300, g: -4, b: 15.6 })).toBe('#ff0010');
  });
  it('round-trips every 3-digit colour', () => {
    for (let i = 0; i < 4096; i += 37) {
      const hex = `#${i.toString(16).padStart(3, '0')}`;
      const six = `#${[...hex.slice(1)].map((c) => c + c).join('')}`;
      expect(rgbToHex(hexToRgb(hex)!)).toBe(six);
    }
  });
  it('shades towards white and black', () => {
    expect(shade('#000000', 0.5)).toBe('#808080');
    expect(shade('#ffffff', -1)).toBe('#000000');
  });
});

describe('WCAG 2.1 contrast', () => {
  it("gives the specification's figures", () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#fff')).toBe(1);
    expect(contrastRatio('#000', '#fff')).toBe(21);
    // Figures published by WebAIM's contrast checker for these pairs.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#5b2be0', '#ffffff')).toBeCloseTo(7.33, 2);
    expect(contrastRatio('#d9480f', '#ffffff')).toBeCloseTo(4.3, 2);
  });
  it('is symmetric, from 1 to 21, and 1 for a colour with itself', () => {
    fc.assert(
      fc.property(hexColour, hexColour, (a, b) => {
        const ratio = contrastRatio(a, b);
        expect(ratio).toBe(contrastRatio(b, a));
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(ratio).toBeLessThanOrEqual(21);
        expect(contrastRatio(a, a)).toBe(1);
      }),
    );
  });
  it('puts the better of white and near-black text on a brand that carries either unchanged', () => {
    fc.assert(
      fc.property(hexColour, (c) => {
        const p = brandPalette(c)!;
        fc.pre(p.fill === p.brand);
        const other = p.onFill === LIGHT_TEXT ? DARK_TEXT : LIGHT_TEXT;
        expect(contrastRatio(c, p.onFill)).toBeGreaterThanOrEqual(contrastRatio(c, other));
      }),
    );
    // The old rule (luminance above 0.4 takes dark text) put white on this green, at 2.9:1.
    expect(brandPalette('#00b050')).toMatchObject({ fill: '#00b050', onFill: DARK_TEXT });
    expect(brandPalette('#fde047')).toMatchObject({ fill: '#fde047', onFill: DARK_TEXT });
  });
});

const hexColour = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);

/** Hue in degrees, or undefined for a grey, where hue means nothing. */
function hue(hex: string): number | undefined {
  const { r, g, b } = hexToRgb(hex)!;
  const max = Math.max(r, g, b);
  const chroma = max - Math.min(r, g, b);
  // Below this, one step of 8-bit rounding turns the hue by more than the tolerance below.
  if (chroma < 24) return undefined;
  const h = max === r ? ((g - b) / chroma) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  return (h * 60 + 360) % 360;
}

function expectAA(theme: string) {
  const p = brandPalette(theme)!;
  expect(contrastRatio(p.fill, p.onFill), `${theme}: text on the fill`).toBeGreaterThanOrEqual(AA_TEXT);
  expect(contrastRatio(p.fillHover, p.onFill), `${theme}: text on the hovered fill`).toBeGreaterThanOrEqual(AA_TEXT);
  expect(p.fillHover, `${theme}: hover shows`).not.toBe(p.fill);
  for (const background of [SURFACE, CANVAS, p.soft]) {
    expect(contrastRatio(p.text, background), `${theme}: brand text on ${background}`).toBeGreaterThanOrEqual(AA_TEXT);
    // The ink and the muted ink of src/styles.css.
    expect(contrastRatio('#16131f', background), `${theme}: ink on ${background}`).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio('#5a5668', background), `${theme}: muted ink on ${background}`).toBeGreaterThanOrEqual(AA_TEXT);
  }
  for (const background of [SURFACE, CANVAS, p.soft, NIGHT]) {
    expect(contrastRatio(p.line, background), `${theme}: line on ${background}`).toBeGreaterThanOrEqual(AA_NON_TEXT);
  }
  return p;
}

describe('the brand palette meets WCAG 2.1 AA whatever colour the server sends (docs/decisions/043)', () => {
  it('for every colour', () => {
    fc.assert(
      fc.property(hexColour, (c) => void expectAA(c)),
      { numRuns: 2000 },
    );
  });

  it("keeps the brand's hue in every colour it moves", () => {
    fc.assert(
      fc.property(hexColour, (c) => {
        const p = brandPalette(c)!;
        const h = hue(c);
        for (const derived of [p.fill, p.fillHover, p.text, p.line, p.soft]) {
          const d = hue(derived);
          if (h === undefined || d === undefined) continue;
          const turn = Math.abs(h - d);
          expect(Math.min(turn, 360 - turn), `${c} → ${derived}`).toBeLessThanOrEqual(6);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('moves a colour only when it fails: a passing fill, text or line is the brand itself', () => {
    fc.assert(
      fc.property(hexColour, (c) => {
        const p = brandPalette(c)!;
        const fillPasses = contrastRatio(c, LIGHT_TEXT) >= AA_TEXT || contrastRatio(c, DARK_TEXT) >= AA_TEXT;
        expect(p.fill === p.brand).toBe(fillPasses);
        const textPasses = [SURFACE, CANVAS, p.soft].every((b) => contrastRatio(c, b) >= AA_TEXT);
        expect(p.text === p.brand).toBe(textPasses);
        const linePasses = [SURFACE, CANVAS, p.soft, NIGHT].every((b) => contrastRatio(c, b) >= AA_NON_TEXT);
        expect(p.line === p.brand).toBe(linePasses);
      }),
      { numRuns: 1000 },
    );
  });

  it('dark orange #d9480f: neither text reads on it, so the fill moves the least it can', () => {
    expect(contrastRatio('#d9480f', LIGHT_TEXT)).toBeLessThan(AA_TEXT);
    expect(contrastRatio('#d9480f', DARK_TEXT)).toBeLessThan(AA_TEXT);
    const p = expectAA('#d9480f');
    expect(p).toMatchObject({ brand: '#d9480f', onFill: DARK_TEXT, line: '#d9480f' });
    expect(p.fill).not.toBe('#d9480f');
    // One step of the mix less, and the text would not read: the least change.
    expect(contrastRatio(shade('#d9480f', 0.004)!, DARK_TEXT)).toBeLessThan(AA_TEXT);
    expect(contrastRatio('#d9480f', SURFACE)).toBeLessThan(AA_TEXT);
    expect(relativeLuminance(p.text)).toBeLessThan(relativeLuminance('#d9480f'));
  });

  it('the demo violet #5b2be0 keeps its colour for fills and text, with white on it', () => {
    const p = expectAA('#5b2be0');
    expect(p).toMatchObject({ fill: '#5b2be0', text: '#5b2be0', onFill: LIGHT_TEXT });
    // Too dark for a focus ring on the sign-in pages' night sky, so the line lightens.
    expect(contrastRatio('#5b2be0', NIGHT)).toBeLessThan(AA_NON_TEXT);
    expect(relativeLuminance(p.line)).toBeGreaterThan(relativeLuminance('#5b2be0'));
  });

  it('yellow #ffd400 fills with near-black text and darkens for text and lines on the page', () => {
    const p = expectAA('#ffd400');
    expect(p).toMatchObject({ fill: '#ffd400', onFill: DARK_TEXT });
    expect(relativeLuminance(p.text)).toBeLessThan(relativeLuminance(p.line));
    expect(relativeLuminance(p.line)).toBeLessThan(relativeLuminance('#ffd400'));
  });

  it('black and white, the two ends', () => {
    expect(expectAA('#000')).toMatchObject({ fill: '#000000', onFill: LIGHT_TEXT, text: '#000000' });
    const white = expectAA('#fff');
    expect(white).toMatchObject({ fill: '#ffffff', onFill: DARK_TEXT });
    expect(white.text).not.toBe('#ffffff');
  });
});
