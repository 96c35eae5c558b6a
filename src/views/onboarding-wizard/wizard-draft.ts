import * as v from 'valibot';
import type { WizardDraft } from '../../../machines/onboarding-wizard-types';
import { storedJson } from '../../app/stored-json';

/** One draft per lead, so two invitations opened in one tab never mix (ADR 015). */
const draftKey = (leadId: number) => `onboardingWizardDraft:${leadId}`;

const supplierRow = v.object({ partSupplier: v.string(), customerNo: v.string() });
const draftSchema = v.object({
  account: v.optional(v.object({ firstName: v.string(), lastName: v.string() })),
  masterData: v.optional(v.object({ dmsId: v.string(), dmsAccountId: v.string() })),
  suppliers: v.optional(
    v.object({
      selected: v.record(v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)), v.string()),
      additionalRows: v.array(supplierRow),
      additionalTiles: v.array(supplierRow),
      addMoreOpen: v.boolean(),
    }),
  ),
});

const draftOf = (storage: Storage, leadId: number) => storedJson(storage, draftKey(leadId), draftSchema);

/** The steps' unsaved input of this lead before a reload or language switch (never a password), or null. */
export function readWizardDraft(storage: Storage, leadId: number): WizardDraft | null {
  return draftOf(storage, leadId).read();
}

/** Replaces one step's part of the draft, keeping the others. */
export function writeWizardDraft(storage: Storage, leadId: number, section: WizardDraft) {
  const draft = draftOf(storage, leadId);
  draft.write({ ...draft.read(), ...section });
}

export function clearWizardDraft(storage: Storage, leadId: number) {
  draftOf(storage, leadId).clear();
}
