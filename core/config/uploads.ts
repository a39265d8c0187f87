/**
 * What a proof of payment may be (the contract's UploadObjectRequest): one rule for the server
 * that stores it and the file field that refuses a file before sending it.
 */
export const PROOF_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type ProofType = (typeof PROOF_TYPES)[number];

/** A proof of payment is at most 5 MiB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Whether a file the customer picked is one the server takes, by its declared type and size. */
export const isProofFile = (file: { type: string; size: number }): boolean =>
  (PROOF_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= MAX_UPLOAD_BYTES;
