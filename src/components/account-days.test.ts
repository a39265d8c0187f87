import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../core/i18n/lang/en.json';
import es from '../../core/i18n/lang/es.json';
import pt from '../../core/i18n/lang/pt.json';
import ru from '../../core/i18n/lang/ru.json';
import { accountDays, daysRemaining, MS_PER_DAY, runningPlanId, shownTimestamp } from './account-days';

const now = Date.UTC(2026, 0, 15, 12, 0, 0);
const HOUR = 3_600_000;

describe('remaining days (spec section 3, 86,400,000 ms a day)', () => {
  it('rounds the days left up', () => {
    expect(MS_PER_DAY).toBe(86_400_000);
    expect(daysRemaining(now + 30 * MS_PER_DAY, now)).toBe(30);
    expect(daysRemaining(now + 29 * MS_PER_DAY + 1, now)).toBe(30);
    expect(daysRemaining(now + MS_PER_DAY + HOUR, now)).toBe(2);
    expect(daysRemaining(now + 1, now)).toBe(1);
  });

  it('is 0 at and past the expiry', () => {
    expect(daysRemaining(now, now)).toBe(0);
    expect(daysRemaining(now - 1, now)).toBe(0);
    expect(daysRemaining(now - 40 * MS_PER_DAY, now)).toBe(0);
  });

  it('the text: expired (0 days), under one day, else the rounded-up days', () => {
    expect(accountDays(now - MS_PER_DAY, now)).toEqual({ kind: 'expired' });
    expect(accountDays(now, now)).toEqual({ kind: 'expired' });
    expect(accountDays(now + 1, now)).toEqual({ kind: 'underOneDay' });
    expect(accountDays(now + 23 * HOUR, now)).toEqual({ kind: 'underOneDay' });
    expect(accountDays(now + MS_PER_DAY - 1, now)).toEqual({ kind: 'underOneDay' });
    expect(accountDays(now + MS_PER_DAY, now)).toEqual({ kind: 'days', days: 1 });
    expect(accountDays(now + MS_PER_DAY + 1, now)).toEqual({ kind: 'days', days: 2 });
    expect(accountDays(now + 365 * MS_PER_DAY, now)).toEqual({ kind: 'days', days: 365 });
  });
});

describe('timestamps are shown only with 13 digits (spec section 9)', () => {
  it('takes millisecond timestamps, as numbers or digit strings', () => {
    expect(shownTimestamp(1767225600000)).toBe(1767225600000);
    expect(shownTimestamp('1767225600000')).toBe(1767225600000);
    expect(shownTimestamp(1_000_000_000_000)).toBe(1_000_000_000_000);
    expect(shownTimestamp(9_999_999_999_999)).toBe(9_999_999_999_999);
  });

  it('refuses seconds, other lengths, fractions, negatives and non-numbers', () => {
    for (const value of [
      1767225600,
      999_999_999_999,
      10_000_000_000_000,
      0,
      -1767225600000,
      1767225600000.5,
      '176722560000a',
      ' 1767225600000',
      '',
      null,
      undefined,
      NaN,
      {},
      true,
    ]) {
      expect(shownTimestamp(value), String(value)).toBeNull();
    }
  });
});

describe('the remaining-days text in the four languages (ICU plurals)', () => {
  const catalogues = { en, pt, es, ru };
  const say = (lang: keyof typeof catalogues) => {
    const intl = createIntl({ locale: lang, messages: catalogues[lang] });
    return (expiredTime: number) => {
      const d = accountDays(expiredTime, now);
      return intl.formatMessage({ id: 'account.remainingDays' }, { kind: d.kind, days: d.kind === 'days' ? d.days : 0 });
    };
  };
  const cases = [now - 1, now + HOUR, now + MS_PER_DAY, now + 2 * MS_PER_DAY, now + 5 * MS_PER_DAY, now + 21 * MS_PER_DAY];

  it.each([
    ['en', ['0 days', 'less than a day', '1 day', '2 days', '5 days', '21 days']],
    ['pt', ['0 dias', 'menos de um dia', '1 dia', '2 dias', '5 dias', '21 dias']],
    ['es', ['0 días', 'menos de un día', '1 día', '2 días', '5 días', '21 días']],
    ['ru', ['0 дней', 'меньше дня', '1 день', '2 дня', '5 дней', '21 день']],
  ] as const)('%s', (lang, expected) => {
    expect(cases.map(say(lang))).toEqual(expected);
  });
});

describe('the plan the account runs now', () => {
  it('is the plan while its expiry is ahead, and none once it passed, without a shown expiry or without a plan', () => {
    expect(runningPlanId({ planId: '1', expiredTime: now + HOUR }, now)).toBe('1');
    expect(runningPlanId({ planId: '1', expiredTime: now }, now)).toBeUndefined();
    expect(runningPlanId({ planId: '1', expiredTime: Math.floor((now + HOUR) / 1000) }, now)).toBeUndefined();
    expect(runningPlanId({ expiredTime: now + HOUR }, now)).toBeUndefined();
    expect(runningPlanId(undefined, now)).toBeUndefined();
  });
});
