/**
 * docs/product.md §2: "an analytics script is injected". Only when ANALYTICS_SCRIPT_URL is configured, and
 * only once the page has loaded and the browser is idle, so it never delays the first paint.
 * Tests never configure it, so they never load it.
 */
export function loadAnalyticsWhenIdle(scriptUrl: string | null) {
  if (!scriptUrl) return;
  const inject = () => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    document.head.append(script);
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(inject, { timeout: 5000 }) : setTimeout(inject, 2000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
