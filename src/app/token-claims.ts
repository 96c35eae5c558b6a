import { decodeJwt } from 'jose';
import * as v from 'valibot';

/**
 * The claims of a signed link token as the page may show them, or null when the token cannot be
 * read or does not carry them. Nothing is verified here: the server re-checks the signature.
 */
export function readTokenClaims<TSchema extends v.GenericSchema>(
  schema: TSchema,
  token: string,
): v.InferOutput<TSchema> | null {
  try {
    const claims = v.safeParse(schema, decodeJwt(token));
    return claims.success ? claims.output : null;
  } catch {
    return null;
  }
}
