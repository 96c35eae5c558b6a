/**
 * The screens a flow's machine may send the browser to. Machines cannot import the router, so they
 * name paths from this list; `EveryAppPathIsARoute` in src/main.tsx only compiles while every one of
 * them is a route of the router's generated tree, so a renamed or missing route fails the type check
 * (and the routes' `navigate({ to })` take an AppPath as it is).
 */
export type AppPath = '/' | '/login' | '/dashboard' | '/account' | '/business-info-success' | '/claims';
