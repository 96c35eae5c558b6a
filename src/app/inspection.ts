import type { InspectionEvent, Observer } from 'xstate';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

let inspect: Inspect | undefined;

/**
 * In development, `?inspect` or VITE_INSPECT=true opens the Stately inspector and attaches it to
 * every actor the app creates. The import is dynamic and guarded by import.meta.env.DEV, so
 * production bundles never contain the inspector (checked by tests/e2e and npm run bench).
 */
export async function startInspectorIfAsked() {
  if (!import.meta.env.DEV) return;
  const asked = new URLSearchParams(window.location.search).has('inspect') || import.meta.env.VITE_INSPECT === 'true';
  if (!asked) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspect = createBrowserInspector().inspect;
}

/** Options every `useActorRef`/`createActor` in the app passes, so the inspector sees them all. */
export function inspectionOptions(): { inspect?: Inspect } {
  return inspect ? { inspect } : {};
}
