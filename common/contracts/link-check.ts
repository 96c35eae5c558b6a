import * as v from 'valibot';
import { signedTokenField } from './fields';

/**
 * Asks whether a mailed link (a reset link, a user invitation) can still be used, before the
 * screen shows a form that could only fail (docs/product.md §4.6). The answer is the envelope with
 * no data; a link that cannot be used is refused with tokenUsed, tokenExpired, tokenInvalid or,
 * for an invitation whose address already has an account, accountExists.
 */
export const linkCheckRequestSchema = v.object({
  token: signedTokenField(),
});
export type LinkCheckRequest = v.InferOutput<typeof linkCheckRequestSchema>;
