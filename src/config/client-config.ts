import * as v from 'valibot';
import { type CompanySettings, companyEnvironmentEntries, companySettingsOf } from '../../common/company-settings.ts';
import {
  type AppEnvironment,
  appEnvironments,
  httpUrl,
  parseEnvironment,
  serviceBaseUrl,
} from '../../common/env-parse.ts';

/**
 * Service base URLs per environment. One process serves all four services in this repository,
 * so every environment defaults to same-origin paths; a deployment that splits the services sets
 * AUTH_SERVICE_URL, WORKSHOP_SERVICE_URL, PART_DEALER_SERVICE_URL or INSURER_SERVICE_URL at build time.
 */
const serviceDefaults: Record<AppEnvironment, { auth: string; workshop: string; partDealer: string; insurer: string }> =
  {
    development: {
      auth: '/svc/auth/api/v1',
      workshop: '/svc/workshop',
      partDealer: '/svc/part-dealer',
      insurer: '/svc/insurer',
    },
    staging: {
      auth: '/svc/auth/api/v1',
      workshop: '/svc/workshop',
      partDealer: '/svc/part-dealer',
      insurer: '/svc/insurer',
    },
    pre_prod: {
      auth: '/svc/auth/api/v1',
      workshop: '/svc/workshop',
      partDealer: '/svc/part-dealer',
      insurer: '/svc/insurer',
    },
    production: {
      auth: '/svc/auth/api/v1',
      workshop: '/svc/workshop',
      partDealer: '/svc/part-dealer',
      insurer: '/svc/insurer',
    },
  };

const clientEnvironmentSchema = v.object({
  APP_ENV: v.optional(v.picklist(appEnvironments, `must be one of ${appEnvironments.join(', ')}`), 'production'),
  AUTH_SERVICE_URL: v.optional(serviceBaseUrl),
  WORKSHOP_SERVICE_URL: v.optional(serviceBaseUrl),
  PART_DEALER_SERVICE_URL: v.optional(serviceBaseUrl),
  INSURER_SERVICE_URL: v.optional(serviceBaseUrl),
  PORTAL_KIND: v.optional(v.picklist(['workshop', 'insurance'], 'must be workshop or insurance'), 'workshop'),
  RECAPTCHA_SITE_KEY: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{10,100}$/, 'is not a reCAPTCHA site key'))),
  ANALYTICS_SCRIPT_URL: v.optional(httpUrl),
  SUPPORT_PHONE: v.optional(
    v.pipe(v.string(), v.regex(/^\+?[\d ()-]{7,30}$/, 'must be a phone number')),
    '+49 30 120 845 70',
  ),
  SUPPORT_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'support@teileportal.de'),
  SUPPORT_BOOKING_URL: v.optional(httpUrl, 'https://teileportal.de/termin'),
  ...companyEnvironmentEntries,
  ONBOARDING_REDIRECT_URL: v.optional(
    v.pipe(v.string(), v.regex(/^(https?:\/\/|\/)\S*$/, 'must be an http(s) URL or a path starting with /')),
    '/account?status=2',
  ),
});

/** The environment variables the SPA build reads (a change to one of them needs a new build). */
export const CLIENT_ENVIRONMENT_VARIABLES = Object.keys(clientEnvironmentSchema.entries);

export type ClientConfig = {
  environment: AppEnvironment;
  services: { auth: string; workshop: string; partDealer: string; insurer: string };
  portalKind: 'workshop' | 'insurance';
  captcha: { provider: 'altcha' } | { provider: 'recaptcha'; siteKey: string };
  analyticsScriptUrl: string | null;
  /** Where the wizard sends a new account in workshop-account-creation mode (docs/product.md §4). */
  onboardingRedirectUrl: string;
  support: { phone: string; email: string; bookingUrl: string };
  company: CompanySettings;
};

/** Builds the SPA's configuration from build-time environment variables (see vite.config.ts). */
export function buildClientConfig(environment: Record<string, string | undefined>): ClientConfig {
  const env = parseEnvironment(clientEnvironmentSchema, environment);
  const defaults = serviceDefaults[env.APP_ENV];
  return {
    environment: env.APP_ENV,
    services: {
      auth: env.AUTH_SERVICE_URL ?? defaults.auth,
      workshop: env.WORKSHOP_SERVICE_URL ?? defaults.workshop,
      partDealer: env.PART_DEALER_SERVICE_URL ?? defaults.partDealer,
      insurer: env.INSURER_SERVICE_URL ?? defaults.insurer,
    },
    portalKind: env.PORTAL_KIND,
    captcha: env.RECAPTCHA_SITE_KEY
      ? { provider: 'recaptcha', siteKey: env.RECAPTCHA_SITE_KEY }
      : { provider: 'altcha' },
    analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL ?? null,
    onboardingRedirectUrl: env.ONBOARDING_REDIRECT_URL,
    support: { phone: env.SUPPORT_PHONE, email: env.SUPPORT_EMAIL, bookingUrl: env.SUPPORT_BOOKING_URL },
    company: companySettingsOf(env),
  };
}
