import { and, count, eq, gt, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { USER_STATUS } from '../../common/contracts/auth';
import {
  type AvailabilityClass,
  inquiryCreateSchema,
  orderLineActionSchema,
  orderPlacementSchema,
  quoteAnswerSchema,
  RETURN_REASONS,
  returnDecisionSchema,
  returnRequestSchema,
  versionedReasonSchema,
  versionOnlySchema,
} from '../../common/contracts/trading';
import { portalDateOf } from '../../common/format/formats';
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
  tradeMailQueue,
  users,
  workshops,
} from '../db/schema';
import { hashPassword } from '../services/auth/passwords';
import { cancelInquiry } from '../trade/cancel-inquiry';
import { closeDueInquiries } from '../trade/closing-sweeper';
import { createInquiry } from '../trade/create-inquiry';
import { answerInquiry, declineInquiry, markInquirySeen } from '../trade/dealer-answers';
import { latestTradeEventId } from '../trade/event-log';
import { changeOrderLines, decideReturn, requestReturn } from '../trade/order-changes';
import { placeOrders } from '../trade/place-orders';
import type { TradeActor } from '../trade/trade-actor';

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

/**
 * What workshops write as their own reference (issue 24 §9): a job number, a number plate, a
 * customer. Taken by the inquiry's index (not the random stream), so the rest of the story stays as it was.
 */
const WORKSHOP_REFERENCES = [
  'Auftrag 24-1187 · HH-AB 123',
  'Kd. Müller, KI-MS 4711',
  'WA 5512 / Frau Schröder',
  'HL-ÖZ 88 · Garantie',
  '',
  'Auftrag 24-1203',
  'Kd. Jürgensen, SE-JK 904',
] as const;

/** Every third order the workshop picks up itself and tells the dealer when; the rest are delivered. */
const PICKUP_NOTES = ['Wir holen gegen 15 Uhr ab.', 'Abholung morgen früh, bitte bereitlegen.', ''] as const;

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

/** The portal's calendar day of a moment (Berlin, as the commands judge dates), not the UTC day. */
const isoDate = (time: number) => portalDateOf(new Date(time));

type WorkshopOrg = { organisationId: number; workshopId: number; userId: number; name: string };
type DealerOrg = { organisationId: number; partDealerId: number; userIds: number[]; name: string };
type Relation = { relationId: number; dealer: DealerOrg };

type CountedTable =
  | typeof inquiries
  | typeof inquiryLines
  | typeof quoteLines
  | typeof orders
  | typeof orderLines
  | typeof orderReturns
  | typeof tradeEvents;

/** A step of the demo's story: a trade command run at its time. */
type Step = { at: number; run: () => Promise<unknown> };

/** Runs the steps in the order of their time (ties in the order given), each on its own clock. */
async function runInOrder(steps: Step[]) {
  steps.sort((a, b) => a.at - b.at);
  for (const step of steps) await step.run();
}

/** An inquiry's current version, as a workshop reads it before its next write. */
async function versionOfInquiry(db: Database, id: number) {
  const [row] = await db.select({ version: inquiries.version }).from(inquiries).where(eq(inquiries.id, id));
  return row?.version ?? 0;
}

/** The demo's workshops: an organisation each, its owner (an active user) and its workshop row. */
async function seedWorkshops(db: Database, passwordHash: string): Promise<WorkshopOrg[]> {
  const workshopOrgs: WorkshopOrg[] = [];
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
  return workshopOrgs;
}

/** The demo's dealer organisations: profile, entry in the dealer list and two active colleagues each. */
async function seedDealers(db: Database, passwordHash: string): Promise<DealerOrg[]> {
  const dealerOrgs: DealerOrg[] = [];
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
  return dealerOrgs;
}

/**
 * The active supplier relations (each workshop with four of the five dealers, decided 200 days
 * ago), per workshop organisation.
 */
