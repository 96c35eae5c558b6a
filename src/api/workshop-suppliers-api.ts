import { messageOnlyEnvelopeSchema } from '../../common/contracts/account';
import {
  type SupplierDirectoryQuery,
  supplierDirectoryEnvelopeSchema,
  supplierListEnvelopeSchema,
} from '../../common/contracts/suppliers';
import type { ServiceClient } from './http';

/** The workshop's Suppliers screen (ADR 022): its relations, free-text suppliers and the dealer directory. */
export function createWorkshopSuppliersApi(client: ServiceClient) {
  const change = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: Record<string, unknown>) => {
    const response = await client(messageOnlyEnvelopeSchema, path, body ? { method, body } : { method });
    return { message: response.message };
  };
  const base = (kind: 'relation' | 'additional') => (kind === 'relation' ? '/suppliers' : '/additional-suppliers');
  return {
    async list() {
      return (await client(supplierListEnvelopeSchema, '/suppliers')).data;
    },
    async searchDirectory(query: SupplierDirectoryQuery) {
      const params: Record<string, string | number> = { page: query.page };
      for (const key of ['q', 'city', 'brand', 'area'] as const) if (query[key].trim()) params[key] = query[key].trim();
      return (await client(supplierDirectoryEnvelopeSchema, '/supplier-directory', { query: params })).data;
    },
    addRelation(partDealerId: number, customerNumber: string) {
      return change('POST', '/suppliers', { part_dealer_id: partDealerId, customer_number: customerNumber });
    },
    saveNumber(kind: 'relation' | 'additional', id: number, customerNumber: string) {
      return change('PUT', `${base(kind)}/${id}`, { customer_number: customerNumber });
    },
    remove(kind: 'relation' | 'additional', id: number) {
      return change('DELETE', `${base(kind)}/${id}`);
    },
  };
}

export type WorkshopSuppliersApi = ReturnType<typeof createWorkshopSuppliersApi>;
