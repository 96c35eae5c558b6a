/**
 * A workshop ↔ dealer relation (ADR 022): the workshop requests it with its customer number, the
 * dealer accepts (the number is confirmed) or declines with a reason the workshop sees.
 */
export const RELATION_STATUSES = ['requested', 'active', 'declined'] as const;
export type RelationStatus = (typeof RELATION_STATUSES)[number];
