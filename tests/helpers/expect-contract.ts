import { expect } from 'vitest';
import { contractErrors } from './contract-check';

/** Expects a response to be what the contract says that operation answers with that status (vitest only). */
export function expectContract(method: 'get' | 'post', path: string, res: { status: number; body: unknown }) {
  expect(contractErrors(method, path, res.status, res.body)).toEqual([]);
}
