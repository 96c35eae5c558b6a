import { expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import { vinFieldMachine } from '../../machines/vin-field.machine';

function start(value = '', latestModelYear = 2027) {
  const reported = vi.fn();
  const actor = createActor(
    vinFieldMachine.provide({ actions: { reportValue: (_, { value: changed }) => reported(changed) } }),
    { input: { value, latestModelYear } },
  );
  actor.start();
  return { actor, reported };
}

test('starts from the owner’s value, checked', () => {
  expect(start().actor.getSnapshot().value).toBe('empty');
  expect(start('WVWZZZ1KZ').actor.getSnapshot().value).toBe('typing');
  expect(start('WVWZZZ1KZAW00000I').actor.getSnapshot().value).toBe('invalid');
  const { actor } = start('WVWZZZ1KZAW000001');
  expect(actor.getSnapshot().value).toBe('valid');
  expect(actor.getSnapshot().context.check.manufacturer?.make).toBe('Volkswagen');
});

test('typing: each change is checked and reported to the owner as typed', () => {
  const { actor, reported } = start();
  actor.send({ type: 'vin.change', value: 'wvw zzz' });
  expect(actor.getSnapshot().value).toBe('typing');
  expect(actor.getSnapshot().context.value).toBe('wvw zzz');
  expect(actor.getSnapshot().context.check.vin).toBe('WVWZZZ');
  expect(reported).toHaveBeenLastCalledWith('wvw zzz');
  actor.send({ type: 'vin.change', value: 'WVWZZZ1KZAW000001' });
  expect(actor.getSnapshot().value).toBe('valid');
  expect(actor.getSnapshot().context.check.checkDigit).toBe('mismatch');
  actor.send({ type: 'vin.change', value: '' });
  expect(actor.getSnapshot().value).toBe('empty');
  expect(reported).toHaveBeenCalledTimes(3);
});

test('too short is an error only after leaving the field; typing again hides it until the next blur', () => {
  const { actor } = start();
  actor.send({ type: 'vin.change', value: 'WVWZZZ1KZ' });
  expect(actor.getSnapshot().hasTag('showsProblems')).toBe(false);
  actor.send({ type: 'field.blur' });
  expect(actor.getSnapshot().value).toBe('leftIncomplete');
  expect(actor.getSnapshot().hasTag('showsProblems')).toBe(true);
  actor.send({ type: 'vin.change', value: 'WVWZZZ1KZA' });
  expect(actor.getSnapshot().value).toBe('typing');
  // Leaving an empty, valid or wrong field changes nothing.
  for (const value of ['', 'WVWZZZ1KZAW000001', 'WVWZZZ1KZAW00000I']) {
    actor.send({ type: 'vin.change', value });
    const before = actor.getSnapshot().value;
    actor.send({ type: 'field.blur' });
    expect(actor.getSnapshot().value).toBe(before);
  }
});

test('a forbidden letter shows at once; the fix is taken only when the person accepts it', () => {
  const { actor, reported } = start();
  actor.send({ type: 'vin.change', value: 'WVWZZZ1KZAWO0000I' });
  expect(actor.getSnapshot().value).toBe('invalid');
  expect(actor.getSnapshot().hasTag('showsProblems')).toBe(true);
  expect(actor.getSnapshot().context.value).toBe('WVWZZZ1KZAWO0000I');
  expect(actor.getSnapshot().context.check.suggestion).toBe('WVWZZZ1KZAW000001');
  actor.send({ type: 'suggestion.accept' });
  expect(actor.getSnapshot().value).toBe('valid');
  expect(actor.getSnapshot().context.value).toBe('WVWZZZ1KZAW000001');
  expect(reported).toHaveBeenLastCalledWith('WVWZZZ1KZAW000001');
});

test('no suggestion, nothing to accept: an umlaut or a VIN too long', () => {
  const { actor, reported } = start();
  for (const value of ['WVWZZZ1KZAW00000Ö', 'WVWZZZ1KZAW0000012']) {
    actor.send({ type: 'vin.change', value });
    expect(actor.getSnapshot().can({ type: 'suggestion.accept' })).toBe(false);
    actor.send({ type: 'suggestion.accept' });
    expect(actor.getSnapshot().context.value).toBe(value);
  }
  expect(reported).toHaveBeenCalledTimes(2);
});

test('the owner’s value (a restored or discarded draft) is followed without being reported back', () => {
  const { actor, reported } = start('WVWZZZ1KZ');
  actor.send({ type: 'vin.sync', value: 'WVWZZZ1KZAW000001' });
  expect(actor.getSnapshot().value).toBe('valid');
  actor.send({ type: 'vin.sync', value: '' });
  expect(actor.getSnapshot().value).toBe('empty');
  expect(reported).not.toHaveBeenCalled();
  // The echo of the person's own change does not start the check over (the blur state stays).
  actor.send({ type: 'vin.change', value: 'WVW' });
  actor.send({ type: 'field.blur' });
  actor.send({ type: 'vin.sync', value: 'WVW' });
  expect(actor.getSnapshot().value).toBe('leftIncomplete');
});

test('the model-year hint drops years after the latest one given', () => {
  const { actor } = start('WDD2050041R123456', 2027);
  expect(actor.getSnapshot().context.check.modelYears).toEqual([2001]);
  expect(start('WDD2050041R123456', 2032).actor.getSnapshot().context.check.modelYears).toEqual([2031, 2001]);
});
