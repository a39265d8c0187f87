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
