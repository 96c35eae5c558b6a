import { createFileRoute } from '@tanstack/react-router';
import { PrivacyView } from '../views/legal/PrivacyView';

export const Route = createFileRoute('/privacy')({
  component: PrivacyView,
});
