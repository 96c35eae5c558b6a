import * as v from 'valibot';

/*
 * What every list with its query in the URL shares (orders since issue 13, the inquiry lists
 * since issue 14): reading the URL's search params by the contract's rules, writing back only
 * what differs from the defaults, the typing pause of a search field, and telling the router's
 * late echo of the list's own URL writes from a real change of the URL (back, forward, a link).
 */

/** Waiting after the last keystroke in a text filter, so typing a part number sends one request. */
export const LIST_SEARCH_DEBOUNCE_MS = 300;

/** A list's URL schema: an object whose every entry has a default (`v.parse(schema, {})` succeeds). */
export type ListSearchSchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;

/**
 * The URL's search params read by the schema's rules: anything it refuses becomes its default,
 * one parameter at a time (a hand-edited `?q=` far too long does not throw the status away).
 */
export function parseListSearch<TSchema extends ListSearchSchema>(
  schema: TSchema,
  raw: Record<string, unknown>,
): v.InferOutput<TSchema> {
  // The router reads `?page=2&q=4711` as numbers; the contracts read query strings.
  const search = Object.fromEntries(
    Object.entries(raw).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]),
  );
  const whole = v.safeParse(schema, search);
  if (whole.success) return whole.output;
  const defaults = v.parse(schema, {});
  const entries = Object.entries(schema.entries).map(([key, entry]) => {
    const one = v.safeParse(entry, search[key]);
    return [key, one.success ? one.output : defaults[key]];
  });
  return Object.fromEntries(entries) as v.InferOutput<TSchema>;
}

/** The query as the URL carries it: only what differs from the defaults (a clean `/inquiries`). */
export function compactListSearch<TSchema extends ListSearchSchema>(
  schema: TSchema,
  query: v.InferOutput<TSchema>,
): Partial<v.InferOutput<TSchema>> {
  const defaults = v.parse(schema, {});
  return Object.fromEntries(
    Object.keys(schema.entries)
      .filter((key) => query[key] !== defaults[key])
      .map((key) => [key, query[key]]),
  ) as Partial<v.InferOutput<TSchema>>;
}

/**
 * A list route's `validateSearch`: the URL read by the schema's rules, compacted, so the router
 * holds only what differs from the defaults. The route's schema is the one source of its URL shape.
 */
export function listSearchValidator<TSchema extends ListSearchSchema>(schema: TSchema) {
  return (search: Record<string, unknown>) => compactListSearch(schema, parseListSearch(schema, search));
}

/**
 * A query's identity as the URL holds it: typed "1K0 " and the URL's trimmed "1K0" are the same
 * query, so the router's echo of a write is recognised and the typed space survives.
 */
export function listSearchKey<TSchema extends ListSearchSchema>(schema: TSchema, query: v.InferOutput<TSchema>) {
  return JSON.stringify(compactListSearch(schema, parseListSearch(schema, query)));
}

/** The URL writes whose echo has not come back yet (the last 20 are enough for fast typing). */
export function rememberUrlWrite(written: readonly string[], key: string): string[] {
  return [...written, key].slice(-20);
}

/** The writes still expected once the echo of `key` arrived (it and every older one are done). */
export function afterUrlEcho(written: readonly string[], key: string): string[] {
  return written.slice(written.indexOf(key) + 1);
}
