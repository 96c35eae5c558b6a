import { createFileRoute } from '@tanstack/react-router';
import { LandingView } from '../views/landing/LandingView';

export const Route = createFileRoute('/')({
  component: LandingView,
});
