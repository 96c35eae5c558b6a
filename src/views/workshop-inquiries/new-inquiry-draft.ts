import { type NewInquiryDraft, newInquiryDraftSchema } from '../../../machines/new-inquiry-form';
import { storedJson } from '../../app/stored-json';

/** One draft per user (several people may share a workshop's computer). */
export const newInquiryDraftStore = (storage: Storage, userId: number) =>
  storedJson(storage, `newInquiryDraft:${userId}`, newInquiryDraftSchema);

export type NewInquiryDraftStore = {
  read: () => NewInquiryDraft | null;
  write: (draft: NewInquiryDraft) => void;
  clear: () => void;
};
