import { ApiRefusal } from '../errors';
import { defineHandlers } from '../openapi/bind';
import type { ServerServices } from '../services';

/** The project's code for a log-in that is not a running one of the account (docs/decisions/054). */
export const DevicesErr = { notSignedIn: 8101 } as const;

/**
 * Signing other devices out from the account page's device list (docs/decisions/054). Both act on
 * the session's own account only; the ended sessions answer -24020 on their next call.
 */
export function deviceHandlers(services: ServerServices) {
  const { db, sessions } = services;
  return defineHandlers({
    /** 8101 for an id that is not one of the account's running log-ins, another account's included. */
    async signOutDevice({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      if (!(await sessions.revokeDevice(db, accountUid, body.id))) throw new ApiRefusal(DevicesErr.notSignedIn);
      return null;
    },

    async signOutOtherDevices({ ctx }) {
      const { accountUid, sessionId } = await sessions.authenticate(ctx);
      return { signedOut: await sessions.revokeOthers(db, accountUid, sessionId) };
    },
  });
}
