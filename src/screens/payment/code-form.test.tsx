// @vitest-environment jsdom
// The discount code field on the checkout: a code no coupon can have is refused on the spot with
// the catalogue's "Invalid coupon" and never reaches the server, whose door would refuse the whole
// valuation. The field sends what was typed; the checkout machine judges it (spec section 4).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { checkoutMachine } from '../../../machines/checkout/checkout.machine';
import { monthlyValuation } from '../../../tests/fixtures/valuation';
import { testApi } from '../../../tests/helpers/screen-harness';
import { createSessionStore } from '../../../core/session/store';
import { createQueryCache } from '../../queries/query-cache';
import { ServicesProvider } from '../../queries/services-provider';
import { CheckoutSection } from './checkout-section';

afterEach(cleanup);

const method = { code: 'pix', name: 'PIX', type: 'pix', installmentsAllowed: false, maxInstallments: 1, requiredFields: [], savedCards: false };
async function renderCheckout() {
  const valuate = vi.fn(async ({ input }: { input: { discountCode?: string } }) =>
    monthlyValuation(input.discountCode ? { code: input.discountCode, applied: true } : undefined),
  );
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        checkAvailability: fromPromise(async () => ({ kind: 'available' })) as never,
        loadCart: fromPromise(async () => null) as never,
        loadMethods: fromPromise(async () => [method]) as never,
        valuate: fromPromise(valuate) as never,
      },
    }),
    { input: { planId: '1', currency: 'BRL', country: 'BR', defaultInstallments: 3, email: 'ana@mail.example' } },
  ).start();
  // No language switch here, so the section asks the server for no names (useNamesIn).
  const { api } = testApi(() => Promise.reject(new Error('no request expected')));
  const services = { api, queries: createQueryCache(), store: createSessionStore(localStorage) } as never;
  render(
    <ServicesProvider services={services}>
      <IntlProvider locale="en" messages={{}} onError={() => {}}>
        {/* The section links to the privacy and help pages (docs/decisions/048). */}
        <MemoryRouter>
          <CheckoutSection actorRef={actor} sandbox={false} />
        </MemoryRouter>
      </IntlProvider>
    </ServicesProvider>,
  );
  const field = await screen.findByLabelText('Discount code');
  const apply = (typed: string) => {
    fireEvent.change(field, { target: { value: typed } });
    fireEvent.submit(field.closest('form')!);
  };
  const notice = () => field.closest('form')!.querySelector('[role="alert"]')?.textContent ?? null;
  return { actor, valuate, apply, notice };
}

describe('the discount code field', () => {
  it.each(['"><svg/onload=alert(1)>', "O'BRIEN", 'CÓDIGO', 'X'.repeat(33)])('refuses %j as an invalid coupon without sending it', async (typed) => {
    const { valuate, apply, notice } = await renderCheckout();
    apply(typed);
    await waitFor(() => expect(notice()).toBe('Invalid coupon'));
    expect(valuate).toHaveBeenCalledTimes(1);
  });

  it('sends a well-shaped code without its spaces, and clears the refusal', async () => {
    const { valuate, apply, notice } = await renderCheckout();
    apply('<b>');
    await waitFor(() => expect(notice()).toBe('Invalid coupon'));
    apply(' BEM VINDO10 ');
    await waitFor(() => expect(valuate).toHaveBeenCalledTimes(2));
    expect(valuate.mock.lastCall?.[0].input.discountCode).toBe('BEMVINDO10');
    await waitFor(() => expect(notice()).toBeNull());
  });

  it('sends nothing for an empty field and asks for a code (spec section 5), until something is typed', async () => {
    const { valuate, apply, notice } = await renderCheckout();
    apply('   ');
    await waitFor(() => expect(notice()).toBe('Enter coupon code to continue'));
    expect(screen.getByLabelText('Discount code').getAttribute('aria-invalid')).toBe('true');
    expect(valuate).toHaveBeenCalledTimes(1);
    fireEvent.input(screen.getByLabelText('Discount code'), { target: { value: 'B' } });
    await waitFor(() => expect(notice()).toBeNull());
  });

  it('offers Remove only once the server applied the code', async () => {
    let answer: (v: unknown) => void = () => {};
    const { valuate, apply } = await renderCheckout();
    valuate.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)) as never);
    apply('BEMVINDO10');
    const applying = await screen.findByRole('button', { name: 'Applying…' });
    expect((applying as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    answer(monthlyValuation({ code: 'BEMVINDO10', applied: true }));
    expect(await screen.findByRole('button', { name: 'Remove' })).toBeTruthy();
  });
});
