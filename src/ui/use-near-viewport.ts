import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come within `margin` of the viewport (and stays true): heavy parts
 * of a page (the captcha widget, the contact form) load only when the visitor gets close to them.
 */
export function useNearViewport(element: RefObject<HTMLElement | null>, margin = '400px') {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return near;
}
