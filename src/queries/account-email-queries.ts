import { useMutation } from './use-mutation';
import { useQuery } from './use-query';

/**
 * Following a confirmation link: keyed by its token, so however often the view renders the link
 * is used once (a second use would answer 10302).
 */
export const useActivation = (token: string) =>
  useQuery(`activation:${token}`, ({ api }) => api.callData(api.client.POST('/api/site/active/user', { body: { token } })));

export const useEmailBinding = (token: string) =>
  useQuery(`bind-email:${token}`, ({ api }) => api.callData(api.client.POST('/api/site/bindEmailConfirmed', { body: { token } })));

export const useResendConfirmation = () =>
  useMutation(({ api }, email: string) => api.callData(api.client.POST('/api/site/resendConfirmation', { body: { email } })));

/**
 * Settings: a phone account asks for the binding link of an email to add (docs/decisions/042). Its
 * refusals (12 empty, 8 malformed, 187 taken, -3031 too soon) are the form's to say, beside its button.
 */
const BINDING_REFUSALS = [12, 8, 187, -3031];
export const useRequestEmailBinding = () =>
  useMutation(({ api }, email: string) => api.callData(api.client.POST('/api/user/bindEmail/v1', { body: { email } }), { expect: BINDING_REFUSALS }));
