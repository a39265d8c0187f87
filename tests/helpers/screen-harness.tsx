import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { createApi, type Api } from '../../core/api/client';
import { ServicesProvider } from '../../src/queries/services-provider';
import type { QueryServices } from '../../src/queries/query-services';

/** An answer with a JSON body, as the API sends one. */
export const reply = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/**
 * The API client of a screen test: a web browser's context (`token` null when signed out), effects
 * to spy on, and `fetch` answering in the server's place.
 */
export function testApi(fetch: (request: Request) => Promise<Response>, { token = 't', language = 'en' }: { token?: string | null; language?: string } = {}) {
  const effects = { navigate: vi.fn(), toast: vi.fn(), resetSession: vi.fn() };
  const api: Api = createApi({
    baseUrl: 'http://portal.test',
    context: { getToken: () => token, getLanguage: () => language, getClientType: () => 'WEB', getScene: () => 'WEB', getFingerprint: () => 'abcd1234' },
    effects,
    fetch,
  });
  return { api, effects };
}

/** A screen as the app renders it: its services, the language's messages, and a router at `path` holding `routes`. */
export function renderScreen(services: QueryServices, path: string, routes: ReactNode, intl: { locale?: string; messages?: Record<string, string> } = {}) {
  return render(
    <ServicesProvider services={services}>
      <IntlProvider locale={intl.locale ?? 'en'} defaultLocale="en" messages={intl.messages} onError={() => {}}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>{routes}</Routes>
        </MemoryRouter>
      </IntlProvider>
    </ServicesProvider>,
  );
}
