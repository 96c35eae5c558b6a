import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ORGANISATION_KINDS, USER_ROLES, USER_STATUS, type UserStatus } from '../../common/contracts/auth';
import { DEALER_LEAD_STATUSES } from '../../common/contracts/dealer';
import type { PunchInPayload } from '../../common/contracts/punch-in';
import { RELATION_STATUSES } from '../../common/contracts/relations';
import type { TradeEventKind, TradeMailKind } from '../../common/contracts/trade-events';
import {
  AVAILABILITY_CLASSES,
  INQUIRY_STATUSES,
  ORDER_HANDOVERS,
  ORDER_LINE_STATUSES,
  ORDER_STATUSES,
  RECIPIENT_STATUSES,
  RETURN_REASONS,
  RETURN_STATUSES,
} from '../../common/contracts/trading';
import { UPLOAD_LAYOUT_KINDS } from '../../common/contracts/upload-layouts';
import { onboardingSteps, workshopLeadStatuses } from '../../common/contracts/workshop';
import { COLUMN_ROLES } from '../../common/upload/order-file';

/**
 * GIN indexes are written at once, not through a pending list (`fastupdate`): a search reads the
 * whole list each time, and only a vacuum (or autovacuum's analyze) empties it before it reaches
 * 4 MB. PGlite runs neither. Grown to 450 pages, it made the planner scan 11 000 inquiry lines
 * instead (12–40 ms per search, 0.2 ms through the index; ADR 050).
 */
const GIN_WRITTEN_AT_ONCE = { fastupdate: 'off' } as const;

/**
 * A GIN trigram index (pg_trgm, migration `pg_trgm`): `like`/`ilike '%…%'` and similarity (`%`)
 * read it instead of scanning the table (ADR 028).
 */
const trigramIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops')).with(GIN_WRITTEN_AT_ONCE);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A workshop, a part dealer or an insurer (ADR 022). Members (users.organisation_id) act only for
 * their organisation; deactivating it ends every member's access with their next request.
 */
export const organisations = pgTable(
  'organisations',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ORGANISATION_KINDS }).notNull(),
    name: text('name').notNull(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('organisations_kind_idx').on(table.kind, table.name)],
);

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
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    /** 1 active, 2 pending verification, 3 deactivated (docs/product.md §4). */
    status: smallint('status').$type<UserStatus>().notNull().default(USER_STATUS.pendingVerification),
    services: text('services').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Set when a system administrator deactivated the account (ADR 022): the colleagues of its
     * organisation may deactivate and reactivate each other, but not undo an administrator.
     */
    deactivatedByAdmin: boolean('deactivated_by_admin').notNull().default(false),
    /** The organisation a workshop, dealer or insurer user acts for; null for admins and role `user`. */
    organisationId: integer('organisation_id').references(() => organisations.id),
    /** The language mails to this user are written in; taken from the request that created it. */
    locale: text('locale', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_status_idx').on(table.status),
    index('users_organisation_idx').on(table.organisationId),
  ],
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

/** Reference dealers are seeded with ids below 1000; dealers that join later count up from there. */
export const partDealerIdSequence = pgSequence('part_dealers_id_seq', { startWith: 1000 });

/**
 * The dealers a workshop can name as its suppliers: the seeded reference list, and every verified
 * dealer organisation (organisation_id set). A reference dealer gets an organisation_id when its
 * registration is verified as that dealer, so the relations workshops already requested reach it.
 */
export const partDealers = pgTable('part_dealers', {
  id: integer('id').primaryKey().default(sql`nextval('part_dealers_id_seq')`),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  organisationId: integer('organisation_id')
    .unique()
    .references(() => organisations.id),
});

