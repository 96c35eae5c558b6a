import { eq, sql } from 'drizzle-orm';
import { USER_STATUS } from '../../common/contracts/auth';
import { LINE_ACTION_EVENT_KIND } from '../../common/contracts/trade-events';
import {
  type AvailabilityClass,
  dealerTotal,
  type InquiryStatus,
  isLineCharged,
  normalisePartNumber,
  type OrderLineAction,
  type OrderLineStatus,
  type OrderStatus,
  RETURN_REASONS,
  type RecipientStatus,
  type ReturnStatus,
} from '../../common/contracts/trading';
import { inquiryLifecycleMachine } from '../../machines/inquiry-lifecycle.machine';
import { inquiryRecipientLifecycleMachine } from '../../machines/inquiry-recipient-lifecycle.machine';
import { lifecycleStep } from '../../machines/lifecycle';
import { orderLifecycleMachine } from '../../machines/order-lifecycle.machine';
import { orderLineLifecycleMachine } from '../../machines/order-line-lifecycle.machine';
import { orderReturnLifecycleMachine } from '../../machines/order-return-lifecycle.machine';
import type { Database } from '../db/database';
import {
  dealerProfiles,
  inquiries,
  inquiryLines,
  inquiryRecipients,
  orderLines,
  orderReturns,
  orders,
  organisations,
  partDealers,
  quoteLines,
  supplierRelations,
  tradeEvents,
  users,
  workshops,
} from '../db/schema';
import { hashPassword } from '../services/auth/passwords';
import { fillDashboardFacts } from '../trade/dashboard-facts';

/** The password of every demo account (printed by `npm run seed:demo`). */
export const DEMO_PASSWORD = 'Teileportal-Demo-2026';
/** The first workshop's user: the marker that the demo data is there already. */
export const DEMO_WORKSHOP_EMAIL = 'werkstatt@demo.teileportal.local';

const WORKSHOPS = [
  { name: 'Kfz-Meisterbetrieb Berger', email: DEMO_WORKSHOP_EMAIL, first: 'Jonas', last: 'Berger' },
  { name: 'Autowerkstatt Schulz', email: 'schulz@demo.teileportal.local', first: 'Petra', last: 'Schulz' },
  { name: 'Karosserie & Lack Öztürk', email: 'oeztuerk@demo.teileportal.local', first: 'Emre', last: 'Öztürk' },
];

const DEALERS = [
  { name: 'Teile-Zentrum Nord GmbH', city: 'Hamburg', postcode: '20097', brands: ['VW', 'Audi', 'Škoda', 'SEAT'] },
  { name: 'Autoteile Meyer KG', city: 'Bremen', postcode: '28195', brands: ['Opel', 'Ford', 'Renault'] },
  { name: 'Kfz-Teile Süd', city: 'München', postcode: '80331', brands: ['BMW', 'Mercedes-Benz', 'VW'] },
  { name: 'Ersatzteil-Express Rhein', city: 'Köln', postcode: '50667', brands: ['Toyota', 'Hyundai', 'Fiat'] },
  { name: 'Teilehandel Hoffmann', city: 'Hannover', postcode: '30159', brands: ['Peugeot', 'Citroën', 'Dacia'] },
];

const VEHICLES = [
  { vin: 'WVWZZZAUZFW123456', hsn: '0603', tsn: 'BGU', description: 'VW Golf 7 1.6 TDI' },
  { vin: 'WAUZZZ8V5GA012345', hsn: '0588', tsn: 'BCX', description: 'Audi A3 Sportback 2.0 TDI' },
  { vin: 'TMBJJ7NE8H0123456', hsn: '8004', tsn: 'AQV', description: 'Škoda Octavia III Combi 2.0 TDI' },
  { vin: 'WBA8E9106GK123456', hsn: '0005', tsn: 'CGH', description: 'BMW 320d Touring (F31)' },
  { vin: 'WDD2050041R123456', hsn: '1313', tsn: 'BEF', description: 'Mercedes-Benz C 220 d (W205)' },
  { vin: 'W0LPD6EC2HG012345', hsn: '0035', tsn: 'BHV', description: 'Opel Astra K 1.4 Turbo' },
  { vin: 'WF0XXXGCDXHA12345', hsn: '8566', tsn: 'BIF', description: 'Ford Focus III 1.0 EcoBoost' },
  { vin: 'VF1RFB00X57123456', hsn: '3001', tsn: 'AQS', description: 'Renault Clio IV 0.9 TCe' },
  { vin: 'VF3MCYHZRHS012345', hsn: '3003', tsn: 'ALJ', description: 'Peugeot 308 II 1.2 PureTech' },
  { vin: 'ZFA31200003123456', hsn: '4136', tsn: 'AOG', description: 'Fiat 500 1.2' },
  { vin: 'UU1HSDACN57123456', hsn: '7591', tsn: 'ABG', description: 'Dacia Duster 1.5 dCi' },
  { vin: 'SB1ZS3JE70E123456', hsn: '5013', tsn: 'AAE', description: 'Toyota Auris Hybrid' },
  { vin: 'TMAD381UAJJ123456', hsn: '8252', tsn: 'AHC', description: 'Hyundai i30 1.4 T-GDI' },
];

