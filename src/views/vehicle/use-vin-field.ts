import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { vinFieldMachine } from '../../../machines/vin-field.machine';
import { inspectionOptions } from '../../app/inspection';

export type VinFieldImplementations = Parameters<typeof vinFieldMachine.provide>[0];

/**
 * The facade of one VIN field. With `value` and `onValueChange` a form owns the value (the field
 * reports every change and follows the form's); without them the field keeps its own (the check
 * card on the dashboard).
 */
export function useVinField({
  value,
  onValueChange,
  latestModelYear,
}: {
  value?: string;
  onValueChange?: (value: string) => void;
  latestModelYear: number;
}) {
  const report = useRef(onValueChange);
  report.current = onValueChange;
  const [machine] = useState(() =>
    vinFieldMachine.provide({ actions: { reportValue: (_, { value: changed }) => report.current?.(changed) } }),
  );
  const actor = useActorRef(machine, { input: { value: value ?? '', latestModelYear }, ...inspectionOptions() });
  useEffect(() => {
    if (value !== undefined) actor.send({ type: 'vin.sync', value });
  }, [actor, value]);
  return {
    value: useSelector(actor, (snapshot) => snapshot.context.value),
    check: useSelector(actor, (snapshot) => snapshot.context.check),
    empty: useSelector(actor, (snapshot) => snapshot.matches('empty')),
    typing: useSelector(actor, (snapshot) => snapshot.matches('typing')),
    leftIncomplete: useSelector(actor, (snapshot) => snapshot.matches('leftIncomplete')),
    invalid: useSelector(actor, (snapshot) => snapshot.matches('invalid')),
    valid: useSelector(actor, (snapshot) => snapshot.matches('valid')),
    showsProblems: useSelector(actor, (snapshot) => snapshot.hasTag('showsProblems')),
    canAcceptSuggestion: useSelector(actor, (snapshot) => snapshot.can({ type: 'suggestion.accept' })),
    change: (changed: string) => actor.send({ type: 'vin.change', value: changed }),
    acceptSuggestion: () => actor.send({ type: 'suggestion.accept' }),
    blur: () => actor.send({ type: 'field.blur' }),
  };
}
