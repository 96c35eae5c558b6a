import { isMessageId, type MessageId } from '../common/contracts/message-ids';

/**
 * What a machine keeps of a failed request: the server's translated message (docs/product.md §8 order,
 * already applied by the API client), and the field and message id when the server named them.
 * Machines may not import the API layer, so the error is read by shape.
 */
export type RequestFailure = { message: string; field: string | null; messageId: MessageId | null };

export function toRequestFailure(error: unknown): RequestFailure {
  if (typeof error === 'object' && error !== null) {
    const candidate = error as { message?: unknown; field?: unknown; messageId?: unknown };
    return {
      message: typeof candidate.message === 'string' ? candidate.message : String(error),
      field: typeof candidate.field === 'string' ? candidate.field : null,
      messageId: isMessageId(candidate.messageId) ? candidate.messageId : null,
    };
  }
  return { message: String(error), field: null, messageId: null };
}

/** Token problems the reset screen answers with "request a new link" instead of the form. */
export function isTokenProblem(failure: RequestFailure) {
  return (
    failure.messageId === 'tokenInvalid' || failure.messageId === 'tokenExpired' || failure.messageId === 'tokenUsed'
  );
}

/** The params of a machine's `notifyFailure` action after a failed invoke: the server's message. */
export function failureNotice({ event }: { event: { error: unknown } }) {
  return { message: toRequestFailure(event.error).message };
}
