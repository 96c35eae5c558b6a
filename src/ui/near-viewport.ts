/**
 * Calls `onNear` once, when the element has come within `margin` of the viewport (at once where
 * IntersectionObserver is missing), and returns the function that stops watching. Used by the
 * app's `useNearViewport` and by the prerendered copy, which has no React (ADR 046).
 */
export function whenNearViewport(element: Element, onNear: () => void, margin = '400px') {
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      onNear();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
