import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { ForgotPasswordView } from '../views/forgot-password/ForgotPasswordView';
import { createForgotPasswordImplementations } from '../views/forgot-password/use-forgot-password';

export const Route = createFileRoute('/forgot-password')({
  beforeLoad: ({ context }) => context.services.ready(),
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  const { api } = Route.useRouteContext();
  const [implementations] = useState(() => createForgotPasswordImplementations({ accountApi: api.account }));
  return <ForgotPasswordView implementations={implementations} />;
}
