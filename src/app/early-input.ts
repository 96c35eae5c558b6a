/**
 * Until the app has taken over a prerendered page, its buttons do nothing and its forms are
 * inert (ADR 014). So that a click in that time is not lost silently, the copy marks itself busy
 * and remembers the control that was clicked; once the live page replaced the copy, the same
 * control there gets the focus, and the click if it was a button (ADR 017).
 */
// No <summary>: it works in the copy without JavaScript, a replayed click would undo it.
const CONTROLS = 'button, input, select, textarea, label, [role="button"]';
const TEXT_ENTRY_TYPES = new Set(['', 'text', 'email', 'password', 'search', 'tel', 'url', 'number', 'date']);

/** Kept on the copy itself, which both the boot script and the app's handoff can reach. */
const PENDING_ATTRIBUTE = 'data-pending-input';
type PendingInput = { signature: string; ordinal: number; click: boolean };

/** What identifies a control in two renderings of the same markup (React's ids differ). */
function signatureOf(control: Element) {
  return [
    control.tagName,
    control.getAttribute('name'),
    control.getAttribute('type'),
    control.getAttribute('aria-label'),
    control.textContent?.trim().slice(0, 80),
  ].join('|');
}

function controlsWithSignature(container: Element, signature: string) {
  return [...container.querySelectorAll(CONTROLS)].filter((control) => signatureOf(control) === signature);
}

/** Controls in an inert form get no events: the click lands on an ancestor, so find them by position. */
function inertControlAt(copy: Element, x: number, y: number) {
  return [...copy.querySelectorAll('form[inert] :is(input, select, textarea, button, label)')].find((control) => {
    const box = control.getBoundingClientRect();
    return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
  });
}

function needsClick(control: Element) {
  if (control instanceof HTMLInputElement) return !TEXT_ENTRY_TYPES.has(control.type);
  return !(control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement);
}

export function recordEarlyInput(copy: HTMLElement) {
  const onClick = (event: MouseEvent) => {
    if (!copy.isConnected) {
      document.removeEventListener('click', onClick, true);
      return;
    }
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !copy.contains(target) || target.closest('a[href]')) return;
    let control = target.closest(CONTROLS) ?? inertControlAt(copy, event.clientX, event.clientY);
    if (control instanceof HTMLLabelElement) control = control.control ?? control;
    if (!control) return;
    const signature = signatureOf(control);
    const pending: PendingInput = {
      signature,
      ordinal: controlsWithSignature(copy, signature).indexOf(control),
      click: needsClick(control),
    };
    copy.setAttribute(PENDING_ATTRIBUTE, JSON.stringify(pending));
    copy.setAttribute('aria-busy', 'true');
  };
  document.addEventListener('click', onClick, true);
}

function pendingInput(copy: Element): PendingInput | null {
  const recorded = copy.getAttribute(PENDING_ATTRIBUTE);
  return recorded ? (JSON.parse(recorded) as PendingInput) : null;
}

/** Called right after the live page replaced the copy. */
export function replayEarlyInput(copy: Element, livePage: Element) {
  const pending = pendingInput(copy);
  if (!pending) return;
  const { signature, ordinal, click } = pending;
  const control = controlsWithSignature(livePage, signature)[ordinal];
  if (!(control instanceof HTMLElement)) return;
  control.focus({ preventScroll: true });
  if (click) control.click();
}
