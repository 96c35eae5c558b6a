// The delay-statement render worker's entry (issue 27 §1). The portal runs its TypeScript through
// tsx, but on Node 20 a worker thread does not inherit the parent's module hooks, so the worker
// registers tsx itself before it loads the renderer.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker-main.ts');
