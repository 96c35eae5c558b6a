import { CAPTCHA_HANDOVER_EVENT, CAPTCHA_WIDGET_TAG } from '../../common/captcha';
import { CAPTCHA_HOST_ATTRIBUTE } from '../../common/prerendered-pages';

/**
 * The prerendered copy's forms take typing before the app has loaded (ADR 046). When the app
 * takes the page over, what was typed there moves into the live forms, and the focus and caret
 * go where they stood; a captcha widget loaded into the copy moves into the live form as it stands.
 * Only the app's handoff uses this (src/app/PrerenderHandoff.tsx), so it stays out of the boot script.
 */
/** One control of a form in the copy, as the visitor left it. */
type TypedControl = {
  formIndex: number;
  elementIndex: number;
  signature: string;
  value: string;
  checked: boolean;
};
/** What was typed into the copy's forms, and where the caret stood (ADR 046). */
export type TypedInCopy = {
  controls: TypedControl[];
  focus: { formIndex: number; elementIndex: number; selection: [number, number] | null } | null;
};

type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A form's own controls in order; the captcha widget's inner controls are not among them (the
 * widget moves as a whole, handOverCaptchas), so the copy with its widget and the live page
 * without one count the same.
 */
function formControlsOf(form: HTMLFormElement): (FormControl | null)[] {
  return [...form.elements]
    .filter((element) => !element.closest(CAPTCHA_WIDGET_TAG))
    .map((element) =>
      element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement
        ? element
        : null,
    );
}

/** Tag, type and name: enough to be sure two renderings' n-th controls are the same field. */
function controlSignature(control: FormControl) {
  return [control.tagName, control.type, control.name].join('|');
}

function selectionOf(control: FormControl): [number, number] | null {
  if (control instanceof HTMLSelectElement) return null;
  try {
    // Inputs of type email or number have no selection API (they throw or answer null).
    const { selectionStart, selectionEnd } = control;
    return selectionStart === null || selectionEnd === null ? null : [selectionStart, selectionEnd];
  } catch {
    return null;
  }
}

/**
 * Reads what the visitor typed into the copy's forms since the page was painted: every control
 * whose value or tick differs from the markup's default, and the focused control with its caret.
 * Passwords included: they move from one field to the other in memory, never leave the page.
 */
export function readTypedInCopy(copy: Element): TypedInCopy {
  const forms = [...copy.querySelectorAll('form')];
  const controls: TypedControl[] = [];
  let focus: TypedInCopy['focus'] = null;
  forms.forEach((form, formIndex) => {
    formControlsOf(form).forEach((control, elementIndex) => {
      if (!control) return;
      if (control === document.activeElement) focus = { formIndex, elementIndex, selection: selectionOf(control) };
      const changed =
        control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')
          ? control.checked !== control.defaultChecked
          : control instanceof HTMLSelectElement
            ? [...control.options].some((option) => option.selected !== option.defaultSelected)
            : control.value !== control.defaultValue;
      if (!changed) return;
      controls.push({
        formIndex,
        elementIndex,
        signature: controlSignature(control),
        value: control.value,
        checked: control instanceof HTMLInputElement && control.checked,
      });
    });
  });
  return { controls, focus };
}

/**
 * Enters what was typed into the live page's same controls the way a person's typing arrives:
 * the value, then an `input` event (a `click` for a box that must change its tick), so each view
 * sends its machine the usual change events and no machine reads the page.
 */
export function enterTypedIntoLivePage(livePage: Element, typed: TypedInCopy) {
  const forms = [...livePage.querySelectorAll('form')];
  for (const entry of typed.controls) {
    const form = forms[entry.formIndex];
    const control = form ? formControlsOf(form)[entry.elementIndex] : null;
    if (!control || controlSignature(control) !== entry.signature) continue;
    if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      if (control.checked !== entry.checked) control.click();
      continue;
    }
    // React tracks the value it last set; the prototype's setter bypasses that tracking so that
    // the event below reaches the view's onChange as real typing does.
    const prototype = Object.getPrototypeOf(control) as object;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, entry.value);
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
}

/** Puts the focus and the caret back where they stood in the copy. True when there was a focus to restore. */
export function restoreFocusInLivePage(livePage: Element, typed: TypedInCopy) {
  if (!typed.focus) return false;
  const { formIndex, elementIndex, selection } = typed.focus;
  const form = livePage.querySelectorAll('form')[formIndex];
  const control = form ? formControlsOf(form)[elementIndex] : null;
  if (!control) return false;
  control.focus({ preventScroll: true });
  if (selection && !(control instanceof HTMLSelectElement)) {
    const placeCaret = () => {
      // Unless the visitor has moved on meanwhile.
      if (document.activeElement !== control) return;
      try {
        control.setSelectionRange(selection[0], selection[1]);
      } catch {
        // email and number inputs have no caret API; the focus alone is restored there.
      }
    };
    placeCaret();
    // React renders the entered values after this commit, and writing a value puts the caret at
    // its end: place it again once that render is done.
    requestAnimationFrame(placeCaret);
  }
  return true;
}

/**
 * Moves each captcha widget the copy loaded (src/views/captcha/captcha-in-copy.ts) into the same
 * place of the live page's same form, solved or not, and tells that place: the live captcha takes
 * the widget over and, if it is solved, hands its answer to the form's machine through the usual
 * `captcha.solved` event (src/views/captcha/captcha-provider.ts). Moved within one task, the widget
 * keeps its state. Call it after readTypedInCopy and after enterTypedIntoLivePage, so that the
 * typed values do not count as edits after solving.
 */
export function handOverCaptchas(copy: Element, livePage: Element) {
  const liveForms = livePage.querySelectorAll('form');
  copy.querySelectorAll('form').forEach((form, formIndex) => {
    const livePlaces = liveForms[formIndex]?.querySelectorAll(`[${CAPTCHA_HOST_ATTRIBUTE}]`) ?? [];
    form.querySelectorAll(`[${CAPTCHA_HOST_ATTRIBUTE}]`).forEach((place, placeIndex) => {
      const widget = place.querySelector(CAPTCHA_WIDGET_TAG);
      const livePlace = livePlaces[placeIndex];
      if (!widget || !livePlace || livePlace.firstElementChild) return;
      livePlace.replaceChildren(widget);
      livePlace.dispatchEvent(new Event(CAPTCHA_HANDOVER_EVENT));
    });
  });
}
