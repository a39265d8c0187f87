import { useIntl } from 'react-intl';
import { validationMessages } from '../../core/i18n/validation-messages';

const byId: ReadonlyMap<string, (typeof validationMessages)[keyof typeof validationMessages]> = new Map(
  Object.values(validationMessages).map((d) => [d.id, d]),
);

/** A field's validation message: the zod schemas report catalogue ids (core/validation/schemas.ts). */
export function FieldError({ id, messageId }: { id: string; messageId: string | undefined }) {
  const intl = useIntl();
  if (!messageId) return null;
  const descriptor = byId.get(messageId);
  return (
    <span id={id} className="field-error" role="alert">
      {descriptor ? intl.formatMessage(descriptor) : messageId}
    </span>
  );
}
