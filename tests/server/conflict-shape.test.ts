import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { refusalWithOrder } from '../../machines/order-detail';
import { ApiRefusal, conflictWithCurrent, refusalResponse } from '../../server/http/respond';
import { ApiError, createServiceClient } from '../../src/api/http';

/*
 * The one 409 that carries the current state (ADR 035): what a command throws reaches the
 * browser's API client as the envelope it always read, `{ code: 409, data, message, error }`,
 * and the machines find the current state in the ApiError's `data`.
 */

const current = { id: 835, version: 4, status: 'confirmed' };
let server: ReturnType<typeof serve>;
let baseURL = '';

beforeAll(async () => {
  const app = new Hono();
  app.onError((error, c) => {
    if (error instanceof ApiRefusal) return refusalResponse(c, error);
    throw error;
  });
  app.post('/stale', () => {
    throw conflictWithCurrent('orderChanged', current);
  });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

test('a conflict is the envelope with the current state in data, translated', async () => {
  const response = await fetch(`${baseURL}/stale`, { method: 'POST', headers: { 'Accept-Language': 'de' } });
  expect(response.status).toBe(409);
  expect(await response.json()).toEqual({
    code: 409,
    data: current,
    message: expect.stringMatching(/\S/),
    error: 'orderChanged',
  });
});

test("the browser's API client reads it as an ApiError carrying the current state", async () => {
  const client = createServiceClient(baseURL, () => 'en');
  const error = await client(v.unknown(), '/stale', { method: 'POST' }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 409, messageId: 'orderChanged', data: current });
  // Not an order detail: a machine reading an order out of it finds none rather than a wrong one.
  expect(refusalWithOrder(error)).toBeNull();
});
