import type { components } from '../../openapi/schema';
import type { Language } from '../i18n/languages';
import type { QueryCache } from './query-cache';
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

/** The account screen's info and the last 5 devices; per language, as the plan name is. */
export const useAccountInfo = ({ uid, account, type }: AccountIdentity, language: Language) =>
  useQuery(`${accountKey(uid)}:info:${language}`, ({ api }) => api.callData(api.client.POST('/api/user/queryInfo/v1', { body: { uid, account, type } })));

/** One page of the account's orders, newest first (the account screen and /stb-orders share it). */
export const useOrders = (uid: string, page: number) =>
  useQuery(`${accountKey(uid)}:orders:${page}`, ({ api }) => api.callData(api.client.POST('/api/bill/orders/v1', { body: { page, pageSize: ORDERS_PAGE_SIZE } })));
