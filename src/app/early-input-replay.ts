import { controlsWithSignature, PENDING_ATTRIBUTE, type PendingInput } from './early-input';

/**
 * The live page's side of ./early-input.ts (ADR 017): the click the boot script recorded on the
 * copy is carried out on the same control of the live page. Only the app's handoff uses it
 * (src/app/PrerenderHandoff.tsx), so it stays out of the boot script.
 */
function pendingInput(copy: Element): PendingInput | null {
  const recorded = copy.getAttribute(PENDING_ATTRIBUTE);
  return recorded ? (JSON.parse(recorded) as PendingInput) : null;
}

/**
 * Clicks a replayed button once it is enabled: a send button the app enables only when its
 * machine has the captcha's answer (handed over a moment after the takeover) would otherwise
 * swallow the click. Gives up after `waitMs`; the focus is on the button then.
 */
function clickOnceEnabled(control: HTMLElement, waitMs = 5000) {
  const enabled = () => !control.matches(':disabled');
  if (enabled()) {
    control.click();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!enabled()) return;
    stop();
    control.click();
  });
  const timer = setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(control, { attributes: true, attributeFilter: ['disabled'] });
}

/**
 * Called right after the live page replaced the copy. `focusRestored`: the focus already went
 * back where it stood in the copy's form (typed-in-copy.ts), so only a click is carried out,
 * once the control is enabled (a send button waiting for the captcha handed over from the copy).
 */
export function replayEarlyInput(copy: Element, livePage: Element, focusRestored = false) {
  const pending = pendingInput(copy);
  if (!pending) return;
  const { signature, ordinal, click } = pending;
  if (focusRestored && !click) return;
  const control = controlsWithSignature(livePage, signature)[ordinal];
  if (!(control instanceof HTMLElement)) return;
  if (!focusRestored) control.focus({ preventScroll: true });
  if (click) clickOnceEnabled(control);
}
