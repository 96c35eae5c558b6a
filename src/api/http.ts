import { type FetchOptions, ofetch } from 'ofetch';
import * as v from 'valibot';
import { errorEnvelopeSchema, SUCCESS_CODE } from '../../common/contracts/envelope';
import { isMessageId, type MessageId } from '../../common/contracts/message-ids';
import { i18n } from '../i18n/i18n';
import { messageCatalog } from '../i18n/message-catalog';

/**
 * The only error the API layer throws. `message` follows docs/product.md §8's order: the response body's
 * message, the response's own message, the body's error, else the client's error message.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly messageId: MessageId | null,
    readonly field: string | null = null,
    readonly retryAfterSeconds: number | null = null,
    /** What the refusal carries besides its message (a 409's current version), unchecked. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isUnauthorized() {
    return this.status === 401;
  }
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/**
 * Lets the session actor hear every 401 (docs/product.md §3 and ADR 004: any 401 clears the session). The client only
 * reports it; what happens next is the session machine's decision.
 */
export function onUnauthorized(listener: Listener) {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export type ServiceClient = <TSchema extends v.GenericSchema>(
  schema: TSchema,
  path: string,
  options?: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    body?: Record<string, unknown>;
    query?: Record<string, string | number>;
  },
) => Promise<v.InferOutput<TSchema>>;

/**
 * One client per service base URL; JSON in and out, cookies included (docs/product.md §7). The UI's
 * language goes along as Accept-Language so the server answers in the language on screen.
 */
export function createServiceClient(baseURL: string, currentLanguage: () => string): ServiceClient {
  return async (schema, path, options = {}) => {
    const fetchOptions: FetchOptions<'json'> = {
      baseURL,
      method: options.method ?? 'GET',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': currentLanguage() },
      query: options.query,
      ignoreResponseError: true,
      retry: 0,
    };
    if (options.body !== undefined) fetchOptions.body = options.body;
    else if (fetchOptions.method !== 'GET') fetchOptions.body = {};
    let response: Awaited<ReturnType<typeof ofetch.raw>>;
    try {
      response = await ofetch.raw(path, fetchOptions);
    } catch {
      // The browser's own text ("Failed to fetch") means nothing to a person; say it in their language.
      throw new ApiError(i18n._(messageCatalog.networkError), 0, 'networkError');
    }
    const body: unknown = response._data;
    const envelope = v.safeParse(errorEnvelopeSchema, body);
    if (response.status === SUCCESS_CODE && envelope.success && envelope.output.code === SUCCESS_CODE) {
      const parsed = v.safeParse(schema, body);
      if (parsed.success) return parsed.output;
      throw new ApiError('Unexpected response from the server', response.status, 'serverError');
    }
    const error = toApiError(
      response.status,
      response.statusText,
      envelope.success ? envelope.output : null,
      response.headers,
    );
    if (error.isUnauthorized) for (const listener of unauthorizedListeners) listener(error);
    throw error;
  };
}

function toApiError(
  status: number,
  statusText: string,
  envelope: v.InferOutput<typeof errorEnvelopeSchema> | null,
  headers: Headers,
) {
  const messageId = isMessageId(envelope?.error) ? envelope.error : status >= 500 ? 'serverError' : null;
  const text = envelope?.message || statusText || envelope?.error || `Request failed (${status})`;
  const retryAfter = Number(headers.get('retry-after'));
  return new ApiError(
    text,
    status,
    messageId,
    envelope?.field ?? null,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    envelope?.data ?? null,
  );
}

/** A file the server generated (a PDF), with the name its Content-Disposition gives. */
export type DownloadedFile = { bytes: Blob; fileName: string };

/** The `filename="…"` of a Content-Disposition header, else the fallback. */
function dispositionFileName(header: string | null, fallback: string) {
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? fallback;
}

/**
 * Reads a generated file (GET, cookies included, the UI's language) as bytes. A refusal comes as
 * the JSON envelope like any other call and is thrown as the same ApiError (404, 401, …).
 */
export function createFileClient(baseURL: string, currentLanguage: () => string) {
  return async (path: string, fallbackName: string): Promise<DownloadedFile> => {
    let response: Awaited<ReturnType<typeof ofetch.raw<Blob, 'blob'>>>;
    try {
      response = await ofetch.raw(path, {
        baseURL,
        credentials: 'include',
        headers: { 'Accept-Language': currentLanguage() },
        responseType: 'blob',
        ignoreResponseError: true,
        retry: 0,
      });
    } catch {
      throw new ApiError(i18n._(messageCatalog.networkError), 0, 'networkError');
    }
    const bytes = response._data;
    if (response.status === SUCCESS_CODE && bytes) {
      return { bytes, fileName: dispositionFileName(response.headers.get('content-disposition'), fallbackName) };
    }
    let envelope: v.InferOutput<typeof errorEnvelopeSchema> | null = null;
    try {
      const parsed = v.safeParse(errorEnvelopeSchema, JSON.parse((await bytes?.text()) ?? ''));
      envelope = parsed.success ? parsed.output : null;
    } catch {
      envelope = null;
    }
    const error = toApiError(response.status, response.statusText, envelope, response.headers);
    if (error.isUnauthorized) for (const listener of unauthorizedListeners) listener(error);
    throw error;
  };
}

export type FileClient = ReturnType<typeof createFileClient>;
