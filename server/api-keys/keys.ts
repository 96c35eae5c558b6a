import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API_KEY_PATTERN, API_KEYS_PER_ORGANISATION, type ApiKeySummary } from '../../common/contracts/api-keys';
import { USER_STATUS, type UserStatus } from '../../common/contracts/auth';
import type { Database, Transaction } from '../db/database';
import { apiKeys, organisations, users } from '../db/schema';
import { ApiRefusal } from '../http/respond';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * What the database keeps of a key. The key carries 256 random bits, so a fast hash is enough: no
 * guessing can succeed, and a slow password hash would only cost every API request (ADR 031).
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A new key `tp_<prefix>_<secret>`: the prefix is public (lists, logs), the secret is not. */
export function newApiKey(): { key: string; prefix: string } {
  const prefix = randomBytes(5).toString('hex');
  return { key: `tp_${prefix}_${randomBytes(32).toString('base64url')}`, prefix };
}

export function toApiKeySummary(row: ApiKeyRow): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: `tp_${row.prefix}`,
    allowed_origins: row.allowedOrigins,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** Issues a key for a workshop or dealer organisation; the returned `key` is the only copy there will ever be. */
export async function issueApiKey(
  tx: Transaction,
  input: { organisationId: number; createdBy: number; name: string; allowedOrigins: string[] },
): Promise<{ row: ApiKeyRow; key: string }> {
  // The organisation row is the lock: two concurrent creations cannot both pass the count.
  await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, input.organisationId))
    .for('update');
  const [active] = await tx
    .select({ total: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.organisationId, input.organisationId), isNull(apiKeys.revokedAt)));
  if ((active?.total ?? 0) >= API_KEYS_PER_ORGANISATION) throw new ApiRefusal(409, 'tooManyApiKeys');
  const { key, prefix } = newApiKey();
  const [row] = await tx
    .insert(apiKeys)
    .values({
      organisationId: input.organisationId,
      name: input.name,
      prefix,
      secretHash: hashApiKey(key),
      allowedOrigins: input.allowedOrigins,
      createdBy: input.createdBy,
    })
    .returning();
  if (!row) throw new Error('api key insert returned nothing');
  return { row, key };
}

export async function listApiKeys(db: Database, organisationId: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.organisationId, organisationId))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revokes one of the organisation's keys (again: no change); another organisation's id is null. */
export async function revokeApiKey(
  db: Database | Transaction,
  organisationId: number,
  keyId: number,
): Promise<ApiKeyRow | null> {
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.organisationId, organisationId)))
    .returning();
  return revoked ?? null;
}

/**
 * The organisations a key can belong to; its kind decides which API the key opens (ADR 040): a
 * workshop's key the DMS API, a dealer's key `/api/v1/dealer/…`. An insurer has no API.
 */
export const API_KEY_ORGANISATION_KINDS = ['workshop', 'dealer'] as const;
export type ApiKeyOrganisationKind = (typeof API_KEY_ORGANISATION_KINDS)[number];

function isApiKeyOrganisationKind(kind: string): kind is ApiKeyOrganisationKind {
  return (API_KEY_ORGANISATION_KINDS as readonly string[]).includes(kind);
}

/** Who a valid key acts as: its workshop or dealer organisation and the colleague who created it. */
export type ApiKeyHolder = {
  key: ApiKeyRow;
  organisation: { id: number; kind: ApiKeyOrganisationKind; name: string };
  actorUserId: number;
};

/**
 * Whether a key still acts: not revoked, and its creator (in whose name it acts) still active.
 * The API's authentication and the punch-in's redeem both ask this.
 */
export function isApiKeyUsable(key: ApiKeyRow, creatorStatus: UserStatus | null): boolean {
  return key.revokedAt === null && key.createdBy !== null && creatorStatus === USER_STATUS.active;
}

/**
 * The key's holder, or the refusal: 401 `apiKeyMissing` without a key, 401 `apiKeyInvalid` for a
 * malformed, unknown or revoked key or one whose creator no longer has an active account, 403
 * `organisationDeactivated` when the key's organisation is deactivated. Revoking takes effect with the next
 * request: nothing is cached.
 */
export async function authenticateApiKey(db: Database, authorization: string | undefined): Promise<ApiKeyHolder> {
  if (!authorization) throw new ApiRefusal(401, 'apiKeyMissing', { headers: { 'WWW-Authenticate': 'Bearer' } });
  const invalid = new ApiRefusal(401, 'apiKeyInvalid', {
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  });
  const presented = /^Bearer +(\S+)\s*$/i.exec(authorization)?.[1];
  const match = presented === undefined ? null : API_KEY_PATTERN.exec(presented);
  if (!presented || !match) throw invalid;
  const [row] = await db
    .select({ key: apiKeys, organisation: organisations, creatorStatus: users.status })
    .from(apiKeys)
    .innerJoin(organisations, eq(organisations.id, apiKeys.organisationId))
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.prefix, match[1] as string));
  const expected = Buffer.from(row?.key.secretHash ?? '0'.repeat(64), 'hex');
  const matches = timingSafeEqual(expected, Buffer.from(hashApiKey(presented), 'hex'));
  if (!row || !matches || !isApiKeyUsable(row.key, row.creatorStatus) || row.key.createdBy === null) throw invalid;
  const kind = row.organisation.kind;
  if (!isApiKeyOrganisationKind(kind)) throw invalid;
  if (row.organisation.deactivatedAt !== null) throw new ApiRefusal(403, 'organisationDeactivated');
  return {
    key: row.key,
    organisation: { id: row.organisation.id, kind, name: row.organisation.name },
    actorUserId: row.key.createdBy,
  };
}

/** Marks the key as used, at most once a minute, so a busy DMS does not write on every request. */
export async function touchApiKey(db: Database, keyId: number) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}
