import * as v from 'valibot';
import type { DealerDraft } from '../../../machines/part-dealer-onboarding.machine';

const DRAFT_KEY = 'dealerOnboardingDraft';

const draftSchema = v.object({
  values: v.object({
    first_name: v.string(),
    last_name: v.string(),
    company_name: v.string(),
    email: v.string(),
    contact_number: v.string(),
    street: v.string(),
    city: v.string(),
    postcode: v.string(),
    country: v.string(),
    website: v.string(),
    steerer_dropdown: v.string(),
    steerer_other: v.string(),
    delivery_area_dropdown: v.string(),
    delivery_area_other: v.string(),
    tax_id: v.string(),
  }),
  brands: v.array(v.string()),
});

/** The form a dealer was filling before a reload (never the captcha), or null. */
export function readDealerDraft(storage: Storage): DealerDraft | null {
  try {
    const parsed = v.safeParse(draftSchema, JSON.parse(storage.getItem(DRAFT_KEY) ?? 'null'));
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