async function seedRelations(db: Database, workshopOrgs: WorkshopOrg[], dealerOrgs: DealerOrg[], now: number) {
  const relationsOf = new Map<number, Relation[]>();
  for (const [workshopIndex, workshop] of workshopOrgs.entries()) {
    const chosen = dealerOrgs.filter((_, dealerIndex) => (dealerIndex + workshopIndex) % 5 !== 4);
    const stored = await db
      .insert(supplierRelations)
      .values(
        chosen.map((dealer, index) => ({
          workshopId: workshop.workshopId,
          partDealerId: dealer.partDealerId,
          customerNumber: `K-${10_000 + workshopIndex * 100 + index}`,
          status: 'active' as const,
          decidedBy: dealer.userIds[0] ?? null,
          decidedAt: new Date(now - 200 * DAY_MS),
        })),
      )
      .returning({ id: supplierRelations.id, partDealerId: supplierRelations.partDealerId });
    relationsOf.set(
      workshop.organisationId,
      stored.map((relation) => {
        const dealer = dealerOrgs.find((candidate) => candidate.partDealerId === relation.partDealerId);
        if (!dealer) throw new Error('relation insert returned another dealer');
        return { relationId: relation.id, dealer };
      }),
    );
  }
  return relationsOf;
}

type RandomSource = ReturnType<typeof randomSource>;
type Part = (typeof PARTS)[number];
type Person = { organisationId: number; userId: number };

/** What every chapter of the trade story writes with. */
type StoryContext = {
  db: Database;
  now: number;
  /** The one random stream of the whole demo: each chapter draws from it in the order it is told. */
  random: RandomSource;
  /** The actor of a command at a moment of the story (never later than now). */
  actorAt: (who: Person, time: number) => TradeActor;
  /** A record's current version, read when its command runs (not when the step is planned). */
  versionOf: Record<'inquiry' | 'recipient' | 'order', (id: number) => Promise<number>>;
};

/** The story's context: the actor's clock is set back to the moment of each step, never past `now`. */
function storyContext(db: Database, now: number, random: RandomSource): StoryContext {
  return {
    db,
    now,
    random,
    actorAt: (who, time) => ({
      organisationId: who.organisationId,
      userId: who.userId,
      clock: () => new Date(Math.min(time, now)),
    }),
    versionOf: {
      inquiry: (id) => versionOfInquiry(db, id),
      recipient: async (id) =>
        (
          await db
            .select({ version: inquiryRecipients.version })
            .from(inquiryRecipients)
            .where(eq(inquiryRecipients.id, id))
        )[0]?.version ?? 0,
      order: async (id) =>
        (await db.select({ version: orders.version }).from(orders).where(eq(orders.id, id)))[0]?.version ?? 0,
    },
  };
}

/** An inquiry as the workshop sent it: what the dealers' answers and the orders refer to. */
type SentInquiry = {
  inquiryId: number;
  workshop: WorkshopOrg;
  /** One of the newest few: sent hours ago and still open. */
  isRecent: boolean;
  createdAt: number;
  closesAt: number;
  parts: { part: Part; quantity: number }[];
  chosenRelations: Relation[];
  /** The inquiry's line ids, by position. */
  lineIds: number[];
  /** The recipient id per part dealer id. */
  recipientIdOf: Map<number, number>;
};

/** An answering recipient's dealer and its price per line position, for the workshop's choice. */
type Offer = { dealer: DealerOrg; prices: Map<number, number> };

