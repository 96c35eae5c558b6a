import { createFileRoute } from '@tanstack/react-router';
import { TermsView } from '../views/legal/TermsView';

export const Route = createFileRoute('/terms')({
  component: TermsView,
});
