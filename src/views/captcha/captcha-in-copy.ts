import { CAPTCHA_RESET_DELAY_MS, CAPTCHA_WIDGET_TAG } from '../../../common/captcha';
import { CAPTCHA_HOST_ATTRIBUTE } from '../../../common/prerendered-pages';
import { appConfig } from '../../config/app-config';
import { whenNearViewport } from '../../ui/near-viewport';
import { CAPTCHA_RESET_DUE_ATTRIBUTE, loadCaptchaProvider } from './captcha-provider';

/**
 * The captcha of a prerendered form before the app has arrived (ADR 046): the ALTCHA widget alone,
 * not the app, is loaded into the copy's captcha place once the form comes near the viewport, so
 * the visitor can solve it while the app is still on its way; the app then takes the widget over
 * as it stands (src/app/typed-in-copy.ts). The boot script starts this after the page's load
 * event, so none of it counts against the load. A configured reCAPTCHA is left to the app: its
 * iframe cannot move into the live page.
 */
export function loadCaptchasInCopy(copy: HTMLElement) {
  if (appConfig.captcha.provider !== 'altcha') return;
  for (const host of copy.querySelectorAll<HTMLElement>(`[${CAPTCHA_HOST_ATTRIBUTE}]`)) {
    whenNearViewport(host, () => void mountInCopy(copy, host));
  }
}

/** An edit the form machines track (a text field, a select): a ticked box is not one. */
export function isTrackedEdit(target: EventTarget | null) {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
    return target instanceof HTMLSelectElement;
  }
  if (target.closest(CAPTCHA_WIDGET_TAG)) return false;
  return !(target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio'));
}

async function mountInCopy(copy: HTMLElement, host: HTMLElement) {
  const provider = await loadCaptchaProvider(appConfig.captcha);
  // The app may have taken the page over meanwhile: its own captcha is in charge then.
  if (!copy.isConnected || host.firstElementChild) return;
  let solved = false;
  let resetTimer: ReturnType<typeof setTimeout> | undefined;
  const widget = provider.mount(host, {
    language: document.documentElement.lang,
    onSolved: () => {
      solved = true;
    },
    onExpired: () => {
      solved = false;
    },
    onFailed: () => {
      solved = false;
    },
  });
  // The captcha machine's rule, kept in the copy: a solved captcha must be solved again 1 s after
  // the last edit of the form. Until then the widget is marked, so that an app taking it over
  // meanwhile resets it rather than carrying the answer over (captcha-provider.ts).
  host.closest('form')?.addEventListener('input', (event) => {
    if (!solved || !isTrackedEdit(event.target)) return;
    host.firstElementChild?.setAttribute(CAPTCHA_RESET_DUE_ATTRIBUTE, '');
    clearTimeout(resetTimer);
    resetTimer = setTimeout(() => {
      if (!copy.isConnected) return;
      host.firstElementChild?.removeAttribute(CAPTCHA_RESET_DUE_ATTRIBUTE);
      solved = false;
      widget.reset();
    }, CAPTCHA_RESET_DELAY_MS);
  });
}
