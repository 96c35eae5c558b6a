import { useLingui } from '@lingui/react/macro';
import { type Language, languageCookie, supportedLanguages } from '../../../common/language';
import * as styles from './app-shell.css';

/** docs/product.md §2/§9: choosing a language stores the `defaultLanguage` cookie and reloads the page. */
export function LanguageSwitcher() {
  const { t, i18n } = useLingui();
  const labels: Record<Language, { short: string; long: string }> = {
    de: { short: 'DE', long: t`German` },
    en: { short: 'EN', long: t`English` },
  };
  const choose = (language: Language) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari; the value is built by languageCookie()
    document.cookie = languageCookie(language, window.location.protocol === 'https:');
    window.location.reload();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of toggle buttons, not a form fieldset
    <div role="group" aria-label={t`Language`} className={styles.languageGroup}>
      {supportedLanguages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={styles.languageButton}
          aria-pressed={i18n.locale === language}
          onClick={() => choose(language)}
        >
          {/* The accessible name starts with the visible text (WCAG 2.5.3), then says the full name. */}
          {labels[language].short}
          <span className="visually-hidden"> – {labels[language].long}</span>
        </button>
      ))}
    </div>
  );
}
