/**
 * The site's brand colours written into the web app's HTML (docs/decisions/043): the first frame,
 * and the screen the server draws into it, are in the operator's colours rather than in the
 * stylesheet's demo palette until the app has read the theme. One small style element, allowed by
 * its hash in the page's own policy (server/security/headers.ts: no inline style otherwise).
 */
import { createHash } from 'node:crypto';
import { brandPalette, paletteRule } from '../../core/config/colors';

export interface Brand {
  /** The tags for the head: the palette's rule. */
  tag: string;
  /** The browser's theme colour, as the app sets it. */
  themeColor: string;
  /** The style element's hash, as a CSP source. */
  styleSource: string;
}

type InProcessFetch = (request: Request) => Promise<Response>;

/** The theme the app reads (`GET /api/site/theme/v1`), made into the page's brand; undefined for a colour that is not one. */
export async function readBrand(api: InProcessFetch): Promise<Brand | undefined> {
  const res = await api(new Request('http://portal/api/site/theme/v1'));
  const body = (await res.json()) as { code: number; data?: { themeColor: string } };
  if (!res.ok || body.code !== 0 || !body.data) throw new Error(`the theme read answered ${res.status}, code ${body.code}`);
  const palette = brandPalette(body.data.themeColor);
  if (!palette) return undefined;
  const rule = paletteRule(palette);
  return {
    tag: `<style>${rule}</style>`,
    themeColor: palette.brand,
    styleSource: `'sha256-${createHash('sha256').update(rule).digest('base64')}'`,
  };
}

/** `html` in the brand's colours: its rule after the stylesheets (so it wins), and its theme colour. */
export function withBrand(html: string, brand: Brand | undefined): string {
  if (!brand) return html;
  return html
    .replace(/<meta name="theme-color" content="[^"]*"\s*\/?>/, `<meta name="theme-color" content="${brand.themeColor}" />`)
    .replace('</head>', `  ${brand.tag}\n  </head>`);
}
