import * as v from 'valibot';
import { COLUMN_ROLES, type OrderFileKind } from '../upload/order-file';
import { envelopeSchema } from './envelope';
import { plainText, recordIdField } from './fields';

/*
 * Saved column mappings of order files (issue 14, docs/decisions/026-order-upload.md): a
 * workshop names the mapping it made once, and files of the same shape are offered it again.
 */

/** The file kinds of the contract, as a list a schema and a database column can name. */
export const UPLOAD_LAYOUT_KINDS = ['csv', 'pdf'] as const satisfies readonly OrderFileKind[];

export const UPLOAD_LAYOUT_NAME_MAX_LENGTH = 60;
/** No order file a person maps by hand has more columns; a longer roles list is refused unread. */
export const UPLOAD_LAYOUT_MAX_COLUMNS = 60;
/** The parser's fingerprint is short; anything longer is not one of its fingerprints. */
export const UPLOAD_LAYOUT_SHAPE_MAX_LENGTH = 2000;
/** Layouts per workshop organisation (one per supplier's file is the expected use). */
export const UPLOAD_LAYOUTS_PER_ORGANISATION = 50;

const shapeField = v.pipe(
  v.string('invalidRequest'),
  v.nonEmpty('invalidRequest'),
  v.maxLength(UPLOAD_LAYOUT_SHAPE_MAX_LENGTH, 'invalidRequest'),
);

/** `PUT /svc/workshop/upload-layouts`: saving under a name the workshop already uses overwrites that layout. */
export const uploadLayoutSaveSchema = v.object({
  name: v.pipe(
    v.string('layoutNameRequired'),
    v.trim(),
    plainText(),
    v.nonEmpty('layoutNameRequired'),
    v.maxLength(UPLOAD_LAYOUT_NAME_MAX_LENGTH, 'fieldTooLong'),
  ),
  kind: v.picklist(UPLOAD_LAYOUT_KINDS, 'invalidRequest'),
  shape: shapeField,
  roles: v.pipe(
    v.array(v.picklist(COLUMN_ROLES, 'invalidRequest'), 'invalidRequest'),
    v.minLength(1, 'invalidRequest'),
    v.maxLength(UPLOAD_LAYOUT_MAX_COLUMNS, 'invalidRequest'),
    // The mapping rule of the preview: every role but "ignore" names at most one column.
    v.check((roles) => {
      const named = roles.filter((role) => role !== 'ignore');
      return new Set(named).size === named.length;
    }, 'invalidRequest'),
  ),
});
export type UploadLayoutSave = v.InferInput<typeof uploadLayoutSaveSchema>;

/** `GET /svc/workshop/upload-layouts?shape=…`: all of the organisation's layouts, or those for one shape. */
export const uploadLayoutListQuerySchema = v.object({ shape: v.optional(shapeField) });

export const uploadLayoutSchema = v.object({
  id: recordIdField,
  name: v.string(),
  kind: v.picklist(UPLOAD_LAYOUT_KINDS),
  shape: v.string(),
  roles: v.array(v.picklist(COLUMN_ROLES)),
  updated_at: v.string(),
});
export type UploadLayout = v.InferOutput<typeof uploadLayoutSchema>;

export const uploadLayoutListEnvelopeSchema = envelopeSchema(v.array(uploadLayoutSchema));
export const uploadLayoutEnvelopeSchema = envelopeSchema(uploadLayoutSchema);
