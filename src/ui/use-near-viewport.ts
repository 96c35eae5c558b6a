import { type RefObject, useEffect, useState } from 'react';
import { whenNearViewport } from './near-viewport';

/**
 * True once the element has come within `margin` of the viewport (and stays true): heavy parts
 * of a page (the captcha widget, the contact form) load only when the visitor gets close to them.
 */
export function useNearViewport(element: RefObject<HTMLElement | null>, margin = '400px') {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || near) return;
    return whenNearViewport(target, () => setNear(true), margin);
  }, [element, margin, near]);
  return near;
}
