import { useRouterState } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { PRERENDERED_ELEMENT_ID } from '../../common/prerendered-pages';
import { replayEarlyInput } from './early-input';

/**
 * Removes the prerendered copy of the page once the app has rendered the same route itself.
 * Layout effects run before the browser paints, so the visitor never sees an empty page in
 * between, and the live page lands exactly where the copy was (no layout shift).
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
    copy.remove();
    if (livePage) replayEarlyInput(copy, livePage);
  }, [rendered]);
  return null;
}
