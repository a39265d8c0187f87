import DOMPurify, { type Config } from 'dompurify';
import { useMemo, type ComponentPropsWithRef } from 'react';

/**
 * What each kind of markup may keep. Style attributes and <style> blocks go too: the page's
 * Content-Security-Policy allows no inline style (docs/decisions/031), so the browser would refuse
 * them anyway, and CSS can carry data out as well as a script can.
 */
const profiles = {
  html: { USE_PROFILES: { html: true }, FORBID_ATTR: ['style'], FORBID_TAGS: ['style'] },
  svg: { USE_PROFILES: { svg: true, svgFilters: true }, FORBID_ATTR: ['style'], FORBID_TAGS: ['style'] },
} satisfies Record<string, Config>;

type SafeHtmlProps = Omit<ComponentPropsWithRef<'div'>, 'children' | 'dangerouslySetInnerHTML'> & {
  html: string;
  profile?: keyof typeof profiles;
};

/**
 * The one place markup reaches the page as markup (eslint forbids `dangerouslySetInnerHTML`
 * elsewhere): server-provided HTML (policy texts) and drawings pass through DOMPurify first.
 */
export function SafeHtml({ html, profile = 'html', ...props }: SafeHtmlProps) {
  const clean = useMemo(() => DOMPurify.sanitize(html, profiles[profile]), [html, profile]);
  return <div {...props} dangerouslySetInnerHTML={{ __html: clean }} />;
}
