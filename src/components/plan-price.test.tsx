// @vitest-environment jsdom
// A plan's price reads the same on the pricing table and the plan page: the list price struck
// through beside a lower price for this account, and the instalments when the plan splits.
import { cleanup, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { PlanPrice } from './plan-price';

afterEach(() => cleanup());

const show = (price: { currency: string; amount: number; originalAmount?: number }, installments: number) =>
  render(
    <IntlProvider locale="pt-BR" defaultLocale="en">
      <PlanPrice price={price} periodDays={30} installments={installments} />
    </IntlProvider>,
  ).container;

describe('PlanPrice', () => {
  it('strikes the list price through beside a lower one, said as "Before" to a screen reader', () => {
    const box = show({ currency: 'BRL', amount: 2490, originalAmount: 2990 }, 1);
    expect(box.querySelector('s')?.textContent).toBe('R$ 29,90');
    expect(box.querySelector('strong')?.textContent).toBe('R$ 24,90');
    expect(box.querySelector('.visually-hidden')?.textContent).toBe('Before ');
    expect(box.querySelector('.plan-installments')).toBeNull();
  });

  it('shows no struck price when there is no lower one, and the instalments when the plan splits', () => {
    const box = show({ currency: 'BRL', amount: 26990, originalAmount: 26990 }, 3);
    expect(box.querySelector('s')).toBeNull();
    expect(box.querySelector('.plan-installments')?.textContent).toBe('or 3x of R$ 89,97');
  });
});