/** A dealer organisation's company data: from its registration, then edited by its users. */
export const dealerProfiles = pgTable('dealer_profiles', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** The verified registration it was created from; unique, so verifying twice creates one dealer. */
  leadId: integer('lead_id')
    .unique()
    .references(() => partDealerLeads.id),
  contactEmail: text('contact_email').notNull(),
  contactNumber: text('contact_number').notNull(),
  street: text('street').notNull(),
  postcode: text('postcode').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  website: text('website'),
  taxId: text('tax_id').notNull(),
  brandsServed: text('brands_served').array().notNull(),
  deliveryArea: text('delivery_area').notNull(),
  openingHours: text('opening_hours'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A dealer's uploaded logo, kept in the database so every process serves the same one. */
export const dealerLogos = pgTable('dealer_logos', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Workshop invitation requests (docs/product.md §4.4 and ADR 011): requested → approved
 * (invitation sent) → registered (account created in the wizard) → verified, or rejected.
 * `mode` remembers the form it came from: /view-request (plain) or /workshop-account.
 */
export const workshopLeads = pgTable(
  'workshop_leads',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    workshopAccountName: text('workshop_account_name').notNull(),
    mode: text('mode', { enum: ['plain', 'account-creation'] }).notNull(),
    status: text('status', { enum: workshopLeadStatuses }).notNull().default('requested'),
    locale: text('locale', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    reviewerId: integer('reviewer_id').references(() => users.id),
    reviewNote: text('review_note'),
    userId: integer('user_id').references(() => users.id),
    /** Where the wizard continues once the account exists (ADR 015); null before that. */
    onboardingStep: text('onboarding_step', { enum: onboardingSteps }),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    index('workshop_leads_status_idx').on(table.status, table.createdAt),
    // At most one open request per address, even under concurrent submits.
    uniqueIndex('workshop_leads_open_email_unique').on(table.email).where(sql`status in ('requested', 'approved')`),
  ],
);

export const workshops = pgTable('workshops', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  organisationId: integer('organisation_id')
    .notNull()
    .unique()
    .references(() => organisations.id),
  leadId: integer('lead_id').references(() => workshopLeads.id),
  ownerUserId: integer('owner_user_id')
    .notNull()
    .references(() => users.id),
  dmsId: integer('dms_id').references(() => dmsSystems.id),
  dmsAccountId: text('dms_account_id'),
  /** "Anderes" when dms_id is 9999 (docs/product.md §7). */
  additionalDmsName: text('additional_dms_name'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * ADR 015: after its invitation is used, a browser continues the onboarding wizard with this
 * credential (an httpOnly cookie), bound to one lead, its user and its workshop; like sessions,
 * only the SHA-256 of the cookie value is stored. It expires with the invitation.
 */
export const onboardingCredentials = pgTable(
  'onboarding_credentials',
  {
    idHash: text('id_hash').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => workshopLeads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workshopId: integer('workshop_id')
      .notNull()
      .references(() => workshops.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('onboarding_credentials_lead_idx').on(table.leadId)],
);

/**
 * A workshop's relation to a dealer with its customer number there (ADR 022; the table keeps the
 * name it had as the wizard's supplier list): requested → active when the dealer accepts, or
 * declined with a reason the workshop sees. Only active relations can receive inquiries.
 */
export const supplierRelations = pgTable(
  'workshop_suppliers',
  {
    id: serial('id').notNull().unique(),
    workshopId: integer('workshop_id')
      .notNull()
      .references(() => workshops.id, { onDelete: 'cascade' }),
    partDealerId: integer('part_dealer_id')
      .notNull()
      .references(() => partDealers.id),
    customerNumber: text('customer_number').notNull(),
    status: text('status', { enum: RELATION_STATUSES }).notNull().default('requested'),
    declineReason: text('decline_reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.workshopId, table.partDealerId] }),
    index('workshop_suppliers_dealer_idx').on(table.partDealerId, table.status),
  ],
);

export const workshopAdditionalSuppliers = pgTable('workshop_additional_suppliers', {
  id: serial('id').primaryKey(),
  workshopId: integer('workshop_id')
    .notNull()
    .references(() => workshops.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  customerNumber: text('customer_number').notNull(),
});

/** Part-dealer onboarding submissions (docs/product.md §3), reviewed by hand: UNVERIFIED → VERIFIED or REJECTED. */
export const partDealerLeads = pgTable(
  'part_dealer_leads',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name').notNull(),
    email: text('email').notNull(),
    contactNumber: text('contact_number').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    country: text('country').notNull(),
    website: text('website'),
    steerer: text('steerer'),
    brandsServed: text('brands_served').array().notNull(),
    deliveryArea: text('delivery_area').notNull(),
    taxId: text('tax_id').notNull(),
    status: text('status', { enum: DEALER_LEAD_STATUSES }).notNull().default('UNVERIFIED'),
    locale: text('locale', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    reviewerId: integer('reviewer_id').references(() => users.id),
    reviewNote: text('review_note'),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [index('part_dealer_leads_status_idx').on(table.status, table.createdAt)],
);

/** Messages from the landing page's contact form (docs/product.md §3 (contact message)), mailed to PROVIDER_INBOX. */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  info: text('info').notNull(),
  locale: text('locale', { enum: ['de', 'en'] })
    .notNull()
    .default('de'),
  createdAt: createdAt(),
});

// ── The trade loop (issue 13, ADR 023) ──────────────────────────────────────────────────────────
// Every status column is a state of a lifecycle machine in machines/; every change of one is
// written together with a trade_events row (the event log the screens and live updates read).

/** A workshop's inquiry to 1–n of its active dealers. `version` grows with every change, answers included. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    workshopOrganisationId: integer('workshop_organisation_id')
      .notNull()
      .references(() => organisations.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: INQUIRY_STATUSES }).notNull(),
    version: integer('version').notNull().default(0),
    vin: text('vin').notNull().default(''),
    hsn: text('hsn').notNull().default(''),
    tsn: text('tsn').notNull().default(''),
    vehicleDescription: text('vehicle_description').notNull().default(''),
    /** The workshop's own reference (job number, number plate, customer); never shown to a dealer (issue 24 §9). */
    workshopReference: text('workshop_reference'),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('inquiries_workshop_idx').on(table.workshopOrganisationId, table.createdAt),
    index('inquiries_open_closes_idx').on(table.closesAt).where(sql`status in ('sent', 'quoted')`),
    // Learned fitment looks up the vehicle type: the VIN's positions 1–8 (ADR 028) or HSN/TSN.
    index('inquiries_vehicle_type_idx').on(sql`left(${table.vin}, 8)`).where(sql`${table.vin} <> ''`),
    index('inquiries_hsn_tsn_idx').on(table.hsn, table.tsn).where(sql`${table.hsn} <> ''`),
    // The order and inquiry lists' vehicle search (`ilike '%…%'`) reads these instead of scanning.
    trigramIndex('inquiries_vin_trgm_idx', table.vin),
    trigramIndex('inquiries_vehicle_description_trgm_idx', table.vehicleDescription),
    trigramIndex('inquiries_workshop_reference_trgm_idx', table.workshopReference),
  ],
);

export const inquiryLines = pgTable(
  'inquiry_lines',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** As the workshop wrote it; `part_number_normalised` is for matching and search only. */
    partNumber: text('part_number').notNull().default(''),
    partNumberNormalised: text('part_number_normalised').notNull().default(''),
    description: text('description').notNull().default(''),
    quantity: integer('quantity').notNull(),
    note: text('note').notNull().default(''),
  },
  (table) => [
    index('inquiry_lines_inquiry_idx').on(table.inquiryId, table.position),
    // A part-number search finds its numbers in `part_numbers`, then the lines by equality.
    index('inquiry_lines_part_idx').on(table.partNumberNormalised),
    trigramIndex('inquiry_lines_description_trgm_idx', table.description),
  ],
);

/**
 * Every normalised part number that an inquiry line, a quoted alternative or an order line holds,
 * once (ADR 050). Kept by the trigger `tp_remember_part_number`, never by application code, so no
 * write path can miss a number. A part-number search compares the typed number with these by
 * trigrams and then finds the lines by equality: the similarity is computed once per distinct
 * number, not once per line. Entries are never removed; a number no line holds any more matches
 * nothing.
 */
export const partNumbers = pgTable('part_numbers', { number: text('number').primaryKey() }, (table) => [
  trigramIndex('part_numbers_number_trgm_idx', table.number),
]);

/** One dealer's copy of an inquiry (through the workshop's active relation), with its answer. */
export const inquiryRecipients = pgTable(
  'inquiry_recipients',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    partDealerId: integer('part_dealer_id')
      .notNull()
      .references(() => partDealers.id),
    dealerOrganisationId: integer('dealer_organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** The workshop's customer number at this dealer when the inquiry was sent. */
    customerNumber: text('customer_number').notNull(),
    status: text('status', { enum: RECIPIENT_STATUSES }).notNull().default('sent'),
    version: integer('version').notNull().default(0),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The first answer (quote or decline); `answered_at` moves with a revision. The dashboards' response time (ADR 029). */
    firstAnsweredAt: timestamp('first_answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => users.id),
    declineReason: text('decline_reason'),
    validUntil: date('valid_until', { mode: 'string' }),
    freightCents: integer('freight_cents').notNull().default(0),
    freeFreightFromCents: integer('free_freight_from_cents'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('inquiry_recipients_unique').on(table.inquiryId, table.partDealerId),
    index('inquiry_recipients_dealer_idx').on(table.dealerOrganisationId, table.createdAt),
  ],
);

/** A dealer's answer to one inquiry line: an offer (money in integer cents) or a declined line. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: serial('id').primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => inquiryRecipients.id, { onDelete: 'cascade' }),
    inquiryLineId: integer('inquiry_line_id')
      .notNull()
      .references(() => inquiryLines.id, { onDelete: 'cascade' }),
    offered: boolean('offered').notNull(),
    netPriceCents: integer('net_price_cents'),
    depositCents: integer('deposit_cents').notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
    availability: text('availability', { enum: AVAILABILITY_CLASSES }),
    eta: date('eta', { mode: 'string' }),
    alternativePartNumber: text('alternative_part_number').notNull().default(''),
    /** `normalisePartNumber(alternative_part_number)`, for search only (ADR 028). */
    alternativePartNumberNormalised: text('alternative_part_number_normalised').notNull().default(''),
    alternativeBrand: text('alternative_brand').notNull().default(''),
    fitsVehicle: boolean('fits_vehicle').notNull().default(false),
    note: text('note').notNull().default(''),
    declineReason: text('decline_reason'),
    /**
     * Set when the inquiry is ordered (ADR 029): whether this quote line was ordered, and the net
     * price the line was ordered at from whichever dealer (null: ordered from no one).
     */
    won: boolean('won').notNull().default(false),
    orderedPriceCents: integer('ordered_price_cents'),
  },
  (table) => [
    uniqueIndex('quote_lines_unique').on(table.recipientId, table.inquiryLineId),
    // The dashboard facts (fillDashboardFacts) join quotes by the inquiry line; the unique index
    // above leads with the recipient and cannot serve that lookup.
    index('quote_lines_inquiry_line_idx').on(table.inquiryLineId),
    index('quote_lines_alternative_part_idx').on(table.alternativePartNumberNormalised),
  ],
);

/** One order per dealer, made from the lines the workshop chose. `version` grows with every change. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id),
    recipientId: integer('recipient_id')
      .notNull()
      .unique()
      .references(() => inquiryRecipients.id),
    workshopOrganisationId: integer('workshop_organisation_id')
      .notNull()
      .references(() => organisations.id),
    dealerOrganisationId: integer('dealer_organisation_id')
      .notNull()
      .references(() => organisations.id),
    partDealerId: integer('part_dealer_id')
      .notNull()
      .references(() => partDealers.id),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('placed'),
    version: integer('version').notNull().default(0),
    customerNumber: text('customer_number').notNull(),
    /** Delivered by the dealer or picked up by the workshop, and the workshop's note to the dealer (issue 24 §9). */
    handover: text('handover', { enum: ORDER_HANDOVERS }).notNull().default('delivery'),
    note: text('note').notNull().default(''),
    freightCents: integer('freight_cents').notNull().default(0),
    /** Goods, deposit and freight of the charged lines; a bigint, as 100 lines × 9 999 pieces × a high price exceed an integer. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('EUR'),
    placedBy: integer('placed_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_workshop_idx').on(table.workshopOrganisationId, table.createdAt),
    index('orders_inquiry_idx').on(table.inquiryId),
    index('orders_dealer_idx').on(table.dealerOrganisationId, table.createdAt),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    inquiryLineId: integer('inquiry_line_id')
      .notNull()
      .references(() => inquiryLines.id),
    quoteLineId: integer('quote_line_id')
      .notNull()
      .references(() => quoteLines.id),
    partNumber: text('part_number').notNull(),
    partNumberNormalised: text('part_number_normalised').notNull(),
    brand: text('brand').notNull().default(''),
    description: text('description').notNull().default(''),
    quantity: integer('quantity').notNull(),
    netPriceCents: integer('net_price_cents').notNull(),
    depositCents: integer('deposit_cents').notNull().default(0),
    fitsVehicle: boolean('fits_vehicle').notNull().default(false),
    status: text('status', { enum: ORDER_LINE_STATUSES }).notNull().default('placed'),
    eta: date('eta', { mode: 'string' }),
    cancelReason: text('cancel_reason'),
    trackingReference: text('tracking_reference').notNull().default(''),
    /**
     * The dashboards' facts (ADR 029), written with the change they record: the day the quote
     * promised (its ETA, else the placement day, or the day after for "central within 24 h"), the
     * best other dealer's offer for the line when it was ordered, and the first delivery.
     */
    promisedOn: date('promised_on', { mode: 'string' }),
    bestOtherPriceCents: integer('best_other_price_cents'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId),
    // Learned fitment and the order search (through `part_numbers`) match the part exactly.
    index('order_lines_part_idx').on(table.partNumberNormalised),
    trigramIndex('order_lines_description_trgm_idx', table.description),
  ],
);

export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    refusalReason: text('refusal_reason'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('order_returns_line_idx').on(table.orderLineId),
    // At most one return in progress per line, even under concurrent requests.
    uniqueIndex('order_returns_open_unique').on(table.orderLineId).where(sql`status = 'requested'`),
  ],
);

/**
 * The trade event log: append-only, one row per change (who, when, what, before/after). Its id is
 * the live stream's event id (SSE `Last-Event-ID`); ids are taken under a transaction advisory
 * lock so that they commit in order (server/trade/event-log.ts). Who may read a row: the workshop
 * organisation, and the dealer organisations listed (one dealer's quote is never another's).
 */
export const tradeEvents = pgTable(
  'trade_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<TradeEventKind>().notNull(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id),
    orderId: integer('order_id').references(() => orders.id),
    entity: text('entity', { enum: ['inquiry', 'recipient', 'order', 'line', 'return'] }).notNull(),
    entityId: integer('entity_id').notNull(),
    before: text('before'),
    after: text('after'),
    actorUserId: integer('actor_user_id').references(() => users.id),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    workshopOrganisationId: integer('workshop_organisation_id').notNull(),
    dealerOrganisationIds: integer('dealer_organisation_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
  },
  (table) => [
    index('trade_events_workshop_idx').on(table.workshopOrganisationId, table.id),
    index('trade_events_dealers_idx').using('gin', table.dealerOrganisationIds).with(GIN_WRITTEN_AT_ONCE),
    index('trade_events_order_idx').on(table.orderId, table.id),
    index('trade_events_inquiry_idx').on(table.inquiryId, table.id),
    // The dashboards (ADR 029) read a recipient's first answer and a line's delivery from the log:
    // one index-only probe each instead of reading the inquiry's or order's whole history.
    index('trade_events_first_answer_idx')
      .on(table.entityId, table.createdAt)
      .where(sql`entity = 'recipient' and kind in ('recipient.answered', 'recipient.declined')`),
    index('trade_events_line_delivered_idx')
      .on(table.entityId, table.createdAt)
      .where(sql`entity = 'line' and kind = 'line.delivered'`),
  ],
);

/**
 * Each organisation's own numbering of the trade events it may read (ADR 045, issue 27 §2): the
 * `position` is the id the organisation sees for the event — on its streams, in its timelines,
 * API answers and webhook bodies — dense per organisation (1, 2, 3 …), so nothing it sees grows
 * with other organisations' trade. Written by `appendTradeEvents` under the log's advisory lock, so
 * an organisation's positions commit in order; a row exists exactly for the event's readers.
 */
export const tradeEventReaders = pgTable(
  'trade_event_readers',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    position: bigint('position', { mode: 'number' }).notNull(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => tradeEvents.id),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.position] }),
    // From an event to its readers' positions (the live hub, webhook bodies) and a reader's event.
    uniqueIndex('trade_event_readers_event_idx').on(table.eventId, table.organisationId),
  ],
);

