/** docs/product.md §9: cookie `defaultLanguage`, 604800 s, values de | en, default de, fallback en. */
export const LANGUAGE_COOKIE = 'defaultLanguage';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 604_800;
export const supportedLanguages = ['de', 'en'] as const;
export type Language = (typeof supportedLanguages)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

export function isLanguage(value: unknown): value is Language {
  return value === 'de' || value === 'en';
}

/** The language stored in a `document.cookie` string, or German when none (or a bad one) is set. */
export function languageFromCookie(cookieHeader: string): Language {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      if (isLanguage(value)) return value;
    }
  }
  return DEFAULT_LANGUAGE;
}

export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