/** The workshop sends the `index`th inquiry of the story: another car, a few parts, some of its dealers. */
async function sendInquiry(
  story: StoryContext,
  index: number,
  inquiryCount: number,
  workshop: WorkshopOrg,
  relations: Relation[],
): Promise<SentInquiry> {
  const { db, now, random } = story;
  // Spread over the last 180 days, the newest few sent a few hours ago and still open.
  const isRecent = inquiryCount - index <= Math.max(6, Math.round(inquiryCount * 0.002));
  const age = (inquiryCount - index) / inquiryCount;
  const createdAt = isRecent
    ? now - random.int(110, 360) * 60_000
    : now - Math.round(age * 180 * DAY_MS) - random.int(0, 3_600_000);
  const closesAt = isRecent ? now + random.int(30, 240) * 60_000 : createdAt + 2 * 3_600_000;
  // Each inquiry is another car (its own serial, positions 12–17) of one of a few types, so the
  // types repeat across workshops and learned fitment (ADR 028) has something to show.
  const model = random.pick(VEHICLES);
  const vehicle = { ...model, vin: `${model.vin.slice(0, 11)}${String(random.int(0, 999_999)).padStart(6, '0')}` };
  const chosenRelations = [...relations]
    .sort(() => random.next() - 0.5)
    .slice(0, random.int(2, Math.min(4, relations.length)));
  const lineCount = random.int(3, 7);
  const parts = Array.from({ length: lineCount }, () => {
    const part = random.pick(PARTS);
    return { part, quantity: part.price > 10_000 ? 1 : random.int(1, 4) };
  });

  const { inquiryId } = await createInquiry(
    db,
    story.actorAt(workshop, createdAt),
    v.parse(inquiryCreateSchema, {
      vehicle: { vin: vehicle.vin, hsn: vehicle.hsn, tsn: vehicle.tsn, description: vehicle.description },
      lines: parts.map(({ part, quantity }) => ({
        part_number: part.number,
        description: part.description,
        quantity,
        note: '',
      })),
      recipient_relation_ids: chosenRelations.map((relation) => relation.relationId),
      closes_in_minutes: Math.round((closesAt - createdAt) / 60_000),
      workshop_reference: WORKSHOP_REFERENCES[index % WORKSHOP_REFERENCES.length],
    }),
  );
  const lineIds = (
    await db
      .select({ id: inquiryLines.id })
      .from(inquiryLines)
      .where(eq(inquiryLines.inquiryId, inquiryId))
      .orderBy(inquiryLines.position)
  ).map((line) => line.id);
  const recipientIdOf = new Map(
    (
      await db
        .select({ id: inquiryRecipients.id, partDealerId: inquiryRecipients.partDealerId })
        .from(inquiryRecipients)
        .where(eq(inquiryRecipients.inquiryId, inquiryId))
    ).map((recipient) => [recipient.partDealerId, recipient.id]),
  );
  return { inquiryId, workshop, isRecent, createdAt, closesAt, parts, chosenRelations, lineIds, recipientIdOf };
}

/**
 * A dealer's quote at `answeredAt`: an offer or a declined line per line, and its freight. The
 * prices it offers, per line position, are what the workshop chooses by.
 */
function dealerQuote(random: RandomSource, sent: SentInquiry, answeredAt: number) {
  const prices = new Map<number, number>();
  const lines = sent.parts.map(({ part }, position) => {
    const inquiryLineId = sent.lineIds[position] as number;
    if (random.chance(0.08)) {
      return {
        inquiry_line_id: inquiryLineId,
        offered: false as const,
        decline_reason: random.pick(['Nicht lieferbar', 'Nicht im Sortiment', 'Auslaufartikel']),
      };
    }
    const availability = random.pick(AVAILABILITY);
    const alternative = random.chance(0.2);
    const price = Math.round(part.price * (0.8 + random.next() * 0.4));
    prices.set(position, price);
    return {
      inquiry_line_id: inquiryLineId,
      offered: true as const,
      net_price_cents: price,
      deposit_cents: part.description.includes('Lichtmaschine') || part.description.includes('Einspritz') ? 5000 : 0,
      availability,
      eta:
        availability === 'ordered_eta'
          ? isoDate(answeredAt + random.int(2, 6) * DAY_MS)
          : isoDate(answeredAt + (availability === 'central_24h' ? DAY_MS : 0)),
      alternative_part_number: alternative ? `${part.number.replace(/\s/g, '')}-ALT` : '',
      alternative_brand: alternative ? random.pick(['Febi Bilstein', 'Meyle', 'Ridex', 'Stark']) : '',
      fits_vehicle: random.chance(0.7),
      note: '',
    };
  });
  const freight = random.pick([0, 490, 690, 990]);
  const freeFreightFrom = random.pick([null, 10_000, 15_000]);
  return { lines, prices, freight, freeFreightFrom };
}

