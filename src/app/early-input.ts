import {
  CAPTCHA_FIELD_NAME,
  FORMS_POSTED_WITH_CAPTCHA,
  FORMS_POSTED_WITHOUT_APP,
} from '../../common/prerendered-pages';

/**
 * Until the app has taken over a prerendered page, its buttons do nothing (ADR 014). So that a
 * click in that time is not lost silently, the copy marks itself busy and remembers the control
 * that was clicked; once the live page replaced the copy, the same control there gets the focus,
 * and the click if it was a button (ADR 017, ./early-input-replay.ts). The copy's forms take typing
 * themselves (ADR 046): a submit there is either posted by the browser (login, forgot password, the
 * invitation request once its captcha widget is there) or held and replayed.
 */
// No <summary>: it works in the copy without JavaScript, a replayed click would undo it.
const CONTROLS = 'button, input, select, textarea, label, [role="button"]';
const TEXT_ENTRY_TYPES = new Set(['', 'text', 'email', 'password', 'search', 'tel', 'url', 'number', 'date']);

/** Kept on the copy itself, which both the boot script and the app's handoff can reach. */
export const PENDING_ATTRIBUTE = 'data-pending-input';
export type PendingInput = { signature: string; ordinal: number; click: boolean };

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

export function controlsWithSignature(container: Element, signature: string) {
  return [...container.querySelectorAll(CONTROLS)].filter((control) => signatureOf(control) === signature);
}

/**
 * Forms the browser posts itself before the app has taken over: the server answers them (ADR 046).
 * A form with a captcha only once the widget has loaded into the copy (its hidden input is there):
 * solved, the post goes through; not yet solved, the server answers with the captcha's message.
 */
export function postsWithoutApp(form: HTMLFormElement) {
  const action = form.getAttribute('action') ?? '';
  if ((FORMS_POSTED_WITHOUT_APP as readonly string[]).includes(action)) return true;
  return (
    (FORMS_POSTED_WITH_CAPTCHA as readonly string[]).includes(action) &&
    form.querySelector(`input[name="${CAPTCHA_FIELD_NAME}"]`) !== null
  );
}

function needsClick(control: Element) {
  if (control instanceof HTMLInputElement) return !TEXT_ENTRY_TYPES.has(control.type);
  return !(control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement);
}

function rememberPending(copy: HTMLElement, control: Element) {
  const signature = signatureOf(control);
  const pending: PendingInput = {
    signature,
    ordinal: controlsWithSignature(copy, signature).indexOf(control),
    click: needsClick(control),
  };
  copy.setAttribute(PENDING_ATTRIBUTE, JSON.stringify(pending));
  copy.setAttribute('aria-busy', 'true');
}

export function recordEarlyInput(copy: HTMLElement) {
  const onClick = (event: MouseEvent) => {
    if (!copy.isConnected) {
      document.removeEventListener('click', onClick, true);
      return;
    }
    const target = event.target instanceof Element ? event.target : null;
    // Inside a form the copy's own controls take the click (ADR 046): typing and ticks move over
    // with the form's state (src/app/typed-in-copy.ts), a submit is handled below.
    if (!target || !copy.contains(target) || target.closest('a[href], form')) return;
    let control = target.closest(CONTROLS);
    if (control instanceof HTMLLabelElement) control = control.control ?? control;
    if (control) rememberPending(copy, control);
  };
  /**
   * A form the server answers goes out as a plain post at once. Any other is held and sent by the
   * live page once the app has taken over, as a click on the same submit button.
   */
  const onSubmit = (event: SubmitEvent) => {
    if (!copy.isConnected) {
      document.removeEventListener('submit', onSubmit, true);
      return;
    }
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (!form || !copy.contains(form) || postsWithoutApp(form)) return;
    event.preventDefault();
    const submitter = event.submitter ?? form.querySelector('button[type="submit"]');
    if (submitter) rememberPending(copy, submitter);
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
}
