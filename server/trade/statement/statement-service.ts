import { createHash } from 'node:crypto';
import type { CompanySettings } from '../../../common/company-settings';
import type { ClaimDetail } from '../../../common/contracts/claims';
import type { Database } from '../../db/database';
import { ApiRefusal } from '../../http/respond';
import type { ServerLocale } from '../../i18n';
import { type RateWindow, recordHit, secondsUntilWindowEnds } from '../../rate-limit';
import type { StatementRenderer } from './render-pool';

/*
 * Serving delay statements without letting one insurer stall the portal (issue 27 §1): a bound on
 * what one statement may contain, statement requests counted per user and per organisation, the
 * rendering itself off the event loop (render-pool.ts), and the finished PDFs kept in a bounded
 * LRU cache by claim, content version and language.
 */

/**
 * The most one statement renders. A claim above it is refused with a translated 422 rather than
 * cut short: a delay statement is evidence, and one that silently leaves out lines or events
 * would misstate the case. The worst claim seen in practice (99 lines, 1 190 events) fits well.
 */
export const STATEMENT_MAX_LINES = 250;
export const STATEMENT_MAX_EVENTS = 2_500;

/** Statement downloads (cached ones too) per user and per organisation in a ten-minute window. */
export const STATEMENT_WINDOW_PER_USER: RateWindow = { name: 'statement-user', limit: 60, windowSeconds: 600 };
export const STATEMENT_WINDOW_PER_ORGANISATION: RateWindow = {
  name: 'statement-organisation',
  limit: 200,
  windowSeconds: 600,
};

/** The cache's bound in bytes of PDF (a 99-line statement is about 60 KB). */
export const STATEMENT_CACHE_BYTES = 32 * 1024 * 1024;

/** Lines and events a statement of this claim would render. */
export function statementSize(claim: ClaimDetail) {
  let lines = 0;
  let events = 0;
  for (const order of claim.orders) {
    lines += order.lines.length;
    events += order.events.length;
  }
  return { lines, events };
}

/** The refusal of a claim whose statement would exceed the bound (translated 422), or null when it fits. */
export function statementBoundRefusal(claim: ClaimDetail) {
  const { lines, events } = statementSize(claim);
  return lines > STATEMENT_MAX_LINES || events > STATEMENT_MAX_EVENTS ? new ApiRefusal(422, 'statementTooLarge') : null;
}

/**
 * Counts one statement request against the user's and the organisation's windows; once either is
 * full, a translated 429 with Retry-After (the seconds until that window ends).
 */
export async function enforceStatementLimits(
  db: Database,
  subject: { userId: number; organisationId: number },
  now = Date.now(),
) {
  const windows: [RateWindow, string][] = [
    [STATEMENT_WINDOW_PER_USER, String(subject.userId)],
    [STATEMENT_WINDOW_PER_ORGANISATION, String(subject.organisationId)],
  ];
  for (const [window, key] of windows) {
    if ((await recordHit(db, window, key, now)) > window.limit) {
      throw new ApiRefusal(429, 'tooManyStatements', {
        headers: { 'Retry-After': String(secondsUntilWindowEnds(window, now)) },
      });
    }
  }
}

/**
 * The version a cached statement belongs to: a digest of everything it is rendered from (the
 * claim as the organisation reads it — its events, lines, shares and the day it is issued on —
 * the language and the letterhead). Any new event, edit or new day makes a new version, so a
 * cached PDF is never stale; the organisation is part of the key so no cache entry is ever
 * shared across organisations.
 */
export function statementCacheKey(
  organisationId: number,
  claim: ClaimDetail,
  locale: ServerLocale,
  company: CompanySettings,
) {
  const version = createHash('sha256')
    .update(JSON.stringify([claim, company]))
    .digest('base64url');
  return `${organisationId}:${claim.claim_number}:${locale}:${version}`;
}

/**
 * A byte-bounded LRU of rendered statements in front of a renderer. Concurrent requests for the
 * same key share one render; a failed render is not kept.
 */
export function createStatementCache(render: StatementRenderer, maxBytes = STATEMENT_CACHE_BYTES) {
  const entries = new Map<string, Uint8Array<ArrayBuffer>>();
  const rendering = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  let bytes = 0;

  function remember(key: string, pdf: Uint8Array<ArrayBuffer>) {
    if (pdf.byteLength > maxBytes) return;
    entries.set(key, pdf);
    bytes += pdf.byteLength;
    // Map keeps insertion order; the first key is the least recently used.
    for (const [oldest, old] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(oldest);
      bytes -= old.byteLength;
    }
  }

  return {
    statement(
      organisationId: number,
      claim: ClaimDetail,
      locale: ServerLocale,
      company: CompanySettings,
    ): Promise<Uint8Array<ArrayBuffer>> {
      const key = statementCacheKey(organisationId, claim, locale, company);
      const cached = entries.get(key);
      if (cached) {
        entries.delete(key);
        entries.set(key, cached);
        return Promise.resolve(cached);
      }
      const inFlight = rendering.get(key);
      if (inFlight) return inFlight;
      const pdf = render(claim, locale, company).then(
        (rendered) => {
          rendering.delete(key);
          remember(key, rendered);
          return rendered;
        },
        (error: unknown) => {
          rendering.delete(key);
          throw error;
        },
      );
      rendering.set(key, pdf);
      return pdf;
    },
    /** Bytes of PDF held (for tests and metrics). */
    bytes: () => bytes,
    size: () => entries.size,
  };
}

export type StatementCache = ReturnType<typeof createStatementCache>;
