import * as v from 'valibot';
import { pageQueryParam } from './admin-users';
import { envelopeSchema } from './envelope';
import { recordIdField } from './fields';
import { RELATION_STATUSES } from './relations';
import { additionalCustomerNumberField, dealerCustomerNumberField } from './workshop';

/** Dealers per page of the directory a workshop searches to add a supplier. */
export const SUPPLIER_DIRECTORY_PAGE_SIZE = 10;

/**
 * One of the workshop's relations (ADR 022) as its Suppliers screen shows it. `on_portal` is false
 * for a seeded reference dealer that has no organisation yet: its request waits until it joins.
 */
export const supplierRelationSchema = v.object({
  id: v.number(),
  part_dealer_id: v.number(),
  dealer_name: v.string(),
  logo_url: v.nullable(v.string()),
  city: v.nullable(v.string()),
  on_portal: v.boolean(),
  customer_number: v.string(),
  status: v.picklist(RELATION_STATUSES),
  decline_reason: v.nullable(v.string()),
});
export type SupplierRelation = v.InferOutput<typeof supplierRelationSchema>;

/** A free-text supplier the workshop named in the wizard that is not on Teileportal. */
export const additionalSupplierSchema = v.object({
  id: v.number(),
  name: v.string(),
  customer_number: v.string(),
});
export type AdditionalSupplier = v.InferOutput<typeof additionalSupplierSchema>;

export const supplierListSchema = v.object({
  relations: v.array(supplierRelationSchema),
  additional: v.array(additionalSupplierSchema),
});
export type SupplierList = v.InferOutput<typeof supplierListSchema>;
export const supplierListEnvelopeSchema = envelopeSchema(supplierListSchema);

// PostgreSQL text cannot hold U+0000: refused here (400) rather than failing in the database.
const searchText = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(100),
    v.check((text) => !text.includes('\u0000')),
  ),
  '',
);

/** The directory's filters: name, city, brand served and delivery area (each a part of the text). */
export const supplierDirectoryQuerySchema = v.object({
  q: searchText,
  city: searchText,
  brand: searchText,
  area: searchText,
  page: pageQueryParam,
});
export type SupplierDirectoryFilters = { q: string; city: string; brand: string; area: string };
export type SupplierDirectoryQuery = SupplierDirectoryFilters & { page: number };

export const supplierDirectoryEntrySchema = v.object({
  part_dealer_id: v.number(),
  name: v.string(),
  logo_url: v.nullable(v.string()),
  on_portal: v.boolean(),
  city: v.nullable(v.string()),
  brands: v.array(v.string()),
  delivery_area: v.nullable(v.string()),
  /** Already on the workshop's list (any status): it cannot be added again. */
  related: v.boolean(),
});
export type SupplierDirectoryEntry = v.InferOutput<typeof supplierDirectoryEntrySchema>;

export const supplierDirectoryPageSchema = v.object({
  items: v.array(supplierDirectoryEntrySchema),
  total: v.number(),
  page: v.number(),
  page_size: v.number(),
});
export type SupplierDirectoryPage = v.InferOutput<typeof supplierDirectoryPageSchema>;
export const supplierDirectoryEnvelopeSchema = envelopeSchema(supplierDirectoryPageSchema);

/** Adding a dealer from the directory: the workshop's customer number there (the wizard's rule). */
export const addSupplierRelationSchema = v.object({
  part_dealer_id: recordIdField,
  customer_number: dealerCustomerNumberField,
});
export type AddSupplierRelationRequest = v.InferOutput<typeof addSupplierRelationSchema>;

/** Correcting the customer number of a requested or declined relation (the dealer confirms it). */
export const relationCustomerNumberSchema = v.object({ customer_number: dealerCustomerNumberField });

/** Correcting the customer number at a supplier not on the portal (free text, as in the wizard). */
export const additionalCustomerNumberSchema = v.object({ customer_number: additionalCustomerNumberField });

/** The field a relation's customer number is checked with in the browser before it is sent. */
export const supplierCustomerNumberFields = {
  relation: dealerCustomerNumberField,
  additional: additionalCustomerNumberField,
} as const;
