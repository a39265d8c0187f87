// Comparison of the message ids of two language files (formatjs "simple" format), shared by the
// compile script and the tests. Pure.

import { mailMessages, receiptDocumentMessages, personalDataDocumentMessages, receiptLabelMessages, receiptMailMessages } from './mail-messages';
import { personalDataHistoryMessages } from './personal-data-messages';
import { paymentTipMessages } from './server-messages';
import { slipDocumentMessages } from './slip-messages';

interface Descriptor {
  id: string;
}
const idsOf = (table: object): string[] =>
  Object.values(table).flatMap((entry: Descriptor | object) => ('id' in entry && typeof entry.id === 'string' ? [entry.id] : idsOf(entry)));

/**
 * The catalogue's texts only the server sends (emails, SMS, the receipt, slip and personal data PDFs, payment tips): kept in
 * the one catalogue so every language file has them, but left out of the app's compiled messages,
 * which the browser downloads (docs/decisions/038).
 */
export const serverOnlyMessageIds: ReadonlySet<string> = new Set(
  [
    mailMessages,
    receiptMailMessages,
    receiptLabelMessages,
    receiptDocumentMessages,
    personalDataDocumentMessages,
    slipDocumentMessages,
    personalDataHistoryMessages,
    paymentTipMessages,
  ].flatMap(idsOf),
);

export interface IdMismatch {
  /** Ids the reference (en.json) has and the other file lacks. */
  missing: string[];
  /** Ids the other file has and the reference lacks. */
  extra: string[];
}

export function compareMessageIds(reference: Record<string, unknown>, other: Record<string, unknown>): IdMismatch {
  const referenceIds = new Set(Object.keys(reference));
  const otherIds = new Set(Object.keys(other));
  return {
    missing: [...referenceIds].filter((id) => !otherIds.has(id)).sort(),
    extra: [...otherIds].filter((id) => !referenceIds.has(id)).sort(),
  };
}
