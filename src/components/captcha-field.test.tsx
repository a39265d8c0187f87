// @vitest-environment jsdom
// A new captcha image (a refresh, or the replacement of a wrongly answered one) starts with an empty
// answer: the characters typed for the old image can only be wrong for the new one.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { CaptchaField } from './captcha-field';

afterEach(() => cleanup());

function Form({ svg }: { svg: string }) {
  const form = useForm({ defaultValues: { captcha: '' } });
  return (
    <IntlProvider locale="en" messages={{}}>
      <CaptchaField id="c" svg={svg} busy={false} error={undefined} field={form.register('captcha')} onRefresh={() => {}} clear={() => form.setValue('captcha', '')} />
    </IntlProvider>
  );
}

describe('CaptchaField', () => {
  it('shows the image as a data URL and empties the answer when the image changes', () => {
    const { rerender } = render(<Form svg="<svg>one</svg>" />);
    const answer = () => screen.getByLabelText('Characters in the image') as HTMLInputElement;
    expect(screen.getByRole('img', { name: 'Security image with 5 characters' }).getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg>one</svg>')}`);
    fireEvent.input(answer(), { target: { value: 'WRONG' } });
    rerender(<Form svg="<svg>one</svg>" />);
    expect(answer().value).toBe('WRONG');
    rerender(<Form svg="<svg>two</svg>" />);
    expect(answer().value).toBe('');
  });
});
