import { and, eq, inArray, lt } from 'drizzle-orm';
import type { MessageId } from '../common/contracts/message-ids';
import {
  isReturnUrlShape,
  type PunchInCreated,
  type PunchInCreateParsed,
  type PunchInPayload,
  type PunchInRedeemed,
} from '../common/contracts/punch-in';
import { type ApiKeyRow, isApiKeyUsable } from './api-keys/keys';
import { audit } from './audit';
import type { Database } from './db/database';
import { apiKeys, oneTimeTokens, punchIns, supplierRelations, users, workshops } from './db/schema';
import { ApiRefusal } from './http/respond';
import { consumeToken, issueToken, verifyToken } from './tokens';

const PURPOSE = 'dms-punch-in';

/** The token refusals of tokens.ts, said as what they mean for a link from a DMS. */
const PUNCH_IN_REFUSALS: Partial<Record<MessageId, MessageId>> = {
  tokenInvalid: 'punchInInvalid',
  tokenExpired: 'punchInExpired',
  tokenUsed: 'punchInUsed',
};

async function asPunchInRefusal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const messageId = error instanceof ApiRefusal ? PUNCH_IN_REFUSALS[error.messageId] : undefined;
    if (error instanceof ApiRefusal && messageId) throw new ApiRefusal(error.status, messageId, { field: 'token' });
    throw error;
  }
}

/** A return URL is followed only onto an origin the key registered, exactly (scheme, host and port). */
export function isReturnUrlAllowed(returnUrl: string, allowedOrigins: readonly string[]) {
  return isReturnUrlShape(returnUrl) && allowedOrigins.includes(new URL(returnUrl).origin);
}

/**
 * Stores a punch-in for the key's workshop and answers with its one-time URL. The token is a signed
 * one-time token carrying nothing but its id; the inquiry and the return URL stay on the server.
 * Named dealers must be the workshop's active relations (checked again when the inquiry is sent).
 */
export async function createPunchIn(
  db: Database,
  options: {
    key: ApiKeyRow;
    body: PunchInCreateParsed;
    secret: string;
    publicUrl: string;
    ttlSeconds: number;
    ip: string;
  },
): Promise<PunchInCreated> {
  const { key, body } = options;
  if (!isReturnUrlAllowed(body.return_url, key.allowedOrigins)) {
    throw new ApiRefusal(400, 'punchInReturnUrlInvalid', { field: 'return_url' });
  }
  return db.transaction(async (tx) => {
    const chosen = body.recipient_relation_ids;
    if (chosen) {
      const relations = await tx
        .select({ id: supplierRelations.id })
        .from(supplierRelations)
        .innerJoin(workshops, eq(workshops.id, supplierRelations.workshopId))
        .where(
          and(
            inArray(supplierRelations.id, chosen),
            eq(workshops.organisationId, key.organisationId),
            eq(supplierRelations.status, 'active'),
          ),
        );
      if (relations.length !== chosen.length) {
        throw new ApiRefusal(400, 'recipientNotActive', { field: 'recipient_relation_ids' });
      }
    }
    const issued = await issueToken(tx, options.secret, {
      purpose: PURPOSE,
      subject: String(key.organisationId),
      claims: {},
      ttlSeconds: options.ttlSeconds,
    });
    const payload: PunchInPayload = {
      vehicle: body.vehicle,
      lines: body.lines,
      ...(chosen ? { recipient_relation_ids: chosen } : {}),
      ...(body.closes_in_minutes === undefined ? {} : { closes_in_minutes: body.closes_in_minutes }),
    };
    await tx.insert(punchIns).values({
      jti: issued.jti,
      organisationId: key.organisationId,
      apiKeyId: key.id,
      payload,
      returnUrl: body.return_url,
    });
    await audit(tx, {
      actorUserId: key.createdBy,
      action: 'punch-in.created',
      target: `api-key:${key.id}`,
      ip: options.ip,
    });
    return {
      url: `${options.publicUrl}/inquiries/new?punchin=${encodeURIComponent(issued.token)}`,
      expires_at: issued.expiresAt.toISOString(),
    };
  });
}

/**
 * Redeems a punch-in for a user of its workshop, once: another workshop's gets 404 (as an unknown
 * one would), a used, expired or forged one a translated refusal. The key must still be valid and
 * the return URL still on one of its origins, since the browser is sent there after the inquiry.
 */
export async function redeemPunchIn(
  db: Database,
  options: { token: string; secret: string; organisationId: number; userId: number; ip: string },
): Promise<PunchInRedeemed> {
  const claims = await asPunchInRefusal(() => verifyToken(options.secret, PURPOSE, options.token));
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ punchIn: punchIns, key: apiKeys, creatorStatus: users.status })
      .from(punchIns)
      .innerJoin(apiKeys, eq(apiKeys.id, punchIns.apiKeyId))
      .leftJoin(users, eq(users.id, apiKeys.createdBy))
      .where(and(eq(punchIns.jti, claims.jti), eq(punchIns.organisationId, options.organisationId)))
      .limit(1);
    if (!found) throw new ApiRefusal(404, 'notFound');
    const { punchIn, key } = found;
    if (!isApiKeyUsable(key, found.creatorStatus) || !isReturnUrlAllowed(punchIn.returnUrl, key.allowedOrigins)) {
      throw new ApiRefusal(400, 'punchInInvalid', { field: 'token' });
    }
    await asPunchInRefusal(() => consumeToken(tx, PURPOSE, claims.jti));
    await audit(tx, {
      actorUserId: options.userId,
      action: 'punch-in.redeemed',
      target: `api-key:${key.id}`,
      ip: options.ip,
    });
    const { payload } = punchIn;
    return {
      vehicle: payload.vehicle,
      lines: payload.lines,
      recipient_relation_ids: payload.recipient_relation_ids ?? null,
      closes_in_minutes: payload.closes_in_minutes ?? null,
      return_url: punchIn.returnUrl,
      source: key.name,
    };
  });
}

/**
 * Housekeeping: a punch-in whose link has expired can never open again, so the inquiry data the
 * DMS sent (vehicle, parts, return URL) is not kept past it. The one-time token row stays, as all
 * of them do, as the record that the link existed and whether it was used.
 */
export async function deleteExpiredPunchIns(db: Database) {
  await db
    .delete(punchIns)
    .where(
      inArray(
        punchIns.jti,
        db.select({ jti: oneTimeTokens.jti }).from(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, new Date())),
      ),
    );
}
