import { eq, inArray, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  signUpRequestSchema,
} from '../../common/contracts/account';
import { userListQuerySchema, userStatusChangeSchema } from '../../common/contracts/admin-users';
import { apiKeyCreateSchema, dealerApiKeyCreateSchema } from '../../common/contracts/api-keys';
import { loginRequestSchema } from '../../common/contracts/auth';
import { claimListQuerySchema, claimShareRequestSchema, insurerCreateSchema } from '../../common/contracts/claims';
import { contactMessageSchema } from '../../common/contracts/contact';
import { customerDeclineSchema, customerListQuerySchema } from '../../common/contracts/customers';
import { dealerDecisionSchema, dealerLeadQuerySchema, dealerOnboardingSchema } from '../../common/contracts/dealer';
import { dealerApiInboxQuerySchema } from '../../common/contracts/dealer-api';
import {
  colleagueInviteSchema,
  dealerProfileUpdateSchema,
  logoUploadSchema,
} from '../../common/contracts/dealer-organisation';
import { fitmentLookupQuerySchema } from '../../common/contracts/fitment';
import { linkCheckRequestSchema } from '../../common/contracts/link-check';
import { openTransUploadSchema } from '../../common/contracts/opentrans';
import {
  emptyBodySchema,
  organisationInviteSchema,
  organisationListQuerySchema,
} from '../../common/contracts/organisations';
import { punchInCreateSchema, punchInRedeemSchema } from '../../common/contracts/punch-in';
import {
  additionalCustomerNumberSchema,
  addSupplierRelationSchema,
  relationCustomerNumberSchema,
  supplierDirectoryQuerySchema,
} from '../../common/contracts/suppliers';
import {
  dealerInboxQuerySchema,
  inquiryCreateSchema,
  inquiryListQuerySchema,
  orderLineActionSchema,
  orderListQuerySchema,
  orderPlacementSchema,
  quoteAnswerSchema,
  returnDecisionSchema,
  returnRequestSchema,
  versionedReasonSchema,
  versionOnlySchema,
} from '../../common/contracts/trading';
import { uploadLayoutListQuerySchema, uploadLayoutSaveSchema } from '../../common/contracts/upload-layouts';
import { invitedRegistrationRequestSchema, userInviteRequestSchema } from '../../common/contracts/user-invitation';
import { webhookEndpointCreateSchema } from '../../common/contracts/webhooks';
import {
  createWorkshopAccountSchema,
  invitationRequestSchema,
  leadDecisionSchema,
  leadListQuerySchema,
  resumeOnboardingSchema,
  skipOnboardingStepSchema,
  workshopDetailsSchema,
} from '../../common/contracts/workshop';
import { issueApiKey } from '../../server/api-keys/keys';
import {
  claimShares,
  organisations,
  rateLimits,
  supplierRelations,
  tradeEvents,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../server/db/schema';
import { hashPassword } from '../../server/services/auth/passwords';
import {
  adversarialBody,
  adversarialOpenTransDocument,
  adversarialPathId,
  adversarialQuery,
  assertFuzzed,
  expectCleanAnswer,
  FUZZ_RUNS,
  foreignOrganisationRows,
  fuzzRunsEnded,
  fuzzTimeout,
  languages,
  schemaKeys,
  send,
  storedRowCounts,
} from './fuzz';
import {
  insertDealerOrganisation,
  insertInsurer,
  insertRelation,
  insertWorkshop,
  MEMBER_PASSWORD,
} from './organisations';
import { ADMIN, loginCookie, startTestServer, type TestServer } from './test-server';
import { insertTrade } from './trade-orders';

/**
 * Issue 7 §1: every public and signed-in endpoint, over real HTTP, with random and adversarial
 * bodies, query strings and path ids. Never a 5xx or a stack trace; always the envelope with a
 * message in the caller's language; and nothing stored.
 *
 * The endpoints come in groups, one test file each (tests/server/fuzz-endpoints-<group>.test.ts),
 * so that the 1 000 runs per endpoint in CI spread over the workers of both database projects
 * instead of queueing in one file (issue 23, ADR 038). Every file starts its own server with the
 * same fixture; within a file the endpoints run in the order listed here.
 */
let server: TestServer;
const cookies = {
  anonymous: undefined as string | undefined,
  user: '',
  admin: '',
  dealer: '',
  workshop: '',
  insurer: '',
};
const logins = {
  user: 'fuzz-user@werkstatt.de',
  dealer: 'fuzz-dealer@teile.de',
  workshop: 'fuzz-workshop@werkstatt.de',
  insurer: 'fuzz-insurer@versicherung.de',
} as const;
const passwords = {
  user: 'Fuzz-password-2026',
  dealer: MEMBER_PASSWORD,
  workshop: MEMBER_PASSWORD,
  insurer: MEMBER_PASSWORD,
} as const;
/** A workshop and a dealer none of the callers belongs to, with a relation between them (ADR 022). */
let foreignOrganisationIds: number[] = [];
/** Their ids as a request would name them in a path: organisations, members, dealer-list places, relations. */
let foreignPathIds: string[] = [];
/** The fuzz workshop's API key: the caller `dms` of the /api/v1 endpoints. */
let dmsKey = '';
/** The fuzz dealer's API key: the caller `erp` of the /api/v1/dealer endpoints (ADR 040). */
let erpKey = '';

type Caller = keyof typeof cookies | 'dms' | 'erp';
type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `:id` segments are replaced by adversarial path ids. */
  path: string;
  caller: Caller;
  bodyKeys?: string[];
  queryKeys?: string[];
  /** A public dealer logo: an existing one answers with the image itself, not the envelope. */
  answersImage?: true;
  /** A claim's delay statement: an existing one answers with the PDF itself, not the envelope. */
  answersPdf?: true;
  /** A dealer's openTRANS ORDER (ADR 042): an existing one answers with the XML itself, not the envelope. */
  answersXml?: true;
  /** The body is an openTRANS document (`application/xml`) naming the adversarial and foreign ids. */
  xmlBody?: true;
  /** An insurer's read: every access is recorded in the audit log by design (ADR 030), nothing else. */
  auditsReads?: true;
};