/**
 * The dealers' steps on a sent inquiry: most open it, most of those answer (an offer or a
 * declined line per line), some decline. Returns the steps and the offers per answering recipient.
 */
function dealersAnswer(story: StoryContext, sent: SentInquiry) {
  const { db, random, actorAt, versionOf } = story;
  const { inquiryId, isRecent } = sent;
  const steps: Step[] = [];
  const offersOf = new Map<number, Offer>();
  for (const { dealer } of sent.chosenRelations) {
    const recipientId = sent.recipientIdOf.get(dealer.partDealerId);
    if (recipientId === undefined) throw new Error('demo data: a chosen dealer received nothing');
    const seenAt = sent.createdAt + random.int(2, 40) * 60_000;
    const willSee = !isRecent || random.chance(0.6);
    const answers = willSee && (isRecent ? random.chance(0.5) : random.chance(0.85));
    const declines = willSee && !answers && random.chance(0.5);
    const dealerActor = { organisationId: dealer.organisationId, userId: random.pick(dealer.userIds) };
    const answeredAt = seenAt + random.int(5, 60) * 60_000;
    if (willSee) {
      steps.push({ at: seenAt, run: () => markInquirySeen(db, actorAt(dealerActor, seenAt), inquiryId) });
    }
    if (answers) {
      const { lines, prices, freight, freeFreightFrom } = dealerQuote(random, sent, answeredAt);
      offersOf.set(recipientId, { dealer, prices });
      steps.push({
        at: answeredAt,
        run: async () =>
          answerInquiry(
            db,
            actorAt(dealerActor, answeredAt),
            inquiryId,
            v.parse(quoteAnswerSchema, {
              version: await versionOf.recipient(recipientId),
              valid_until: isoDate(answeredAt + 3 * DAY_MS),
              freight_cents: freight,
              free_freight_from_cents: freeFreightFrom,
              lines,
            }),
          ),
      });
    } else if (declines) {
      steps.push({
        at: answeredAt,
        run: async () =>
          declineInquiry(
            db,
            actorAt(dealerActor, answeredAt),
            inquiryId,
            v.parse(versionedReasonSchema, {
              version: await versionOf.recipient(recipientId),
              reason: 'Keine Teile für dieses Fahrzeug vorrätig',
            }),
          ),
      });
    }
  }
  return { steps, offersOf };
}

/** The workshop cancels a few minutes before the inquiry would close. */
function workshopCancels(story: StoryContext, sent: SentInquiry): Step {
  const { db, actorAt, versionOf } = story;
  const cancelAt = sent.closesAt - story.random.int(3, 10) * 60_000;
  return {
    at: cancelAt,
    run: async () =>
      cancelInquiry(
        db,
        actorAt(sent.workshop, cancelAt),
        sent.inquiryId,
        v.parse(versionOnlySchema, { version: await versionOf.inquiry(sent.inquiryId) }),
      ),
  };
}

/**
 * The workshop orders the cheapest offer per line after the closing: one order per dealer, every
 * third one picked up. Null when no line had an offer.
 */
