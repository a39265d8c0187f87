import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { components } from '../../../openapi/schema';
import { z } from 'zod/mini';
import type { PayDetails, PaymentMethod } from '../../../machines/payment/payment.types';
import { FieldError } from '../../components/field-error';
import { RefusalNotice } from '../../components/refusal-notice';
import { sandboxCards } from '../../../core/config/sandbox-cards';
import { refusalMessage } from '../../components/refusal-message';
import { cardSchema, cpfSchema, V, zipcodeSchema } from '../../../core/validation/schemas';

const m = defineMessages({
  cardNumber: { id: 'payment.card.number', defaultMessage: 'Card number', description: 'Label of the card number field' },
  cardExpiry: { id: 'payment.card.expiry', defaultMessage: 'Expiry (MM/YY)', description: 'Label of the card expiry field' },
  cardCvc: { id: 'payment.card.cvc', defaultMessage: 'Security code', description: 'Label of the card security code (CVC) field' },
  cardHolder: { id: 'payment.card.holder', defaultMessage: 'Name on the card', description: 'Label of the card holder field' },
  cardSave: { id: 'payment.card.save', defaultMessage: 'Save this card for next time and for auto-renewal', description: 'Checkbox: keep the card' },
  firstName: { id: 'payment.payer.firstName', defaultMessage: 'First name', description: 'Payer field' },
  lastName: { id: 'payment.payer.lastName', defaultMessage: 'Last name', description: 'Payer field' },
  cpf: { id: 'payment.payer.cpf', defaultMessage: 'CPF or CNPJ', description: 'Payer field: Brazilian tax id, typed with or without its dots and dash' },
  birthday: { id: 'payment.payer.birthday', defaultMessage: 'Date of birth', description: 'Payer field' },
  areaCode: { id: 'payment.payer.areaCode', defaultMessage: 'Country code', description: 'Payer field: phone country code, e.g. 55' },
  phone: { id: 'payment.payer.phone', defaultMessage: 'Phone number', description: 'Payer field: phone without the country code' },
  zipcode: {
    id: 'payment.payer.zipcode',
    defaultMessage: 'CEP (Brazilian postal code)',
    description: 'Payer field: Brazilian postal code, typed with or without its dash',
  },
  state: { id: 'payment.payer.state', defaultMessage: 'State', description: 'Payer field' },
  city: { id: 'payment.payer.city', defaultMessage: 'City', description: 'Payer field' },
  street: { id: 'payment.payer.street', defaultMessage: 'Street', description: 'Payer field' },
  streetNumber: { id: 'payment.payer.streetNumber', defaultMessage: 'Number', description: 'Payer field: street number' },
  idType: { id: 'payment.payer.idType', defaultMessage: 'ID type', description: 'Payer field: kind of identity document' },
  idNumber: { id: 'payment.payer.idNumber', defaultMessage: 'ID number', description: 'Payer field: identity document number' },
  operator: { id: 'payment.wallet.operator', defaultMessage: 'Mobile money operator', description: 'Label of the mobile money operator chooser' },
  submitting: { id: 'payment.submitting', defaultMessage: 'Processing your payment…', description: 'Shown while the payment is sent to the provider' },
  coin: { id: 'payment.crypto.choose', defaultMessage: 'Coin', description: 'Label of the coin chooser before paying with crypto' },
  savedCard: { id: 'payment.card.saved', defaultMessage: 'Pay with', description: 'Legend of the chooser between saved cards and a new card' },
  newCard: { id: 'payment.card.new', defaultMessage: 'A new card', description: 'Choice: pay with a card not saved yet' },
  sandboxTitle: {
    id: 'payment.sandbox.title',
    defaultMessage: 'Sandbox test cards',
    description: 'Heading of the list of test card numbers (sandbox mode only)',
  },
  sandboxHint: { id: 'payment.sandbox.hint', defaultMessage: 'Any future expiry and any 3-digit code.', description: 'How to use the sandbox test cards' },
  approved: { id: 'payment.sandbox.approved', defaultMessage: 'Payment succeeds', description: 'Sandbox test card outcome' },
  answerLost: {
    id: 'payment.sandbox.answerLost',
    defaultMessage: 'Charged, but the answer is lost: the order is settled a minute later',
    description: 'Sandbox test card outcome',
  },
});

type PayerField = PaymentMethod['requiredFields'][number];
const payerLabels: Record<PayerField, MessageDescriptor> = {
  firstName: m.firstName,
  lastName: m.lastName,
  cpf: m.cpf,
  birthday: m.birthday,
  areaCode: m.areaCode,
  phone: m.phone,
  zipcode: m.zipcode,
  state: m.state,
  city: m.city,
  street: m.street,
  streetNumber: m.streetNumber,
  idType: m.idType,
  idNumber: m.idNumber,
};
const digitsOnly = z.string().check(z.regex(/^[0-9]+$/, V.required));
const payerRules: Partial<Record<PayerField, z.ZodMiniType<string>>> = {
  cpf: cpfSchema,
  zipcode: zipcodeSchema,
  areaCode: digitsOnly.check(z.minLength(1, V.required), z.maxLength(4, V.areaCodeTooLong)),
  phone: digitsOnly.check(z.minLength(4, V.required)),
  birthday: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, V.required)),
};

