import { createFileRoute } from '@tanstack/react-router';
import { ImprintView } from '../views/legal/ImprintView';

export const Route = createFileRoute('/imprint')({
  component: ImprintView,
});
