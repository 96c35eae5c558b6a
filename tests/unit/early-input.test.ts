import { afterEach, expect, test, vi } from 'vitest';
import { recordEarlyInput, replayEarlyInput } from '../../src/app/early-input';

/** The same markup twice, as the build's copy and the app's live page produce it. */
const PAGE = `
  <header><button type="button">Menü</button><a href="/register">Jetzt starten</a></header>
  <section><button type="button">Frage</button><button type="button">Frage</button></section>
  <form>
    <label for="email-id">E-Mail</label><input id="email-id" name="email" type="email" />
    <label><input name="terms" type="checkbox" /> Bedingungen</label>
    <button type="submit">Anmelden</button>
  </form>`;

function setUp() {
  const copy = document.createElement('div');
  copy.id = 'prerendered';
  copy.innerHTML = PAGE;
  copy.querySelector('form')?.setAttribute('inert', '');
  const livePage = document.createElement('div');
  livePage.id = 'root';
  livePage.innerHTML = PAGE;
  document.body.append(copy, livePage);
  recordEarlyInput(copy);
  const takeOver = () => {
    copy.remove();
    replayEarlyInput(copy, livePage);
  };
  return { copy, livePage, takeOver };
}

afterEach(() => {
  document.body.replaceChildren();
});

test('a click on a button of the copy marks it busy and reaches the same button once live', async () => {
  const { copy, livePage, takeOver } = setUp();
  const secondQuestion = livePage.querySelectorAll('section button')[1];
  const clicked = vi.fn();
  secondQuestion?.addEventListener('click', clicked);
  (copy.querySelectorAll('section button')[1] as HTMLElement).click();
  expect(copy).toHaveAttribute('aria-busy', 'true');
  takeOver();
  expect(clicked).toHaveBeenCalledTimes(1);
  expect(secondQuestion).toHaveFocus();
});

test('a click into an inert form focuses the field it hit on the live page, without clicking it', () => {
  const { copy, livePage, takeOver } = setUp();
  const copyEmail = copy.querySelector('input[name="email"]');
  // An inert form gets no events: the click lands on the copy, at the field's position.
  vi.spyOn(copyEmail as HTMLElement, 'getBoundingClientRect').mockReturnValue(new DOMRect(10, 100, 300, 40));
  const liveEmail = livePage.querySelector('input[name="email"]');
  const clicked = vi.fn();
  liveEmail?.addEventListener('click', clicked);
  copy.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 50, clientY: 120 }));
  takeOver();
  expect(liveEmail).toHaveFocus();
  expect(clicked).not.toHaveBeenCalled();
});

test('a click on a label stands for its control; a checkbox is clicked on the live page', () => {
  const { copy, livePage, takeOver } = setUp();
  (copy.querySelector('label:has(input[name="terms"])') as HTMLElement).dispatchEvent(
    new MouseEvent('click', { bubbles: true }),
  );
  takeOver();
  expect(livePage.querySelector('input[name="terms"]')).toBeChecked();
});

test('links work in the copy on their own and are not replayed; without a click nothing happens', () => {
  const { copy, livePage, takeOver } = setUp();
  const link = copy.querySelector('a');
  // jsdom cannot follow the link; the browser would.
  link?.addEventListener('click', (event) => event.preventDefault());
  link?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  expect(copy).not.toHaveAttribute('aria-busy');
  takeOver();
  expect(document.activeElement).toBe(document.body);
  expect(livePage.querySelector('input[name="terms"]')).not.toBeChecked();
});
