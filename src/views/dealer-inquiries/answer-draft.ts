import { type AnswerDraft, answerDraftSchema } from '../../../machines/dealer-answer-form';
import { storedJson } from '../../app/stored-json';

/** One draft per inquiry and user: a colleague signing in on the same browser never sees another's prices. */
const draftIn = (storage: Storage, userId: number, inquiryId: number) =>
  storedJson(storage, `dealerAnswerDraft:${userId}:${inquiryId}`, answerDraftSchema);

/** The unsent answer to an inquiry kept before a reload, or null. */
export function readAnswerDraft(storage: Storage, userId: number, inquiryId: number): AnswerDraft | null {
  const draft = draftIn(storage, userId, inquiryId).read();
  return draft?.inquiry_id === inquiryId ? draft : null;
}

export function writeAnswerDraft(storage: Storage, userId: number, draft: AnswerDraft) {
  draftIn(storage, userId, draft.inquiry_id).write(draft);
}

export function clearAnswerDraft(storage: Storage, userId: number, inquiryId: number) {
  draftIn(storage, userId, inquiryId).clear();
}