async function orderCheapestOffers(
  story: StoryContext,
  index: number,
  sent: SentInquiry,
  offersOf: Map<number, Offer>,
) {
  const choices: { inquiry_line_id: number; recipient_id: number }[] = [];
  for (const position of sent.parts.keys()) {
    let best: { recipientId: number; price: number } | null = null;
    for (const [recipientId, { prices }] of offersOf) {
      const price = prices.get(position);
      if (price !== undefined && (!best || price < best.price)) best = { recipientId, price };
    }
    if (best) choices.push({ inquiry_line_id: sent.lineIds[position] as number, recipient_id: best.recipientId });
  }
  if (choices.length === 0) return null;
  const placedAt = sent.closesAt + story.random.int(5, 90) * 60_000;
  const placed = await placeOrders(
    story.db,
    story.actorAt(sent.workshop, placedAt),
    sent.inquiryId,
    v.parse(orderPlacementSchema, {
      version: await story.versionOf.inquiry(sent.inquiryId),
      choices,
      orders: [...new Set(choices.map((choice) => choice.recipient_id))].map((recipientId, position) =>
        (index + position) % 3 === 0
          ? { recipient_id: recipientId, handover: 'pickup', note: PICKUP_NOTES[index % PICKUP_NOTES.length] }
          : { recipient_id: recipientId },
      ),
    }),
  );
  return { orderIds: placed.orderIds, placedAt };
}

/** An order as placed: whose it is, when, and how long ago (its age decides how far its life got). */
type PlacedOrder = {
  orderId: number;
  workshop: WorkshopOrg;
  dealer: DealerOrg;
  placedAt: number;
  daysOld: number;
};

/**
 * Each order's life, by its age: most lines delivered, some on backorder or cancelled, now and
 * then a return.
 */
async function fulfilmentSteps(
  story: StoryContext,
  sent: SentInquiry,
  offersOf: Map<number, Offer>,
  placed: { orderIds: number[]; placedAt: number },
) {
  const daysOld = (story.now - placed.placedAt) / DAY_MS;
  const steps: Step[] = [];
  for (const orderId of placed.orderIds) {
    const [recipient] = await story.db.select({ id: orders.recipientId }).from(orders).where(eq(orders.id, orderId));
    const dealer = recipient ? offersOf.get(recipient.id)?.dealer : undefined;
    if (!dealer) throw new Error('demo data: an order of a dealer that did not answer');
    const order = { orderId, workshop: sent.workshop, dealer, placedAt: placed.placedAt, daysOld };
    steps.push(...(await orderFulfilmentSteps(story, order)));
  }
  return steps;
}

/**
 * One order's steps: the dealer confirms, backorders (its ETA moving now and then) or cancels its
 * lines, then ships and delivers, as far as the order's age reaches.
 */
async function orderFulfilmentSteps(story: StoryContext, order: PlacedOrder) {
  const { db, random, actorAt, versionOf } = story;
  const { orderId, daysOld } = order;
  const steps: Step[] = [];
  const dealerActor = { organisationId: order.dealer.organisationId, userId: random.pick(order.dealer.userIds) };
  const lines = (
    await db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(orderLines.id)
  ).map((line) => line.id);
  const lineAction = (
    at: number,
    fields: { action: string; line_ids: number[]; eta?: string; reason?: string; tracking_reference?: string },
  ) => {
    if (fields.line_ids.length === 0) return;
    steps.push({
      at,
      run: async () =>
        changeOrderLines(
          db,
          actorAt(dealerActor, at),
          orderId,
          v.parse(orderLineActionSchema, { ...fields, version: await versionOf.order(orderId) }),
        ),
    });
  };
  const confirmAt = order.placedAt + random.int(10, 120) * 60_000;
  const cancelled: number[] = [];
  const backordered: number[] = [];
  const confirmed: number[] = [];
  for (const lineId of lines) {
    const roll = random.next();
    if (roll < 0.05) cancelled.push(lineId);
    else if (roll < 0.15 && daysOld < 20) backordered.push(lineId);
    else confirmed.push(lineId);
  }
  lineAction(confirmAt, {
    action: 'cancel',
    line_ids: cancelled,
    reason: 'Beim Lieferanten nicht mehr verfügbar',
  });
  lineAction(confirmAt, { action: 'backorder', line_ids: backordered, eta: isoDate(confirmAt + 4 * DAY_MS) });
  if (backordered.length > 0 && random.chance(0.6)) {
    lineAction(confirmAt + DAY_MS, {
      action: 'backorder',
      line_ids: backordered,
      eta: isoDate(confirmAt + 8 * DAY_MS),
    });
  }
  lineAction(confirmAt, { action: 'confirm', line_ids: confirmed });
  if (daysOld <= 1) return steps;
  const tracking = random.chance(0.5) ? `DHL ${random.int(100000000, 999999999)}` : '';
  lineAction(confirmAt + 4 * 3_600_000, { action: 'ship', line_ids: confirmed, tracking_reference: tracking });
  if (daysOld <= 2) return steps;
  lineAction(confirmAt + DAY_MS, { action: 'deliver', line_ids: confirmed });
  steps.push(...returnSteps(story, order, dealerActor, confirmed, confirmAt + 2 * DAY_MS));
  return steps;
}

