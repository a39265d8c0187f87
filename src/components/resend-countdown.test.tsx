// @vitest-environment jsdom
// The resend countdown ticks once a second to the machine's deadline, in each language's plural
// forms, and never shows 0 (the machine's timer enables the resend button at that moment).
import { act, cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../core/i18n/lang/ru.json';
import { resendWait } from '../screens/login/login-messages';
import { ResendCountdown } from './resend-countdown';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('ResendCountdown', () => {
  it('counts down once a second and stops at 1', () => {
    render(
      <IntlProvider locale="en" messages={{}}>
        <ResendCountdown until={Date.now() + 3000} message={resendWait} />
      </IntlProvider>,
    );
    const text = () => screen.getByRole('timer').textContent;
    expect(text()).toBe('You can ask for a new code in 3 seconds.');
    tick(1000);
    expect(text()).toBe('You can ask for a new code in 2 seconds.');
    tick(1000);
    expect(text()).toBe('You can ask for a new code in 1 second.');
    tick(5000);
    expect(text()).toBe('You can ask for a new code in 1 second.');
  });

  it('uses the plural forms of the language (Russian: one, few, many)', () => {
    render(
      <IntlProvider locale="ru" messages={ru as never}>
        <ResendCountdown until={Date.now() + 22_000} message={resendWait} />
      </IntlProvider>,
    );
    const text = () => screen.getByRole('timer').textContent;
    expect(text()).toBe('Новый код можно запросить через 22 секунды.');
    tick(1000);
    expect(text()).toBe('Новый код можно запросить через 21 секунду.');
    tick(1000);
    expect(text()).toBe('Новый код можно запросить через 20 секунд.');
  });

  it('shown again later (after a wrong code), it goes on to the same deadline', () => {
    const until = Date.now() + 45_000;
    const shown = render(
      <IntlProvider locale="en" messages={{}}>
        <ResendCountdown until={until} message={resendWait} />
      </IntlProvider>,
    );
    tick(5000);
    shown.unmount();
    tick(10_000);
    render(
      <IntlProvider locale="en" messages={{}}>
        <ResendCountdown until={until} message={resendWait} />
      </IntlProvider>,
    );
    expect(screen.getByRole('timer').textContent).toBe('You can ask for a new code in 30 seconds.');
  });
});
