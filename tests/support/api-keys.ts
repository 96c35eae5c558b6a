import type { ApiKeyCreated } from '../../common/contracts/api-keys';
import type { TestServer } from './test-server';
import { send } from './trade-inquiries';

/** Creates an API key through the workshop's settings endpoint, as the screen does. */
export async function createApiKey(
  server: TestServer,
  cookie: string,
  name = 'DMS Werkstattplaner',
  allowedOrigins: readonly string[] = ['https://dms.example.com'],
) {
  const { response, body } = await send<ApiKeyCreated>(server, '/svc/workshop/api-keys', cookie, {
    name,
    allowed_origins: [...allowedOrigins],
  });
  if (response.status !== 200) throw new Error(`creating the key failed with ${response.status}: ${body.error}`);
  return body.data;
}

/** Creates a dealer's API key through the dealer's settings endpoint, as the screen does (ADR 040). */
export async function createDealerApiKey(server: TestServer, cookie: string, name = 'ERP Filiale Nord') {
  const { response, body } = await send<ApiKeyCreated>(server, '/svc/part-dealer/api-keys', cookie, {
    name,
    allowed_origins: [],
  });
  if (response.status !== 200) throw new Error(`creating the dealer key failed with ${response.status}: ${body.error}`);
  return body.data;
}

/** A request to the DMS API: `key` null sends no Authorization header. */
export async function callApi<TData = unknown>(
  server: TestServer,
  pathname: string,
  key: string | null,
  options: { method?: string; body?: unknown; language?: 'de' | 'en'; headers?: Record<string, string> } = {},
) {
  const response = await fetch(server.url(pathname), {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      'accept-language': options.language ?? 'en',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const body = (await response.json()) as {
    code: number;
    data: TData;
    message?: string;
    error?: string;
    field?: string;
  };
  return { response, body };
}
