import { type APIRequestContext, type APIResponse, type Page, request as playwrightRequest } from '@playwright/test';
import { ADMIN, expect, openLatestMailLink, ownClientAddress, registerFromInvitation, useLanguage } from './support';

/**
 * The real ways dealers and workshops come onto the portal (issue 12), shared by the specs that
 * need them: a dealer registers (with a solved captcha), an administrator verifies it (which
 * creates the dealer organisation and invites its contact), the contact registers through the
 * invitation; a workshop asks for an invitation, is approved, creates its account and names its
 * suppliers in the wizard's step 3, and is activated. Only the administrator's decisions and the
 * workshop's wizard go through the API; the screens for them are tested in their own specs.
 */
export type Language = 'de' | 'en';

/** A real ALTCHA answer, solved here as the widget would (the forms' own captcha is tested elsewhere). */
export async function solvedCaptcha(api: APIRequestContext) {
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
  const challenge = await (await api.get('/captcha/challenge')).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the captcha challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * An API client of its own (no cookies shared with the pages), speaking `language` through
 * Accept-Language (a Cookie header here would replace its session cookie).
 */
export async function newApi(baseURL: string | undefined, language: Language = 'de') {
  return playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '', 'accept-language': language, ...ownClientAddress() },
  });
}

/** The `data` of a 200 answer; any other answer fails with its body, so the reason is in the report. */
export async function dataOf<TData>(answer: APIResponse): Promise<TData> {
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: TData }).data;
}

/** An API client signed in as `email` (its own cookies, nothing shared with the pages). */
export async function signedInApi(
  baseURL: string | undefined,
  email: string,
  password: string,
  language: Language = 'de',
) {
  const api = await newApi(baseURL, language);
  expect((await api.post('/svc/auth/api/v1/login', { data: { email, password } })).status()).toBe(200);
  return api;
}

