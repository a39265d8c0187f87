import type { FastifyInstance } from 'fastify';
import { listCoupons } from '../billing/coupons';
import { ApiRefusal } from '../errors';
import { defineHandlers } from '../openapi/bind';
import { uidByEmail } from '../repositories/account-repository';
import { addSampleRecordings, cloudStorage, CLOUD_PAGE_SIZE, deleteRecording } from '../repositories/cloud-repository';
import type { ServerServices } from '../services';

/** The project's code for a recording that is not one of the account's (docs/decisions/023). */
export const CloudErr = { recordingNotFound: 8001 } as const;

/**
 * The coupons and my cloud screens (spec section 2, "other labelled screens"; docs/decisions/023).
 * Both read the session's own account only: nothing here takes an account id from the request.
 */
export function couponAndCloudHandlers(services: ServerServices) {
  const { db, clock, sessions } = services;
  return defineHandlers({
    async listCoupons({ ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return { items: await listCoupons(db, accountUid, ctx.lang, clock.now()) };
    },

    async getCloudStorage({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      return cloudStorage(db, { accountUid, lang: ctx.lang, now: clock.now(), page: body.page ?? 1, pageSize: body.pageSize ?? CLOUD_PAGE_SIZE });
    },

    /** 8001 for an id that is not one of the account's kept recordings, another account's included. */
    async deleteCloudRecording({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      if (!(await deleteRecording(db, { accountUid, id: body.id, now: clock.now() }))) throw new ApiRefusal(CloudErr.recordingNotFound);
      return null;
    },
  });
}

/**
 * Test-only (NODE_ENV=test): records sample programmes for an account by email, as the TV app's
 * recorder would, so browser tests can see a full cloud. Never registered outside tests.
 */
export function registerDevCloud(app: FastifyInstance, services: ServerServices) {
  if (app.config.env !== 'test') return;
  app.post<{ Body: { email?: unknown; count?: unknown } }>('/dev/cloud/recordings', async (request, reply) => {
    const email = typeof request.body?.email === 'string' ? request.body.email.toLowerCase() : '';
    const count = typeof request.body?.count === 'number' && Number.isInteger(request.body.count) ? Math.min(Math.max(request.body.count, 1), 50) : 6;
    const uid = await uidByEmail(services.db, email);
    if (uid === undefined) return reply.status(404).send({ error: 'no such account' });
    const made = await addSampleRecordings(services.db, uid, services.clock.now(), count);
    return { recordings: made.length };
  });
}
