import { expect, test } from 'vitest';
import { withoutPrefixPaths } from '../support/path-prefixes';

/** A path as xstate/graph gives it: its steps' events and the state it ends in. */
const pathOf = (end: string, ...events: unknown[]) => ({
  steps: events.map((event) => ({ event })),
  state: { value: end },
});
const init = { type: 'xstate.init' };

test('a path that begins another one is left out; one that goes elsewhere stays', () => {
  const start = pathOf('editing', init);
  const typed = pathOf('editing', init, { type: 'field.change', value: 'a' });
  const sent = pathOf('sent', init, { type: 'field.change', value: 'a' }, { type: 'form.submit' });
  const typedElse = pathOf('editing', init, { type: 'field.change', value: 'b' });
  expect(withoutPrefixPaths([start, typed, sent, typedElse])).toEqual([sent, typedElse]);
});

test('of two equal paths the first stays; events compare by value, not as objects', () => {
  const first = pathOf('picked', init, { type: 'pick', id: 1, label: 'x' });
  const again = pathOf('picked', init, { type: 'pick', id: 1, label: 'x' });
  expect(withoutPrefixPaths([first, again])).toEqual([first]);
  expect(withoutPrefixPaths([first, again])[0]).toBe(first);
  const longer = pathOf('picked', init, { type: 'pick', id: 1, label: 'x' }, { type: 'refresh' });
  expect(withoutPrefixPaths([first, longer])).toEqual([longer]);
});

test('an error or a file in an event is the same step only as the same object', () => {
  const failure = new Error('offline');
  const failed = pathOf('failed', init, { type: 'xstate.error.actor.load', error: failure });
  const failedAgain = pathOf(
    'failed',
    init,
    { type: 'xstate.error.actor.load', error: failure },
    { type: 'xstate.error.actor.load', error: failure },
  );
  expect(withoutPrefixPaths([failed, failedAgain])).toEqual([failedAgain]);
  const otherFailure = pathOf(
    'failed',
    init,
    { type: 'xstate.error.actor.load', error: new Error('offline') },
    { type: 'retry' },
  );
  expect(withoutPrefixPaths([failed, otherFailure])).toEqual([failed, otherFailure]);
});

test('steps compare by all their fields, not by their type alone', () => {
  const short = pathOf('editing', init, { type: 'field.change', value: 'ab' });
  const longer = pathOf('editing', init, { type: 'field.change', value: 'abc' });
  expect(withoutPrefixPaths([short, longer])).toEqual([short, longer]);
});

test('a state only passed through is still ended in: the first path that ends there stays', () => {
  const loading = pathOf('loading', init, { type: 'load' });
  const stillLoading = pathOf('loading', init, { type: 'load' }, { type: 'tick' });
  const loaded = pathOf('ready', init, { type: 'load' }, { type: 'tick' }, { type: 'xstate.done.actor.load' });
  expect(withoutPrefixPaths([loading, stillLoading, loaded])).toEqual([loading, loaded]);
});
