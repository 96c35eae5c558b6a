import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { userStatusChangeSchema } from '../../common/contracts/admin-users';
import {
  colleagueInviteSchema,
  dealerProfileUpdateSchema,
  logoUploadSchema,
} from '../../common/contracts/dealer-organisation';
import {
  adversarialBody,
  adversarialPathId,
  expectCleanAnswer,
  FUZZ_RUNS,
  languages,
  schemaKeys,
  send,
  storedRowCounts,
} from '../support/fuzz';
import { insertDealerOrganisation, MEMBER_PASSWORD } from '../support/organisations';
import { loginCookie, startTestServer, type TestServer } from '../support/test-server';

/**
 * The dealer's own portal (issue 12) under the fuzzer, as a dealer user: random and adversarial
 * bodies and path ids get a clean, translated 4xx (or a valid write), never a 5xx, and nothing
 * is stored by a refused request. Kept apart from fuzz-endpoints.test.ts, whose endpoint list
 * other branches extend.
 */
let server: TestServer;
let dealer = '';
beforeAll(async () => {
  server = await startTestServer();
  await insertDealerOrganisation(server.db, 'Fuzz Teile Süd GmbH', 'fuzz-dealer@teile-sued.de');
  dealer = await loginCookie(server, 'fuzz-dealer@teile-sued.de', MEMBER_PASSWORD);
});
afterAll(() => server.stop());

type Endpoint = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; bodyKeys?: string[] };

const endpoints: Endpoint[] = [
  { method: 'GET', path: '/svc/part-dealer/organisation/overview' },
  { method: 'GET', path: '/svc/part-dealer/organisation/profile' },
  { method: 'PUT', path: '/svc/part-dealer/organisation/profile', bodyKeys: schemaKeys(dealerProfileUpdateSchema) },
  { method: 'PUT', path: '/svc/part-dealer/organisation/logo', bodyKeys: schemaKeys(logoUploadSchema) },
  { method: 'GET', path: '/svc/part-dealer/organisation/users' },
  { method: 'POST', path: '/svc/part-dealer/organisation/invitations', bodyKeys: schemaKeys(colleagueInviteSchema) },
  {
    method: 'POST',
    path: '/svc/part-dealer/organisation/users/:id/status',
    bodyKeys: schemaKeys(userStatusChangeSchema),
  },
  { method: 'GET', path: '/svc/part-dealer/organisation-logos/:id' },
];

describe.each(endpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
  '%s',
  (_name, endpoint) => {
    test(`${FUZZ_RUNS} adversarial requests: clean answers, nothing stored`, async () => {
      let baseline = await storedRowCounts(server);
      await fc.assert(
        fc.asyncProperty(
          languages,
          endpoint.bodyKeys ? adversarialBody(endpoint.bodyKeys) : fc.constant(undefined),
          adversarialPathId,
          async (language, body, id) => {
            const response = await send(server, {
              method: endpoint.method,
              path: endpoint.path.replace(':id', encodeURIComponent(id)),
              body,
              cookie: dealer,
              language,
            });
            // The public logo of an organisation without one is a 404 in the envelope, like any other.
            await expectCleanAnswer(response, language);
            if (response.ok && endpoint.method !== 'GET') baseline = await storedRowCounts(server);
          },
        ),
        { numRuns: FUZZ_RUNS },
      );
      expect(await storedRowCounts(server)).toEqual(baseline);
    });
  },
);
