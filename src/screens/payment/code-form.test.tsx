// @vitest-environment jsdom
// The discount code field: a code no coupon can have is refused on the spot with the catalogue's
// "Invalid coupon" and never reaches the server, whose door would refuse the whole valuation.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeForm } from './checkout-section';

afterEach(cleanup);

function renderForm() {
  const onApply = vi.fn();
  render(
    <IntlProvider locale="en" messages={{}}>
      <CodeForm code={undefined} errCode={undefined} disabled={false} onApply={onApply} onRemove={() => {}} />
    </IntlProvider>,
  );
  const apply = (typed: string) => {
    fireEvent.change(screen.getByLabelText(/code/i), { target: { value: typed } });
    fireEvent.submit(screen.getByRole('button').closest('form')!);
  };
  return { onApply, apply };
}

describe('CodeForm', () => {
  it.each(['"><svg/onload=alert(1)>', "O'BRIEN", 'CÓDIGO', 'X'.repeat(33)])('refuses %j as an invalid coupon without sending it', (typed) => {
    const { onApply, apply } = renderForm();
    apply(typed);
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Invalid coupon');
  });

  it('sends a well-shaped code without its spaces, and clears the refusal', () => {
    const { onApply, apply } = renderForm();
    apply('<b>');
    expect(screen.getByRole('alert')).toBeTruthy();
    apply(' BEM VINDO10 ');
    expect(onApply).toHaveBeenCalledWith('BEMVINDO10');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('applies nothing and says nothing for an empty field', () => {
    const { onApply, apply } = renderForm();
    apply('   ');
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
