import { useRouterState } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { PRERENDERED_ELEMENT_ID } from '../../common/prerendered-pages';
import { replayEarlyInput } from './early-input-replay';
import { enterTypedIntoLivePage, handOverCaptchas, readTypedInCopy, restoreFocusInLivePage } from './typed-in-copy';

/**
 * Removes the prerendered copy of the page once the app has rendered the same route itself.
 * Layout effects run before the browser paints, so the visitor never sees an empty page in
 * between, and the live page lands exactly where the copy was (no layout shift). What the visitor
 * typed into the copy's forms moves into the live ones, focus and caret included, and so does a
 * captcha widget the copy had loaded, solved or not (ADR 046).
 */
export function PrerenderHandoff() {
  const rendered = useRouterState({
    select: (state) =>
      !state.isLoading && state.matches.length > 0 && state.matches.every((match) => match.status !== 'pending'),
  });
  useLayoutEffect(() => {
    const copy = rendered ? document.getElementById(PRERENDERED_ELEMENT_ID) : null;
    if (!copy) return;
    const livePage = copy.parentElement?.querySelector('#root');
    // Read before removing: a removed copy has no focused element any more.
    const typed = readTypedInCopy(copy);
    copy.remove();
    if (!livePage) return;
    // The typed values first, then the captcha: values entered after a solved captcha would count
    // as edits and reset it a second later (docs/product.md §9). The widget, detached with the copy
    // a moment ago, is attached again within this task, so it keeps its state.
    enterTypedIntoLivePage(livePage, typed);
    handOverCaptchas(copy, livePage);
    replayEarlyInput(copy, livePage, restoreFocusInLivePage(livePage, typed));
  }, [rendered]);
  return null;
}
