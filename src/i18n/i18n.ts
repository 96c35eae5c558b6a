import { i18n, type Messages } from '@lingui/core';
import type { Language } from '../../common/language';

const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  de: () => import('../../locales/de/messages.po'),
  en: () => import('../../locales/en/messages.po'),
};

/** Loads and activates one language's compiled catalog (the other one is never downloaded). */
export async function loadLanguage(language: Language) {
  const { messages } = await catalogs[language]();
  i18n.loadAndActivate({ locale: language, messages });
}

/** In the browser: also tells assistive technology which language the page is in. */
export async function activateLanguage(language: Language) {
  await loadLanguage(language);
  document.documentElement.lang = language;
}

export { i18n };
