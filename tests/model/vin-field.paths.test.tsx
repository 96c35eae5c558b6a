import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { type VinFieldEvent, vinFieldMachine } from '../../machines/vin-field.machine';
import { VinField } from '../../src/views/vehicle/VinField';
import { pathCases, type Step, withoutPrefixPaths } from '../support/path-replay';

const LATEST_MODEL_YEAR = 2027;

/** What people type: incomplete, I/O/Q (with the fix), an umlaut (no fix), valid EU and US, an unknown maker. */
const events: VinFieldEvent[] = [
  { type: 'vin.change', value: '' },
  { type: 'vin.change', value: 'wvw zzz 1kz' },
  { type: 'vin.change', value: 'WVWZZZ1KZAWO0000I' },
  { type: 'vin.change', value: 'WVWZZZ1KZAW00000Ö' },
  { type: 'vin.change', value: 'wvw zzz 1kz aw0 000 01' },
  { type: 'vin.change', value: '5UXKR0C52F0P12345' },
  { type: 'vin.change', value: 'WZZZZZ1KZAW000001' },
  { type: 'suggestion.accept' },
  { type: 'field.blur' },
];

const paths = getShortestPaths(vinFieldMachine, {
  input: { value: '', latestModelYear: LATEST_MODEL_YEAR },
  events,
  // The value as typed: a VIN reached by accepting the fix is a state apart from the same VIN typed.
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, typed: snapshot.context.value }),
});

test('the traversal reaches every state of the field', () => {
  const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
  for (const state of ['empty', 'typing', 'leftIncomplete', 'invalid', 'valid']) {
    expect(reached).toContain(JSON.stringify(state));
  }
  expect(paths.some((path) => path.steps.some((step) => step.event.type === 'suggestion.accept'))).toBe(true);
});

/** A step as the test's name reads it, the empty value spelt out. */
const nameOf = (step: Step) => (step.value !== undefined ? `${step.type}=${step.value || '(empty)'}` : step.type);

