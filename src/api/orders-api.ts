import type * as v from 'valibot';
import {
  type OrderLineActionInput,
  orderDetailEnvelopeSchema,
  orderListEnvelopeSchema,
  type orderListQuerySchema,
  type ReturnRequestInput,
} from '../../common/contracts/trading';
import type { ServiceClient } from './http';

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

/** The dealer's orders (ADR 023's endpoint table): `/orders…` of the part-dealer service. */
export function createDealerOrdersApi(client: ServiceClient) {
  return {
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
