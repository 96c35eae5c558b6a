import type { AppPath } from '../../common/app-paths';
import type { FileRoutesByTo } from '../routeTree.gen';

/** A machine's navigation target as a router path: compiles only while every AppPath is a route. */
export function toRoute(path: AppPath): keyof FileRoutesByTo {
  return path;
}

/** True for URLs outside this SPA (a service hosted elsewhere), which need a full page load. */
export function isExternalUrl(url: string) {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}