const PARTS = [
  { number: '1K0 615 301 AA', description: 'Bremsscheibe vorne', price: 4890, brand: 'ATE' },
  { number: '5Q0 698 151 A', description: 'Bremsbelagsatz vorne', price: 5290, brand: 'Textar' },
  { number: '04L 115 561 H', description: 'Ölfilter', price: 890, brand: 'MANN-FILTER' },
  { number: '5Q0 129 620 B', description: 'Luftfilter', price: 1790, brand: 'MAHLE' },
  { number: '5Q0 819 653', description: 'Innenraumfilter', price: 1490, brand: 'Bosch' },
  { number: '04L 121 011 L', description: 'Wasserpumpe', price: 8990, brand: 'SKF' },
  { number: '04L 109 119 J', description: 'Zahnriemensatz', price: 13990, brand: 'Contitech' },
  { number: '5Q0 413 031 FH', description: 'Stoßdämpfer vorne', price: 9590, brand: 'Sachs' },
  { number: '1K0 407 151 AC', description: 'Querlenker vorne links', price: 7490, brand: 'Lemförder' },
  { number: '03L 130 277 B', description: 'Einspritzdüse', price: 21990, brand: 'Bosch' },
  { number: '5G0 941 005', description: 'Scheinwerfer links', price: 32990, brand: 'Hella' },
  { number: '000 915 105 CD', description: 'Starterbatterie 70 Ah', price: 11990, brand: 'Varta' },
  { number: '06K 903 023 A', description: 'Lichtmaschine', price: 28990, brand: 'Valeo' },
  { number: '5Q0 121 251 GP', description: 'Kühler', price: 15990, brand: 'Nissens' },
  { number: '03L 253 010 F', description: 'Abgasrückführungsventil', price: 18990, brand: 'Pierburg' },
  { number: '1K0 955 425 E', description: 'Wischblatt vorne', price: 2490, brand: 'Bosch' },
];

const AVAILABILITY: AvailabilityClass[] = ['branch_today', 'branch_today', 'central_24h', 'central_24h', 'ordered_eta'];
const DAY_MS = 86_400_000;

/** A small deterministic random source, so the demo looks the same every time it is seeded. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}

/** Moves a lifecycle on by one event, failing loudly if the demo story breaks a rule. */
function step<TStatus extends string>(
  machine: Parameters<typeof lifecycleStep>[0],
  status: TStatus,
  event: Parameters<typeof lifecycleStep>[2],
): TStatus {
  const next = lifecycleStep(machine, status, event);
  if (next === null) throw new Error(`demo data: ${event.type} is not allowed in ${status}`);
  return next as TStatus;
}

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

type TableWithId =
  | typeof inquiries
  | typeof inquiryLines
  | typeof inquiryRecipients
  | typeof quoteLines
  | typeof orders
  | typeof orderLines
  | typeof orderReturns
  | typeof tradeEvents;

async function nextIdOf(db: Database, table: TableWithId) {
  const [row] = await db.select({ next: sql<number>`coalesce(max(${table.id}), 0) + 1`.mapWith(Number) }).from(table);
  return row?.next ?? 1;
}

async function insertInBatches<T extends Parameters<Database['insert']>[0]>(
  db: Database,
  table: T,
  rows: Row<T>[],
  batchSize = 1000,
) {
  for (let start = 0; start < rows.length; start += batchSize) {
    await db.insert(table).values(rows.slice(start, start + batchSize) as never);
  }
}

