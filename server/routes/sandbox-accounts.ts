// Removing an account, for test suites that make one per test and leave the database as they
// found it (e2e/fixtures.ts); and flagging one as a system upgrade leaves some accounts, to reset
// its password before buying (spec section 6, -2500), so that journey can be walked and shown.
// Only where demo content is on, which production never is
// (docs/decisions/035): no deployed portal, demo site or not, offers an unauthenticated way to
// delete a customer. Outside the contract, like the sandbox bank (tests/contract.test.ts exempts
// /api/sandbox/).
import type { FastifyInstance } from 'fastify';
import { findAccount, parseAccountIdentifier } from '../auth/accounts';
import { removeAccount, requirePasswordReset } from '../repositories/sandbox-account-repository';
import type { ServerServices } from '../services';

export function registerSandboxAccounts(app: FastifyInstance, services: ServerServices) {
  if (!services.config.demoContent) return;

  // `account` as the API's account field has it (an email, or a phone's digits with `areaCode`).
  app.delete<{ Params: { account: string }; Querystring: { areaCode?: string } }>('/api/sandbox/accounts/:account', async (request, reply) => {
    const account = await findAccount(services.db, parseAccountIdentifier(request.params.account, request.query.areaCode));
    if (!account || !(await removeAccount(services.db, account.uid))) return reply.status(404).send({ error: 'no such account' });
    return reply.status(204).send();
  });

  app.post<{ Params: { account: string }; Querystring: { areaCode?: string } }>(
    '/api/sandbox/accounts/:account/must-reset-password',
    async (request, reply) => {
      const account = await findAccount(services.db, parseAccountIdentifier(request.params.account, request.query.areaCode));
      if (!account) return reply.status(404).send({ error: 'no such account' });
      await requirePasswordReset(services.db, account.uid);
      return reply.status(204).send();
    },
  );
}
