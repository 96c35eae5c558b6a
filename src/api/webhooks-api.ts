import * as v from 'valibot';
import { envelopeSchema } from '../../common/contracts/envelope';
import {
  type WebhookEndpointCreate,
  webhookAttemptListEnvelopeSchema,
  webhookEndpointEnvelopeSchema,
  webhookEndpointListEnvelopeSchema,
  webhookEndpointWithSecretEnvelopeSchema,
} from '../../common/contracts/webhooks';
import type { ServiceClient } from './http';

const resentEnvelopeSchema = envelopeSchema(v.object({ id: v.number() }));

/**
 * An organisation's webhook endpoints (issue 25, ADR 041): the same calls in the workshop and the
 * part-dealer service, so one client is made per service.
 */
export function createWebhooksApi(client: ServiceClient) {
  return {
    async list() {
      return (await client(webhookEndpointListEnvelopeSchema, '/webhooks')).data.items;
    },
    /** One of the two answers that carry the secret. */
    async create(request: WebhookEndpointCreate) {
      const response = await client(webhookEndpointWithSecretEnvelopeSchema, '/webhooks', {
        method: 'POST',
        body: request,
      });
      return { ...response.data, message: response.message };
    },
    /** The other one: the new secret. */
    async rotateSecret(id: number) {
      const response = await client(webhookEndpointWithSecretEnvelopeSchema, `/webhooks/${id}/rotate-secret`, {
        method: 'POST',
        body: {},
      });
      return { ...response.data, message: response.message };
    },
    async setEnabled(id: number, enabled: boolean) {
      const response = await client(
        webhookEndpointEnvelopeSchema,
        `/webhooks/${id}/${enabled ? 'enable' : 'disable'}`,
        {
          method: 'POST',
          body: {},
        },
      );
      return { message: response.message };
    },
    async remove(id: number) {
      const response = await client(webhookEndpointEnvelopeSchema, `/webhooks/${id}/delete`, {
        method: 'POST',
        body: {},
      });
      return { message: response.message };
    },
    async attempts(id: number) {
      return (await client(webhookAttemptListEnvelopeSchema, `/webhooks/${id}/attempts`)).data.items;
    },
    async resend(endpointId: number, deliveryId: number) {
      const response = await client(resentEnvelopeSchema, `/webhooks/${endpointId}/deliveries/${deliveryId}/resend`, {
        method: 'POST',
        body: {},
      });
      return { message: response.message };
    },
  };
}

export type WebhooksApi = ReturnType<typeof createWebhooksApi>;