/**
 * Trade mails waiting to go out (ADR 023): one row per user and event worth a mail. A worker sends
 * one mail for a single event, or one digest when several piled up within the digest window.
 */
export const tradeMailQueue = pgTable(
  'trade_mail_queue',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    kind: text('kind').$type<TradeMailKind>().notNull(),
    createdAt: createdAt(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [index('trade_mail_queue_pending_idx').on(table.userId, table.mailedAt)],
);

/**
 * A workshop's saved column mappings of order files (issue 14, docs/decisions/026-order-upload.md):
 * offered again for files of the same shape. One name per organisation; saving a name again
 * overwrites its layout.
 */
export const uploadLayouts = pgTable(
  'upload_layouts',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: UPLOAD_LAYOUT_KINDS }).notNull(),
    shape: text('shape').notNull(),
    roles: text('roles', { enum: COLUMN_ROLES }).array().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('upload_layouts_name_idx').on(table.organisationId, table.name),
    index('upload_layouts_shape_idx').on(table.organisationId, table.shape),
  ],
);

/**
 * Insurance claims (issue 15, docs/decisions/030-insurance-claims.md): a workshop's order shared
 * under a claim number with one insurer organisation. Withdrawing sets `withdrawn_at` (the row stays
 * as the record of who could read what, when); at most one share of an order is current.
 */
