import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    contactNumber: text('contact_number'),
    companyName: text('company_name'),
    postalCode: text('postal_code'),
    role: text('role', { enum: ['user', 'system_admin'] })
      .notNull()
      .default('user'),
    /** 1 active, 2 pending verification, 3 deactivated (spec §4). */
    status: smallint('status').notNull().default(2),
    services: text('services').array().notNull().default(sql`'{}'::text[]`),
    /** The language mails to this user are written in; taken from the request that created it. */
    locale: text('locale', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email), index('users_status_idx').on(table.status)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value; the value itself is never stored. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Server-side record of every signed token (reset, invitations): single use, revocable. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    jti: text('jti').primaryKey(),
    purpose: text('purpose').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('one_time_tokens_subject_idx').on(table.purpose, table.subject)],
);

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    abandonedAt: timestamp('abandoned_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [index('outbox_pending_idx').on(table.sentAt, table.abandonedAt, table.nextAttemptAt)],
);

export const auditEvents = pgTable('audit_events', {
  id: serial('id').primaryKey(),
  actorUserId: integer('actor_user_id'),
  action: text('action').notNull(),
  target: text('target'),
  details: jsonb('details').$type<Record<string, string | number | boolean | null>>(),
  ip: text('ip'),
  createdAt: createdAt(),
});

/** Fixed-window counters for throttling; kept in the database so several processes agree. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/** Solved captcha challenges, so a solution cannot be replayed before it expires. */
export const spentCaptchas = pgTable('spent_captchas', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const dmsSystems = pgTable('dms_systems', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const partDealers = pgTable('part_dealers', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
});
