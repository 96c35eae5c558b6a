import { randomInt } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { eq, inArray, or, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type * as v from 'valibot';
import { expect } from 'vitest';
import { SUCCESS_CODE } from '../../common/contracts/envelope';
import type { MessageId } from '../../common/contracts/message-ids';
import {
  apiKeys,
  auditEvents,
  claimShares,
  contactMessages,
  dealerLogos,
  dealerProfiles,
  inquiries,
  inquiryLines,
  inquiryRecipients,
  oneTimeTokens,
  orderLines,
  orderReturns,
  orders,
  organisations,
  outbox,
  partDealerLeads,
  partDealers,
  quoteLines,
  sessions,
  spentCaptchas,
  supplierRelations,
  tradeEvents,
  tradeMailQueue,
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  workshopAdditionalSuppliers,
  workshopLeads,
  workshops,
} from '../../server/db/schema';
import { type ServerLocale, translate } from '../../server/i18n';
import { rawRows } from './raw-rows';
import type { TestServer } from './test-server';

function integerFrom(name: string, fallback: number) {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, not "${text}"`);
  return value;
}

/**
 * Runs per property (ADR 038): 100 in `npm test`, 1 000 in CI (`.ci/run` sets FUZZ_RUNS=1000),
 * more with FUZZ_RUNS=… (issue 7).
 */
export const FUZZ_RUNS = integerFrom('FUZZ_RUNS', 100);
/**
 * The seed of every property in this process: FUZZ_SEED when given (scripts/test-all.ts picks one
 * per run and prints it), else a new one per Vitest worker (its files share it). A failure is
 * replayed with the same FUZZ_SEED and FUZZ_RUNS; fast-check's message adds the path of the
 * failing run.
 */
export const FUZZ_SEED = integerFrom('FUZZ_SEED', randomInt(2 ** 31 - 1));
console.info(`fuzz: FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS} (set both to replay a failure)`);

/** The time a property of `runs` runs may take before it counts as hung: a deadlock guard, not a speed gate. */
export function fuzzTimeout(runs = FUZZ_RUNS) {
  return 60_000 + runs * 500;
}

let unfinished: Promise<unknown> = Promise.resolve();

/**
 * Checks an async property with FUZZ_SEED and, unless told otherwise, FUZZ_RUNS runs. No run
 * outlives its test: when the test's signal aborts (its timeout, a cancelled run) the run in
 * flight finishes and no further one starts. `fuzzRunsEnded` (an afterEach in every file that
 * fuzzes) waits for that, so the next test's baseline is taken after the last request.
 */
export function assertFuzzed<Ts extends [unknown, ...unknown[]]>(
  signal: AbortSignal,
  property: fc.IAsyncProperty<Ts>,
  numRuns = FUZZ_RUNS,
) {
  const run = fc.assert(property, {
    numRuns,
    seed: FUZZ_SEED,
    plugins: [
      fc.beforeEach(() => {
        if (signal.aborted) throw new Error(`fuzz stopped: ${String(signal.reason)}`);
      }),
    ],
  });
  unfinished = run.catch(() => {});
  return run;
}

/** Resolves when the last property started in this file has stopped (see assertFuzzed). */
export function fuzzRunsEnded() {
  return unfinished;
}

/** The field names a contract schema accepts (through pipes and unions), to aim values at them. */
export function schemaKeys(schema: v.GenericSchema): string[] {
  const node = schema as unknown as {
    type: string;
    entries?: Record<string, unknown>;
    pipe?: v.GenericSchema[];
    options?: v.GenericSchema[];
  };
  if (node.entries) return Object.keys(node.entries);
  if (node.pipe?.[0] && node.pipe[0] !== schema) return schemaKeys(node.pipe[0]);
  if (node.options) return [...new Set(node.options.flatMap(schemaKeys))];
  return [];
}

/** Strings that have broken web apps: header injection, pollution keys, SQL, markup, odd unicode. */
const nastyStrings = fc.constantFrom(
  'someone@example.de\r\nBcc: attacker@evil.example',
  'Name\r\nSubject: you have been hacked',
  'x\nContent-Type: text/html\n\n<b>injected</b>',
  '__proto__',
  'constructor',
  'prototype',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '\u0000',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '\ud800',
  'Ä'.repeat(5000),
  'a'.repeat(40_000),
  '😀'.repeat(2000),
  ' ',
  '',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  'system_admin',
);

const adversarialValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyStrings,
    fc.string(),
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc.emailAddress(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.string(), nastyStrings), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Keys a client must never be able to set (the server or the signed token owns them). */
const ownedKeys = ['role', 'status', 'id', 'user_id', 'lead_id', 'company_name', 'services', 'email', 'verified'];

/**
 * Raw request bodies: any JSON, the endpoint's own fields with hostile values plus keys it does
 * not know, `__proto__`/`constructor` pollution written into the JSON text itself, and text that
 * is not JSON at all.
 */
export function adversarialBody(keys: string[]): fc.Arbitrary<string> {
  const fields = [...keys, ...ownedKeys];
  const aimed = fc
    .record(Object.fromEntries(fields.map((key) => [key, adversarialValue])), { requiredKeys: [] })
    .map((record) => JSON.stringify(record));
  const polluted = fc
    .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), adversarialValue, aimed)
    .map(([key, value, rest]) => {
      const pollution = `"${key}":${JSON.stringify(value ?? { role: 'system_admin', isAdmin: true }) ?? 'null'}`;
      return rest === '{}' ? `{${pollution}}` : `{${pollution},${rest.slice(1)}`;
    });
  // Issue 27 §6: nesting far past the guard's bound (64), as a whole body or inside a known field;
  // up to 15 000 levels still fits the 32 KB body limit.
  const deeplyNested = fc
    .tuple(fc.integer({ min: 60, max: 15_000 }), fc.constantFrom('[', '{"a":'), fc.constantFrom(...fields))
    .map(([depth, opener, field]) => {
      const nested = `${opener.repeat(depth)}0${(opener === '[' ? ']' : '}').repeat(depth)}`;
      return depth % 2 === 0 ? nested : `{${JSON.stringify(field)}:${nested}}`;
    });
  return fc.oneof(
    aimed,
    polluted,
    deeplyNested,
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.string(),
    fc.constantFrom('', '{', '[]', 'null', '{"a":', '\u0000', '{"token":{"$ne":null}}'),
  );
}

/**
 * openTRANS answers (ADR 042) as a hostile ERP might post them: well-formed ORDERRESPONSE and
 * DISPATCHNOTIFICATION documents naming the given order ids (foreign ones among them) with random
 * lines, quantities, dates and remarks, and documents that are not what they claim — a DOCTYPE with
 * entities, deep nesting, another root, broken XML, random text.
 */
export function adversarialOpenTransDocument(orderIds: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', '0', '-1', '2.5', '1e9', '&amp;', '&#0;'));
  const escaped = text.map((value) => value.replace(/&(?!amp;|#0;)/g, '&amp;').replace(/</g, '&lt;'));
  const item = fc.record({ line: escaped, quantity: escaped, date: escaped, remark: escaped });
  const orderResponse = fc
    .tuple(orderIds, fc.array(item, { minLength: 0, maxLength: 3 }))
    .map(
      ([orderId, items]) =>
        `<?xml version="1.0" encoding="UTF-8"?><ORDERRESPONSE xmlns="http://www.opentrans.org/XMLSchema/2.1"><ORDERRESPONSE_HEADER><ORDERRESPONSE_INFO><ORDER_ID>${orderId}</ORDER_ID></ORDERRESPONSE_INFO></ORDERRESPONSE_HEADER><ORDERRESPONSE_ITEM_LIST>${items
          .map(
            (entry) =>
              `<ORDERRESPONSE_ITEM><LINE_ITEM_ID>${entry.line}</LINE_ITEM_ID><QUANTITY>${entry.quantity}</QUANTITY><DELIVERY_DATE><DELIVERY_END_DATE>${entry.date}</DELIVERY_END_DATE></DELIVERY_DATE><REMARKS>${entry.remark}</REMARKS></ORDERRESPONSE_ITEM>`,
          )
          .join('')}</ORDERRESPONSE_ITEM_LIST></ORDERRESPONSE>`,
    );
  const dispatch = fc
    .tuple(fc.array(fc.tuple(orderIds, item), { minLength: 0, maxLength: 3 }), escaped)
    .map(
      ([items, tracking]) =>
        `<?xml version="1.0" encoding="ISO-8859-1"?><DISPATCHNOTIFICATION><DISPATCHNOTIFICATION_HEADER><DISPATCHNOTIFICATION_INFO><SHIPMENT_ID>${tracking}</SHIPMENT_ID></DISPATCHNOTIFICATION_INFO></DISPATCHNOTIFICATION_HEADER><DISPATCHNOTIFICATION_ITEM_LIST>${items
          .map(
            ([orderId, entry]) =>
              `<DISPATCHNOTIFICATION_ITEM><QUANTITY>${entry.quantity}</QUANTITY><ORDER_REFERENCE><ORDER_ID>${orderId}</ORDER_ID><LINE_ITEM_ID>${entry.line}</LINE_ITEM_ID></ORDER_REFERENCE></DISPATCHNOTIFICATION_ITEM>`,
          )
          .join('')}</DISPATCHNOTIFICATION_ITEM_LIST></DISPATCHNOTIFICATION>`,
    );
  const hostile = fc.oneof(
    fc.constant(
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><ORDERRESPONSE>&b;</ORDERRESPONSE>',
    ),
    fc.constant('<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><ORDERRESPONSE>&x;</ORDERRESPONSE>'),
    fc
      .integer({ min: 41, max: 2000 })
      .map((depth) => `<ORDERRESPONSE>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</ORDERRESPONSE>`),
    fc.constantFrom(
      '<ORDER/>',
      '<ORDERRESPONSE>',
      '',
      '\u0000',
      '<?xml version="1.0" encoding="UTF-16"?><ORDERRESPONSE/>',
    ),
    fc.string(),
  );
  return fc.oneof(orderResponse, dispatch, hostile);
}

/** Query strings with random and hostile names and values (the known ones included). */
export function adversarialQuery(keys: string[]): fc.Arbitrary<string> {
  const name = fc.oneof(fc.constantFrom(...keys, 'page', 'status', '__proto__', 'token'), fc.string());
  const value = fc.oneof(
    nastyStrings.filter((text) => text.length < 3000),
    fc.string(),
    fc.integer().map(String),
  );
  return fc.array(fc.tuple(name, value), { maxLength: 5 }).map((pairs) => new URLSearchParams(pairs).toString());
}

/** Path ids that are not a record the caller may touch: huge, negative, text, traversal. */
export const adversarialPathId = fc.oneof(
  fc.integer({ min: 1_000_000, max: 999_999_999 }).map(String),
  fc.integer({ min: -1000, max: 0 }).map(String),
  fc.string({ minLength: 1 }),
  nastyStrings.filter((text) => text.length > 0 && text.length < 3000 && !/[\ud800-\udfff]/.test(text)),
  fc.constantFrom('1.5', '1e3', '0x10', '%00', '..', '1;DROP', '9999999999999999999'),
);

export const languages = fc.constantFrom<ServerLocale>('de', 'en');

/**
 * What every answer to bad input must look like: never a 5xx or a stack trace; an error has the
 * envelope `{code, data: null, message, error}` with the message translated into the caller's
 * language (a refused openTRANS document's `data` is its translated problem list; a 409 on the caller's own record carries that record as it is now, ADR 035). A 2xx (a read that ignores unknown parameters) must carry the success envelope.
 */
export async function expectCleanAnswer(response: Response, language: ServerLocale) {
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBeLessThan(500);
  expect(text).not.toMatch(/\n\s+at |node_modules|\.ts:\d+|\bError:|stack/i);
  let body: { code?: unknown; data?: unknown; message?: unknown; error?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`answer ${response.status} is not JSON: ${text.slice(0, 200)}`);
  }
  if (response.status >= 400) {
    expect(body.code).toBe(response.status);
    if (body.error === 'openTransRefused') {
      // A refused openTRANS document (ADR 042) lists its problems, each translated as the message is.
      const { problems } = body.data as { problems: { message_id: MessageId; message: string }[] };
      expect(problems.length).toBeGreaterThan(0);
      for (const problem of problems) expect(problem.message).toBe(translate(language, problem.message_id));
    } else if (response.status === 409 && body.data !== null) {
      // The one 409 shape (ADR 035): a refused write on the caller's own record (an id the fuzzer
      // happened to hit) answers with that record as it is now.
      expect(typeof body.data).toBe('object');
    } else {
      expect(body.data).toBeNull();
    }
    expect(typeof body.error).toBe('string');
    expect(body.message).toBe(translate(language, body.error as MessageId));
  } else {
    expect(body.code).toBe(SUCCESS_CODE);
  }
}

const storedTables = {
  apiKeys,
  webhookEndpoints,
  webhookDeliveries,
  webhookAttempts,
  users,
  sessions,
  oneTimeTokens,
  outbox,
  auditEvents,
  spentCaptchas,
  workshopLeads,
  workshops,
  supplierRelations,
  workshopAdditionalSuppliers,
  partDealerLeads,
  contactMessages,
  organisations,
  dealerProfiles,
  dealerLogos,
  partDealers,
  inquiries,
  inquiryLines,
  inquiryRecipients,
  quoteLines,
  orders,
  orderLines,
  orderReturns,
  tradeEvents,
  tradeMailQueue,
  claimShares,
};

/** One statement that counts the rows of every stored table, each under its key in `storedTables`. */
const countEveryTable = sql`select ${sql.join(
  Object.entries(storedTables).map(
    ([name, table]) => sql`(select count(*) from ${table})::int as ${sql.identifier(name)}`,
  ),
  sql`, `,
)}`;

/**
 * Row counts of every table a request could write to (rate-limit counters excepted), counted by
 * the database in one statement: a run that stored something is checked without reading any row.
 */
export async function storedRowCounts(server: TestServer) {
  const [counts] = await rawRows<Record<string, number>>(server.db, countEveryTable);
  if (!counts) throw new Error('the row count statement returned no row');
  return counts as Record<keyof typeof storedTables, number>;
}

/**
 * Everything stored about organisations the caller does not belong to (ADR 022): their rows,
 * members, profiles, logos, places in the dealer list and the relations between them. A request
 * from a member of another organisation must leave all of it exactly as it was, whatever it sends.
 */
export async function foreignOrganisationRows(server: TestServer, organisationIds: readonly number[]) {
  const { db } = server;
  const ownWorkshops = db
    .select({ id: workshops.id })
    .from(workshops)
    .where(inArray(workshops.organisationId, [...organisationIds]));
  const ownDealers = db
    .select({ id: partDealers.id })
    .from(partDealers)
    .where(inArray(partDealers.organisationId, [...organisationIds]));
  const foreignInquiries = db
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(inArray(inquiries.workshopOrganisationId, [...organisationIds]));
  const foreignInquiryLines = db
    .select({ id: inquiryLines.id })
    .from(inquiryLines)
    .where(inArray(inquiryLines.inquiryId, foreignInquiries));
  const foreignOrders = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      or(
        inArray(orders.workshopOrganisationId, [...organisationIds]),
        inArray(orders.dealerOrganisationId, [...organisationIds]),
      ),
    );
  const foreignOrderLines = db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(inArray(orderLines.orderId, foreignOrders));
  return {
    organisations: await db
      .select()
      .from(organisations)
      .where(inArray(organisations.id, [...organisationIds]))
      .orderBy(organisations.id),
    members: await db
      .select()
      .from(users)
      .where(inArray(users.organisationId, [...organisationIds]))
      .orderBy(users.id),
    workshops: await db
      .select()
      .from(workshops)
      .where(inArray(workshops.organisationId, [...organisationIds]))
      .orderBy(workshops.id),
    profiles: await db
      .select()
      .from(dealerProfiles)
      .where(inArray(dealerProfiles.organisationId, [...organisationIds])),
    logos: await db
      .select()
      .from(dealerLogos)
      .where(inArray(dealerLogos.organisationId, [...organisationIds])),
    dealerList: await db
      .select()
      .from(partDealers)
      .where(inArray(partDealers.organisationId, [...organisationIds])),
    // last_used_at moves only when the key itself is used, which no caller here does.
    apiKeys: await db
      .select()
      .from(apiKeys)
      .where(inArray(apiKeys.organisationId, [...organisationIds]))
      .orderBy(apiKeys.id),
    // Their webhooks (ADR 041): URL, kinds, secrets and state stay as they were.
    webhookEndpoints: await db
      .select()
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.organisationId, [...organisationIds]))
      .orderBy(webhookEndpoints.id),
    relations: await db
      .select()
      .from(supplierRelations)
      .where(
        or(inArray(supplierRelations.workshopId, ownWorkshops), inArray(supplierRelations.partDealerId, ownDealers)),
      )
      .orderBy(supplierRelations.id),
    // The trade loop (ADR 023): their inquiries, the dealers' answers, orders, returns and the log.
    inquiries: await db
      .select()
      .from(inquiries)
      .where(inArray(inquiries.workshopOrganisationId, [...organisationIds]))
      .orderBy(inquiries.id),
    recipients: await db
      .select()
      .from(inquiryRecipients)
      .where(
        or(
          inArray(inquiryRecipients.dealerOrganisationId, [...organisationIds]),
          inArray(inquiryRecipients.inquiryId, foreignInquiries),
        ),
      )
      .orderBy(inquiryRecipients.id),
    inquiryLines: await db
      .select()
      .from(inquiryLines)
      .where(inArray(inquiryLines.inquiryId, foreignInquiries))
      .orderBy(inquiryLines.id),
    quoteLines: await db
      .select()
      .from(quoteLines)
      .where(inArray(quoteLines.inquiryLineId, foreignInquiryLines))
      .orderBy(quoteLines.id),
    orders: await db
      .select()
      .from(orders)
      .where(
        or(
          inArray(orders.workshopOrganisationId, [...organisationIds]),
          inArray(orders.dealerOrganisationId, [...organisationIds]),
        ),
      )
      .orderBy(orders.id),
    orderLines: await db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, foreignOrders))
      .orderBy(orderLines.id),
    orderReturns: await db
      .select()
      .from(orderReturns)
      .where(inArray(orderReturns.orderLineId, foreignOrderLines))
      .orderBy(orderReturns.id),
    tradeEvents: (
      await db
        .select({ id: tradeEvents.id })
        .from(tradeEvents)
        .where(inArray(tradeEvents.workshopOrganisationId, [...organisationIds]))
    ).length,
    sessions: (
      await db
        .select({ userId: sessions.userId })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(inArray(users.organisationId, [...organisationIds]))
    ).length,
  };
}

/** The fuzz's connections, kept alive between runs as a browser's are (Node closes one before the server's keep-alive ends). */
const agent = new Agent({ keepAlive: true });

/**
 * One request over real HTTP, answered as a fetch `Response`. Sent with `node:http` rather than
 * fetch: in a 1 000-run property fetch's own machinery (web streams, the undici pipeline,
 * decompressing) took about a sixth of the worker's time (issue 23 §5, ADR 038). Nothing asks for
 * compression, so the answer arrives as the server wrote it.
 */
export async function send(
  server: TestServer,
  request: {
    method: string;
    path: string;
    body?: string;
    cookie?: string;
    /** An API key for /api/v1, sent as `Authorization: Bearer`. */
    apiKey?: string;
    /** Else `application/json` when there is a body (an openTRANS document is `application/xml`). */
    contentType?: string;
    language: ServerLocale;
  },
): Promise<Response> {
  // Parsed as fetch would, so an adversarial path reaches the server in the same form.
  const url = new URL(server.url(request.path));
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const headers: Record<string, string> = {
    origin: server.origin,
    'accept-language': request.language,
    ...(body === undefined
      ? {}
      : { 'content-type': request.contentType ?? 'application/json', 'content-length': String(body.length) }),
    ...(request.cookie ? { cookie: request.cookie } : {}),
    ...(request.apiKey ? { authorization: `Bearer ${request.apiKey}` } : {}),
  };
  const answer = await new Promise<{ status: number; headers: Headers; content: Buffer }>((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers,
        agent,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const received = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
              received.append(name, one);
          }
          resolve({ status: incoming.statusCode ?? 0, headers: received, content: Buffer.concat(chunks) });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
  const bodyless = answer.status === 204 || answer.status === 205 || answer.status === 304;
  return new Response(bodyless ? null : new Uint8Array(answer.content), {
    status: answer.status,
    headers: answer.headers,
  });
}