export const claimShares = pgTable(
  'claim_shares',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    workshopOrganisationId: integer('workshop_organisation_id')
      .notNull()
      .references(() => organisations.id),
    insurerOrganisationId: integer('insurer_organisation_id')
      .notNull()
      .references(() => organisations.id),
    claimNumber: text('claim_number').notNull(),
    sharedBy: integer('shared_by')
      .notNull()
      .references(() => users.id),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnBy: integer('withdrawn_by').references(() => users.id),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('claim_shares_current_unique').on(table.orderId).where(sql`withdrawn_at is null`),
    index('claim_shares_insurer_idx').on(table.insurerOrganisationId, table.sharedAt).where(sql`withdrawn_at is null`),
  ],
);

/**
 * A workshop's API keys for its DMS (issue 15, docs/decisions/031-dms-api.md). The key is random
 * (256 bits), so the database keeps its SHA-256 only; `prefix` is the key's public, unique start,
 * shown in lists and used to find the row before the hash is compared in constant time.
 * `allowed_origins` are the DMS's registered origins (punch-in return URLs are checked against them).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    allowedOrigins: text('allowed_origins').array().notNull().default(sql`'{}'::text[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('api_keys_organisation_idx').on(table.organisationId, table.createdAt)],
);

/**
 * A DMS punch-in waiting to be opened (issue 15, docs/decisions/034-dms-punch-in.md). The link's
 * token is a one-time token (`one_time_tokens`, purpose `dms-punch-in`): its use and expiry live
 * there; the inquiry to pre-fill and the return URL live here, never in the URL. Scoped to the
 * key's workshop: only its users can redeem it.
 */
