import { createFileRoute } from '@tanstack/react-router';

// Laid out with the trade loop's foundation (issue 13) so that links between its screens type-check
// on every branch; the screen itself is built on its own branch.
export const Route = createFileRoute('/_authenticated/orders/')({
  component: () => null,
});
