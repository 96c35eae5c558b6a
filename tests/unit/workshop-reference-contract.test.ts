import * as v from 'valibot';
import { expect, test } from 'vitest';
import {
  firstProblem,
  inquiryCreateSchema,
  ORDER_NOTE_MAX_LENGTH,
  orderPlacementSchema,
  WORKSHOP_REFERENCE_MAX_LENGTH,
  workshopReferenceField,
} from '../../common/contracts/trading';

/* Issue 24 §9: one rule each for the workshop's own reference and an order's delivery choice and note. */

const inquiry = (extra: Record<string, unknown>) => ({
  vehicle: { vin: '', hsn: '', tsn: '', description: 'Golf 7' },
  lines: [{ part_number: '1K0 615 301 AA', description: '', quantity: 1, note: '' }],
  recipient_relation_ids: [3],
  closes_in_minutes: 120,
  ...extra,
});

test('the reference is optional, trimmed, and at most 80 characters', () => {
  expect(WORKSHOP_REFERENCE_MAX_LENGTH).toBe(80);
  expect(v.parse(inquiryCreateSchema, inquiry({})).workshop_reference).toBe('');
  expect(v.parse(inquiryCreateSchema, inquiry({ workshop_reference: '  HH-AB 123  ' })).workshop_reference).toBe(
    'HH-AB 123',
  );
  expect(firstProblem(workshopReferenceField, 'x'.repeat(80))).toBeNull();
  expect(firstProblem(workshopReferenceField, 'x'.repeat(81))).toBe('fieldTooLong');
  expect(firstProblem(inquiryCreateSchema, inquiry({ workshop_reference: 4711 }))).toBe('invalidRequest');
});

const choices = [
  { inquiry_line_id: 1, recipient_id: 10 },
  { inquiry_line_id: 2, recipient_id: 20 },
];

test('a placement without handovers orders with delivery and no note; one given is taken as typed, trimmed', () => {
  expect(v.parse(orderPlacementSchema, { version: 1, choices }).orders).toEqual([]);
  const parsed = v.parse(orderPlacementSchema, {
    version: 1,
    choices,
    orders: [{ recipient_id: 10, handover: 'pickup', note: '  Bitte anrufen  ' }, { recipient_id: 20 }],
  });
  expect(parsed.orders).toEqual([
    { recipient_id: 10, handover: 'pickup', note: 'Bitte anrufen' },
    { recipient_id: 20, handover: 'delivery', note: '' },
  ]);
});

test.each([
  ['an unknown handover', [{ recipient_id: 10, handover: 'courier' }], 'invalidRequest'],
  ['a note over 500 characters', [{ recipient_id: 10, note: 'n'.repeat(ORDER_NOTE_MAX_LENGTH + 1) }], 'fieldTooLong'],
  ['a dealer nothing is ordered from', [{ recipient_id: 30, handover: 'pickup' }], 'invalidRequest'],
  ['the same dealer twice', [{ recipient_id: 10 }, { recipient_id: 10, handover: 'pickup' }], 'invalidRequest'],
])('a placement with %s is refused', (_case, orders, problem) => {
  expect(firstProblem(orderPlacementSchema, { version: 1, choices, orders })).toBe(problem);
});

test('a note of exactly 500 characters is taken', () => {
  const note = 'n'.repeat(ORDER_NOTE_MAX_LENGTH);
  expect(firstProblem(orderPlacementSchema, { version: 1, choices, orders: [{ recipient_id: 10, note }] })).toBeNull();
});
