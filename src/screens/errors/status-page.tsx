import type { ReactNode } from 'react';
import { usePageTitle } from '../../components/use-page-title';

/**
 * The frame the 404 and 500 pages share: the status code large but hidden from screen readers,
 * the title (the document's too), why the page is shown, and the ways on (`children`).
 */
export function StatusPage({ code, headingId, title, body, children }: { code: number; headingId: string; title: string; body: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="status-page" aria-labelledby={headingId}>
      <p className="status-code" aria-hidden="true">
        {code}
      </p>
      <h1 id={headingId}>{title}</h1>
      <p>{body}</p>
      {children}
    </section>
  );
}
