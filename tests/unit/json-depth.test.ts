import { expect, test } from 'vitest';
import { bodyFlaw, MAX_JSON_DEPTH } from '../../server/http/respond';

/** Issue 27 §6: the request guard's bound on nesting, walked without recursion. */
const nestedArrays = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

test('a body nested up to the bound passes; one level more is refused', () => {
  expect(bodyFlaw(nestedArrays(MAX_JSON_DEPTH))).toBeNull();
  expect(bodyFlaw(nestedArrays(MAX_JSON_DEPTH + 1))).toEqual({ reason: 'tooDeep', field: '' });
});

test('nesting inside a field names that field; 100 000 levels do not overflow the stack', () => {
  expect(bodyFlaw({ email: 'a@b.de', lines: nestedArrays(100_000) })).toEqual({ reason: 'tooDeep', field: 'lines' });
});

test('U+0000 in a nested string or a key names the top-level field', () => {
  expect(bodyFlaw({ vehicle: { description: 'a\u0000b' } })).toEqual({ reason: 'nul', field: 'vehicle' });
  expect(bodyFlaw({ ['x\u0000']: 1 })).toEqual({ reason: 'nul', field: 'x\u0000' });
  expect(bodyFlaw({ lines: [{ note: 'fine' }], name: 'Müller' })).toBeNull();
});
