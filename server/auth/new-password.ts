import type { Clock } from '../clock';
import type { Queryable } from '../db/database';
import type { Outbox } from '../mail/outbox';
import { setPasswordHash } from '../repositories/account-repository';
import { noticeAddress, type AccountRecord } from './accounts';
import type { Codes } from './codes';
import { retireEmailTokens } from './email-tokens';
import type { Lockout } from './lockout';
import type { SessionService } from './sessions';

/**
 * The new password is in place: lockout and must-reset cleared, live codes and reset links
 * spent, sessions ended (all, or all but the caller's), and the owner told.
 */
export function createPasswordSetter(deps: { clock: Clock; lockout: Lockout; codes: Codes; sessions: SessionService; outbox: Outbox }) {
  const { clock, lockout, codes, sessions, outbox } = deps;
  return async function setPassword(
    tx: Queryable,
    account: AccountRecord,
    passwordHash: string,
    how: { reason: 'password_reset' | 'password_changed'; keepSessionId?: number; confirmsEmail: boolean },
  ): Promise<void> {
    const now = new Date(clock.now());
    await setPasswordHash(tx, account.uid, passwordHash, how.confirmsEmail, now);
    await lockout.clear(tx, account.uid);
    await codes.burnAll(tx, account.uid);
    await retireEmailTokens(tx, account.uid, 'resetPassword', now.getTime());
    await sessions.revokeAllOf(tx, account.uid, how.reason, how.keepSessionId);
    const to = noticeAddress(account);
    if (to)
      await outbox.send(tx, { accountUid: account.uid, ...to, lang: account.language, template: 'passwordChanged', params: { nickname: account.nickname } });
  };
}
export type SetPassword = ReturnType<typeof createPasswordSetter>;
