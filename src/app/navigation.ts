/** True for URLs outside this SPA (a service hosted elsewhere), which need a full page load. */
export function isExternalUrl(url: string) {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}
