import * as v from 'valibot';
import { type DealerDraft, dealerDraftSchema } from '../../../common/contracts/dealer';

const DRAFT_KEY = 'dealerOnboardingDraft';

/** The form a dealer was filling before a reload (never the captcha), or null. */
export function readDealerDraft(storage: Storage): DealerDraft | null {
  try {
    const parsed = v.safeParse(dealerDraftSchema, JSON.parse(storage.getItem(DRAFT_KEY) ?? 'null'));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function writeDealerDraft(storage: Storage, draft: DealerDraft) {
  storage.setItem(DRAFT_KEY, JSON.stringify(draft));
}

export function clearDealerDraft(storage: Storage) {
  storage.removeItem(DRAFT_KEY);
}