/** One test file each: tests/server/fuzz-endpoints-<group>.test.ts. */
export type FuzzGroup = 'accounts' | 'organisations' | 'trade' | 'dms-api' | 'dealer-api';

/** Every fuzzed endpoint, by the test file that fuzzes it (`fuzzEndpointGroup`). */
export const endpointGroups: Record<FuzzGroup, Endpoint[]> = {
  accounts: [
    { method: 'POST', path: '/svc/auth/api/v1/login', caller: 'anonymous', bodyKeys: schemaKeys(loginRequestSchema) },
    { method: 'POST', path: '/svc/auth/api/v1/logout', caller: 'anonymous', bodyKeys: [] },
    { method: 'GET', path: '/svc/auth/api/v1/user', caller: 'user', queryKeys: [] },
    {
      method: 'POST',
      path: '/svc/auth/api/v1/sign-up',
      caller: 'anonymous',
      bodyKeys: schemaKeys(signUpRequestSchema),
    },
    {
      method: 'POST',
      path: '/svc/auth/api/v1/forgot-password',
      caller: 'anonymous',
      bodyKeys: schemaKeys(forgotPasswordRequestSchema),
    },
    {
      method: 'POST',
      path: '/svc/auth/api/v1/reset-password',
      caller: 'anonymous',
      bodyKeys: schemaKeys(resetPasswordRequestSchema),
    },
    {
      method: 'POST',
      path: '/svc/auth/api/v1/reset-password/check',
      caller: 'anonymous',
      bodyKeys: schemaKeys(linkCheckRequestSchema),
    },
    {
      method: 'POST',
      path: '/svc/auth/api/v1/user-invite/check',
      caller: 'anonymous',
      bodyKeys: schemaKeys(linkCheckRequestSchema),
    },
    {
      method: 'POST',
      path: '/svc/auth/api/v1/new-user/reset-password',
      caller: 'user',
      bodyKeys: schemaKeys(changePasswordRequestSchema),
    },
    {
      method: 'POST',
      path: '/svc/auth/api/v1/contact-info',
      caller: 'anonymous',
      bodyKeys: schemaKeys(contactMessageSchema),
    },
    { method: 'GET', path: '/svc/workshop/lead/dms', caller: 'anonymous', queryKeys: [] },
    { method: 'GET', path: '/svc/workshop/lead/part-dealers', caller: 'anonymous', queryKeys: [] },
    { method: 'POST', path: '/svc/workshop/lead', caller: 'anonymous', bodyKeys: schemaKeys(invitationRequestSchema) },
    { method: 'GET', path: '/svc/workshop/lead/invitation', caller: 'anonymous', queryKeys: ['token'] },
    {
      method: 'POST',
      path: '/svc/workshop/lead/account',
      caller: 'anonymous',
      bodyKeys: schemaKeys(createWorkshopAccountSchema),
    },
    {
      method: 'PUT',
      path: '/svc/workshop/:id/workshop/:id/details',
      caller: 'anonymous',
      bodyKeys: schemaKeys(workshopDetailsSchema),
    },
    {
      method: 'POST',
      path: '/svc/workshop/:id/workshop/:id/onboarding/skip',
      caller: 'anonymous',
      bodyKeys: schemaKeys(skipOnboardingStepSchema),
    },
    {
      method: 'POST',
      path: '/svc/workshop/lead/resume',
      caller: 'anonymous',
      bodyKeys: schemaKeys(resumeOnboardingSchema),
    },
    {
      method: 'POST',
      path: '/svc/part-dealer/part-dealer/leads',
      caller: 'anonymous',
      bodyKeys: schemaKeys(dealerOnboardingSchema),
    },
    {
      method: 'POST',
      path: '/svc/part-dealer/part-dealer/leads/user-register',
      caller: 'anonymous',
      bodyKeys: schemaKeys(invitedRegistrationRequestSchema),
    },
    { method: 'GET', path: '/svc/auth/api/v1/users/list', caller: 'admin', queryKeys: schemaKeys(userListQuerySchema) },
    {
      method: 'POST',
      path: '/svc/auth/api/v1/users/:id/status',
      caller: 'admin',
      bodyKeys: schemaKeys(userStatusChangeSchema),
    },
    {
      method: 'POST',
      path: '/svc/auth/api/v1/users/invite',
      caller: 'admin',
      bodyKeys: schemaKeys(userInviteRequestSchema),
    },
    { method: 'GET', path: '/svc/workshop/leads', caller: 'admin', queryKeys: schemaKeys(leadListQuerySchema) },
    {
      method: 'POST',
      path: '/svc/workshop/leads/:id/approve',
      caller: 'admin',
      bodyKeys: schemaKeys(leadDecisionSchema),
    },
    {
      method: 'POST',
      path: '/svc/workshop/leads/:id/reject',
      caller: 'admin',
      bodyKeys: schemaKeys(leadDecisionSchema),
    },
  ],
  organisations: [
    // The workshop's Suppliers screen (ADR 022), as a workshop user.
    { method: 'GET', path: '/svc/workshop/suppliers', caller: 'workshop', queryKeys: [] },
    {
      method: 'GET',
      path: '/svc/workshop/supplier-directory',
      caller: 'workshop',
      queryKeys: schemaKeys(supplierDirectoryQuerySchema),
    },
    {
      method: 'POST',
      path: '/svc/workshop/suppliers',
      caller: 'workshop',
      bodyKeys: schemaKeys(addSupplierRelationSchema),
    },
    {
      method: 'PUT',
      path: '/svc/workshop/suppliers/:id',
      caller: 'workshop',
      bodyKeys: schemaKeys(relationCustomerNumberSchema),
    },
    { method: 'DELETE', path: '/svc/workshop/suppliers/:id', caller: 'workshop', bodyKeys: [] },
    {
      method: 'PUT',
      path: '/svc/workshop/additional-suppliers/:id',
      caller: 'workshop',
      bodyKeys: schemaKeys(additionalCustomerNumberSchema),
    },
    { method: 'DELETE', path: '/svc/workshop/additional-suppliers/:id', caller: 'workshop', bodyKeys: [] },
    {
      method: 'GET',
      path: '/svc/part-dealer/part-dealer/leads',
      caller: 'admin',
      queryKeys: schemaKeys(dealerLeadQuerySchema),
    },
    {
      method: 'POST',
      path: '/svc/part-dealer/part-dealer/leads/:id/verify',
      caller: 'admin',
      bodyKeys: schemaKeys(dealerDecisionSchema),
    },
    { method: 'GET', path: '/svc/part-dealer/part-dealer/reference-dealers', caller: 'admin' },
    {
      method: 'GET',
      path: '/svc/auth/api/v1/organisations',
      caller: 'admin',
      queryKeys: schemaKeys(organisationListQuerySchema),
    },
    { method: 'GET', path: '/svc/auth/api/v1/organisations/:id', caller: 'admin' },
    {
      method: 'POST',
      path: '/svc/auth/api/v1/organisations/:id/deactivate',
      caller: 'admin',
      bodyKeys: schemaKeys(emptyBodySchema),
    },
    {
      method: 'POST',
      path: '/svc/auth/api/v1/organisations/:id/reactivate',
      caller: 'admin',
      bodyKeys: schemaKeys(emptyBodySchema),
    },
    {
      method: 'POST',
      path: '/svc/auth/api/v1/organisations/:id/invite',
      caller: 'admin',
      bodyKeys: schemaKeys(organisationInviteSchema),
    },
    {
      method: 'GET',
      path: '/svc/part-dealer/customers',
      caller: 'dealer',
      queryKeys: schemaKeys(customerListQuerySchema),
    },
    { method: 'GET', path: '/svc/part-dealer/organisation/overview', caller: 'dealer' },
    { method: 'GET', path: '/svc/part-dealer/organisation/profile', caller: 'dealer' },
    {
      method: 'PUT',
      path: '/svc/part-dealer/organisation/profile',
      caller: 'dealer',
      bodyKeys: schemaKeys(dealerProfileUpdateSchema),
    },
    {
      method: 'PUT',
      path: '/svc/part-dealer/organisation/logo',
      caller: 'dealer',
      bodyKeys: schemaKeys(logoUploadSchema),
    },
    { method: 'DELETE', path: '/svc/part-dealer/organisation/logo', caller: 'dealer', bodyKeys: [] },
    { method: 'GET', path: '/svc/part-dealer/organisation/users', caller: 'dealer' },
    {
      method: 'POST',
      path: '/svc/part-dealer/organisation/invitations',
      caller: 'dealer',
      bodyKeys: schemaKeys(colleagueInviteSchema),
    },
    {
      method: 'POST',
      path: '/svc/part-dealer/organisation/users/:id/status',
      caller: 'dealer',
      bodyKeys: schemaKeys(userStatusChangeSchema),
    },
    { method: 'GET', path: '/svc/part-dealer/organisation-logos/:id', caller: 'anonymous', answersImage: true },
    { method: 'POST', path: '/svc/part-dealer/customers/:id/accept', caller: 'dealer', bodyKeys: [] },
    {
      method: 'POST',
      path: '/svc/part-dealer/customers/:id/decline',
      caller: 'dealer',
      bodyKeys: schemaKeys(customerDeclineSchema),
    },
  ],
  trade: [
    // The trade loop (ADR 023); the live streams (…/events) never end and have tests of their own.
    {
      method: 'POST',
      path: '/svc/workshop/inquiries',
      caller: 'workshop',
      bodyKeys: schemaKeys(inquiryCreateSchema),
    },
    {
      method: 'GET',
      path: '/svc/workshop/inquiries',
      caller: 'workshop',
      queryKeys: schemaKeys(inquiryListQuerySchema),
    },
    { method: 'GET', path: '/svc/workshop/inquiries/:id', caller: 'workshop' },
    // Learned fitment while a new inquiry is typed (ADR 028).
    {
      method: 'GET',
      path: '/svc/workshop/fitment',
      caller: 'workshop',
      queryKeys: schemaKeys(fitmentLookupQuerySchema),
    },
    {
      method: 'POST',
      path: '/svc/workshop/inquiries/:id/cancel',
      caller: 'workshop',
      bodyKeys: schemaKeys(versionOnlySchema),
    },
    {
      method: 'POST',
      path: '/svc/workshop/inquiries/:id/orders',
      caller: 'workshop',
      bodyKeys: schemaKeys(orderPlacementSchema),
    },
    { method: 'GET', path: '/svc/workshop/orders', caller: 'workshop', queryKeys: schemaKeys(orderListQuerySchema) },
    { method: 'GET', path: '/svc/workshop/dashboard', caller: 'workshop', queryKeys: ['from', 'to'] },
    { method: 'GET', path: '/svc/workshop/orders/:id', caller: 'workshop' },
    {
      method: 'POST',
      path: '/svc/workshop/orders/:id/lines/:id/return',
      caller: 'workshop',
      bodyKeys: schemaKeys(returnRequestSchema),
    },
    {
      method: 'GET',
      path: '/svc/part-dealer/inquiries',
      caller: 'dealer',
      queryKeys: schemaKeys(dealerInboxQuerySchema),
    },
    { method: 'GET', path: '/svc/part-dealer/inquiries/:id', caller: 'dealer' },
    { method: 'POST', path: '/svc/part-dealer/inquiries/:id/seen', caller: 'dealer', bodyKeys: [] },
    {
      method: 'PUT',
      path: '/svc/part-dealer/inquiries/:id/answer',
      caller: 'dealer',
      bodyKeys: schemaKeys(quoteAnswerSchema),
    },
    {
      method: 'POST',
      path: '/svc/part-dealer/inquiries/:id/decline',
      caller: 'dealer',
      bodyKeys: schemaKeys(versionedReasonSchema),
    },
    { method: 'GET', path: '/svc/part-dealer/orders', caller: 'dealer', queryKeys: schemaKeys(orderListQuerySchema) },
    { method: 'GET', path: '/svc/part-dealer/dashboard', caller: 'dealer', queryKeys: ['from', 'to'] },
    { method: 'GET', path: '/svc/part-dealer/orders/:id', caller: 'dealer' },
    {
      method: 'POST',
      path: '/svc/part-dealer/orders/:id/lines',
      caller: 'dealer',
      bodyKeys: schemaKeys(orderLineActionSchema),
    },
    {
      method: 'POST',
      path: '/svc/part-dealer/orders/:id/returns/:id/accept',
      caller: 'dealer',
      bodyKeys: schemaKeys(returnDecisionSchema),
    },
    {
      method: 'POST',
      path: '/svc/part-dealer/orders/:id/returns/:id/refuse',
      caller: 'dealer',
      bodyKeys: schemaKeys(returnDecisionSchema),
    },
    // openTRANS (ADR 042): the ORDER download and the ERP's answer uploaded on the order page.
    { method: 'GET', path: '/svc/part-dealer/orders/:id/opentrans', caller: 'dealer', answersXml: true },
    {
      method: 'POST',
      path: '/svc/part-dealer/orders/:id/opentrans',
      caller: 'dealer',
      bodyKeys: schemaKeys(openTransUploadSchema),
    },
    // Orders from a file (issue 14): the workshop's saved column mappings.
    {
      method: 'GET',
      path: '/svc/workshop/upload-layouts',
      caller: 'workshop',
      queryKeys: schemaKeys(uploadLayoutListQuerySchema),
    },
    {
      method: 'PUT',
      path: '/svc/workshop/upload-layouts',
      caller: 'workshop',
      bodyKeys: schemaKeys(uploadLayoutSaveSchema),
    },
    { method: 'DELETE', path: '/svc/workshop/upload-layouts/:id', caller: 'workshop', bodyKeys: [] },
    {
      method: 'POST',
      path: '/svc/auth/api/v1/organisations',
      caller: 'admin',
      bodyKeys: schemaKeys(insurerCreateSchema),
    },
    { method: 'GET', path: '/svc/workshop/insurers', caller: 'workshop', queryKeys: [] },
    { method: 'GET', path: '/svc/workshop/orders/:id/claim', caller: 'workshop', queryKeys: [] },
    {
      method: 'POST',
      path: '/svc/workshop/orders/:id/claim',
      caller: 'workshop',
      bodyKeys: schemaKeys(claimShareRequestSchema),
    },
    { method: 'POST', path: '/svc/workshop/orders/:id/claim/withdraw', caller: 'workshop', bodyKeys: [] },
    {
      method: 'GET',
      path: '/svc/insurer/claims',
      caller: 'insurer',
      queryKeys: schemaKeys(claimListQuerySchema),
      auditsReads: true,
    },
    { method: 'GET', path: '/svc/insurer/claims/:id', caller: 'insurer', queryKeys: [], auditsReads: true },
    {
      method: 'GET',
      path: '/svc/insurer/claims/:id/statement.pdf',
      caller: 'insurer',
      queryKeys: [],
      auditsReads: true,
      answersPdf: true,
    },
    // The DMS punch-in (issue 15, ADR 034): redeeming a link into the new-inquiry form.
    {
      method: 'POST',
      path: '/svc/workshop/punch-ins/redeem',
      caller: 'workshop',
      bodyKeys: schemaKeys(punchInRedeemSchema),
    },
  ],
  'dms-api': [
    // The DMS API (issue 15, ADR 031) with the workshop's API key.
    { method: 'GET', path: '/api/v1/me', caller: 'dms' },
    { method: 'GET', path: '/api/v1/dealers', caller: 'dms' },
    { method: 'POST', path: '/api/v1/inquiries', caller: 'dms', bodyKeys: schemaKeys(inquiryCreateSchema) },
    { method: 'GET', path: '/api/v1/inquiries', caller: 'dms', queryKeys: schemaKeys(inquiryListQuerySchema) },
    { method: 'GET', path: '/api/v1/inquiries/:id', caller: 'dms' },
    { method: 'POST', path: '/api/v1/inquiries/:id/orders', caller: 'dms', bodyKeys: schemaKeys(orderPlacementSchema) },
    { method: 'GET', path: '/api/v1/orders', caller: 'dms', queryKeys: schemaKeys(orderListQuerySchema) },
    { method: 'GET', path: '/api/v1/orders/:id', caller: 'dms' },
    { method: 'POST', path: '/api/v1/punch-ins', caller: 'dms', bodyKeys: schemaKeys(punchInCreateSchema) },
    // The workshop's API keys; revoking comes last, as a random id may be the fuzz key itself.
    { method: 'GET', path: '/svc/workshop/api-keys', caller: 'workshop' },
    { method: 'POST', path: '/svc/workshop/api-keys', caller: 'workshop', bodyKeys: schemaKeys(apiKeyCreateSchema) },
    { method: 'POST', path: '/svc/workshop/api-keys/:id/revoke', caller: 'workshop', bodyKeys: [] },
    ...(['workshop', 'dealer'] as const).flatMap((caller): Endpoint[] => {
      const service = caller === 'workshop' ? '/svc/workshop' : '/svc/part-dealer';
      return [
        { method: 'GET', path: `${service}/webhooks`, caller },
        { method: 'POST', path: `${service}/webhooks`, caller, bodyKeys: schemaKeys(webhookEndpointCreateSchema) },
        ...['rotate-secret', 'disable', 'enable', 'delete'].map(
          (action): Endpoint => ({ method: 'POST', path: `${service}/webhooks/:id/${action}`, caller, bodyKeys: [] }),
        ),
        { method: 'GET', path: `${service}/webhooks/:id/attempts`, caller },
        { method: 'POST', path: `${service}/webhooks/:id/deliveries/:id/resend`, caller, bodyKeys: [] },
      ];
    }),
  ],
  'dealer-api': [
    // The dealer API (issue 25, ADR 040) with the dealer's API key; a foreign inquiry or order is 404.
    { method: 'GET', path: '/api/v1/dealer/me', caller: 'erp' },
    {
      method: 'GET',
      path: '/api/v1/dealer/inquiries',
      caller: 'erp',
      queryKeys: schemaKeys(dealerApiInboxQuerySchema),
    },
    { method: 'GET', path: '/api/v1/dealer/inquiries/:id', caller: 'erp' },
    { method: 'POST', path: '/api/v1/dealer/inquiries/:id/seen', caller: 'erp', bodyKeys: [] },
    {
      method: 'POST',
      path: '/api/v1/dealer/inquiries/:id/answer',
      caller: 'erp',
      bodyKeys: schemaKeys(quoteAnswerSchema),
    },
    {
      method: 'POST',
      path: '/api/v1/dealer/inquiries/:id/decline',
      caller: 'erp',
      bodyKeys: schemaKeys(versionedReasonSchema),
    },
    { method: 'GET', path: '/api/v1/dealer/orders', caller: 'erp', queryKeys: schemaKeys(orderListQuerySchema) },
    { method: 'GET', path: '/api/v1/dealer/orders/:id', caller: 'erp' },
    {
      method: 'POST',
      path: '/api/v1/dealer/orders/:id/lines',
      caller: 'erp',
      bodyKeys: schemaKeys(orderLineActionSchema),
    },
    {
      method: 'POST',
      path: '/api/v1/dealer/orders/:id/returns/:id/accept',
      caller: 'erp',
      bodyKeys: schemaKeys(returnDecisionSchema),
    },
    {
      method: 'POST',
      path: '/api/v1/dealer/orders/:id/returns/:id/refuse',
      caller: 'erp',
      bodyKeys: schemaKeys(returnDecisionSchema),
    },
    // openTRANS through the dealer API (ADR 042): the ORDER of an order (foreign: 404) and a posted
    // document (hostile XML naming foreign orders: refused, nothing of theirs changes).
    { method: 'GET', path: '/api/v1/dealer/orders/:id/opentrans', caller: 'erp', answersXml: true },
    { method: 'POST', path: '/api/v1/dealer/documents', caller: 'erp', xmlBody: true },
    // The dealer's API keys; revoking comes last, as a random id may be the fuzz dealer's key itself.
    { method: 'GET', path: '/svc/part-dealer/api-keys', caller: 'dealer' },
    {
      method: 'POST',
      path: '/svc/part-dealer/api-keys',
      caller: 'dealer',
      bodyKeys: schemaKeys(dealerApiKeyCreateSchema),
    },
    { method: 'POST', path: '/svc/part-dealer/api-keys/:id/revoke', caller: 'dealer', bodyKeys: [] },
  ],
};