/**
 * Now and then a delivered line goes back (requested at `requestedAt`); the dealer decides within
 * a day, once the order is old enough for that.
 */
function returnSteps(
  story: StoryContext,
  order: PlacedOrder,
  dealerActor: Person,
  delivered: number[],
  requestedAt: number,
) {
  const { db, random, actorAt, versionOf } = story;
  const { orderId } = order;
  const steps: Step[] = [];
  for (const lineId of delivered) {
    if (!random.chance(0.04)) continue;
    const reason = random.pick(RETURN_REASONS);
    steps.push({
      at: requestedAt,
      run: async () =>
        requestReturn(
          db,
          actorAt(order.workshop, requestedAt),
          { orderId, lineId },
          v.parse(returnRequestSchema, {
            version: await versionOf.order(orderId),
            reason,
            note: reason === 'does_not_fit' ? 'Passt nicht an die Achse' : '',
          }),
        ),
    });
    if (order.daysOld <= 5) continue;
    const accepted = random.chance(0.8);
    const decidedAt = requestedAt + DAY_MS;
    steps.push({
      at: decidedAt,
      run: async () => {
        const [requested] = await db
          .select({ id: orderReturns.id })
          .from(orderReturns)
          .where(eq(orderReturns.orderLineId, lineId));
        if (!requested) throw new Error('demo data: a return to decide was not requested');
        return decideReturn(
          db,
          actorAt(dealerActor, decidedAt),
          { orderId, returnId: requested.id, accepted },
          v.parse(returnDecisionSchema, {
            version: await versionOf.order(orderId),
            reason: accepted ? '' : 'Teil wurde verbaut',
          }),
        );
      },
    });
  }
  return steps;
}

export type DemoSeedResult = {
  created: boolean;
  workshops: { name: string; email: string }[];
  dealers: { name: string; email: string }[];
  counts: Record<string, number>;
};

/**
 * A realistic demo (issue 13): three workshops, five dealer organisations with active relations,
 * and `inquiryCount` inquiries over the last 180 days in every state, with quotes, orders split
 * per dealer, backorders with moving ETAs, returns and the event log behind them.
 *
 * Organisations, users and relations are written directly (they are no trade writes); the whole
 * trade history is told through the trade commands of `server/trade/` (ADR 035), each run as the
 * workshop's or the dealer's user (or, for the closing, the system's sweeper) on a clock set to
 * the moment of the story. So every rule of the portal (lifecycle machines, versions, totals,
 * events, dashboard facts) made this data, and the demo can show nothing the portal could not
 * reach. The mails the commands queue for this backdated history are dropped at the end: the
 * demo sends no mail. Run it while the portal is stopped when the database is the embedded one.
 */
