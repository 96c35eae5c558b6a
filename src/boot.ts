import { CAPTCHA_HOST_ATTRIBUTE, PRERENDERED_ELEMENT_ID } from '../common/prerendered-pages';
import { recordEarlyInput } from './app/early-input';

/**
 * The page's only script (ADR 017). A prerendered page is already painted, readable and its
 * links work, so the app (React, the router, the catalog) loads when the visitor first reaches
 * for the page: moves the pointer, touches, scrolls with the wheel, presses a key or focuses
 * something. A click that comes before the app has taken over is replayed on the live page
 * (./app/early-input.ts). Every other path has nothing to show without the app: it loads at once.
 * A form with a captcha gets the widget alone after the load event, once it is near the viewport
 * (./views/captcha/captcha-in-copy.ts, ADR 046), so it can be solved and sent before the app arrives.
 */
const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'wheel', 'keydown', 'focusin'] as const;

function startApp() {
  void import('./main').then(({ start }) => start());
}

const prerenderedCopy = document.getElementById(PRERENDERED_ELEMENT_ID);
if (prerenderedCopy) {
  recordEarlyInput(prerenderedCopy);
  if (prerenderedCopy.querySelector(`[${CAPTCHA_HOST_ATTRIBUTE}]`)) {
    const loadCaptchas = () =>
      void import('./views/captcha/captcha-in-copy').then(({ loadCaptchasInCopy }) =>
        loadCaptchasInCopy(prerenderedCopy),
      );
    window.addEventListener('load', loadCaptchas, { once: true });
  }
  const onIntent = () => {
    for (const name of INTENT_EVENTS) window.removeEventListener(name, onIntent, true);
    startApp();
  };
  for (const name of INTENT_EVENTS) window.addEventListener(name, onIntent, { capture: true, passive: true });
} else {
  startApp();
}
