import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { expectCleanAnswer, send } from '../support/fuzz';
import { endpointGroups, fuzzEndpointGroup } from '../support/fuzz-endpoints';

/** Issue 7 §1 and ADR 038: the fuzz of the dealer API with the dealer's key, the dealer's API keys (tests/support/fuzz-endpoints.ts). */
const { server: fuzzServer, cookies } = fuzzEndpointGroup('dealer-api');

test('every group of fuzzed endpoints has its test file, so no endpoint is left unfuzzed', () => {
  const files = readdirSync(import.meta.dirname).filter((name) => /^fuzz-endpoints-.+\.test\.ts$/.test(name));
  expect(files.sort()).toEqual(
    Object.keys(endpointGroups)
      .map((group) => `fuzz-endpoints-${group}.test.ts`)
      .sort(),
  );
});

describe('found by the fuzzer, kept as examples', () => {
  test('an id beyond what the database holds is a translated 400, not a database error (PostgreSQL)', async () => {
    const added = await send(fuzzServer(), {
      method: 'POST',
      path: '/svc/workshop/suppliers',
      body: JSON.stringify({ part_dealer_id: 2612309707211004, customer_number: '0' }),
      cookie: cookies.workshop,
      language: 'de',
    });
    expect(added.status).toBe(400);
    await expectCleanAnswer(added, 'de');
  });
  test('a version beyond what the database holds is a translated 400, not a database error (PostgreSQL)', async () => {
    const decided = await send(fuzzServer(), {
      method: 'POST',
      path: '/svc/part-dealer/orders/3/returns/3/accept',
      body: JSON.stringify({ version: 270999274736416 }),
      cookie: cookies.dealer,
      language: 'de',
    });
    expect(decided.status).toBe(400);
    await expectCleanAnswer(decided, 'de');
  });
  test('U+0000 in a body field or in the query is a translated 400, not a database error', async () => {
    const invite = await send(fuzzServer(), {
      method: 'POST',
      path: '/svc/auth/api/v1/users/invite',
      body: JSON.stringify({ first_name: '\u0000', email: 'a@a.aa', company_name: 'Nul GmbH' }),
      cookie: cookies.admin,
      language: 'en',
    });
    expect(invite.status).toBe(400);
    await expectCleanAnswer(invite, 'en');
    const search = await send(fuzzServer(), {
      method: 'GET',
      path: '/svc/auth/api/v1/users/list?search=%00',
      cookie: cookies.admin,
      language: 'de',
    });
    expect(search.status).toBe(400);
    await expectCleanAnswer(search, 'de');
  });
});
