import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { USER_STATUS } from '../../common/contracts/auth';
import { SIGNED_IN_WITHOUT_APP_COOKIE } from '../../common/signed-in-without-app';
import type { Database } from '../db/database';
import { organisations, sessions, users } from '../db/schema';
import {
  clearOpaqueCookie,
  hashOpaqueValue,
  newOpaqueValue,
  type OpaqueCookieSettings,
  presentedOpaqueHash,
  setOpaqueCookie,
} from './opaque-cookie';
import type { SessionCache } from './session-cache';

export const SESSION_HOURS_WITHOUT_REMEMBER = 12;
export const SESSION_DAYS_WITH_REMEMBER = 30;

const SESSION_COOKIE = 'tp_session';

/** Starts a fresh session (a new id on every login) and sets its httpOnly cookie. */
export async function startSession(
  c: Context,
  db: Database,
  settings: OpaqueCookieSettings,
  userId: number,
  rememberMe: boolean,
) {
  const sessionId = newOpaqueValue();
  const lifetimeMs = rememberMe
    ? SESSION_DAYS_WITH_REMEMBER * 24 * 3600 * 1000
    : SESSION_HOURS_WITHOUT_REMEMBER * 3600 * 1000;
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await db.insert(sessions).values({ idHash: hashOpaqueValue(sessionId), userId, rememberMe, expiresAt });
  // Without "remember me" the cookie lives as long as the browser session; the server still
  // enforces the 12-hour absolute limit through expiresAt.
  setOpaqueCookie(c, SESSION_COOKIE, settings, sessionId, rememberMe ? lifetimeMs / 1000 : null);
}

/**
 * The session check runs on nearly every request, so its statement is built once per database
 * rather than per request (Drizzle's query building cost more than PGlite's execution of it), and
 * named, so that node-postgres parses and plans it once per connection. With a session cache
 * (ADR 048) it runs once per session and process until an access change drops the entry.
 */
function prepareSessionUserQuery(db: Database) {
  return db
    .select({
      user: users,
      expiresAt: sessions.expiresAt,
      organisation: {
        id: organisations.id,
        kind: organisations.kind,
        name: organisations.name,
        deactivatedAt: organisations.deactivatedAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('current_session_user');
}

const sessionUserQueries = new WeakMap<Database, ReturnType<typeof prepareSessionUserQuery>>();

/**
 * The signed-in user of this request, or null when the cookie is missing, unknown or expired; from
 * `cache` when given and it holds the session.
 */
export async function currentSessionUser(
  c: Context,
  db: Database,
  settings: OpaqueCookieSettings,
  cache?: SessionCache,
) {
  const idHash = presentedOpaqueHash(c, SESSION_COOKIE, settings);
  if (!idHash) return null;
  if (!cache) return (await readSessionUser(db, idHash))?.user ?? null;
  return cache.read(idHash, () => readSessionUser(db, idHash));
}

async function readSessionUser(db: Database, idHash: string) {
  let query = sessionUserQueries.get(db);
  if (!query) {
    query = prepareSessionUserQuery(db);
    sessionUserQueries.set(db, query);
  }
  const [row] = await query.execute({ idHash, now: new Date() });
  // Only active accounts (status 1) hold a session; a deactivated user's old cookie stops working,
  // and so does every member's of a deactivated organisation (ADR 022).
  if (!row || row.user.status !== USER_STATUS.active) return null;
  if (row.organisation?.deactivatedAt) return null;
  const organisation = row.organisation
    ? { id: row.organisation.id, kind: row.organisation.kind, name: row.organisation.name }
    : null;
  return { user: { ...row.user, organisation }, expiresAt: row.expiresAt };
}

/**
 * A user read without a session (at login) with the organisation it acts for; a member of a
 * deactivated organisation counts as deactivated (ADR 022).
 */
export async function withOrganisation(db: Database, user: typeof users.$inferSelect) {
  if (user.organisationId === null) return { ...user, organisation: null };
  const [organisation] = await db
    .select()
    .from(organisations)
    .where(eq(organisations.id, user.organisationId))
    .limit(1);
  if (!organisation) return { ...user, organisation: null };
  return {
    ...user,
    status: organisation.deactivatedAt ? USER_STATUS.deactivated : user.status,
    organisation: { id: organisation.id, kind: organisation.kind, name: organisation.name },
  };
}

/**
 * The hash of the session id this request presents (null without a cookie): a key that needs no
 * database, and what the database announces when the session ends (ADR 043).
 */
export function presentedSessionHash(c: Context, settings: OpaqueCookieSettings) {
  return presentedOpaqueHash(c, SESSION_COOKIE, settings);
}

export async function endSession(c: Context, db: Database, settings: OpaqueCookieSettings) {
  const idHash = presentedOpaqueHash(c, SESSION_COOKIE, settings);
  if (idHash) await db.delete(sessions).where(eq(sessions.idHash, idHash));
  clearOpaqueCookie(c, SESSION_COOKIE, settings);
  // A login posted as a form leaves the app a hint for five minutes (ADR 046); after a logout the
  // next app need not ask the server.
  deleteCookie(c, SIGNED_IN_WITHOUT_APP_COOKIE, { path: '/' });
}

export async function endAllSessionsOf(db: Pick<Database, 'delete'>, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Database) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

/** Ends every session of a user except the one making this request (after a password change). */
export async function endOtherSessionsOf(
  c: Context,
  db: Pick<Database, 'delete'>,
  settings: OpaqueCookieSettings,
  userId: number,
) {
  const ownHash = presentedOpaqueHash(c, SESSION_COOKIE, settings) ?? '';
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, ownHash)));
}
