import type { MessageId } from '../../common/contracts/message-ids';

/** An error shaped like the API client's ApiError, as the machines read it. */
export function apiFailure(message: string, messageId: MessageId | null = null, field: string | null = null) {
  return Object.assign(new Error(message), { messageId, field });
}
