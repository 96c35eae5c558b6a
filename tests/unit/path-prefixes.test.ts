import { expect, test } from 'vitest';
import { withoutPrefixPaths } from '../support/path-prefixes';

const pathOf = (...events: unknown[]) => ({ steps: events.map((event) => ({ event })) });
const init = { type: 'xstate.init' };

test('a path that begins another one is left out; one that goes elsewhere stays', () => {
  const start = pathOf(init);
  const typed = pathOf(init, { type: 'field.change', value: 'a' });
  const sent = pathOf(init, { type: 'field.change', value: 'a' }, { type: 'form.submit' });
  const typedElse = pathOf(init, { type: 'field.change', value: 'b' });
  expect(withoutPrefixPaths([start, typed, sent, typedElse])).toEqual([sent, typedElse]);
});

test('of two equal paths the first stays; events compare by value, not as objects', () => {
  const first = pathOf(init, { type: 'pick', id: 1, label: 'x' });
  const again = pathOf(init, { type: 'pick', id: 1, label: 'x' });
  expect(withoutPrefixPaths([first, again])).toEqual([first]);
  expect(withoutPrefixPaths([first, again])[0]).toBe(first);
  const longer = pathOf(init, { type: 'pick', id: 1, label: 'x' }, { type: 'next' });
  expect(withoutPrefixPaths([first, longer])).toEqual([longer]);
});

test('an error or a file in an event is the same step only as the same object', () => {
  const failure = new Error('offline');
  const failed = pathOf(init, { type: 'xstate.error.actor.load', error: failure });
  const failedThenRetried = pathOf(init, { type: 'xstate.error.actor.load', error: failure }, { type: 'retry' });
  expect(withoutPrefixPaths([failed, failedThenRetried])).toEqual([failedThenRetried]);
  const otherFailure = pathOf(
    init,
    { type: 'xstate.error.actor.load', error: new Error('offline') },
    { type: 'retry' },
  );
  expect(withoutPrefixPaths([failed, otherFailure])).toEqual([failed, otherFailure]);
});

test('steps compare by all their fields, not by their type alone', () => {
  const short = pathOf(init, { type: 'field.change', value: 'ab' });
  const longer = pathOf(init, { type: 'field.change', value: 'abc' });
  expect(withoutPrefixPaths([short, longer])).toEqual([short, longer]);
});
