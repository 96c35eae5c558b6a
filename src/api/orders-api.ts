import type * as v from 'valibot';
import { openTransUploadAnswerEnvelopeSchema } from '../../common/contracts/opentrans';
import {
  type OrderLineActionInput,
  orderDetailEnvelopeSchema,
  orderListEnvelopeSchema,
  type orderListQuerySchema,
  type ReturnRequestInput,
} from '../../common/contracts/trading';
import type { FileClient, ServiceClient } from './http';

type OrderListQuery = v.InferOutput<typeof orderListQuerySchema>;

/** The query string of an order list: only the filters that are set (the contract's defaults are ''). */
function listParams(query: OrderListQuery) {
  const params: Record<string, string | number> = { page: query.page };
  for (const key of ['status', 'dealer', 'q', 'vehicle', 'from', 'to'] as const) {
    const value = query[key].trim();
    if (value) params[key] = value;
  }
  return params;
}

/** The workshop's orders (ADR 023's endpoint table): `/orders…` of the workshop service. */
export function createWorkshopOrdersApi(client: ServiceClient) {
  return {
    async list(query: OrderListQuery) {
      return (await client(orderListEnvelopeSchema, '/orders', { query: listParams(query) })).data;
    },
    async get(orderId: number) {
      return (await client(orderDetailEnvelopeSchema, `/orders/${orderId}`)).data;
    },
    /** 409 `orderChanged` carries the current order in the ApiError's `data`. */
    async requestReturn(orderId: number, lineId: number, request: ReturnRequestInput) {
      const body = await client(orderDetailEnvelopeSchema, `/orders/${orderId}/lines/${lineId}/return`, {
        method: 'POST',
        body: request,
      });
      return { order: body.data, message: body.message };
    },
  };
}

/** A file's bytes as base64 (the openTRANS upload sends them untouched: the server reads their encoding). */
async function fileAsBase64(file: Blob) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and arguments are limited.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/** The dealer's orders (ADR 023's endpoint table): `/orders…` of the part-dealer service. */
export function createDealerOrdersApi(client: ServiceClient, files: FileClient) {
  return {
    /** The order as an openTRANS ORDER document for the dealer's ERP (ADR 042). */
    downloadOrderDocument(orderId: number) {
      return files(`/orders/${orderId}/opentrans`, `opentrans-order-${orderId}.xml`);
    },
    /** The ERP's ORDERRESPONSE or DISPATCHNOTIFICATION; a refused one is 422 `openTransRefused` with its problems in `data`. */
    async uploadDocument(orderId: number, file: Blob) {
      const body = await client(openTransUploadAnswerEnvelopeSchema, `/orders/${orderId}/opentrans`, {
        method: 'POST',
        body: { document_base64: await fileAsBase64(file) },
      });
      return { ...body.data, message: body.message };
    },
    async list(query: OrderListQuery) {
      return (await client(orderListEnvelopeSchema, '/orders', { query: listParams(query) })).data;
    },
    async get(orderId: number) {
      return (await client(orderDetailEnvelopeSchema, `/orders/${orderId}`)).data;
    },
    /** One action on one or several lines; 409 `orderChanged` carries the current order in `data`. */
    async applyLineAction(orderId: number, request: OrderLineActionInput) {
      const body = await client(orderDetailEnvelopeSchema, `/orders/${orderId}/lines`, {
        method: 'POST',
        body: request,
      });
      return { order: body.data, message: body.message };
    },
    async decideReturn(
      orderId: number,
      returnId: number,
      decision: 'accept' | 'refuse',
      request: { version: number; reason: string },
    ) {
      const body = await client(orderDetailEnvelopeSchema, `/orders/${orderId}/returns/${returnId}/${decision}`, {
        method: 'POST',
        body: request,
      });
      return { order: body.data, message: body.message };
    },
  };
}

export type WorkshopOrdersApi = ReturnType<typeof createWorkshopOrdersApi>;
export type DealerOrdersApi = ReturnType<typeof createDealerOrdersApi>;
