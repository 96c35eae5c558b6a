/**
 * docs/product.md §9: the captcha must be solved again 1000 ms after the last tracked field edit.
 * One value for the captcha machine and for the widget of a prerendered copy (ADR 046).
 */
export const CAPTCHA_RESET_DELAY_MS = 1000;

/**
 * The self-hosted ALTCHA widget's element, and the event a live captcha place gets when the widget
 * of the prerendered copy was moved into it (ADR 046). Kept out of common/prerendered-pages.ts, which
 * the boot script imports: nothing before the load event needs them.
 */
export const CAPTCHA_WIDGET_TAG = 'altcha-widget';
export const CAPTCHA_HANDOVER_EVENT = 'captchahandover';
