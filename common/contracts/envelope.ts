import * as v from 'valibot';

/** The success constant of docs/product.md §7: HTTP status and body code must both equal it. */
export const SUCCESS_CODE = 200;

/** The server response envelope `{code, data, message}` of docs/product.md §3. */
export function envelopeSchema<TData extends v.GenericSchema>(data: TData) {
  return v.object({
    code: v.number(),
    data,
    message: v.optional(v.string()),
  });
}

export const errorEnvelopeSchema = v.object({
  code: v.number(),
  data: v.optional(v.unknown()),
  message: v.optional(v.string()),
  error: v.optional(v.string()),
  correlationId: v.optional(v.string()),
  field: v.optional(v.string()),
});

export type ErrorEnvelope = v.InferOutput<typeof errorEnvelopeSchema>;