test.each(pathCases(withoutPrefixPaths(paths), nameOf))('%s', async (_name, path) => {
  const user = userEvent.setup();
  render(
    <I18nProvider i18n={i18n}>
      <VinField latestModelYear={LATEST_MODEL_YEAR} />
      <button type="button">elsewhere</button>
    </I18nProvider>,
  );
  const input = screen.getByLabelText('VIN');
  let [state] = initialTransition(vinFieldMachine, { value: '', latestModelYear: LATEST_MODEL_YEAR });

  for (const { event } of path.steps) {
    // The first step is the machine's start, typed as one of its events by xstate/graph.
    if ((event.type as string) === 'xstate.init') continue;
    [state] = transition(vinFieldMachine, state, event);
    if (event.type === 'vin.change') {
      await user.clear(input);
      if (event.value) await user.type(input, event.value);
    } else if (event.type === 'suggestion.accept') {
      await user.click(screen.getByRole('button', { name: /^Did you mean/ }));
    } else if (event.type === 'field.blur') {
      await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    }

    const { check } = state.context;
    const report = screen.getByRole('status');
    expect(input).toHaveValue(state.context.value);
    // The report is tied to the field, and said in words (not only by the red border).
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(report.id);
    const marked = state.hasTag('showsProblems');
    expect(input.getAttribute('aria-invalid')).toBe(marked ? 'true' : null);
    const suggestionButton = screen.queryByRole('button', { name: /^Did you mean/ });

    if (state.matches('empty')) {
      expect(report).toHaveTextContent('17 characters, field E of the registration document.');
    }
    if (state.matches('typing')) {
      expect(report).toHaveTextContent(`${check.vin.length} of 17 characters`);
      expect(report).not.toHaveTextContent('⚠');
    }
    if (state.matches('leftIncomplete')) {
      expect(report).toHaveTextContent(`⚠ The VIN has ${check.vin.length} of 17 characters.`);
    }
    if (state.matches('invalid')) {
      expect(report).toHaveTextContent('⚠ This is not a valid VIN:');
      const items = screen.getAllByRole('listitem').map((item) => item.textContent);
      expect(items).toHaveLength(check.problems.length);
      if (check.problems.some((problem) => problem.kind === 'forbiddenLetter')) {
        expect(items).toContain('Position 12: the letter O is not used in a VIN (perhaps 0?).');
        expect(items).toContain('Position 17: the letter I is not used in a VIN (perhaps 1?).');
      }
      if (check.problems.some((problem) => problem.kind === 'badCharacter')) {
        expect(items).toContain(
          'Position 17: “Ö” is not allowed — only digits and the letters A–Z without I, O and Q.',
        );
      }
    }
    if (check.suggestion) {
      expect(suggestionButton).toHaveTextContent(`Did you mean ${check.suggestion}?`);
      // Offered, never applied: the field still holds what was typed.
      expect(input).not.toHaveValue(check.suggestion);
    } else {
      expect(suggestionButton).toBeNull();
    }
    if (state.matches('valid')) {
      expect(report).toHaveTextContent('✓ Valid VIN');
      if (check.vin.startsWith('WVW')) {
        expect(report).toHaveTextContent('Manufacturer: Volkswagen · Country: Germany');
        expect(report).toHaveTextContent('Model year (hint only, many European makers do not encode it): 2010 or 1980');
        expect(report).toHaveTextContent('Note: position 9 is not a North American check digit.');
      }
      if (check.vin.startsWith('5UX')) {
        expect(report).toHaveTextContent('Manufacturer: BMW · Country: United States');
        expect(report).toHaveTextContent('Check digit (position 9) matches the North American rule.');
      }
      if (check.vin.startsWith('WZZ')) {
        expect(report).toHaveTextContent('Manufacturer code WZZ is not in our list · Country: Germany');
      }
    } else {
      expect(report).not.toHaveTextContent('Valid VIN');
      expect(report).not.toHaveTextContent('check digit');
    }
  }
});

test('in German, the country is named by the browser’s Intl and the texts are translated', async () => {
  i18n.activate('de');
  const user = userEvent.setup();
  render(
    <I18nProvider i18n={i18n}>
      <VinField latestModelYear={LATEST_MODEL_YEAR} />
    </I18nProvider>,
  );
  await user.type(screen.getByLabelText('FIN'), 'TMBJJ7NE8H0123456');
  expect(screen.getByRole('status')).toHaveTextContent('Hersteller: Škoda · Land: Tschechien');
});

test('owned by a form: every change and an accepted fix go to the form, and the form’s value comes back', async () => {
  const user = userEvent.setup();
  const changes: string[] = [];
  function Form() {
    const [vin, setVin] = useState('');
    return (
      <I18nProvider i18n={i18n}>
        <VinField
          value={vin}
          onValueChange={(value) => {
            changes.push(value);
            setVin(value);
          }}
          latestModelYear={LATEST_MODEL_YEAR}
        />
        <button type="button" onClick={() => setVin('')}>
          discard
        </button>
      </I18nProvider>
    );
  }
  render(<Form />);
  await user.type(screen.getByLabelText('VIN'), 'WVWZZZ1KZAW00000I');
  expect(changes.at(-1)).toBe('WVWZZZ1KZAW00000I');
  expect(changes).toHaveLength(17);
  await user.click(screen.getByRole('button', { name: 'Did you mean WVWZZZ1KZAW000001?' }));
  expect(changes.at(-1)).toBe('WVWZZZ1KZAW000001');
  expect(screen.getByRole('status')).toHaveTextContent('✓ Valid VIN');
  // The form discards its draft: the field follows without reporting the change back.
  await user.click(screen.getByRole('button', { name: 'discard' }));
  expect(screen.getByLabelText('VIN')).toHaveValue('');
  expect(screen.getByRole('status')).toHaveTextContent('17 characters, field E of the registration document.');
  expect(changes).toHaveLength(18);
});
