import { findAccountByUid, noticeAddress } from '../auth/accounts';
import { createLockout, LOCKED } from '../auth/lockout';
import { ApiRefusal } from '../errors';
import { cancelDeclinedOrders } from '../billing/settlement';
import { defineHandlers } from '../openapi/bind';
import { deletionBlocker, eraseAccount, personalData } from '../repositories/personal-data-repository';
import type { ServerServices } from '../services';

/** The project's codes for "Delete my account" (docs/decisions/061). */
export const PersonalDataErr = { wrongPassword: 8701, noPassword: 8702, paymentPending: 8703, refundOpen: 8704 } as const;

/** The catalogue's -24020: a session that is not (or no longer) one, as after a logout. */
const SESSION_INVALID = -24020;

/**
 * "Download my data" and "Delete my account" in settings (docs/decisions/061, LGPD art. 18): the
 * export as JSON and as a PDF, and the deletion after the account's password.
 */
export function personalDataHandlers(services: ServerServices) {
  const { db, clock, sessions, hasher, outbox, site } = services;
  const lockout = createLockout(db, clock);

  /** The caller's data; a deleted account has none left, so its (ended) session is refused like any ended one. */
  async function ownData(ctx: Parameters<typeof sessions.authenticate>[0]) {
    const { accountUid } = await sessions.authenticate(ctx);
    const data = await personalData(db, accountUid, clock.now());
    if (!data) throw new ApiRefusal(SESSION_INVALID, 401, 'account deleted');
    return data;
  }

  return defineHandlers({
    async getPersonalData({ ctx, reply }) {
      const data = await ownData(ctx);
      reply.header('Cache-Control', 'private, no-store');
      return data;
    },

    async getPersonalDataPdf({ ctx, reply }) {
      const data = await ownData(ctx);
      const theme = await site.brand();
      // pdf-lib loads with the first document, as for the receipt, not at start.
      const { personalDataPdf } = await import('../privacy/personal-data-pdf');
      const bytes = await personalDataPdf(data, { name: theme?.name ?? '', ...(theme?.color ? { color: theme.color } : {}) }, ctx.lang);
      reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="personal-data-${data.profile.uid}.pdf"`)
        .header('Cache-Control', 'private, no-store');
      return bytes;
    },

    /**
     * 8702 without a password, 8701 a wrong one (counted by the log-in's lockout: 17 once locked),
     * 8703 an order awaiting payment, 8704 an open refund or chargeback; else everything at once.
     */
    async deleteAccount({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const account = await findAccountByUid(db, accountUid);
      if (!account) throw new ApiRefusal(SESSION_INVALID, 401);
      if (!account.passwordHash) throw new ApiRefusal(PersonalDataErr.noPassword);
      const reservation = await lockout.reserve(accountUid, 'password', ctx.ip);
      let ok: boolean;
      try {
        ok = await hasher.verify(account.passwordHash, body.password);
      } catch (error) {
        await lockout.forgive(reservation);
        throw error;
      }
      if (!ok) throw new ApiRefusal((await lockout.confirm(accountUid, reservation)) ? LOCKED : PersonalDataErr.wrongPassword);
      await lockout.clearFailures(db, accountUid);

      await db.transaction(async (tx) => {
        // Locked first: a payment started in another tab waits, then finds no account to charge.
        const locked = await findAccountByUid(tx, accountUid, { forUpdate: true });
        if (!locked) throw new ApiRefusal(SESSION_INVALID, 401);
        const blocker = await deletionBlocker(tx, accountUid);
        if (blocker) throw new ApiRefusal(PersonalDataErr[blocker]);
        const to = noticeAddress(locked);
        // Nobody can pay its declined orders any more: they close as any order does, so an
        // upgrade's credit goes back in the ledger (docs/decisions/069).
        await cancelDeclinedOrders(tx, accountUid, 'account_deleted', clock.now());
        await eraseAccount(tx, accountUid, clock.now());
        // Written after the erasure and tied to no account, so the erasure keeps it; the outbox
        // blanks its address once it is delivered (server/mail/outbox.ts).
        if (to) await outbox.send(tx, { accountUid: null, ...to, lang: locked.language, template: 'accountDeleted', params: { nickname: locked.nickname } });
      });
      return null;
    },
  });
}
