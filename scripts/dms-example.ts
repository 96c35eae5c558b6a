import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';

/**
 * `npm run dms:example -- --key tp_… [--base-url http://127.0.0.1:3000] [--revoked-key tp_…]
 * [--other-key tp_…]`: what a DMS does with the Teileportal API (docs/decisions/031-dms-api.md).
 * It reads the key's workshop and dealers, sends an inquiry to them with an `Idempotency-Key` and
 * prints it, sends it again as a retry after a timeout would (the answer is replayed: the same
 * inquiry, nothing sent twice); then shows that the same request without a key is refused (401), with a revoked key is refused (401), and that
 * another workshop's key cannot read the inquiry (404). Exits 1 when anything answers otherwise.
 */

type Envelope = { code: number; data: unknown; message?: string; error?: string };

const USAGE = `usage: npm run dms:example -- --key tp_… [--base-url URL] [--revoked-key tp_…] [--other-key tp_…] [--language de|en]

  --key          a workshop's API key (the portal: API keys in the navigation)
  --base-url     where the portal runs (default http://127.0.0.1:3000, as npm start prints it)
  --revoked-key  a key of the same workshop that was revoked: the request must be refused
  --other-key    another workshop's key: it must not read the inquiry`;

function parsedOptions() {
  try {
    return parseArgs({
      options: {
        key: { type: 'string' },
        'base-url': { type: 'string', default: 'http://127.0.0.1:3000' },
        'revoked-key': { type: 'string' },
        'other-key': { type: 'string' },
        language: { type: 'string', default: 'en' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
}
const values = parsedOptions();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.key) {
  console.error(USAGE);
  process.exit(2);
}
const key = values.key;
const baseUrl = (values['base-url'] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const language = values.language === 'de' ? 'de' : 'en';

async function call(path: string, bearer: string | null, body?: unknown, idempotencyKey?: string) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      'accept-language': language,
      ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error: unknown) => {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    console.error(`Cannot reach the portal at ${baseUrl} (${cause}). Is it running (npm start)? Else pass --base-url.`);
    process.exit(1);
  });
  return {
    status: response.status,
    replayed: response.headers.get('idempotent-replayed') === 'true',
    body: (await response.json()) as Envelope,
  };
}

let failures = 0;
function expectStatus(what: string, answer: { status: number; body: Envelope }, expected: number) {
  const passed = answer.status === expected;
  if (!passed) failures += 1;
  const { error, message } = answer.body;
  const detail = message ? ` — ${error ? `${error}: ` : ''}${message}` : '';
  console.log(`${passed ? 'ok  ' : 'FAIL'} ${what}: ${answer.status} (expected ${expected})${detail}`);
  return passed;
}

const holder = await call('/me', key);
if (!expectStatus('the key is accepted', holder, 200)) process.exit(1);
const { workshop } = holder.body.data as { workshop: { id: number; name: string } };
console.log(`     acting for workshop ${workshop.name} (#${workshop.id})`);

const dealers = await call('/dealers', key);
expectStatus('its dealers', dealers, 200);
const items = (dealers.body.data as { items: { relation_id: number; dealer_name: string }[] }).items;
if (items.length === 0) {
  console.error('The workshop has no active dealer relation: connect a dealer under Suppliers first.');
  process.exit(1);
}
console.log(`     sending to ${items.map((dealer) => dealer.dealer_name).join(', ')}`);

const inquiry = {
  vehicle: { vin: 'WVWZZZ1KZAW000001', hsn: '', tsn: '', description: 'VW Golf VI 1.6 TDI' },
  lines: [
    { part_number: '1K0 615 301 AA', description: 'Brake disc front', quantity: 2, note: '' },
    { part_number: '', description: 'Brake pads front', quantity: 1, note: 'job card 4711' },
  ],
  recipient_relation_ids: items.map((dealer) => dealer.relation_id),
  closes_in_minutes: 120,
};
// One Idempotency-Key per inquiry the DMS means to send once (kept with the job card until answered).
const idempotencyKey = randomUUID();
const created = await call('/inquiries', key, inquiry, idempotencyKey);
if (!expectStatus('create an inquiry', created, 200)) process.exit(1);
const detail = created.body.data as { id: number; status: string; version: number; closes_at: string };
console.log(
  `     inquiry #${detail.id}: ${detail.status}, version ${detail.version}, open for quotes until ${detail.closes_at}`,
);
console.log(JSON.stringify(created.body.data, null, 2));

// A retry (say, after a timeout) with the same key and body is not run again: the first answer comes back.
const retried = await call('/inquiries', key, inquiry, idempotencyKey);
expectStatus('the retried request is answered', retried, 200);
const sameInquiry = retried.replayed && (retried.body.data as { id: number }).id === detail.id;
if (!sameInquiry) failures += 1;
console.log(
  `${sameInquiry ? 'ok  ' : 'FAIL'} the retry is a replay of inquiry #${detail.id} (Idempotent-Replayed: ${retried.replayed}), nothing sent twice`,
);

expectStatus('the same request without a key is refused', await call('/inquiries', null, inquiry), 401);
if (values['revoked-key']) {
  expectStatus(
    'the same request with a revoked key is refused',
    await call('/inquiries', values['revoked-key'], inquiry),
    401,
  );
}
if (values['other-key']) {
  expectStatus(
    "another workshop's key cannot read the inquiry",
    await call(`/inquiries/${detail.id}`, values['other-key']),
    404,
  );
}
process.exit(failures === 0 ? 0 : 1);
