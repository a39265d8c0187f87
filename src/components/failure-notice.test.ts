// What a form says when its call failed outside its flow's business answers (docs/decisions/040):
// never silent for a code nobody else announced, never the toast's text a second time.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/api/api-error';
import { errorMessageFor, errorMessages } from '../../core/i18n/error-messages';
import { failureMessage } from './failure-notice';

describe('failureMessage', () => {
  it('says a code the client handed back untold (5000, or an expected refusal) with its catalogue message', () => {
    expect(failureMessage(new ApiError({ kind: 'refusal', errCode: 5000, handled: false, outcome: 'passThrough' }))).toBe(errorMessageFor(5000));
    expect(failureMessage(new ApiError({ kind: 'refusal', errCode: 3, handled: false, outcome: 'passThrough' }))).toBe(errorMessageFor(3));
  });

  it('says only that the form was not sent when a toast already said why', () => {
    const notSent = failureMessage(new ApiError({ kind: 'network', handled: true }));
    expect(notSent?.id).toBe('failure.notSent');
    expect(failureMessage(new ApiError({ kind: 'timeout', handled: true }))).toBe(notSent);
    expect(failureMessage(new ApiError({ kind: 'unexpected', errCode: -2499, handled: true }))).toBe(notSent);
    expect(failureMessage(new ApiError({ kind: 'refusal', errCode: 1003, handled: true, outcome: 'toast' }))).toBe(notSent);
  });

  it('says nothing for a cancelled call or one the client answered by leaving the page or the session', () => {
    expect(failureMessage(undefined)).toBeNull();
    expect(failureMessage(new ApiError({ kind: 'aborted', handled: true }))).toBeNull();
    expect(failureMessage(new ApiError({ kind: 'refusal', errCode: -24020, handled: true, outcome: 'silentReset' }))).toBeNull();
    expect(failureMessage(new ApiError({ kind: 'refusal', errCode: 6001, handled: true, outcome: 'notFound' }))).toBeNull();
  });

  it('says something went wrong for a failure that is not a call’s', () => {
    expect(failureMessage(new TypeError('x is undefined'))).toBe(errorMessages.unknown);
  });
});
