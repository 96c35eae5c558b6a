import { DEALER_FIELD_NAMES, type DealerField, type DealerSubmission } from '../../../common/contracts/dealer';
import type { partDealerLeads } from '../../db/schema';
import type { ServerLocale } from '../../i18n';

type CamelCase<TName extends string> = TName extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : TName;
type DealerLeadRow = typeof partDealerLeads.$inferInsert;
/** The declared fields under their column names. */
type SubmittedColumns = { [TField in DealerField as CamelCase<TField>]: DealerSubmission[TField] };

function camelCase<TName extends string>(name: TName) {
  return name.replace(/_(\w)/g, (_match, letter: string) => letter.toUpperCase()) as CamelCase<TName>;
}

/**
 * The row a dealer registration is stored as: every declared field in its column (docs/product.md §3), an
 * optional text left empty as NULL, and always UNVERIFIED, whatever the body said.
 */
export function toDealerLeadRow(submission: DealerSubmission, locale: ServerLocale): DealerLeadRow {
  // Typed as the table's own columns: a declared field without a column, or of another type, fails to compile.
  const columns: Pick<DealerLeadRow, keyof SubmittedColumns> = Object.fromEntries(
    DEALER_FIELD_NAMES.map((field) => [camelCase(field), submission[field]]),
  ) as SubmittedColumns;
  return {
    ...columns,
    website: columns.website || null,
    steerer: columns.steerer || null,
    status: 'UNVERIFIED',
    locale,
  };
}
