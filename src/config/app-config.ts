import type { ClientConfig } from './client-config';

declare const __APP_CONFIG__: ClientConfig;

/** The configuration parsed by vite.config.ts at build time (a bad variable fails the build). */
export const appConfig: ClientConfig = __APP_CONFIG__;
