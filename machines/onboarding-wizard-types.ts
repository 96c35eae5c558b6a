import type { MessageId } from '../common/contracts/message-ids';
import type { SkippableStep, WorkshopDetailsRequest } from '../common/contracts/workshop';

/** The workshop that steps 2 and 3 save to, under the invitation's lead. */
export type WorkshopRef = { leadId: number; workshopId: number };
export type SaveDetailsInput = WorkshopRef & { details: WorkshopDetailsRequest };
export type SkipStepInput = WorkshopRef & { step: SkippableStep };

/** What survives a reload of step 1: the names, never the password. */
export type AccountDraft = { firstName: string; lastName: string };

/** Step 2 as typed (the select's value is a string) and as kept across a reload. */
export type MasterDataDraft = { dmsId: string; dmsAccountId: string };

export type SupplierRow = { partSupplier: string; customerNo: string };
/** The first problem per field of an extra supplier, as message ids. */
export type SupplierRowErrors = Partial<Record<keyof SupplierRow, MessageId>>;

/** Step 3 as chosen and typed, kept across a reload: tiles with their numbers and extra suppliers. */
export type SuppliersDraft = {
  /** Selected suppliers: dealer id → customer number as typed. */
  selected: Record<number, string>;
  additionalRows: SupplierRow[];
  /** Extra suppliers added from the panel; they show as tiles of their own. */
  additionalTiles: SupplierRow[];
  addMoreOpen: boolean;
};

/** What a reload or a language switch must not lose: each step's unsaved input (ADR 015). */
export type WizardDraft = { account?: AccountDraft; masterData?: MasterDataDraft; suppliers?: SuppliersDraft };
