import { useState } from 'react';
import type { Api } from '../../core/api/client';
import { callPdf } from '../../core/api/pdf';
import { useMutation } from './use-mutation';
import { useQuery } from './use-query';

/** Refusals the receipt page says itself, where they belong, instead of a toast (docs/decisions/018). */
export const ORDER_NOT_FOUND = 1001;
export const PAYMENT_INFO_NOT_FOUND = 1040;

/**
 * One order with its lines (GET /api/bill/order/v1/{id}); 1001 (none, or not the caller's) passes
 * through. Read afresh each time a view opens it: an order seen unpaid may have been paid since.
 */
export function useOrder(orderId: string) {
  const [opened] = useState(() => Date.now());
  return useQuery(`order:${orderId}:${opened}`, ({ api }) =>
    api.callData(api.client.GET('/api/bill/order/v1/{id}', { params: { path: { id: orderId } } }), { expect: [ORDER_NOT_FOUND] }),
  );
}

/**
 * The service period a paid order bought (GET /api/bill/service/v1/{id}), its plan named in the
 * page's language; 1040 (not paid) and 1001 pass through.
 */
export const useOrderServicePeriod = (orderId: string, language: string) =>
  useQuery(`servicePeriod:${orderId}:${language}`, ({ api }) =>
    api.callData(api.client.GET('/api/bill/service/v1/{id}', { params: { path: { id: orderId } } }), { expect: [ORDER_NOT_FOUND, PAYMENT_INFO_NOT_FOUND] }),
  );

/** The order documents the server renders as PDF (docs/decisions/018 and 044). */
type OrderPdfPath = '/api/bill/order/v1/{id}/receipt.pdf' | '/api/bill/order/v1/{id}/slip.pdf';

/** An order's PDF in the page's language; 1001 and 1040 pass through to the page. */
async function fetchOrderPdf(api: Api, path: OrderPdfPath, orderId: string): Promise<Blob> {
  const pending = api.client.GET(path, { params: { path: { id: orderId } }, parseAs: 'blob' });
  return (await callPdf(api, pending, { expect: [ORDER_NOT_FOUND, PAYMENT_INFO_NOT_FOUND] })).blob;
}

/** The receipt PDF (GET /api/bill/order/v1/{id}/receipt.pdf) of a paid order. */
export const fetchReceiptPdf = (api: Api, orderId: string) => fetchOrderPdf(api, '/api/bill/order/v1/{id}/receipt.pdf', orderId);

/** Fetches the receipt PDF on demand, one download at a time. */
export const useReceiptPdf = () => useMutation(({ api }, orderId: string) => fetchReceiptPdf(api, orderId));

/** The payment slip PDF (GET /api/bill/order/v1/{id}/slip.pdf) of an order awaiting its boleto. */
export const fetchSlipPdf = (api: Api, orderId: string) => fetchOrderPdf(api, '/api/bill/order/v1/{id}/slip.pdf', orderId);

/** Fetches the slip PDF on demand, one download at a time. */
export const useSlipPdf = () => useMutation(({ api }, orderId: string) => fetchSlipPdf(api, orderId));

/**
 * The order's newest refund (POST /api/bill/order/refund/v1, docs/decisions/058), or null: why a
 * refused refund was refused. Read afresh with the order (its key starts with the order's).
 */
export const useOrderRefund = (orderId: string) =>
  useQuery(`order:${orderId}:refund`, ({ api }) =>
    api.callData(api.client.POST('/api/bill/order/refund/v1', { body: { orderId } }), { expect: [ORDER_NOT_FOUND] }),
  );