export const punchIns = pgTable(
  'punch_ins',
  {
    jti: text('jti')
      .primaryKey()
      .references(() => oneTimeTokens.jti, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<PunchInPayload>().notNull(),
    returnUrl: text('return_url').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('punch_ins_organisation_idx').on(table.organisationId, table.createdAt)],
);

/**
 * Idempotency keys of the DMS API's creating endpoints (docs/decisions/031-dms-api.md, "Idempotency-Key").
 * The row is inserted before the request runs, so the unique (api_key_id, key) makes exactly one of
 * concurrent duplicates run; `response_status` null means it is still running. The stored answer
 * (`response_body`, the JSON text as sent) is replayed to a repeat with the same `fingerprint`
 * (SHA-256 of method, path and body). Rows expire 24 hours after `created_at`.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    responseStatus: smallint('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('idempotency_keys_api_key_key_idx').on(table.apiKeyId, table.key),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

/**
 * A receiver an organisation registered for its trade events (issue 25, ADR 041). The secret must
 * be kept readable to sign with (an HMAC key cannot be hashed); it is never sent again after the
 * answer that created or rotated it. After a rotation the previous secret signs alongside until
 * `previous_secret_expires_at`, so the receiver can switch over without losing a delivery.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventKinds: text('event_kinds').array().$type<TradeEventKind[]>().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (table) => [index('webhook_endpoints_organisation_idx').on(table.organisationId, table.id)],
);

/**
 * The webhook outbox (ADR 041): one row per trade event and subscribed endpoint, written in the
 * transaction that appends the event. Its id gives the stable `webhook-id`; the worker leases due
 * rows (pushing `next_attempt_at` forward) and records every attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    tradeEventId: bigint('trade_event_id', { mode: 'number' })
      .notNull()
      .references(() => tradeEvents.id),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    /** When the current series of attempts began (the event's commit, or a "send again"): retries run 24 h from here. */
    seriesStartedAt: timestamp('series_started_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_event_endpoint_idx').on(table.tradeEventId, table.endpointId),
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`delivered_at is null and failed_at is null`),
  ],
);

/** Every attempt to deliver (the endpoint's delivery log): status or error, and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [index('webhook_attempts_endpoint_idx').on(table.endpointId, table.id)],
);
