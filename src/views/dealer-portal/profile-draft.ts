import { type DealerProfileDraft, dealerProfileDraftSchema } from '../../../common/contracts/dealer-organisation';
import { storedJson } from '../../app/stored-json';

const draftIn = (storage: Storage) => storedJson(storage, 'dealerProfileDraft', dealerProfileDraftSchema);

/** The profile edits not yet saved before a reload, with the version they were made on, or null. */
export function readProfileDraft(storage: Storage): DealerProfileDraft | null {
  return draftIn(storage).read();
}

export function writeProfileDraft(storage: Storage, draft: DealerProfileDraft) {
  draftIn(storage).write(draft);
}

export function clearProfileDraft(storage: Storage) {
  draftIn(storage).clear();
}
