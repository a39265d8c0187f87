/**
 * The site's brand colours in the web app's HTML (server/routes/spa-brand.ts, docs/decisions/043):
 * the page carries the theme's palette after its stylesheets and its theme colour, its policy
 * allows that one style by its hash and nothing else inline, and an operator's new colour reaches
 * the next page.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { brandPalette, paletteRule } from '../../core/config/colors';
import { appPolicy } from '../../server/security/headers';
import { useHtmlServer } from '../helpers/spa-build';

const { server, page } = useHtmlServer();

/** The page's inline styles, and its policy's style sources. */
function inlineStyles(html: string) {
  return [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]!);
}
const styleSources = (csp: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith('style-src '))!
    .split(' ')
    .slice(1);
const hashOf = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

async function setThemeColor(color: string) {
  await server.db.query(`UPDATE site_settings SET value = jsonb_set(value, '{themeColor}', to_jsonb($1::text)) WHERE key = 'theme'`, [color]);
}

describe("the page is in the site's colours from its first frame", () => {
  it('carries the theme palette after the stylesheets, and allows only that style by its hash', async () => {
    const res = await page('/pricing-table', { 'accept-language': 'pt-BR' });
    const html = res.body;
    const rule = paletteRule(brandPalette('#5b2be0')!);
    expect(inlineStyles(html)).toEqual([rule]);
    // After every stylesheet, so it wins over the stylesheet's own palette.
    expect(html.lastIndexOf('rel="stylesheet"')).toBeLessThan(html.indexOf(`<style>${rule}`));
    expect(html).toContain('<meta name="theme-color" content="#5b2be0" />');
    expect(styleSources(String(res.headers['content-security-policy']))).toEqual(["'self'", hashOf(rule)]);
    expect(res.headers['content-security-policy']).toBe(appPolicy({ googleClientId: undefined }, [hashOf(rule)]));
  });

  it("an operator's new colour reaches the next page, with its own hash", async () => {
    await setThemeColor('#d9480f');
    try {
      const palette = brandPalette('#d9480f')!;
      await expect.poll(async () => inlineStyles((await page('/login', { 'accept-language': 'en' })).body)).toEqual([paletteRule(palette)]);
      const res = await page('/login', { 'accept-language': 'en' });
      expect(res.body).toContain(`<meta name="theme-color" content="${palette.brand}" />`);
      expect(styleSources(String(res.headers['content-security-policy']))).toEqual(["'self'", hashOf(paletteRule(palette))]);
      // The palette keeps its contrast rules: the fill under white text moved off the raw colour.
      expect(palette.fill).not.toBe('#d9480f');
    } finally {
      await setThemeColor('#5b2be0');
    }
  });
});
