import { type DealerDraft, dealerDraftSchema } from '../../../common/contracts/dealer';
import { storedJson } from '../../app/stored-json';

const draftIn = (storage: Storage) => storedJson(storage, 'dealerOnboardingDraft', dealerDraftSchema);

/** The form a dealer was filling before a reload (never the captcha), or null. */
export function readDealerDraft(storage: Storage): DealerDraft | null {
  return draftIn(storage).read();
}

export function writeDealerDraft(storage: Storage, draft: DealerDraft) {
  draftIn(storage).write(draft);
}

export function clearDealerDraft(storage: Storage) {
  draftIn(storage).clear();
}
