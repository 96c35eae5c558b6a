import * as v from 'valibot';
import { expect, test } from 'vitest';
import { plainText, requiredText } from '../../common/contracts/fields';
import { inquiryCreateSchema } from '../../common/contracts/trading';

/** Issue 27 §8: the one rule for free text refuses every explicit direction control, and only those. */
const schema = v.pipe(v.string(), plainText());
const controls = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];

test.each(controls.map((code) => [code.toString(16).toUpperCase(), String.fromCodePoint(code)]))(
  'U+%s is refused with textDirectionControls',
  (_code, control) => {
    const result = v.safeParse(schema, `Brems${control}scheibe`);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe('textDirectionControls');
  },
);

test('right-to-left letters, umlauts and the implicit marks U+200E/U+200F pass', () => {
  for (const text of ['Müller & Söhne', 'מחסן', 'كراج', 'A\u200EB\u200FC', '\u2065', '\u202F']) {
    expect(v.safeParse(schema, text).success).toBe(true);
  }
});

test('the shared free-text fields carry the rule (a required name, an inquiry line)', () => {
  expect(v.safeParse(requiredText('firstNameRequired'), 'Jan\u202Ea').issues?.[0]?.message).toBe(
    'textDirectionControls',
  );
  const inquiry = v.safeParse(inquiryCreateSchema, {
    vehicle: { vin: '', hsn: '', tsn: '', description: '' },
    lines: [{ part_number: '1K0\u2067615', description: 'Scheibe', quantity: 1, note: '' }],
    recipient_relation_ids: [1],
    closes_in_minutes: 120,
  });
  expect(inquiry.issues?.map((issue) => issue.message)).toContain('textDirectionControls');
});
