import { useEffect } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { defineMessages, useIntl } from 'react-intl';
import { FieldError } from './field-error';

const m = defineMessages({
  answer: { id: 'captcha.answer', defaultMessage: 'Characters in the image', description: 'Label of the captcha answer field' },
  image: { id: 'captcha.image', defaultMessage: 'Security image with 5 characters', description: 'Alternative text of the captcha image' },
  refresh: { id: 'captcha.refresh', defaultMessage: 'New image', description: 'Button that shows another captcha image' },
});

/**
 * The image the server asked for (-3034) with its answer field, in any form that sends something
 * on the user's word (docs/decisions/006). The image is an SVG of paths, shown as a data URL so it
 * cannot run anything.
 */
export function CaptchaField({
  id,
  svg,
  busy,
  error,
  field,
  onRefresh,
  clear,
}: {
  id: string;
  svg: string;
  busy: boolean;
  error: string | undefined;
  field: UseFormRegisterReturn;
  onRefresh(): void;
  /** Empties the answer: each new image (a refresh, or a wrong answer's replacement) needs its own. */
  clear(): void;
}) {
  const intl = useIntl();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => clear(), [svg]);
  return (
    <div className="captcha stack">
      <img className="captcha-image" alt={intl.formatMessage(m.image)} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} />
      <button type="button" className="button button-secondary" onClick={onRefresh} disabled={busy}>
        {intl.formatMessage(m.refresh)}
      </button>
      <label className="field" htmlFor={id}>
        <span>{intl.formatMessage(m.answer)}</span>
        <input id={id} type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...field} />
        <FieldError id={`${id}-error`} messageId={error} />
      </label>
    </div>
  );
}
