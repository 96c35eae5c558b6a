import { type AnyStateMachine, type EventFromLogic, type SnapshotFrom, transition } from 'xstate';

/**
 * The trade loop's lifecycles (inquiry, recipient, order, order line, return) are machines whose
 * state is a stored status. The SPA asks them which actions to offer, and the server asks them
 * whether an event is allowed and where it leads, with XState's pure `transition()`: the rule
 * exists once (docs/decisions/023-trade-loop.md).
 */
export function lifecycleSnapshot<TMachine extends AnyStateMachine>(machine: TMachine, status: string) {
  return machine.resolveState({ value: status, context: {} }) as SnapshotFrom<TMachine>;
}

/** The status an event leads to from `status`, or null when the lifecycle does not allow it there. */
export function lifecycleStep<TMachine extends AnyStateMachine>(
  machine: TMachine,
  status: string,
  event: EventFromLogic<TMachine>,
): string | null {
  const snapshot = lifecycleSnapshot(machine, status);
  if (!lifecycleAllows(machine, status, event)) return null;
  const [next] = transition(machine, snapshot, event);
  return String((next as { value: unknown }).value);
}

/** Whether the lifecycle allows `event` in `status` (what the SPA enables a button by). */
export function lifecycleAllows<TMachine extends AnyStateMachine>(
  machine: TMachine,
  status: string,
  event: EventFromLogic<TMachine>,
) {
  return (lifecycleSnapshot(machine, status) as { can: (event: unknown) => boolean }).can(event);
}
