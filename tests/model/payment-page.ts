// What the checkout and repay screens walks do on the payment page: fill the method's form the way
// a customer types it and press Pay, and wait until a user event has reached the machine (the
// form submits asynchronously: react-hook-form validates first).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { PayDetails } from '../../machines/payment/payment.types';
import { payButton } from './payment-labels';

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

export function fillAndPay({ card, payer }: PayDetails) {
  if (card && 'number' in card) {
    type('Card number', card.number);
    type('Expiry (MM/YY)', `${card.expMonth}/${String(card.expYear).slice(-2)}`);
    type('Security code', card.cvc);
    type('Name on the card', card.holder);
  }
  if (payer?.firstName) type('First name', payer.firstName);
  if (payer?.lastName) type('Last name', payer.lastName);
  if (payer?.cpf) type('CPF or CNPJ', payer.cpf);
  fireEvent.click(screen.getByRole('button', { name: payButton }));
}

export function changeEmail(email: string) {
  const field = screen.getByLabelText('Email for the receipt');
  fireEvent.input(field, { target: { value: email } });
  fireEvent.blur(field);
}

/** Performs a user event on the page and waits until the machine took it, or says what the page showed. */
export async function performOnPage(type: string, seen: AnyMachineSnapshot[], act: () => Promise<void>) {
  const before = seen.length;
  await act();
  await waitFor(() => expect(seen.length).toBeGreaterThan(before)).catch((error: unknown) => {
    throw new Error(
      `${type} did not reach the machine; the page says: ${screen
        .queryAllByRole('alert')
        .map((a) => a.textContent)
        .join(' | ')}`,
      { cause: error },
    );
  });
}