export async function seedDemo(
  outer: Database,
  options: { inquiryCount: number; now?: Date; log?: (line: string) => void },
): Promise<DemoSeedResult> {
  const log = options.log ?? (() => {});
  const [existing] = await outer.select({ id: users.id }).from(users).where(eq(users.email, DEMO_WORKSHOP_EMAIL));
  const accounts = {
    workshops: WORKSHOPS.map(({ name, email }) => ({ name, email })),
    dealers: DEALERS.map((dealer, index) => ({
      name: dealer.name,
      email: `haendler${index + 1}@demo.teileportal.local`,
    })),
  };
  if (existing) return { created: false, ...accounts, counts: {} };
  // One transaction for the whole demo: one commit to disk, not one per command, and a failed
  // seed leaves nothing behind. The commands' own transactions become savepoints inside it.
  await outer.transaction(async (tx) => {
    const db = tx as unknown as Database;

    const random = randomSource(20261125);
    const now = (options.now ?? new Date()).getTime();
    const passwordHash = await hashPassword(DEMO_PASSWORD);

    // Organisations, members, profiles, relations (no trade writes: written directly).
    const workshopOrgs = await seedWorkshops(db, passwordHash);
    const dealerOrgs = await seedDealers(db, passwordHash);
    const relationsOf = await seedRelations(db, workshopOrgs, dealerOrgs, now);
    log(`organisations: ${workshopOrgs.length} workshops, ${dealerOrgs.length} dealers`);

    const lastEventBefore = await latestTradeEventId(db);
    const story = storyContext(db, now, random);

    for (let index = 0; index < options.inquiryCount; index++) {
      const workshop = workshopOrgs[index % workshopOrgs.length] as WorkshopOrg;
      const relations = relationsOf.get(workshop.organisationId) ?? [];
      const sent = await sendInquiry(story, index, options.inquiryCount, workshop, relations);
      // Drawn before the dealers' steps, which draw from the same stream.
      const fate = sent.isRecent ? 'open' : random.next();
      const { steps, offersOf } = dealersAnswer(story, sent);

      // What happened next: still open, ordered, cancelled (before its closing time), or closed by time.
      const quoted = offersOf.size > 0;
      const outcome =
        fate === 'open' ? 'open' : quoted && fate < 0.78 ? 'ordered' : fate < 0.88 ? 'closed' : 'cancelled';
      if (outcome === 'cancelled') steps.push(workshopCancels(story, sent));
      await runInOrder(steps);
      if (outcome === 'closed' || outcome === 'ordered') {
        // The server's sweeper at the closing time (the inquiries before this one are all decided).
        const closed = await closeDueInquiries(db, new Date(sent.closesAt));
        if (closed !== 1) {
          throw new Error(`demo data: the sweep at inquiry ${sent.inquiryId} closed ${closed} inquiries`);
        }
      }
      if (outcome === 'ordered') {
        const placed = await orderCheapestOffers(story, index, sent, offersOf);
        if (placed) await runInOrder(await fulfilmentSteps(story, sent, offersOf, placed));
      }
      // Every 500th inquiry, whatever became of it: a long seed shows that it is moving.
      if ((index + 1) % 500 === 0) log(`${index + 1} inquiries told`);
    }

    // The history is told; the mails its commands queued would reach the demo's people now, all at once.
    await db.delete(tradeMailQueue).where(gt(tradeMailQueue.eventId, lastEventBefore));
  });
  // PGlite runs no autovacuum, so nothing would tell its planner how large the tables have become.
  await outer.execute(sql`analyze`);
  const total = async (table: CountedTable) => (await outer.select({ total: count() }).from(table))[0]?.total ?? 0;
  return {
    created: true,
    ...accounts,
    counts: {
      inquiries: await total(inquiries),
      lines: await total(inquiryLines),
      quoteLines: await total(quoteLines),
      orders: await total(orders),
      orderLines: await total(orderLines),
      returns: await total(orderReturns),
      events: await total(tradeEvents),
    },
  };
}

/**
 * For the order-placing benchmark: `count` inquiries of the first demo workshop, each with
 * `lineCount` lines quoted in full by one dealer (closing in a day), ready to be ordered. Written
 * through the commands like the demo: the workshop sends them (a minute apart, in the hours just
 * past, as its rate limit allows), the dealer answers each. Returns what a placement names: the
 * inquiry, its version and a choice per line.
 */
