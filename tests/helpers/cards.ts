// Sandbox card numbers by what the network does with them (core/config/sandbox-cards.ts).
export const VISA_OK = '4242424242424242';
export const MASTER_OK = '5555555555554444';
export const DECLINED = '4000000000000002';

/** A card as the pay call takes it: `number`, valid until December 2030, security code 123. */
export const testCard = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  holder: 'Rui Lima',
  ...extra,
});