/** A calendar day `days` from today (YYYY-MM-DD). */
export function isoDay(days: number) {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The dealer accepts the relation the workshop requested in its wizard. */
export async function dealerAccepts(dealer: APIRequestContext, workshopName: string) {
  const requested = await dataOf<{ items: { id: number; workshop_name: string }[] }>(
    await dealer.get('/svc/part-dealer/customers?status=requested'),
  );
  const relation = requested.items.find((item) => item.workshop_name === workshopName);
  expect(relation, `a requested relation of ${workshopName}`).toBeDefined();
  await dataOf(await dealer.post(`/svc/part-dealer/customers/${relation?.id}/accept`, { data: {} }));
}

export type InquiryRead = { id: number; version: number; lines: { id: number }[]; recipients: { id: number }[] };
/** A line the workshop asks for and the dealer's price for it (in cents, net; a deposit on top). */
export type TradedLine = {
  part_number: string;
  description: string;
  quantity: number;
  net_price_cents: number;
  deposit_cents?: number;
};

/**
 * A trade up to the order, through the real endpoints: the workshop's inquiry for `lines` to
 * every active supplier, the dealer's quote (every line offered, in the branch today), and the
 * workshop's order of every line from the first recipient. The inquiry's and the order's ids.
 */
export async function orderedThroughTheApi(
  workshop: APIRequestContext,
  dealer: APIRequestContext,
  trade: { vin: string; description: string; lines: readonly TradedLine[] },
) {
  const { relations } = await dataOf<{ relations: { id: number; status: string }[] }>(
    await workshop.get('/svc/workshop/suppliers'),
  );
  const active = relations.filter((relation) => relation.status === 'active').map((relation) => relation.id);
  expect(active, 'one active supplier').toHaveLength(1);
  const sent = await dataOf<InquiryRead>(
    await workshop.post('/svc/workshop/inquiries', {
      data: {
        vehicle: { vin: trade.vin, hsn: '', tsn: '', description: trade.description },
        lines: trade.lines.map(({ part_number, description, quantity }) => ({
          part_number,
          description,
          quantity,
          note: '',
        })),
        recipient_relation_ids: active,
        closes_in_minutes: 120,
      },
    }),
  );
  const asked = await dataOf<{ lines: { id: number }[]; recipient: { version: number } }>(
    await dealer.get(`/svc/part-dealer/inquiries/${sent.id}`),
  );
  await dataOf(
    await dealer.put(`/svc/part-dealer/inquiries/${sent.id}/answer`, {
      data: {
        version: asked.recipient.version,
        valid_until: isoDay(3),
        freight_cents: 0,
        free_freight_from_cents: null,
        lines: asked.lines.map((line, index) => ({
          inquiry_line_id: line.id,
          offered: true,
          net_price_cents: trade.lines[index]?.net_price_cents,
          deposit_cents: trade.lines[index]?.deposit_cents ?? 0,
          availability: 'branch_today',
          alternative_part_number: '',
          alternative_brand: '',
          fits_vehicle: true,
          note: '',
        })),
      },
    }),
  );
  const quoted = await dataOf<InquiryRead>(await workshop.get(`/svc/workshop/inquiries/${sent.id}`));
  const placed = await dataOf<{ orders: { id: number }[] }>(
    await workshop.post(`/svc/workshop/inquiries/${sent.id}/orders`, {
      data: {
        version: quoted.version,
        choices: quoted.lines.map((line) => ({ inquiry_line_id: line.id, recipient_id: quoted.recipients[0]?.id })),
      },
    }),
  );
  return { inquiryId: sent.id, orderId: placed.orders[0]?.id as number };
}

async function asAdmin(baseURL: string | undefined) {
  const admin = await newApi(baseURL);
  expect((await admin.post('/svc/auth/api/v1/login', { data: ADMIN })).status()).toBe(200);
  return admin;
}

export type DealerRegistration = { language: Language; email: string; company: string; city: string };

/** A dealer registration through the real API, in the dealer's language (its mails follow it). */
export async function registerDealer(baseURL: string | undefined, dealer: DealerRegistration) {
  const visitor = await newApi(baseURL, dealer.language);
  const registered = await visitor.post('/svc/part-dealer/part-dealer/leads', {
    data: {
      first_name: 'Dana',
      last_name: 'Händler',
      company_name: dealer.company,
      email: dealer.email,
      contact_number: '+49 461 123456',
      street: 'Hafendamm 5',
      city: dealer.city,
      postcode: '24937',
      country: dealer.language === 'de' ? 'Deutschland' : 'Germany',
      website: '',
      steerer: '',
      brands_served: ['Volvo'],
      delivery_area: 'Schleswig-Holstein',
      tax_id: 'DE123456789',
      recaptcha: await solvedCaptcha(visitor),
    },
  });
  expect(registered.status()).toBe(200);
  await visitor.dispose();
}

/**
 * A dealer registers and an administrator verifies it through the API: verifying makes it a dealer
 * organisation, listed among the wizard's tiles, and mails its contact an invitation. Returns the
 * dealer's id in that list (what a workshop chooses).
 */
export async function verifiedDealer(baseURL: string | undefined, dealer: DealerRegistration) {
  await registerDealer(baseURL, dealer);
  const admin = await asAdmin(baseURL);
  const leads = (await (await admin.get('/svc/part-dealer/part-dealer/leads?status=UNVERIFIED')).json()) as {
    data: { items: { id: number; email: string }[] };
  };
  const lead = leads.data.items.find((item) => item.email === dealer.email);
  expect(lead).toBeDefined();
  const verified = await admin.post(`/svc/part-dealer/part-dealer/leads/${lead?.id}/verify`, { data: { reason: '' } });
  expect(verified.status()).toBe(200);
  const tiles = (await (await admin.get('/svc/workshop/lead/part-dealers')).json()) as {
    data: { data: { id: number; name: string }[] };
  };
  const listed = tiles.data.data.find((tile) => tile.name === dealer.company);
  expect(listed).toBeDefined();
  await admin.dispose();
  return { partDealerId: listed?.id ?? 0 };
}

const invitationWords = {
  de: {
    subject: 'Einladung zum Teileportal',
    action: 'Jetzt registrieren',
  },
  en: {
    subject: 'Invitation to Teileportal',
    action: 'Register now',
  },
} as const;

/** The link of the newest invitation mailed to `email` (read in the dev mailbox with `page`). */
export async function invitationLink(page: Page, email: string, language: Language) {
  const words = invitationWords[language];
  const link = await openLatestMailLink(page, email, words.subject, words.action);
  expect(link).toContain('/user-invite?token=');
  return link;
}

/**
 * A verified dealer organisation with its first dealer user: registration, verification, the
 * invitation mail, and the contact's registration through it on `page` (in `language`).
 */
export async function dealerWithUser(
  page: Page,
  baseURL: string | undefined,
  dealer: DealerRegistration & { password: string },
) {
  const { partDealerId } = await verifiedDealer(baseURL, dealer);
  await useLanguage(page, dealer.language);
  const link = await invitationLink(page, dealer.email, dealer.language);
  await registerFromInvitation(page, link, dealer.language, {
    firstName: 'Dana',
    lastName: 'Händler',
    contactNumber: '+49 461 123456',
    password: dealer.password,
  });
  return { partDealerId };
}

const workshopInvitationWords = {
  de: { subject: 'Ihre Einladung zum Teileportal', action: 'Konto einrichten' },
  en: { subject: 'Your invitation to Teileportal', action: 'Set up account' },
} as const;

export type WizardWorkshop = {
  language: Language;
  email: string;
  name: string;
  password: string;
  /** The listed dealers chosen in step 3, each with the customer number (digits, as the wizard asks). */
  dealers: { part_dealer_id: number; part_dealer_customer_number: number }[];
  /** Suppliers not on the portal, named in step 3. */
  additional?: { part_dealer_name: string; part_dealer_customer_number: string }[];
};

/**
 * A verified workshop through the real API: its invitation request (in its language, which its
 * mails follow), the administrator's approval, the account from the mailed link, step 3 naming
 * its dealers (each a requested relation), and its activation by the administrator.
 */
export async function verifiedWorkshopFromWizard(page: Page, baseURL: string | undefined, workshop: WizardWorkshop) {
  const visitor = await newApi(baseURL, workshop.language);
  const requested = await visitor.post('/svc/workshop/lead', {
    data: {
      workshop_primary_email: workshop.email,
      workshop_account_name: workshop.name,
      recaptcha: await solvedCaptcha(visitor),
      mode: 'plain',
    },
  });
  expect(requested.status()).toBe(200);
  const admin = await asAdmin(baseURL);
  const leads = (await (await admin.get('/svc/workshop/leads?status=requested')).json()) as {
    data: { items: { id: number; email: string }[] };
  };
  const lead = leads.data.items.find((item) => item.email === workshop.email);
  expect(lead).toBeDefined();
  expect((await admin.post(`/svc/workshop/leads/${lead?.id}/approve`, { data: {} })).status()).toBe(200);
  const words = workshopInvitationWords[workshop.language];
  const link = await openLatestMailLink(page, workshop.email, words.subject, words.action);
  const token = new URL(link ?? '', baseURL).searchParams.get('token');

  const wizard = await newApi(baseURL, workshop.language);
  const account = await wizard.post('/svc/workshop/lead/account', {
    data: { token, first_name: 'Sabine', last_name: 'Schmitt', password: workshop.password },
  });
  expect(account.status()).toBe(200);
  const workshopId = ((await account.json()) as { data: { workshop: { id: number } } }).data.workshop.id;
  const suppliers = await wizard.put(`/svc/workshop/${lead?.id}/workshop/${workshopId}/details`, {
    data: {
      part_dealer_request: true,
      first_name: 'Sabine',
      part_dealer_data: workshop.dealers,
      additional_part_dealer_data: workshop.additional ?? [],
    },
  });
  expect(suppliers.status()).toBe(200);

  const users = (await (
    await admin.get(`/svc/auth/api/v1/users/list?search=${encodeURIComponent(workshop.email)}`)
  ).json()) as { data: { items: { id: number }[] } };
  const activated = await admin.post(`/svc/auth/api/v1/users/${users.data.items[0]?.id}/status`, {
    data: { status: 1 },
  });
  expect(activated.status()).toBe(200);
  await Promise.all([visitor.dispose(), admin.dispose(), wizard.dispose()]);
}

/**
 * A dealer with its user and one verified workshop that named it in the wizard (with the customer
 * number given), the relation accepted by the dealer: the set-up of every spec that trades. The
 * workshop's password is the dealer's. The dealer's API client, signed in, is the caller's to dispose.
 */
export async function dealerWithCustomer(
  page: Page,
  baseURL: string | undefined,
  dealer: DealerRegistration & { password: string },
  workshop: { email: string; name: string; customerNumber: number },
) {
  const { partDealerId } = await dealerWithUser(page, baseURL, dealer);
  await verifiedWorkshopFromWizard(page, baseURL, {
    language: dealer.language,
    email: workshop.email,
    name: workshop.name,
    password: dealer.password,
    dealers: [{ part_dealer_id: partDealerId, part_dealer_customer_number: workshop.customerNumber }],
  });
  const dealerApi = await signedInApi(baseURL, dealer.email, dealer.password, dealer.language);
  await dealerAccepts(dealerApi, workshop.name);
  return { partDealerId, dealerApi };
}

/**
 * A run's own dealer and workshop for `dealerWithCustomer`: addresses and names carry the tag and
 * a time stamp, so that runs never meet on the shared server.
 */
export function tradingParties(
  tag: string,
  options: { city: string; customerNumber: number; password: string; language?: Language },
) {
  const stamp = Date.now();
  return {
    stamp,
    dealer: {
      language: options.language ?? 'de',
      email: `${tag.toLowerCase()}-dealer-${stamp}@teile-handel.de`,
      company: `Teile ${tag} ${stamp}`,
      city: options.city,
      password: options.password,
    },
    workshop: {
      email: `${tag.toLowerCase()}-${stamp}@werkstatt-test.de`,
      name: `Werkstatt ${tag} ${stamp}`,
      customerNumber: options.customerNumber,
    },
  };
}
