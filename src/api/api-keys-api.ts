import {
  type ApiKeyCreate,
  apiKeyCreatedEnvelopeSchema,
  apiKeyEnvelopeSchema,
  apiKeyListEnvelopeSchema,
} from '../../common/contracts/api-keys';
import type { ServiceClient } from './http';

/** An organisation's API keys: the workshop's for its DMS (ADR 031), the dealer's for its ERP (ADR 040). */
export function createApiKeysApi(client: ServiceClient) {
  return {
    async list() {
      return (await client(apiKeyListEnvelopeSchema, '/api-keys')).data.items;
    },
    /** The only answer that carries the whole key. */
    async create(request: ApiKeyCreate) {
      const response = await client(apiKeyCreatedEnvelopeSchema, '/api-keys', { method: 'POST', body: request });
      return { ...response.data, message: response.message };
    },
    async revoke(id: number) {
      const response = await client(apiKeyEnvelopeSchema, `/api-keys/${id}/revoke`, { method: 'POST', body: {} });
      return { message: response.message };
    },
  };
}

export type ApiKeysApi = ReturnType<typeof createApiKeysApi>;
