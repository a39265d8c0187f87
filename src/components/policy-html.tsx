import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SafeHtml } from './safe-html';

/**
 * A policy text from the server (sanitised by SafeHtml). Its links to the portal's own pages
 * (the terms' "Help and contact") go through the router like the app's other links, instead of
 * reloading the whole app.
 */
export function PolicyHtml({ html }: { html: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a[href]');
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
  return <SafeHtml html={html} onClick={onClick} />;
}