async function advanceSequence(db: Database, table: string) {
  await db.execute(
    sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select coalesce(max(id), 0) from ${sql.identifier(table)}), 1))`,
  );
}

export type DemoSeedResult = {
  created: boolean;
  workshops: { name: string; email: string }[];
  dealers: { name: string; email: string }[];
  counts: Record<string, number>;
};

/**
 * A realistic demo (issue 13): three workshops, five dealer organisations with active relations,
 * and `inquiryCount` inquiries in every state with quotes, orders split per dealer, backorders
 * with moving ETAs, returns and the event log behind them. Every status change goes through the
 * lifecycle machines, so the demo never shows a state the portal could not reach. Written straight
 * into the database in batches (the portal's API would take minutes for 50 000 lines); run it
 * while the portal is stopped when the database is the embedded one.
 */
export async function seedDemo(
  db: Database,
  options: { inquiryCount: number; now?: Date; log?: (line: string) => void },
): Promise<DemoSeedResult> {
  const log = options.log ?? (() => {});
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_WORKSHOP_EMAIL));
  const accounts = {
    workshops: WORKSHOPS.map(({ name, email }) => ({ name, email })),
    dealers: DEALERS.map((dealer, index) => ({
      name: dealer.name,
      email: `haendler${index + 1}@demo.teileportal.local`,
    })),
  };
  if (existing) return { created: false, ...accounts, counts: {} };

  const random = randomSource(20261125);
  const now = (options.now ?? new Date()).getTime();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // Organisations, members, profiles, relations.
  const workshopOrgs: { organisationId: number; workshopId: number; userId: number; name: string }[] = [];
  for (const workshop of WORKSHOPS) {
    const [organisation] = await db.insert(organisations).values({ kind: 'workshop', name: workshop.name }).returning();
    if (!organisation) throw new Error('organisation insert returned nothing');
    const [user] = await db
      .insert(users)
      .values({
        email: workshop.email,
        passwordHash,
        firstName: workshop.first,
        lastName: workshop.last,
        contactNumber: '+49 30 5550100',
        companyName: workshop.name,
        role: 'workshop_user',
        services: ['WORKSHOP'],
        status: USER_STATUS.active,
        organisationId: organisation.id,
      })
      .returning();
    if (!user) throw new Error('user insert returned nothing');
    const [row] = await db
      .insert(workshops)
      .values({ name: workshop.name, organisationId: organisation.id, ownerUserId: user.id })
      .returning();
    if (!row) throw new Error('workshop insert returned nothing');
    workshopOrgs.push({ organisationId: organisation.id, workshopId: row.id, userId: user.id, name: workshop.name });
  }
  const dealerOrgs: { organisationId: number; partDealerId: number; userIds: number[]; name: string }[] = [];
  for (const [index, dealer] of DEALERS.entries()) {
    const [organisation] = await db.insert(organisations).values({ kind: 'dealer', name: dealer.name }).returning();
    if (!organisation) throw new Error('organisation insert returned nothing');
    await db.insert(dealerProfiles).values({
      organisationId: organisation.id,
      contactEmail: `haendler${index + 1}@demo.teileportal.local`,
      contactNumber: '+49 40 5550200',
      street: 'Lagerstraße 1',
      postcode: dealer.postcode,
      city: dealer.city,
      country: 'Deutschland',
      taxId: `DE12345678${index}`,
      brandsServed: dealer.brands,
      deliveryArea: 'regional',
      openingHours: 'Mo–Fr 7:30–18:00, Sa 8:00–12:00',
    });
    const [partDealer] = await db
      .insert(partDealers)
      .values({ name: dealer.name, organisationId: organisation.id })
      .returning();
    if (!partDealer) throw new Error('part dealer insert returned nothing');
    const userIds: number[] = [];
    for (const colleague of [1, 2]) {
      const [user] = await db
        .insert(users)
        .values({
          email:
            colleague === 1
              ? `haendler${index + 1}@demo.teileportal.local`
              : `haendler${index + 1}-b@demo.teileportal.local`,
          passwordHash,
          firstName: colleague === 1 ? 'Sabine' : 'Tobias',
          lastName: ['Krause', 'Wagner', 'Becker', 'Fischer', 'Hoffmann'][index] ?? 'Händler',
          contactNumber: '+49 40 5550200',
          companyName: dealer.name,
          role: 'dealer_user',
          status: USER_STATUS.active,
          organisationId: organisation.id,
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      userIds.push(user.id);
    }
    dealerOrgs.push({ organisationId: organisation.id, partDealerId: partDealer.id, userIds, name: dealer.name });
  }
  const relationsOf = new Map<number, { dealer: (typeof dealerOrgs)[number]; customerNumber: string }[]>();
  for (const [workshopIndex, workshop] of workshopOrgs.entries()) {
    const chosen = dealerOrgs.filter((_, dealerIndex) => (dealerIndex + workshopIndex) % 5 !== 4);
    const relations = chosen.map((dealer, index) => ({
      dealer,
      customerNumber: `K-${10_000 + workshopIndex * 100 + index}`,
    }));
    relationsOf.set(workshop.organisationId, relations);
    await db.insert(supplierRelations).values(
      relations.map(({ dealer, customerNumber }) => ({
        workshopId: workshop.workshopId,
        partDealerId: dealer.partDealerId,
        customerNumber,
        status: 'active' as const,
        decidedBy: dealer.userIds[0] ?? null,
        decidedAt: new Date(now - 200 * DAY_MS),
      })),
    );
  }
  log(`organisations: ${workshopOrgs.length} workshops, ${dealerOrgs.length} dealers`);

  // The trade story of every inquiry, oldest first, with explicit ids (inserted in batches).
  const ids = {
    inquiry: await nextIdOf(db, inquiries),
    line: await nextIdOf(db, inquiryLines),
    recipient: await nextIdOf(db, inquiryRecipients),
    quote: await nextIdOf(db, quoteLines),
    order: await nextIdOf(db, orders),
    orderLine: await nextIdOf(db, orderLines),
    orderReturn: await nextIdOf(db, orderReturns),
    event: await nextIdOf(db, tradeEvents),
  };
  const rows = {
    inquiries: [] as Row<typeof inquiries>[],
    lines: [] as Row<typeof inquiryLines>[],
    recipients: [] as Row<typeof inquiryRecipients>[],
    quotes: [] as Row<typeof quoteLines>[],
    orders: [] as Row<typeof orders>[],
    orderLines: [] as Row<typeof orderLines>[],
    returns: [] as Row<typeof orderReturns>[],
    events: [] as Row<typeof tradeEvents>[],
  };

  for (let index = 0; index < options.inquiryCount; index++) {
    const workshop = workshopOrgs[index % workshopOrgs.length] as (typeof workshopOrgs)[number];
    const relations = relationsOf.get(workshop.organisationId) ?? [];
    // Spread over the last 180 days, the newest few still open.
    const age = (options.inquiryCount - index) / options.inquiryCount;
    const createdAt = now - Math.round(age * 180 * DAY_MS) - random.int(0, 3_600_000);
    const isRecent = options.inquiryCount - index <= Math.max(6, Math.round(options.inquiryCount * 0.002));
    const closesAt = isRecent ? now + random.int(30, 240) * 60_000 : createdAt + 2 * 3_600_000;
    const inquiryId = ids.inquiry++;
    // Each inquiry is another car (its own serial, positions 12–17) of one of a few types, so the
    // types repeat across workshops and learned fitment (ADR 028) has something to show.
    const model = random.pick(VEHICLES);
    const vehicle = { ...model, vin: `${model.vin.slice(0, 11)}${String(random.int(0, 999_999)).padStart(6, '0')}` };
    const dealers = [...relations]
      .sort(() => random.next() - 0.5)
      .slice(0, random.int(2, Math.min(4, relations.length)));
    const dealerIds = dealers.map(({ dealer }) => dealer.organisationId);
    const events: Row<typeof tradeEvents>[] = [];
    const event = (
      at: number,
      fields: Omit<Row<typeof tradeEvents>, 'id' | 'inquiryId' | 'workshopOrganisationId' | 'createdAt'>,
    ) => {
      events.push({
        ...fields,
        id: 0,
        inquiryId,
        workshopOrganisationId: workshop.organisationId,
        createdAt: new Date(Math.min(at, now)),
      });
    };

    let inquiryStatus: InquiryStatus = step(inquiryLifecycleMachine, 'draft' as InquiryStatus, {
      type: 'inquiry.send',
    });
    event(createdAt, {
      kind: 'inquiry.sent',
      entity: 'inquiry',
      entityId: inquiryId,
      before: 'draft',
      after: inquiryStatus,
      actorUserId: workshop.userId,
      dealerOrganisationIds: dealerIds,
    });
    const lineCount = random.int(3, 7);
    const lines = Array.from({ length: lineCount }, (_, position) => {
      const part = random.pick(PARTS);
      const id = ids.line++;
      const quantity = part.price > 10_000 ? 1 : random.int(1, 4);
      rows.lines.push({
        id,
        inquiryId,
        position: position + 1,
        partNumber: part.number,
        partNumberNormalised: normalisePartNumber(part.number),
        description: part.description,
        quantity,
        note: '',
      });
      return { id, part, quantity };
    });

    // Recipients: seen, then most answer, some decline a line or the inquiry.
    const story = isRecent ? 'open' : random.next();
    const recipients = dealers.map(({ dealer, customerNumber }) => {
      const id = ids.recipient++;
      let status: RecipientStatus = 'sent';
      const seenAt = createdAt + random.int(2, 40) * 60_000;
      const willSee = !isRecent || random.chance(0.6);
      const answers = willSee && (isRecent ? random.chance(0.5) : random.chance(0.85));
      const declines = willSee && !answers && random.chance(0.5);
      const actor = random.pick(dealer.userIds);
      const row: Row<typeof inquiryRecipients> = {
        id,
        inquiryId,
        partDealerId: dealer.partDealerId,
        dealerOrganisationId: dealer.organisationId,
        customerNumber,
        status,
        version: 0,
        createdAt: new Date(createdAt),
      };
      if (willSee) {
        status = step(inquiryRecipientLifecycleMachine, status, { type: 'recipient.open' });
        row.seenAt = new Date(seenAt);
        event(seenAt, {
          kind: 'recipient.seen',
          entity: 'recipient',
          entityId: id,
          before: 'sent',
          after: status,
          actorUserId: actor,
          dealerOrganisationIds: [dealer.organisationId],
        });
      }
      const offers = new Map<
        number,
        {
          quoteId: number;
          price: number;
          deposit: number;
          availability: AvailabilityClass;
          eta: string | null;
          alternative: string;
          brand: string;
          fits: boolean;
        }
      >();
      const answeredAt = seenAt + random.int(5, 60) * 60_000;
      if (answers) {
        const before = status;
        status = step(inquiryRecipientLifecycleMachine, status, { type: 'recipient.answer' });
        inquiryStatus = step(inquiryLifecycleMachine, inquiryStatus, { type: 'quote.received' });
        row.answeredAt = new Date(answeredAt);
        row.answeredBy = actor;
        row.validUntil = isoDate(answeredAt + 3 * DAY_MS);
        row.freightCents = random.pick([0, 490, 690, 990]);
        row.freeFreightFromCents = random.pick([null, 10_000, 15_000]);
        row.version = 1;
        let offered = 0;
        for (const line of lines) {
          const quoteId = ids.quote++;
          if (random.chance(0.08)) {
            rows.quotes.push({
              id: quoteId,
              recipientId: id,
              inquiryLineId: line.id,
              offered: false,
              depositCents: 0,
              declineReason: random.pick(['Nicht lieferbar', 'Nicht im Sortiment', 'Auslaufartikel']),
            });
            continue;
          }
          offered += 1;
          const availability = random.pick(AVAILABILITY);
          const alternative = random.chance(0.2);
          const offer = {
            quoteId,
            price: Math.round(line.part.price * (0.8 + random.next() * 0.4)),
            deposit:
              line.part.description.includes('Lichtmaschine') || line.part.description.includes('Einspritz') ? 5000 : 0,
            availability,
            eta:
              availability === 'ordered_eta'
                ? isoDate(answeredAt + random.int(2, 6) * DAY_MS)
                : isoDate(answeredAt + (availability === 'central_24h' ? DAY_MS : 0)),
            alternative: alternative ? `${line.part.number.replace(/\s/g, '')}-ALT` : '',
            brand: alternative ? random.pick(['Febi Bilstein', 'Meyle', 'Ridex', 'Stark']) : line.part.brand,
            fits: random.chance(0.7),
          };
          offers.set(line.id, offer);
          rows.quotes.push({
            id: quoteId,
            recipientId: id,
            inquiryLineId: line.id,
            offered: true,
            netPriceCents: offer.price,
            depositCents: offer.deposit,
            availability: offer.availability,
            eta: offer.eta,
            alternativePartNumber: offer.alternative,
            alternativePartNumberNormalised: normalisePartNumber(offer.alternative),
            alternativeBrand: offer.alternative ? offer.brand : '',
            fitsVehicle: offer.fits,
          });
        }
        event(answeredAt, {
          kind: 'recipient.answered',
          entity: 'recipient',
          entityId: id,
          before,
          after: status,
          actorUserId: actor,
          dealerOrganisationIds: [dealer.organisationId],
          details: { offered, declined: lineCount - offered },
        });
      } else if (declines) {
        const before = status;
        status = step(inquiryRecipientLifecycleMachine, status, { type: 'recipient.decline' });
        row.declineReason = 'Keine Teile für dieses Fahrzeug vorrätig';
        row.answeredAt = new Date(answeredAt);
        row.answeredBy = actor;
        row.version = 1;
        event(answeredAt, {
          kind: 'recipient.declined',
          entity: 'recipient',
          entityId: id,
          before,
          after: status,
          actorUserId: actor,
          dealerOrganisationIds: [dealer.organisationId],
          details: { reason: row.declineReason },
        });
      }
      return {
        row,
        dealer,
        offers,
        get status() {
          return status;
        },
        set status(next: RecipientStatus) {
          status = next;
        },
      };
    });

    // What happened next: still open, ordered, cancelled, or closed by time.
    const decided = createdAt + 3 * 3_600_000;
    const quoted = inquiryStatus === 'quoted';
    const outcome =
      story === 'open' ? 'open' : quoted && story < 0.78 ? 'ordered' : story < 0.88 ? 'closed' : 'cancelled';
    const expireOpenRecipients = (at: number) => {
      for (const recipient of recipients) {
        const next = lifecycleStep(inquiryRecipientLifecycleMachine, recipient.status, { type: 'recipient.expire' });
        if (next === null) continue;
        event(at, {
          kind: 'recipient.expired',
          entity: 'recipient',
          entityId: recipient.row.id as number,
          before: recipient.status,
          after: next,
          actorUserId: null,
          dealerOrganisationIds: [recipient.dealer.organisationId],
        });
        recipient.status = next as RecipientStatus;
      }
    };
    let cancelReason: string | null = null;
    if (outcome === 'closed' || outcome === 'ordered') {
      const before = inquiryStatus;
      inquiryStatus = step(inquiryLifecycleMachine, inquiryStatus, { type: 'inquiry.close' });
      expireOpenRecipients(closesAt);
      event(closesAt, {
        kind: 'inquiry.closed',
        entity: 'inquiry',
        entityId: inquiryId,
        before,
        after: inquiryStatus,
        actorUserId: null,
        dealerOrganisationIds: dealerIds,
      });
    }
    if (outcome === 'cancelled') {
      const before = inquiryStatus;
      inquiryStatus = step(inquiryLifecycleMachine, inquiryStatus, { type: 'inquiry.cancel' });
      cancelReason = 'Kunde hat den Auftrag storniert';
      expireOpenRecipients(decided);
      event(decided, {
        kind: 'inquiry.cancelled',
        entity: 'inquiry',
        entityId: inquiryId,
        before,
        after: inquiryStatus,
        actorUserId: workshop.userId,
        dealerOrganisationIds: dealerIds,
      });
    }
    if (outcome === 'ordered') {
      // The cheapest offer per line, grouped into one order per dealer.
      const chosen = new Map<number, { recipient: (typeof recipients)[number]; lines: typeof lines }>();
      for (const line of lines) {
        let best: { recipient: (typeof recipients)[number]; price: number } | null = null;
        for (const recipient of recipients) {
          const offer = recipient.offers.get(line.id);
          if (!offer || offer.availability === 'not_available') continue;
          if (!best || offer.price < best.price) best = { recipient, price: offer.price };
        }
        if (!best) continue;
        const entry = chosen.get(best.recipient.row.id as number) ?? { recipient: best.recipient, lines: [] };
        entry.lines.push(line);
        chosen.set(best.recipient.row.id as number, entry);
      }
      if (chosen.size > 0) {
        const before = inquiryStatus;
        inquiryStatus = step(inquiryLifecycleMachine, inquiryStatus, { type: 'inquiry.order' });
        const placedAt = closesAt + random.int(5, 90) * 60_000;
        for (const { recipient, lines: orderedLines } of chosen.values()) {
          const orderId = ids.order++;
          const dealerOrg = recipient.dealer.organisationId;
          const priced = orderedLines.map((line) => {
            const offer = recipient.offers.get(line.id);
            if (!offer) throw new Error('demo data: a chosen line without offer');
            return { line, offer, net_price_cents: offer.price, deposit_cents: offer.deposit, quantity: line.quantity };
          });
          const totals = dealerTotal(priced, {
            freight_cents: recipient.row.freightCents ?? 0,
            free_freight_from_cents: recipient.row.freeFreightFromCents ?? null,
          });
          const orderEvent = (
            at: number,
            fields: Omit<
              Row<typeof tradeEvents>,
              'id' | 'inquiryId' | 'workshopOrganisationId' | 'createdAt' | 'orderId' | 'dealerOrganisationIds'
            >,
          ) => event(at, { ...fields, orderId, dealerOrganisationIds: [dealerOrg] });
          orderEvent(placedAt, {
            kind: 'order.placed',
            entity: 'order',
            entityId: orderId,
            before: null,
            after: 'placed',
            actorUserId: workshop.userId,
            details: { lines: priced.length, total_cents: totals.total },
          });
          // Each line's life, by the order's age: most delivered, some on backorder or cancelled.
          const daysOld = (now - placedAt) / DAY_MS;
          const dealerActor = random.pick(recipient.dealer.userIds);
          const lineStatuses: OrderLineStatus[] = [];
          let version = 1;
          for (const { line, offer } of priced) {
            const orderLineId = ids.orderLine++;
            let status: OrderLineStatus = 'placed';
            let eta = offer.eta;
            let cancel: string | null = null;
            let tracking = '';
            const move = (at: number, action: OrderLineAction, details: Record<string, string> = {}) => {
              const before = status;
              status = step(orderLineLifecycleMachine, status, { type: `line.${action}` });
              version += 1;
              orderEvent(at, {
                kind: LINE_ACTION_EVENT_KIND[action],
                entity: 'line',
                entityId: orderLineId,
                before,
                after: status,
                actorUserId: dealerActor,
                details,
              });
            };
            const roll = random.next();
            const confirmAt = placedAt + random.int(10, 120) * 60_000;
            if (roll < 0.05) {
              cancel = 'Beim Lieferanten nicht mehr verfügbar';
              move(confirmAt, 'cancel', { reason: cancel });
            } else if (roll < 0.15 && daysOld < 20) {
              eta = isoDate(confirmAt + 4 * DAY_MS);
              move(confirmAt, 'backorder', { eta });
              if (random.chance(0.6)) {
                eta = isoDate(confirmAt + 8 * DAY_MS);
                move(confirmAt + DAY_MS, 'backorder', { eta });
              }
            } else {
              move(confirmAt, 'confirm');
              if (daysOld > 1) {
                tracking = random.chance(0.5) ? `DHL ${random.int(100000000, 999999999)}` : '';
                move(confirmAt + 4 * 3_600_000, 'ship', { tracking_reference: tracking });
                if (daysOld > 2) move(confirmAt + DAY_MS, 'deliver');
              }
            }
            lineStatuses.push(status);
            rows.orderLines.push({
              id: orderLineId,
              orderId,
              inquiryLineId: line.id,
              quoteLineId: offer.quoteId,
              partNumber: offer.alternative || line.part.number,
              partNumberNormalised: normalisePartNumber(offer.alternative || line.part.number),
              brand: offer.brand,
              description: line.part.description,
              quantity: line.quantity,
              netPriceCents: offer.price,
              depositCents: offer.deposit,
              fitsVehicle: offer.fits,
              status,
              eta,
              cancelReason: cancel,
              trackingReference: tracking,
            });
            // Now and then a delivered part goes back.
            const delivered = (rows.orderLines[rows.orderLines.length - 1]?.status ?? 'placed') === 'delivered';
            if (delivered && random.chance(0.04)) {
              const returnId = ids.orderReturn++;
              const requestedAt = confirmAt + 2 * DAY_MS;
              const reason = random.pick(RETURN_REASONS);
              let returnStatus: ReturnStatus | 'none' = step(
                orderReturnLifecycleMachine,
                'none' as ReturnStatus | 'none',
                {
                  type: 'return.request',
                },
              );
              orderEvent(requestedAt, {
                kind: 'return.requested',
                entity: 'return',
                entityId: returnId,
                before: null,
                after: returnStatus,
                actorUserId: workshop.userId,
                details: { line_id: orderLineId, reason },
              });
              version += 1;
              if (daysOld > 5) {
                const accept = random.chance(0.8);
                returnStatus = step(orderReturnLifecycleMachine, returnStatus, {
                  type: accept ? 'return.accept' : 'return.refuse',
                });
                orderEvent(requestedAt + DAY_MS, {
                  kind: accept ? 'return.accepted' : 'return.refused',
                  entity: 'return',
                  entityId: returnId,
                  before: 'requested',
                  after: returnStatus,
                  actorUserId: dealerActor,
                  details: { line_id: orderLineId },
                });
                version += 1;
                if (accept) {
                  status = step(orderLineLifecycleMachine, status, { type: 'line.return' });
                  lineStatuses[lineStatuses.length - 1] = status;
                  const stored = rows.orderLines[rows.orderLines.length - 1];
                  if (stored) stored.status = status;
                }
              }
              rows.returns.push({
                id: returnId,
                orderLineId,
                status: returnStatus as ReturnStatus,
                reason,
                note: reason === 'does_not_fit' ? 'Passt nicht an die Achse' : '',
                refusalReason: returnStatus === 'refused' ? 'Teil wurde verbaut' : null,
                requestedBy: workshop.userId,
                decidedBy: returnStatus === 'requested' ? null : dealerActor,
                createdAt: new Date(requestedAt),
                decidedAt: returnStatus === 'requested' ? null : new Date(requestedAt + DAY_MS),
              });
            }
          }
          // As the server keeps it: freight and total over the lines still charged.
          const charged = dealerTotal(
            priced.filter((_, position) => isLineCharged(lineStatuses[position] ?? 'placed')),
            {
              freight_cents: recipient.row.freightCents ?? 0,
              free_freight_from_cents: recipient.row.freeFreightFromCents ?? null,
            },
          );
          const orderStatus = (lifecycleStep(orderLifecycleMachine, 'placed', {
            type: 'order.linesChanged',
            lines: lineStatuses,
          }) ?? 'placed') as OrderStatus;
          rows.orders.push({
            id: orderId,
            inquiryId,
            recipientId: recipient.row.id as number,
            workshopOrganisationId: workshop.organisationId,
            dealerOrganisationId: dealerOrg,
            partDealerId: recipient.dealer.partDealerId,
            status: orderStatus,
            version,
            customerNumber: recipient.row.customerNumber,
            freightCents: charged.freight,
            totalCents: charged.total,
            placedBy: workshop.userId,
            createdAt: new Date(placedAt),
            updatedAt: new Date(Math.min(now, placedAt + 2 * DAY_MS)),
          });
        }
        event(placedAt, {
          kind: 'inquiry.ordered',
          entity: 'inquiry',
          entityId: inquiryId,
          before,
          after: inquiryStatus,
          actorUserId: workshop.userId,
          dealerOrganisationIds: dealerIds,
        });
      }
    }
    rows.recipients.push(...recipients.map((recipient) => ({ ...recipient.row, status: recipient.status })));
    rows.inquiries.push({
      id: inquiryId,
      workshopOrganisationId: workshop.organisationId,
      createdBy: workshop.userId,
      status: inquiryStatus,
      version: recipients.filter((recipient) => recipient.row.answeredAt).length,
      vin: vehicle.vin,
      hsn: vehicle.hsn,
      tsn: vehicle.tsn,
      vehicleDescription: vehicle.description,
      closesAt: new Date(closesAt),
      cancelReason,
      createdAt: new Date(createdAt),
      updatedAt: new Date(Math.min(now, decided)),
    });
    events.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
    for (const entry of events) rows.events.push({ ...entry, id: ids.event++ });
  }

  log(
    `inserting ${rows.inquiries.length} inquiries, ${rows.lines.length} lines, ${rows.quotes.length} quote lines, ${rows.orders.length} orders, ${rows.events.length} events`,
  );
  await db.transaction(async (tx) => {
    const writer = tx as unknown as Database;
    await insertInBatches(writer, inquiries, rows.inquiries);
    await insertInBatches(writer, inquiryLines, rows.lines);
    await insertInBatches(writer, inquiryRecipients, rows.recipients);
    await insertInBatches(writer, quoteLines, rows.quotes);
    await insertInBatches(writer, orders, rows.orders);
    await insertInBatches(writer, orderLines, rows.orderLines);
    await insertInBatches(writer, orderReturns, rows.returns);
    await insertInBatches(writer, tradeEvents, rows.events);
    for (const table of [
      'inquiries',
      'inquiry_lines',
      'inquiry_recipients',
      'quote_lines',
      'orders',
      'order_lines',
      'order_returns',
      'trade_events',
    ]) {
      await advanceSequence(writer, table);
    }
  });
  // The dashboards' facts (ADR 029) that the routes write as things happen, from the rows just written.
  await fillDashboardFacts(db);
  // PGlite runs no autovacuum, so nothing would tell its planner how large the tables have become.
  await db.execute(sql`analyze`);
  return {
    created: true,
    ...accounts,
    counts: {
      inquiries: rows.inquiries.length,
      lines: rows.lines.length,
      quoteLines: rows.quotes.length,
      orders: rows.orders.length,
      orderLines: rows.orderLines.length,
      returns: rows.returns.length,
      events: rows.events.length,
    },
  };
}

/**
 * For the order-placing benchmark: `count` inquiries of the first demo workshop, each with
 * `lineCount` lines quoted in full by one dealer (closing in a day), ready to be ordered.
 * Returns what a placement names: the inquiry, its version and a choice per line.
 */
export async function seedQuotedInquiries(db: Database, options: { count: number; lineCount: number }) {
  const [workshopUser] = await db.select().from(users).where(eq(users.email, DEMO_WORKSHOP_EMAIL));
  if (!workshopUser?.organisationId) throw new Error('seed the demo first');
  const [relation] = await db
    .select({
      partDealerId: partDealers.id,
      dealerOrganisationId: partDealers.organisationId,
      customerNumber: supplierRelations.customerNumber,
    })
    .from(supplierRelations)
    .innerJoin(workshops, eq(workshops.id, supplierRelations.workshopId))
    .innerJoin(partDealers, eq(partDealers.id, supplierRelations.partDealerId))
    .where(eq(workshops.organisationId, workshopUser.organisationId))
    .limit(1);
  if (!relation?.dealerOrganisationId) throw new Error('the demo workshop has no dealer');
  const placements: {
    inquiryId: number;
    version: number;
    choices: { inquiry_line_id: number; recipient_id: number }[];
  }[] = [];
  const now = Date.now();
  for (let index = 0; index < options.count; index++) {
    await db.transaction(async (tx) => {
      const [inquiry] = await tx
        .insert(inquiries)
        .values({
          workshopOrganisationId: workshopUser.organisationId as number,
          createdBy: workshopUser.id,
          status: 'quoted',
          version: 1,
          vin: 'WVWZZZAUZFW123456',
          vehicleDescription: 'VW Golf 7 1.6 TDI',
          closesAt: new Date(now + DAY_MS),
        })
        .returning({ id: inquiries.id });
      if (!inquiry) throw new Error('inquiry insert returned nothing');
      const lines = await tx
        .insert(inquiryLines)
        .values(
          Array.from({ length: options.lineCount }, (_, position) => {
            const part = PARTS[position % PARTS.length] as (typeof PARTS)[number];
            return {
              inquiryId: inquiry.id,
              position: position + 1,
              partNumber: part.number,
              partNumberNormalised: normalisePartNumber(part.number),
              description: part.description,
              quantity: 1,
            };
          }),
        )
        .returning({ id: inquiryLines.id });
      const [recipient] = await tx
        .insert(inquiryRecipients)
        .values({
          inquiryId: inquiry.id,
          partDealerId: relation.partDealerId,
          dealerOrganisationId: relation.dealerOrganisationId as number,
          customerNumber: relation.customerNumber,
          status: 'answered',
          version: 1,
          answeredAt: new Date(now),
          validUntil: isoDate(now + 3 * DAY_MS),
          freightCents: 690,
          freeFreightFromCents: 15_000,
        })
        .returning({ id: inquiryRecipients.id });
      if (!recipient) throw new Error('recipient insert returned nothing');
      await tx.insert(quoteLines).values(
        lines.map((line, position) => ({
          recipientId: recipient.id,
          inquiryLineId: line.id,
          offered: true,
          netPriceCents: (PARTS[position % PARTS.length] as (typeof PARTS)[number]).price,
          availability: 'branch_today' as const,
          eta: isoDate(now),
        })),
      );
      placements.push({
        inquiryId: inquiry.id,
        version: 1,
        choices: lines.map((line) => ({ inquiry_line_id: line.id, recipient_id: recipient.id })),
      });
    });
  }
  return placements;
}
