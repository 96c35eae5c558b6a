import { messageOnlyEnvelopeSchema } from '../../common/contracts/account';
import {
  type UploadLayoutSave,
  uploadLayoutEnvelopeSchema,
  uploadLayoutListEnvelopeSchema,
} from '../../common/contracts/upload-layouts';
import type { ServiceClient } from './http';

/** The workshop's saved column mappings of order files (issue 14). */
export function createUploadLayoutsApi(client: ServiceClient) {
  return {
    async list(shape?: string) {
      const options = shape === undefined ? {} : { query: { shape } };
      return (await client(uploadLayoutListEnvelopeSchema, '/upload-layouts', options)).data;
    },
    async save(layout: UploadLayoutSave) {
      const response = await client(uploadLayoutEnvelopeSchema, '/upload-layouts', { method: 'PUT', body: layout });
      return { layout: response.data, message: response.message };
    },
    async remove(layoutId: number) {
      const response = await client(messageOnlyEnvelopeSchema, `/upload-layouts/${layoutId}`, { method: 'DELETE' });
      return { message: response.message };
    },
  };
}

export type UploadLayoutsApi = ReturnType<typeof createUploadLayoutsApi>;
