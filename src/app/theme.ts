import type { components } from '../../openapi/schema';
import { hexToRgb, readableTextOn, shade } from '../../core/config/colors';

type Theme = components['schemas']['Theme'];

/**
 * The server's theme drives the CSS variables and the icon (spec section 1); page titles are the
 * screens' own (usePageTitle), after the brand name.
 */
export function applyTheme(doc: Document, theme: Theme) {
  const root = doc.documentElement.style;
  const rgb = hexToRgb(theme.themeColor);
  if (rgb) {
    root.setProperty('--brand', theme.themeColor);
    root.setProperty('--brand-rgb', `${rgb.r} ${rgb.g} ${rgb.b}`);
    root.setProperty('--brand-strong', shade(theme.themeColor, -0.2) ?? theme.themeColor);
    root.setProperty('--brand-soft', shade(theme.themeColor, 0.88) ?? theme.themeColor);
    root.setProperty('--on-brand', readableTextOn(theme.themeColor));
    doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.themeColor);
  }
  const icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon && theme.images.favicon) icon.href = theme.images.favicon;
}
