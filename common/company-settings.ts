import * as v from 'valibot';

/*
 * The operator's company settings (COMPANY_*): one definition for the SPA build, whose imprint
 * shows them, and the server, whose delay statements carry them as their letterhead (issue 24 §7).
 */

/** The COMPANY_* variables with their defaults, for both environment schemas. */
export const companyEnvironmentEntries = {
  COMPANY_NAME: v.optional(v.string(), 'Teileportal GmbH'),
  COMPANY_ADDRESS: v.optional(v.string(), 'Friedrichstraße 68, 10117 Berlin'),
  COMPANY_REPRESENTATIVE: v.optional(v.string()),
  COMPANY_REGISTER: v.optional(v.string()),
  COMPANY_VAT_ID: v.optional(v.string()),
};

export type CompanySettings = {
  name: string;
  address: string;
  representative: string | null;
  register: string | null;
  vatId: string | null;
};

type CompanyEnvironment = v.InferOutput<v.ObjectSchema<typeof companyEnvironmentEntries, undefined>>;

/** The settings from the parsed variables (an unset optional one is null). */
export function companySettingsOf(env: CompanyEnvironment): CompanySettings {
  return {
    name: env.COMPANY_NAME,
    address: env.COMPANY_ADDRESS,
    representative: env.COMPANY_REPRESENTATIVE ?? null,
    register: env.COMPANY_REGISTER ?? null,
    vatId: env.COMPANY_VAT_ID ?? null,
  };
}
