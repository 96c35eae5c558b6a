import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import type * as v from 'valibot';
import { parseListSearch } from '../../../machines/list-search';
import type { PagedSchema, UrlListFilter, UrlListImplementations, UrlListMachine } from '../../../machines/url-list';
import { inspectionOptions } from '../../app/inspection';

/**
 * The facade every list with its query in the URL shares (machines/url-list.ts): `query` is the
 * route's validated search (stable while its content is); "back", "forward" and links change it
 * without the screen, and the list follows.
 */
export function useUrlList<TSchema extends PagedSchema, TItem>(
  machine: UrlListMachine<TSchema, TItem>,
  implementations: UrlListImplementations<TSchema, TItem>,
  query: v.InferOutput<TSchema>,
) {
  const [provided] = useState(() => machine.provide(implementations));
  const actor = useActorRef(provided, { input: { query }, ...inspectionOptions() });
  const send = actor.send;
  useEffect(() => send({ type: 'query.sync', query }), [send, query]);
  const page = useSelector(actor, (snapshot) => snapshot.context.page);
  return {
    query: useSelector(actor, (snapshot) => snapshot.context.query),
    /** The page last loaded; it stays while the next one loads. */
    page,
    /** The page of the query on screen, once it is there (null while another loads or after a failure). */
    shownPage: useSelector(actor, (snapshot) => (snapshot.matches('ready') ? snapshot.context.page : null)),
    busy: useSelector(actor, (snapshot) => snapshot.hasTag('busy')),
    error: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null)),
    /** Something is searched and nothing matches it (the "no results for …" screen). */
    noMatches: useSelector(
      actor,
      (snapshot) =>
        snapshot.matches('ready') &&
        String((snapshot.context.query as { q?: unknown }).q ?? '').trim() !== '' &&
        snapshot.context.page?.total === 0,
    ),
    filter: (field: UrlListFilter<TSchema>, value: string) => send({ type: 'filter.change', field, value }),
    clearSearch: () => send({ type: 'search.clear' }),
    goToPage: (page: number) => send({ type: 'page.change', page }),
    retry: () => send({ type: 'list.retry' }),
  };
}

/**
 * A list route's validated search as the list's full query. Its content, not its identity, decides
 * when the list is asked to follow the URL (the router hands a new object on every navigation).
 */
export function useUrlListQuery<TSchema extends PagedSchema>(schema: TSchema, search: Record<string, unknown>) {
  const key = JSON.stringify(search);
  return useMemo(() => parseListSearch(schema, JSON.parse(key) as Record<string, unknown>), [schema, key]);
}
