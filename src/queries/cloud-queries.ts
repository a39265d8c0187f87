import type { components } from '../../openapi/schema';
import type { Language } from '../../core/i18n/languages';
import { useMutation } from './use-mutation';
import { useQuery } from './use-query';

type Schemas = components['schemas'];
export type CloudStorage = Schemas['CloudStorage'];
export type CloudRecording = Schemas['CloudRecording'];

/** Recordings one page of my cloud holds (the contract's default). */
export const CLOUD_PAGE_SIZE = 20;

/**
 * The account's cloud storage and one page of recordings (docs/decisions/023), per language as
 * the plan name is; under `account:<uid>`, so `invalidateAccount` forgets it after a delete.
 */
export const useCloudStorage = (uid: string, language: Language, page: number) =>
  useQuery(`account:${uid}:cloud:${language}:${page}`, ({ api }) =>
    api.callData(api.client.POST('/api/user/cloud/v1', { body: { page, pageSize: CLOUD_PAGE_SIZE } })),
  );

/** Deletes one recording; the caller then invalidates the account's reads. 8001 is toasted by the client's rules. */
export const useDeleteRecording = () =>
  useMutation(async ({ api }, id: string) => {
    await api.call(api.client.POST('/api/user/cloud/delete/v1', { body: { id } }));
    return id;
  });
