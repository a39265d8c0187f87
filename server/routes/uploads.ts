import { createHash, randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, PROOF_TYPES, type ProofType } from '../../core/config/uploads';
import type { FastifyInstance } from 'fastify';
import { openStatuses } from '../billing/order-status';
import { attachProof, loadLines, loadOrder, OrderErr, toOrder, transition } from '../billing/orders';
import { ApiRefusal, ErrCode } from '../errors';
import { defineHandlers } from '../openapi/bind';
import { lockAccount } from '../repositories/account-repository';
import { insertUpload, uploadOwner, uploadsSince } from '../repositories/upload-repository';
import type { ServerServices } from '../services';

/** Uploads an account may make in 24 hours: enough for retries, not for filling the database. */
export const MAX_UPLOADS_PER_DAY = 20;

/** Operation too frequent (spec section 8). */
const TOO_FREQUENT = -3031;

/**
 * The type a file really is, from its first bytes (its magic number), whatever its name or
 * declared type says: PNG's 8-byte signature, JPEG's SOI marker and a JFIF/EXIF/other segment,
 * PDF's `%PDF-` header.
 */
export function sniffUploadType(bytes: Uint8Array): ProofType | undefined {
  const starts = (sig: readonly number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return undefined;
}

const invalid = (detail: string) => new ApiRefusal(ErrCode.invalidRequest, 400, detail);

/** Multipart bodies for the upload operation: one file part, nothing else, at most 5 MiB. */
export async function registerUploads(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 64, headerPairs: 20 } });
}

/**
 * Proof of a bank transfer: the customer uploads the bank's receipt (POST /api/uploadObject/v1),
 * then attaches it to the order (POST /api/bill/order/upload/v1), which becomes SUBMITTED: the
 * transfer is reported and waits for the bank's statement, which settles it. Objects live in the
 * database (`uploads`), so every server process behind a balancer sees them.
 */
export function uploadHandlers(services: ServerServices) {
  const { db, clock, sessions } = services;

  return defineHandlers({
    async uploadObject({ ctx, request }) {
      const { accountUid } = await sessions.authenticate(ctx);
      if (!request.isMultipart()) throw invalid('an upload is multipart/form-data');
      let bytes: Buffer;
      let declared: string;
      try {
        const part = await request.file();
        if (!part || part.fieldname !== 'file') throw invalid('the file part is called "file"');
        declared = part.mimetype;
        // Refuses (RequestFileTooLargeError) past the limit instead of cutting the file short.
        bytes = await part.toBuffer();
        // …except when the chunk that crossed the limit was the last one read: the parser then
        // marks the stream truncated after its loop has checked, and hands over the cut file.
        if (part.file.truncated || bytes.length > MAX_UPLOAD_BYTES) throw invalid(`the file is over ${MAX_UPLOAD_BYTES} bytes`);
      } catch (error) {
        if (error instanceof ApiRefusal) throw error;
        throw invalid(`unreadable upload: ${(error as Error).message}`);
      }
      if (bytes.length === 0) throw invalid('the file is empty');
      const type = sniffUploadType(bytes);
      if (!type) throw invalid('only PNG, JPEG and PDF files are taken');
      // A declared type that is one of ours must be what the bytes are (a PNG sent as a PDF is refused).
      if ((PROOF_TYPES as readonly string[]).includes(declared) && declared !== type) throw invalid(`declared ${declared}, the bytes are ${type}`);

      const now = clock.now();
      const objectKey = `proofs/${accountUid}/${randomBytes(18)
        .toString('base64url')
        .replace(/[^A-Za-z0-9_-]/g, '')}`;
      await db.transaction(async (tx) => {
        // Serialises one account's uploads so the daily count cannot be raced past.
        await lockAccount(tx, accountUid);
        if ((await uploadsSince(tx, accountUid, now - 86_400_000)) >= MAX_UPLOADS_PER_DAY) throw new ApiRefusal(TOO_FREQUENT, 429, 'upload limit for the day');
        await insertUpload(tx, { objectKey, accountUid, contentType: type, bytes, sha256: createHash('sha256').update(bytes).digest('hex'), now });
      });
      return { objectKey, contentType: type, size: bytes.length };
    },

    /**
     * Attaches an uploaded proof to the caller's pending bank-transfer order, which becomes
     * SUBMITTED (reported, awaiting the bank). Attaching another proof to a SUBMITTED order
     * replaces it. 1001: not the caller's order, or not a transfer awaiting payment; 1040: no
     * such upload of the caller's.
     */
    async attachPaymentProof({ body, ctx }) {
      const { accountUid } = await sessions.authenticate(ctx);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const order = await loadOrder(tx, body.orderId, { forUpdate: true });
        if (!order || order.account_uid !== accountUid) throw new ApiRefusal(OrderErr.orderNotFound);
        const awaiting =
          order.payment_type === 'bank_transfer' && (order.status === 'PAYMENT_PENDING' || (order.status === 'SUBMITTED' && order.proof_key !== null));
        if (!awaiting || !openStatuses.includes(order.status))
          throw new ApiRefusal(OrderErr.orderNotFound, 200, `order ${order.id} is not a transfer awaiting payment`);
        if ((await uploadOwner(tx, body.objectKey)) !== accountUid) throw new ApiRefusal(OrderErr.paymentInfoNotFound, 200, 'no such upload of the caller');
        await attachProof(tx, order.id, body.objectKey);
        const withProof = { ...order, proof_key: body.objectKey };
        const submitted = order.status === 'SUBMITTED' ? withProof : await transition(tx, withProof, 'SUBMITTED', 'bank transfer reported with a proof', now);
        return toOrder(submitted, (await loadLines(tx, [order.id])).get(order.id) ?? []);
      });
    },
  });
}
