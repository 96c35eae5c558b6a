import { describe, expect, test } from 'vitest';
import {
  type AnswerEdit,
  type AnswerValues,
  changeLine,
  changeQuote,
  type LineAnswerValues,
  toggleLine,
} from '../../machines/dealer-answer-form';

const line = (id: number, patch: Partial<LineAnswerValues> = {}): LineAnswerValues => ({
  inquiry_line_id: id,
  offered: true,
  net_price: '',
  deposit: '',
  availability: '',
  eta: '',
  alternative_part_number: '',
  alternative_brand: '',
  fits_vehicle: false,
  note: '',
  decline_reason: '',
  ...patch,
});

const values: AnswerValues = {
  valid_until: '2026-01-03',
  freight: '',
  free_freight_from: '',
  lines: [line(1), line(2)],
};
const form: AnswerEdit = {
  values,
  errors: {
    'lines.1.net_price': 'priceInvalid',
    'lines.1.eta': 'etaRequired',
    'lines.2.net_price': 'priceInvalid',
    freight: 'priceInvalid',
  },
};

describe('the answer form edits', () => {
  test('typing in a line field changes that line only and clears only its message', () => {
    const edited = changeLine(form, 1, 'net_price', '12,50');
    expect(edited.values.lines[0]?.net_price).toBe('12,50');
    expect(edited.values.lines[1]).toEqual(line(2));
    expect(Object.keys(edited.errors).sort()).toEqual(['freight', 'lines.1.eta', 'lines.2.net_price']);
    expect(form.values.lines[0]?.net_price).toBe('');
  });

  test('switching a line between offer and decline clears all of its messages; the fitment switch clears none', () => {
    const declined = toggleLine(form, 1, 'offered', false);
    expect(declined.values.lines[0]?.offered).toBe(false);
    expect(Object.keys(declined.errors).sort()).toEqual(['freight', 'lines.2.net_price']);
    const fits = toggleLine(form, 1, 'fits_vehicle', true);
    expect(fits.values.lines[0]?.fits_vehicle).toBe(true);
    expect(fits.errors).toEqual(form.errors);
  });

  test('typing in a quote field changes it and clears its message only', () => {
    const edited = changeQuote(form, 'freight', '4,90');
    expect(edited.values.freight).toBe('4,90');
    expect(edited.values.lines).toBe(form.values.lines);
    expect(Object.keys(edited.errors).sort()).toEqual(['lines.1.eta', 'lines.1.net_price', 'lines.2.net_price']);
  });
});
