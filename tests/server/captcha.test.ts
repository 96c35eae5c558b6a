import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { requireSolvedCaptcha } from '../../server/captcha';
import type { ServerConfig } from '../../server/config';
import { ApiRefusal } from '../../server/http/respond';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** 'solved', or the message id the request would be refused with. */
async function verdict(config: ServerConfig, answer: string) {
  try {
    await requireSolvedCaptcha(server.db, config, answer, '127.0.0.1');
    return 'solved';
  } catch (error) {
    if (error instanceof ApiRefusal) return `${error.status} ${error.messageId}`;
    throw error;
  }
}

async function solvedAnswer() {
  const response = await fetch(server.url('/captcha/challenge'));
  expect(response.headers.get('cache-control')).toBe('no-store');
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the challenge');
  return { challenge, solution, answer: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') };
}

test('a solved challenge verifies once; a replay fails', async () => {
  const { answer } = await solvedAnswer();
  expect(await verdict(server.config, answer)).toBe('solved');
  expect(await verdict(server.config, answer)).toBe('400 captchaInvalid');
});

test('a wrong solution, a tampered challenge or garbage fails closed', async () => {
  const { challenge, solution } = await solvedAnswer();
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
  const wrongSolution = encode({ challenge, solution: { ...solution, counter: solution.counter + 1 } });
  const tampered = encode({ challenge: { ...challenge, parameters: { ...challenge.parameters, cost: 1 } }, solution });
  for (const answer of [
    wrongSolution,
    tampered,
    '',
    'not base64 at all',
    encode({ challenge: null }),
    'x'.repeat(10_000),
  ]) {
    expect(await verdict(server.config, answer)).toBe('400 captchaInvalid');
  }
});

test('a challenge signed with another key fails', async () => {
  const { answer } = await solvedAnswer();
  const otherKey = {
    ...server.config,
    captcha: { ...server.config.captcha, hmacKey: 'another-key-another-key-another-key-0000' },
  };
  expect(await verdict(otherKey, answer)).toBe('400 captchaInvalid');
});

test('an unreachable reCAPTCHA verifier fails closed with its own message', async () => {
  const recaptcha = {
    ...server.config,
    captcha: { ...server.config.captcha, recaptcha: { secret: 'secret', verifyUrl: 'http://127.0.0.1:9/siteverify' } },
  };
  expect(await verdict(recaptcha, 'some-token')).toBe('503 captchaUnavailable');
});
