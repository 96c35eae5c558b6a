import { CAPTCHA_HOST_ATTRIBUTE, PRERENDERED_ELEMENT_ID } from '../common/prerendered-pages';
import { postsWithoutApp, recordEarlyInput } from './app/early-input';

/**
 * The page's only script (ADR 017). A prerendered page is already painted, readable and its
 * links work, so the app (React, the router, the catalog) loads when the visitor first reaches
 * for the page: moves the pointer, touches, scrolls with the wheel, presses a key or focuses
 * something. A click that comes before the app has taken over is replayed on the live page
 * (./app/early-input.ts). Every other path has nothing to show without the app: it loads at once.
 * A form with a captcha gets the widget alone after the load event, once it is near the viewport
 * (./views/captcha/captcha-in-copy.ts, ADR 046), so it can be solved and sent before the app arrives.
 * Reaching into a form the browser posts itself (login, forgot password, a solved invitation
 * request) starts it only once the person pauses: on a slow phone the app's arrival would take the
 * CPU while they type, and the server answers the form if they send it first.
 */
// No touchstart: a touch's pointerdown comes before it in every browser that runs this es2022 script.
const INTENT_EVENTS = ['pointermove', 'pointerdown', 'wheel', 'keydown', 'focusin'] as const;
const TYPING_PAUSE_MS = 1500;

/** Any of the intent events; only pointer events carry a position. */
type IntentEvent = Event & Partial<Pick<PointerEvent, 'clientX' | 'clientY'>>;

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
  let pause: ReturnType<typeof setTimeout> | undefined;
  let pointerAt: number | undefined;
  // Called again by the pause's timer, without an event: then the app starts.
  const onIntent = (event?: IntentEvent) => {
    // A pointer move is a person reaching for the page only where the pointer did not stand at the
    // first move: browsers also say where a resting pointer stands (Chromium when a page appears
    // under it, or its layout changes there). By position, since Firefox reports no movement on
    // pointer moves; a person's first move only tells where the pointer was, the next one counts.
    // (Terse: this file's gzip bytes have a budget, ADR 017.)
    if (event?.type === 'pointermove') {
      // One number per position (a viewport is far narrower than 100 000 px); a pointer move has both.
      const at = (event.clientX as number) + (event.clientY as number) * 1e5;
      pointerAt ??= at;
      if (pointerAt === at) return;
    }
    clearTimeout(pause);
    const form = event?.target instanceof Element && event.target.closest('form');
    if (form && postsWithoutApp(form)) {
      pause = setTimeout(onIntent, TYPING_PAUSE_MS);
      return;
    }
    for (const name of INTENT_EVENTS) window.removeEventListener(name, onIntent, true);
    startApp();
  };
  for (const name of INTENT_EVENTS) window.addEventListener(name, onIntent, { capture: true, passive: true });
} else {
  startApp();
}
