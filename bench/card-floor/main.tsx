// The design-card floor (docs/performance.md, docs/decisions/062): the least a page built on the
// design card's libraries can ship, in the lean set-up the app uses. It draws the same three plan
// cards as /pricing-table through a tiny machine fed by the typed client, with one language's
// messages precompiled and react-intl without the ICU parser. The app's first load is held against
// it, so it must use each library the way the app's shell does, and nothing more.
import createClient from 'openapi-fetch';
import { createRoot } from 'react-dom/client';
import { IntlProvider, FormattedMessage, FormattedNumber } from 'react-intl';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { useSelector } from '@xstate/react';
import { z } from 'zod/mini';
import type { paths } from '../../openapi/schema';
import messages from './messages.json';

const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  prices: z.array(z.object({ currency: z.string(), amount: z.number() })),
});
type Plan = z.infer<typeof planSchema>;

const client = createClient<paths>({ baseUrl: '' });

const plansMachine = setup({
  types: { context: {} as { plans: Plan[] } },
  actors: {
    loadPlans: fromPromise(async () => {
      const { data } = await client.GET('/api/site/listPlans/v1', { params: { query: { language: 'pt' } } });
      return z.array(planSchema).parse(data?.data).slice(0, 3);
    }),
  },
}).createMachine({
  id: 'plans',
  context: { plans: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPlans',
        onDone: { target: 'shown', actions: assign({ plans: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    shown: {},
    failed: {},
  },
});

const plans = createActor(plansMachine).start();

function PlanCards() {
  const shown = useSelector(plans, (s) => s.context.plans);
  const failed = useSelector(plans, (s) => s.matches('failed'));
  if (failed) {
    return (
      <p role="alert">
        <FormattedMessage id="plans.failed" />
      </p>
    );
  }
  return (
    <main>
      <h1>
        <FormattedMessage id="plans.title" />
      </h1>
      <ul>
        {shown.map((p) => (
          <li key={p.id}>
            <h2>{p.name}</h2>
            <p>
              <FormattedNumber value={p.prices[0]!.amount / 100} style="currency" currency={p.prices[0]!.currency} />
            </p>
            <Link to={`/payment/${p.id}`}>
              <FormattedMessage id="plans.choose" values={{ name: p.name }} />
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <IntlProvider locale="pt-BR" messages={messages}>
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<PlanCards />} />
      </Routes>
    </BrowserRouter>
  </IntlProvider>,
);