export type SavedCard = components['schemas']['Card'];

/** The words of a payment on its way, for whatever stands in while it is sent. */
export const submittingMessage = m.submitting;

const cardLabel = defineMessage<{ readonly brand: string; readonly last4: string; readonly month: string; readonly year: number }>({
  id: 'payment.card.savedLabel',
  defaultMessage: '{brand} ending in {last4}, expires {month}/{year}',
  description: 'A saved card in the chooser: its brand, last 4 digits and expiry',
});

interface FormValues {
  /** A saved card's id, or '' for a new card. */
  savedCardId?: string;
  number?: string;
  expiry?: string;
  cvc?: string;
  holder?: string;
  save?: boolean;
  payer: Partial<Record<PayerField, string>>;
  operator?: string;
  coin?: string;
}

/** The zod schema of what the chosen method needs: the card (spec section 5), the payer's fields. */
function schemaFor(method: PaymentMethod) {
  const payer = z.object(Object.fromEntries(method.requiredFields.map((f) => [f, payerRules[f] ?? z.string().check(z.trim(), z.minLength(1, V.required))])));
  const text = z.optional(z.string());
  const base = z.object({ payer, operator: text, coin: text, save: z.optional(z.boolean()) });
  if (method.type !== 'card') return base;
  return z.extend(base, { savedCardId: text, number: text, expiry: text, cvc: text, holder: text }).check(
    z.superRefine((v, ctx) => {
      // A saved card needs nothing typed: its token is at the provider (docs/decisions/009).
      if (v.savedCardId) return;
      const [mm, yy] = (v.expiry ?? '').split('/').map((p) => p.trim());
      const parsed = cardSchema().safeParse({
        number: v.number ?? '',
        expMonth: mm,
        expYear: yy ? `20${yy.slice(-2)}` : '',
        cvc: v.cvc ?? '',
        holder: v.holder ?? '',
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({
            code: 'custom',
            message: issue.message,
            path: [issue.path[0] === 'expMonth' || issue.path[0] === 'expYear' ? 'expiry' : String(issue.path[0])],
          });
      }
    }),
  );
}

/** The card, payer, wallet or coin fields of a method, turned into the pay call's details. */
export function MethodForm({
  method,
  sandbox,
  busy,
  paying = false,
  refusal,
  submitLabel,
  onSubmit,
  savedCards = [],
}: {
  method: PaymentMethod;
  sandbox: boolean;
  busy: boolean;
  /** The payment is on its way: the button spins and says so, the form stays as typed. */
  paying?: boolean;
  /** Why the last attempt was refused: said beside the button, until the customer changes the form. */
  refusal?: number;
  submitLabel: string;
  onSubmit(details: PayDetails): void;
  /** The account's saved cards (card methods that take them): the default one is preselected. */
  savedCards?: SavedCard[];
}) {
  const intl = useIntl();
  const usable = method.type === 'card' && method.savedCards ? savedCards : [];
  const defaultCardId = (usable.find((c) => c.isDefault) ?? usable[0])?.id ?? '';
  const resolver = useMemo(() => zodResolver(schemaFor(method) as never) as unknown as Resolver<FormValues>, [method]);
  const form = useForm<FormValues>({
    resolver,
    defaultValues: { payer: {}, save: false, operator: method.mobileMoneyOperators?.[0], coin: method.coins?.[0], savedCardId: defaultCardId },
  });
  const savedCardId = form.watch('savedCardId');
  // The saved cards are read as the page opens and may arrive after the form is drawn: the default
  // one is chosen when they do, as if it had been there first, unless a new card is typed already.
  useEffect(() => {
    if (!defaultCardId || form.getValues('savedCardId')) return;
    if ((['number', 'expiry', 'cvc', 'holder'] as const).some((name) => form.getValues(name))) return;
    form.setValue('savedCardId', defaultCardId);
  }, [defaultCardId, form]);
  // A refusal answers the last attempt: once the customer changes what they typed it is old news,
  // and it must not sit beside the next attempt's own errors.
  const [edited, setEdited] = useState(false);
  useEffect(() => setEdited(false), [refusal]);
  const errors = form.formState.errors as Record<string, { message?: string } | Record<string, { message?: string }> | undefined>;
  const fieldError = (name: string) => (errors[name] as { message?: string } | undefined)?.message;
  const payerError = (name: string) => (errors.payer as Record<string, { message?: string }> | undefined)?.[name]?.message;

  const submit = form.handleSubmit((v) => {
    const payer = Object.fromEntries(Object.entries(v.payer).filter(([, value]) => value)) as PayDetails['payer'];
    const [mm, yy] = (v.expiry ?? '').split('/').map((part: string) => part.trim());
    onSubmit({
      ...(method.type === 'card'
        ? v.savedCardId
          ? { card: { savedCardId: v.savedCardId } }
          : {
              card: {
                number: (v.number ?? '').replace(/\s+/g, ''),
                expMonth: Number(mm),
                expYear: 2000 + Number(yy?.slice(-2)),
                cvc: v.cvc ?? '',
                holder: (v.holder ?? '').trim(),
                save: Boolean(v.save),
              },
            }
        : {}),
      ...(method.requiredFields.length > 0 ? { payer } : {}),
      ...(method.type === 'mobile_money' && v.operator
        ? { mobileMoney: { operator: v.operator as never, phone: v.payer.phone ?? '', ...(v.payer.areaCode ? { areaCode: v.payer.areaCode } : {}) } }
        : {}),
      ...(method.type === 'crypto' && v.coin ? { crypto: { coin: v.coin as never } } : {}),
    });
  });

  const input = (name: 'number' | 'expiry' | 'cvc' | 'holder', label: MessageDescriptor, props: Record<string, string> = {}) => (
    <div className="field">
      <label htmlFor={`pay-${name}`}>{intl.formatMessage(label)}</label>
      <input id={`pay-${name}`} {...form.register(name)} aria-invalid={Boolean(fieldError(name))} aria-describedby={`pay-${name}-error`} {...props} />
      <FieldError id={`pay-${name}-error`} messageId={fieldError(name)} />
    </div>
  );

  return (
    <form className="stack" onSubmit={(e) => void submit(e)} onChange={() => setEdited(true)} noValidate aria-label={method.name}>
      {usable.length > 0 ? (
        <fieldset className="methods">
          <legend>{intl.formatMessage(m.savedCard)}</legend>
          {usable.map((c) => (
            <label key={c.id} className="method">
              <input type="radio" value={c.id} {...form.register('savedCardId')} />{' '}
              {intl.formatMessage(cardLabel, { brand: c.brand.toUpperCase(), last4: c.last4, month: String(c.expMonth).padStart(2, '0'), year: c.expYear })}
            </label>
          ))}
          <label className="method">
            <input type="radio" value="" {...form.register('savedCardId')} /> {intl.formatMessage(m.newCard)}
          </label>
        </fieldset>
      ) : null}
      {method.type === 'card' && !savedCardId ? (
        <>
          {input('number', m.cardNumber, { inputMode: 'numeric', autoComplete: 'cc-number' })}
          <div className="field-row">
            {input('expiry', m.cardExpiry, { autoComplete: 'cc-exp', placeholder: 'MM/YY' })}
            {input('cvc', m.cardCvc, { inputMode: 'numeric', autoComplete: 'cc-csc' })}
          </div>
          {input('holder', m.cardHolder, { autoComplete: 'cc-name' })}
          <label className="checkbox">
            <input type="checkbox" {...form.register('save')} /> {intl.formatMessage(m.cardSave)}
          </label>
        </>
      ) : null}
      {method.type === 'mobile_money' && method.mobileMoneyOperators ? (
        <div className="field">
          <label htmlFor="pay-operator">{intl.formatMessage(m.operator)}</label>
          <select id="pay-operator" {...form.register('operator')}>
            {method.mobileMoneyOperators.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {method.type === 'crypto' && method.coins ? (
        <div className="field">
          <label htmlFor="pay-coin">{intl.formatMessage(m.coin)}</label>
          <select id="pay-coin" {...form.register('coin')}>
            {method.coins.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {method.requiredFields.map((f) => (
        <div className="field" key={f}>
          <label htmlFor={`pay-payer-${f}`}>{intl.formatMessage(payerLabels[f])}</label>
          <input
            id={`pay-payer-${f}`}
            type={f === 'birthday' ? 'date' : 'text'}
            {...form.register(`payer.${f}`)}
            aria-invalid={Boolean(payerError(f))}
            aria-describedby={`pay-payer-${f}-error`}
          />
          <FieldError id={`pay-payer-${f}-error`} messageId={payerError(f)} />
        </div>
      ))}
      <RefusalNotice code={edited ? null : (refusal ?? null)} takeFocus />
      <button type="submit" className="button pay-button" disabled={busy || paying} aria-describedby={paying ? 'pay-progress' : undefined}>
        {paying ? <span className="spinner" aria-hidden="true" /> : null}
        {submitLabel}
      </button>
      {paying ? (
        <p id="pay-progress" role="status" className="muted">
          {intl.formatMessage(m.submitting)}
        </p>
      ) : null}
      {sandbox && method.type === 'card' ? <SandboxCards /> : null}
    </form>
  );
}

/** In sandbox mode the payment page lists the test numbers and what each does (docs/payments.md). */
function SandboxCards() {
  const intl = useIntl();
  return (
    <details className="sandbox-cards">
      <summary>{intl.formatMessage(m.sandboxTitle)}</summary>
      <p className="muted">{intl.formatMessage(m.sandboxHint)}</p>
      <ul>
        {sandboxCards.map((c) => (
          <li key={c.number}>
            <code>{c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> —{' '}
            {c.outcome.kind === 'approved'
              ? intl.formatMessage(m.approved)
              : c.outcome.kind === 'answer_lost'
                ? intl.formatMessage(m.answerLost)
                : intl.formatMessage(refusalMessage(intl, c.outcome.errCode))}
          </li>
        ))}
      </ul>
    </details>
  );
}