export async function seedQuotedInquiries(outer: Database, options: { count: number; lineCount: number }) {
  // One transaction, one commit; the commands' own transactions become savepoints inside it.
  return outer.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const [workshopUser] = await db.select().from(users).where(eq(users.email, DEMO_WORKSHOP_EMAIL));
    if (!workshopUser?.organisationId) throw new Error('seed the demo first');
    const [relation] = await db
      .select({ relationId: supplierRelations.id, dealerOrganisationId: partDealers.organisationId })
      .from(supplierRelations)
      .innerJoin(workshops, eq(workshops.id, supplierRelations.workshopId))
      .innerJoin(partDealers, eq(partDealers.id, supplierRelations.partDealerId))
      .where(eq(workshops.organisationId, workshopUser.organisationId))
      .orderBy(supplierRelations.id)
      .limit(1);
    if (!relation?.dealerOrganisationId) throw new Error('the demo workshop has no dealer');
    const [dealerUser] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organisationId, relation.dealerOrganisationId), eq(users.status, USER_STATUS.active)))
      .orderBy(users.id)
      .limit(1);
    if (!dealerUser) throw new Error('the demo dealer has no user');
    const lastEventBefore = await latestTradeEventId(db);
    const workshop = { organisationId: workshopUser.organisationId, userId: workshopUser.id };
    const dealer = { organisationId: relation.dealerOrganisationId, userId: dealerUser.id };
    const placements: {
      inquiryId: number;
      version: number;
      choices: { inquiry_line_id: number; recipient_id: number }[];
    }[] = [];
    const now = Date.now();
    for (let index = 0; index < options.count; index++) {
      const sentAt = now - (options.count - index) * 60_000;
      const clock = () => new Date(sentAt);
      const inquiry = await createInquiry(
        db,
        { ...workshop, clock },
        v.parse(inquiryCreateSchema, {
          vehicle: { vin: 'WVWZZZAUZFW123456', description: 'VW Golf 7 1.6 TDI' },
          lines: Array.from({ length: options.lineCount }, (_, position) => {
            const part = PARTS[position % PARTS.length] as (typeof PARTS)[number];
            return { part_number: part.number, description: part.description, quantity: 1 };
          }),
          recipient_relation_ids: [relation.relationId],
          closes_in_minutes: 24 * 60 + (options.count - index),
        }),
      );
      const lines = await db
        .select({ id: inquiryLines.id })
        .from(inquiryLines)
        .where(eq(inquiryLines.inquiryId, inquiry.inquiryId))
        .orderBy(inquiryLines.position);
      const [recipient] = await db
        .select({ id: inquiryRecipients.id, version: inquiryRecipients.version })
        .from(inquiryRecipients)
        .where(eq(inquiryRecipients.inquiryId, inquiry.inquiryId));
      if (!recipient) throw new Error('the inquiry reached no dealer');
      await answerInquiry(
        db,
        { ...dealer, clock },
        inquiry.inquiryId,
        v.parse(quoteAnswerSchema, {
          version: recipient.version,
          valid_until: isoDate(now + 3 * DAY_MS),
          freight_cents: 690,
          free_freight_from_cents: 15_000,
          lines: lines.map((line, position) => ({
            inquiry_line_id: line.id,
            offered: true,
            net_price_cents: (PARTS[position % PARTS.length] as (typeof PARTS)[number]).price,
            availability: 'branch_today',
            eta: isoDate(now),
          })),
        }),
      );
      placements.push({
        inquiryId: inquiry.inquiryId,
        version: await versionOfInquiry(db, inquiry.inquiryId),
        choices: lines.map((line) => ({ inquiry_line_id: line.id, recipient_id: recipient.id })),
      });
    }
    await db.delete(tradeMailQueue).where(gt(tradeMailQueue.eventId, lastEventBefore));
    return placements;
  });
}
