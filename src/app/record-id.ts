import { notFound } from '@tanstack/react-router';

/**
 * A record id in a route's path (an inquiry, an order) as the API takes it: a whole number a
 * PostgreSQL integer holds, from 1. Anything else in the address is a page that does not exist.
 */
export function recordIdParam(param: string) {
  if (!/^[1-9]\d{0,8}$/.test(param)) throw notFound();
  return Number(param);
}
