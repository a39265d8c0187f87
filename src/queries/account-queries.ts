import type { components } from '../../openapi/schema';
import type { Api } from '../../core/api/client';
import type { Language } from '../../core/i18n/languages';
import type { QueryCache } from './query-cache';
import { useMutation } from './use-mutation';
import { useQuery } from './use-query';

type Schemas = components['schemas'];
export type Order = Schemas['Order'];
export type OrderPage = Schemas['OrderPage'];

/** Who the account calls are for: the stored session's userInfo (spec section 7, queryInfo's body). */
export interface AccountIdentity {
  uid: string;
  account: string;
  type: Schemas['AccountType'];
}

/** The orders one page of the list holds (the contract's default). */
export const ORDERS_PAGE_SIZE = 10;

/**
 * Every account read is keyed under `account:<uid>`, so one account's data never shows for
 * another, and `invalidateAccount` forgets all of it at once.
 */
const accountKey = (uid: string) => `account:${uid}`;

/** Forgets the account's cached reads: views showing them fetch them again, the others on their next visit. */
export const invalidateAccount = (queries: QueryCache, uid: string) => queries.invalidate(accountKey(uid));
/** The account info alone (its device list), in every language, after devices were signed out. */
export const invalidateAccountInfo = (queries: QueryCache, uid: string) => queries.invalidate(`${accountKey(uid)}:info`);

/** The account screen's info and the last 5 devices; per language, as the plan name is. */
export const useAccountInfo = ({ uid, account, type }: AccountIdentity, language: Language) =>
  useQuery(`${accountKey(uid)}:info:${language}`, ({ api }) => api.callData(api.client.POST('/api/user/queryInfo/v1', { body: { uid, account, type } })));

/**
 * The name the header shows (the nickname), keyed by the session's token: each session asks once,
 * and `retry` asks again (src/components/session-menu.tsx, when the tab is back in view).
 */
export const useAccountName = ({ uid, account, type, token }: AccountIdentity & { token: string }) =>
  useQuery(`accountName:${token}`, ({ api }) => api.callData(api.client.POST('/api/user/queryInfo/v1', { body: { uid, account, type } })));

/**
 * One page of the account's orders, newest first (the account screen and /stb-orders share it),
 * per language as the plan names in it are.
 */
export const useOrders = (uid: string, language: Language, page: number) =>
  useQuery(`${accountKey(uid)}:orders:${language}:${page}`, ({ api }) =>
    api.callData(api.client.POST('/api/bill/orders/v1', { body: { page, pageSize: ORDERS_PAGE_SIZE } })),
  );

/** Offer emails on or off (spec section 7: a GET that changes state); answers the status now. */
export const useOfferEmails = () =>
  useMutation(({ api }, subscribe: boolean) =>
    api.callData(api.client.GET('/api/user/marketing/campaign/subscription', { params: { query: { subscribeStatus: subscribe ? 1 : 0 } } })),
  );

/** The account's nickname (docs/decisions/021). */
export const useSetNickname = () => useMutation(({ api }, nickname: string) => api.callData(api.client.POST('/api/user/nickname/v1', { body: { nickname } })));

/**
 * Stores the language the account's e-mails and text messages are written in (docs/decisions/049).
 * Saved or not, the account's reads are forgotten, so settings shows what the server holds.
 */
export async function storeAccountLanguage(services: { api: Api; queries: QueryCache }, uid: string, language: Language) {
  const { api } = services;
  try {
    return await api.callData(api.client.POST('/api/user/language/v1', { body: { language } }));
  } finally {
    invalidateAccount(services.queries, uid);
  }
}

/** `storeAccountLanguage` for the settings page's own button. */
export const useSetAccountLanguage = (uid: string) => useMutation((services, language: Language) => storeAccountLanguage(services, uid, language));

/** The refusals a password change answers as part of its business (spec section 8), said in the form. */
const passwordRefusals = [3, 5, 17] as const;

/** A new password, given the current one; the other sessions end (docs/decisions/006). */
export const useChangePassword = () =>
  useMutation(({ api }, v: { oldPassword: string; password: string }) =>
    api.call(api.client.POST('/api/user/changePassword/v1', { body: { oldPassword: v.oldPassword, newPassword: v.password } }), { expect: passwordRefusals }),
  );
