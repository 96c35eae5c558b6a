import * as v from 'valibot';

/**
 * Asks whether a mailed link (a reset link, a user invitation) can still be used, before the
 * screen shows a form that could only fail (docs/product.md §4.6). The answer is the envelope with
 * no data; a link that cannot be used is refused with tokenUsed, tokenExpired, tokenInvalid or,
 * for an invitation whose address already has an account, accountExists.
 */
export const linkCheckRequestSchema = v.object({
  token: v.pipe(v.string('tokenInvalid'), v.minLength(20, 'tokenInvalid'), v.maxLength(2000, 'tokenInvalid')),
});
export type LinkCheckRequest = v.InferOutput<typeof linkCheckRequestSchema>;
