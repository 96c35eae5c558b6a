import * as v from 'valibot';

/**
 * Parses environment variables with a valibot object schema whose keys are the variable names.
 * Empty strings count as unset, so `FOO=` in a .env file falls back to the default.
 * A bad value throws one message naming every offending variable.
 */
export function parseEnvironment<TSchema extends v.GenericSchema>(
  schema: TSchema,
  source: Record<string, string | undefined>,
): v.InferOutput<TSchema> {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value.trim() !== '') cleaned[key] = value.trim();
  }
  const result = v.safeParse(schema, cleaned);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => {
    const name = issue.path?.map((item) => String(item.key)).join('.') ?? '(environment)';
    return `${name}: ${issue.message} (got ${JSON.stringify(issue.input)})`;
  });
  throw new Error(`Invalid environment configuration:\n  ${problems.join('\n  ')}`);
}

export const appEnvironments = ['development', 'staging', 'pre_prod', 'production'] as const;
export type AppEnvironment = (typeof appEnvironments)[number];

export const httpUrl = v.pipe(
  v.string(),
  v.url('must be an absolute URL'),
  v.check((value) => /^https?:\/\//.test(value), 'must start with http:// or https://'),
);

/** Either an absolute http(s) URL or a path on the same origin, such as `/svc/auth/api/v1`. */
export const serviceBaseUrl = v.pipe(
  v.string(),
  v.check(
    (value) => /^https?:\/\/[^\s]+$/.test(value) || /^\/[^\s]*$/.test(value),
    'must be an absolute http(s) URL or a path starting with /',
  ),
  v.transform((value) => value.replace(/\/+$/, '')),
);
