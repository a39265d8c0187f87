// What the payment page calls its methods and payer fields in English, for the walks that find them
// by name: the screens walks (tests/model) and the browser walks (tests/browser).

/** The methods' names as the page shows them in English (server/db/migrations/008_billing.sql). */
export const methodNames: Record<string, string> = {
  card: 'Credit card',
  pix: 'PIX',
  boleto: 'Payment slip (boleto)',
  paypal: 'PayPal',
  bank_transfer: 'Bank transfer',
  ewallet: 'E-wallet',
  mobile_money: 'Mobile money',
  crypto: 'Crypto',
};

/** The payer fields' labels (src/screens/payment/method-form.tsx). */
export const payerLabels: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  cpf: 'CPF or CNPJ',
  birthday: 'Date of birth',
  areaCode: 'Country code',
  phone: 'Phone number',
  zipcode: 'CEP (Brazilian postal code)',
  state: 'State',
  city: 'City',
  street: 'Street',
  streetNumber: 'Number',
};

/**
 * The Pay button's name: "Pay" and what it charges ("Pay R$ 29.90", "Pay 6 × R$ 5.23"), or "Pay now"
 * where the amount is the provider's to say (an order paid again in instalments).
 */
export const payButton = /^Pay (now$|.*\d)/;