/**
 * The server with the fuzz fixture (the callers signed in, their own organisations and trade, a
 * foreign workshop and dealer with theirs), and one property per endpoint of `group`.
 */
export function fuzzEndpointGroup(group: FuzzGroup) {
  beforeAll(async () => {
    // The trade loop's background workers stay still while fuzzing: a mail queued by an accepted
    // request would otherwise reach the outbox after the row counts were taken again.
    server = await startTestServer({ TRADE_MAIL_POLL_MS: '3600000', TRADE_SWEEP_MS: '3600000' });
    await server.db.insert(users).values({
      email: logins.user,
      passwordHash: await hashPassword(passwords.user),
      firstName: 'Fritz',
      lastName: 'Fuzz',
      status: 1,
      services: ['WORKSHOP'],
    });
    cookies.admin = await loginCookie(server, ADMIN.email, ADMIN.password);
    const dealer = await insertDealerOrganisation(server.db, 'Fuzz Teile GmbH', [logins.dealer]);
    const workshop = await insertWorkshop(server.db, { name: 'Fuzz Werkstatt', ownerEmail: logins.workshop });
    // The callers' own relation, so the member endpoints have something of their own to act on.
    await insertRelation(server.db, workshop.workshop.id, dealer.partDealer.id, '4711', { status: 'active' });
    // A trade of their own (inquiry, quote, order, lines, a return), so the trade endpoints have rows to act on.
    const ownTrade = await insertTrade(
      server.db,
      { organisationId: workshop.organisation.id, userId: workshop.owner.id },
      { partDealerId: dealer.partDealer.id, organisationId: dealer.organisation.id },
    );
    // An insurer caller, and the callers' order shared with it, so the claim endpoints have a claim to read.
    const insurer = await insertInsurer(server.db, 'Fuzz Versicherung AG', [logins.insurer]);
    await server.db.insert(claimShares).values({
      orderId: ownTrade.order.id,
      workshopOrganisationId: workshop.organisation.id,
      insurerOrganisationId: insurer.organisation.id,
      claimNumber: 'FUZZ-1',
      sharedBy: workshop.owner.id,
    });
    const foreignDealer = await insertDealerOrganisation(server.db, 'Fremde Teile GmbH', ['fremd@teile.de'], {
      logo: true,
    });
    const foreignWorkshop = await insertWorkshop(server.db, {
      name: 'Fremde Werkstatt',
      ownerEmail: 'fremd@werkstatt.de',
    });
    const foreignRelations = [
      await insertRelation(server.db, foreignWorkshop.workshop.id, foreignDealer.partDealer.id, '0815'),
      await insertRelation(server.db, foreignWorkshop.workshop.id, 3, '0816'),
    ];
    await server.db
      .update(supplierRelations)
      .set({ status: 'active' })
      .where(eq(supplierRelations.id, foreignRelations[0]?.id ?? 0));
    const foreignTrade = await insertTrade(
      server.db,
      { organisationId: foreignWorkshop.organisation.id, userId: foreignWorkshop.owner.id },
      { partDealerId: foreignDealer.partDealer.id, organisationId: foreignDealer.organisation.id },
    );
    dmsKey = (
      await server.db.transaction((tx) =>
        issueApiKey(tx, {
          organisationId: workshop.organisation.id,
          createdBy: workshop.owner.id,
          name: 'Fuzz DMS',
          allowedOrigins: [],
        }),
      )
    ).key;
    erpKey = (
      await server.db.transaction((tx) =>
        issueApiKey(tx, {
          organisationId: dealer.organisation.id,
          createdBy: dealer.members[0]?.id ?? 0,
          name: 'Fuzz ERP',
          allowedOrigins: [],
        }),
      )
    ).key;
    const foreignDealerKey = await server.db.transaction((tx) =>
      issueApiKey(tx, {
        organisationId: foreignDealer.organisation.id,
        createdBy: foreignDealer.members[0]?.id ?? 0,
        name: 'Fremdes ERP',
        allowedOrigins: [],
      }),
    );
    const foreignKey = await server.db.transaction((tx) =>
      issueApiKey(tx, {
        organisationId: foreignWorkshop.organisation.id,
        createdBy: foreignWorkshop.owner.id,
        name: 'Fremdes DMS',
        allowedOrigins: ['https://dms.fremd.de'],
      }),
    );
    // A webhook of the foreign workshop with a delivery of its trade's event (ADR 041).
    const [foreignWebhook] = await server.db
      .insert(webhookEndpoints)
      .values({
        organisationId: foreignWorkshop.organisation.id,
        url: 'https://erp.fremd.de/hooks',
        eventKinds: ['order.placed'],
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      })
      .returning();
    const [foreignEvent] = await server.db
      .insert(tradeEvents)
      .values({
        kind: 'order.placed',
        inquiryId: foreignTrade.inquiry.id,
        orderId: foreignTrade.order.id,
        entity: 'order',
        entityId: foreignTrade.order.id,
        before: null,
        after: 'placed',
        actorUserId: foreignWorkshop.owner.id,
        workshopOrganisationId: foreignWorkshop.organisation.id,
        dealerOrganisationIds: [foreignDealer.organisation.id],
      })
      .returning();
    const [foreignDelivery] = await server.db
      .insert(webhookDeliveries)
      .values({ endpointId: foreignWebhook?.id ?? 0, tradeEventId: foreignEvent?.id ?? 0, deliveredAt: new Date() })
      .returning();
    foreignOrganisationIds = [foreignDealer.organisation.id, foreignWorkshop.organisation.id];
    foreignPathIds = [
      ...foreignOrganisationIds,
      ...foreignDealer.members.map((user) => user.id),
      foreignWorkshop.owner.id,
      foreignDealer.partDealer.id,
      foreignWorkshop.workshop.id,
      ...foreignRelations.map((relation) => relation.id),
      foreignTrade.inquiry.id,
      foreignTrade.recipient.id,
      foreignTrade.order.id,
      ...foreignTrade.orderLines.map((line) => line.id),
      foreignTrade.orderReturn.id,
      foreignKey.row.id,
      foreignWebhook?.id ?? 0,
      foreignDelivery?.id ?? 0,
      foreignDealerKey.row.id,
    ].map(String);
  });

  /**
   * Every endpoint starts with its caller signed in and every organisation active: a random id an
   * administrator's deactivation hit earlier must not leave a later member endpoint answering only 401.
   */
  beforeEach(async () => {
    await server.db.update(organisations).set({ deactivatedAt: null });
    await server.db
      .update(users)
      .set({ status: 1 })
      .where(inArray(users.email, Object.values(logins)));
    for (const caller of Object.keys(logins) as (keyof typeof logins)[]) {
      const probe = await send(server, {
        method: 'GET',
        path: '/svc/auth/api/v1/user',
        cookie: cookies[caller],
        language: 'de',
      });
      if (probe.status !== 200) cookies[caller] = await loginCookie(server, logins[caller], passwords[caller]);
    }
  });
  // A property that timed out stops after its request in flight; the next one starts after that.
  afterEach(() => fuzzRunsEnded());
  afterAll(() => server.stop());

  /** What an endpoint must leave as it was: every table, less the audit log for an endpoint that audits its reads. */
  async function comparedRowCounts(endpoint: Endpoint) {
    const { auditEvents, ...others } = await storedRowCounts(server);
    return endpoint.auditsReads ? others : { auditEvents, ...others };
  }

  function fillPath(template: string, ids: string[]) {
    let index = 0;
    return template.replace(/:id/g, () => encodeURIComponent(ids[index++] ?? '1'));
  }

  describe.each(endpointGroups[group].map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s',
    (_name, endpoint) => {
      test(`${FUZZ_RUNS} adversarial requests: clean 4xx answers, nothing stored`, { timeout: fuzzTimeout() }, async ({
        signal,
      }) => {
        // A random body can be valid (an admin inviting a random but well-formed address): what
        // such an accepted write stores is its purpose, so the comparison restarts after it.
        let baseline = await comparedRowCounts(endpoint);
        // A member acts only for its own organisation: nothing of another one may change, even when
        // the request names its ids (404). Administrators act on any organisation by design.
        const member = endpoint.caller !== 'admin' && endpoint.caller !== 'anonymous';
        const foreignBefore = await foreignOrganisationRows(server, foreignOrganisationIds);
        const foreignIds = fc.constantFrom(...foreignPathIds);
        const refusedSession: number[] = [];
        let reachedHandler = false;
        await assertFuzzed(
          signal,
          fc.asyncProperty(
            languages,
            endpoint.xmlBody
              ? adversarialOpenTransDocument(fc.oneof(adversarialPathId, foreignIds.map(String)))
              : endpoint.bodyKeys
                ? adversarialBody(endpoint.bodyKeys)
                : fc.constant(undefined),
            adversarialQuery(endpoint.queryKeys ?? []),
            fc.array(fc.oneof(adversarialPathId, foreignIds), { minLength: 2, maxLength: 2 }),
            async (language, body, query, ids) => {
              const path = `${fillPath(endpoint.path, ids)}${endpoint.queryKeys ? `?${query}` : ''}`;
              if (endpoint.caller === 'dms' || endpoint.caller === 'erp') {
                // The key's own rate limit would otherwise answer most of the runs with 429 before the route.
                await server.db.delete(rateLimits).where(like(rateLimits.key, 'api-key:%'));
              }
              const response = await send(server, {
                method: endpoint.method,
                path,
                body,
                ...(endpoint.xmlBody ? { contentType: 'application/xml' } : {}),
                ...(endpoint.caller === 'dms'
                  ? { apiKey: dmsKey }
                  : endpoint.caller === 'erp'
                    ? { apiKey: erpKey }
                    : { cookie: cookies[endpoint.caller] }),
                language,
              });
              if (endpoint.answersImage && response.status === 200) {
                expect(response.headers.get('content-type')).toMatch(/^image\/(png|jpeg|webp)$/);
                expect(response.headers.get('x-content-type-options')).toBe('nosniff');
              } else if (endpoint.answersXml && response.status === 200) {
                expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
                expect(response.headers.get('cache-control')).toBe('no-store');
              } else if (endpoint.answersPdf && response.status === 200) {
                expect(response.headers.get('content-type')).toBe('application/pdf');
                expect(response.headers.get('cache-control')).toBe('no-store');
              } else {
                await expectCleanAnswer(response, language);
              }
              if (member && (response.status === 401 || response.status === 403)) refusedSession.push(response.status);
              // 413 and 415 come from the request guard in front of every route, before the endpoint.
              if (response.status !== 413 && response.status !== 415) reachedHandler = true;
              if (response.ok && endpoint.method !== 'GET') baseline = await comparedRowCounts(endpoint);
            },
          ),
        );
        expect(await comparedRowCounts(endpoint)).toEqual(baseline);
        expect(reachedHandler).toBe(true);
        if (member) {
          expect(await foreignOrganisationRows(server, foreignOrganisationIds)).toEqual(foreignBefore);
          // The caller holds the endpoint's role throughout, so the fuzzer reached the endpoint itself.
          expect(refusedSession).toEqual([]);
        }
      });
    },
  );
  return { server: () => server, cookies };
}
