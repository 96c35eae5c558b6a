import { assertEvent, assign, setup } from 'xstate';
import { checkVin, type VinCheck } from '../common/vehicle/vin';

export type VinFieldEvent =
  /** The person typed (or pasted, or cleared). */
  | { type: 'vin.change'; value: string }
  /** The owner of the value changed it (a draft restored or discarded): checked, not reported back. */
  | { type: 'vin.sync'; value: string }
  /** The person took the offered fix for I, O or Q. */
  | { type: 'suggestion.accept' }
  | { type: 'field.blur' };

export type VinFieldInput = {
  value: string;
  /** The current year + 1 (time comes in from outside): model-year candidates after it are dropped. */
  latestModelYear?: number;
};

export type VinFieldContext = {
  /** As typed: the field shows it; the contract normalises it. */
  value: string;
  check: VinCheck;
  latestModelYear: number | undefined;
};

const checked = (value: string, latestModelYear: number | undefined) => ({
  value,
  check: checkVin(value, { latestModelYear }),
});

/**
 * The VIN field as the person types (issue 14, ADR 027): every change is checked at once. The view
 * shows what is wrong (I/O/Q with the usual fix offered, other characters, too long) as soon as it
 * is typed, but a VIN that is merely short only once the person leaves the field. A valid VIN shows
 * the maker, the country, the model-year hint and the check-digit advice. The value may belong to
 * a form: `reportValue` hands every change the person makes to it.
 */
export const vinFieldMachine = setup({
  types: {
    context: {} as VinFieldContext,
    events: {} as VinFieldEvent,
    input: {} as VinFieldInput,
  },
  actions: {
    reportValue: (_, _params: { value: string }) => {},
    takeValue: assign(({ context, event }) => {
      assertEvent(event, ['vin.change', 'vin.sync']);
      return checked(event.value, context.latestModelYear);
    }),
    takeSuggestion: assign(({ context }) =>
      checked(context.check.suggestion ?? context.value, context.latestModelYear),
    ),
  },
  guards: {
    isEmpty: ({ context }) => context.check.status === 'empty',
    isInvalid: ({ context }) => context.check.status === 'invalid',
    isIncomplete: ({ context }) => context.check.status === 'incomplete',
    hasSuggestion: ({ context }) => context.check.suggestion !== null,
    isNewValue: ({ context, event }) => {
      assertEvent(event, 'vin.sync');
      return event.value !== context.value;
    },
  },
}).createMachine({
  id: 'vinField',
  context: ({ input }) => ({ ...checked(input.value, input.latestModelYear), latestModelYear: input.latestModelYear }),
  initial: 'checking',
  on: {
    'vin.change': {
      target: '.checking',
      actions: ['takeValue', { type: 'reportValue', params: ({ event }) => ({ value: event.value }) }],
    },
    'vin.sync': { guard: 'isNewValue', target: '.checking', actions: 'takeValue' },
  },
  states: {
    checking: {
      description: 'Passed through on every value: the check decides what the field shows.',
      always: [
        { guard: 'isEmpty', target: 'empty' },
        { guard: 'isInvalid', target: 'invalid' },
        { guard: 'isIncomplete', target: 'typing' },
        { target: 'valid' },
      ],
    },
    empty: {},
    typing: {
      description: 'Fewer than 17 characters, none wrong: not an error while the person is still typing.',
      on: { 'field.blur': 'leftIncomplete' },
    },
    leftIncomplete: {
      description: 'The person left the field with a VIN too short: now it is shown as an error.',
      tags: ['showsProblems'],
    },
    invalid: {
      tags: ['showsProblems'],
      on: {
        'suggestion.accept': {
          guard: 'hasSuggestion',
          target: 'checking',
          actions: ['takeSuggestion', { type: 'reportValue', params: ({ context }) => ({ value: context.value }) }],
        },
      },
    },
    valid: {},
  },
});
