// @vitest-environment jsdom
// /terms against the real reference server in-process: the terms in the page's language, their
// section on cancelling and refunds kept whole by the sanitiser (its heading's id included), a
// link to that section landing on it once the text has loaded (docs/decisions/051), the text's own
// link to Help followed by the router, and a failed read said with a retry.
import '../model/node-realm';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import { createSessionCache } from '../../core/session/session-cache';
import { demoPolicies } from '../../server/db/demo-content';
import { createQueryCache } from '../../src/queries/query-cache';
import type { QueryServices } from '../../src/queries/query-services';
import { TermsScreen } from '../../src/screens/terms/terms-screen';
import pt from '../../core/i18n/lang/pt.json';
import { renderScreen } from '../helpers/screen-harness';
import { useTestServer } from '../helpers/test-server';
import { Landed } from '../model/router-bridge';
import { createClientWorld, MemoryStorage } from '../model/real-server';

const server = useTestServer();
afterEach(() => cleanup());

function renderTerms(path: string, locale: 'en' | 'pt' = 'en') {
  const client = createClientWorld(server.app);
  client.store.set('language', locale);
  const session = createActor(sessionMachine, { input: { userInfo: null } }).start();
  const services = {
    api: client.api,
    store: client.store,
    queries: createQueryCache(),
    cache: createSessionCache(new MemoryStorage()),
    session,
  } as QueryServices;
  renderScreen(
    services,
    path,
    <>
      <Route path="/terms" element={<TermsScreen />} />
      <Route path="*" element={<Landed />} />
    </>,
    locale === 'pt' ? { locale, messages: pt } : { locale },
  );
}

const refundsHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('/terms', () => {
  it('shows the terms in English with their section on cancelling and refunds, its heading keeping its id', async () => {
    renderTerms('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: demoPolicies.terms.en.title })).toBeTruthy();
    const heading = await refundsHeading('Cancellation and refunds');
    expect(heading.id).toBe('refunds');
    expect(screen.getByText(/^Last updated: /)).toBeTruthy();
    expect(document.body.textContent).toContain('within 7 days of its payment being confirmed and get back the full amount paid');
    expect(document.body.textContent).toContain('You withdraw yourself, with no need to contact us');
    await waitFor(() => expect(document.title).toMatch(/^Terms of use/));
    // Without a fragment the page does not jump anywhere.
    expect(document.activeElement).not.toBe(heading);
  });

  it('lands on the refunds section once the text has loaded, in Portuguese', async () => {
    renderTerms('/terms#refunds', 'pt');
    const heading = await refundsHeading('Cancelamento e reembolso');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('heading', { level: 1, name: 'Termos de uso' })).toBeTruthy();
    expect(screen.getByText(/^Última atualização: /)).toBeTruthy();
    expect(document.body.textContent).toContain('Código de Defesa do Consumidor (art. 49)');
  });

  it('follows the text’s link to Help and contact through the router', async () => {
    renderTerms('/terms#refunds');
    await refundsHeading('Cancellation and refunds');
    fireEvent.click(screen.getByRole('link', { name: 'Help and contact' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/help');
  });

  it('says when the terms cannot be read, and shows them once they can', async () => {
    const saved = await server.db.query<{ lang: string; title: string; content: string }>("SELECT lang, title, content FROM policy_texts WHERE type = 'terms'");
    await server.db.query("DELETE FROM policy_texts WHERE type = 'terms'");
    try {
      renderTerms('/terms#refunds');
      expect((await screen.findByRole('alert')).textContent).toContain('This content could not be loaded.');
    } finally {
      for (const row of saved)
        await server.db.query("INSERT INTO policy_texts (type, lang, title, content) VALUES ('terms', $1, $2, $3)", [row.lang, row.title, row.content]);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const heading = await refundsHeading('Cancellation and refunds');
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
