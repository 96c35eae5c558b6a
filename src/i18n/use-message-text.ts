import { useLingui } from '@lingui/react';
import type { MessageId } from '../../common/contracts/message-ids';
import { messageCatalog } from './message-catalog';

/** Turns a machine's message id into the translated text (ADR 019 §10: views translate). */
export function useMessageText() {
  const { i18n } = useLingui();
  return (id: MessageId | null | undefined) => (id ? i18n._(messageCatalog[id]) : null);
}
