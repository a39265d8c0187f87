import type { components } from '../../openapi/schema';
import { brandPalette, brandVariables, type BrandPalette } from '../../core/config/colors';

type Theme = components['schemas']['Theme'];

/**
 * The server's theme drives the CSS variables and the icon (spec section 1); page titles are the
 * screens' own (usePageTitle), after the brand name.
 */
export function applyTheme(doc: Document, theme: Theme) {
  const root = doc.documentElement.style;
  const palette = brandPalette(theme.themeColor);
  if (palette) {
    for (const [key, variable] of Object.entries(brandVariables)) root.setProperty(variable, palette[key as keyof BrandPalette]);
    doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', palette.brand);
  }
  const icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon && theme.images.favicon) icon.href = theme.images.favicon;
}
