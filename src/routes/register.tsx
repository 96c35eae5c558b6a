import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { RegisterView } from '../views/register/RegisterView';
import { createSignUpImplementations } from '../views/register/use-register';

export const Route = createFileRoute('/register')({
  beforeLoad: ({ context }) => context.services.ready(),
  component: RegisterRoute,
});

function RegisterRoute() {
  const { api } = Route.useRouteContext();
  const navigate = useNavigate();
  const [implementations] = useState(() =>
    createSignUpImplementations({
      accountApi: api.account,
      showAccountStatus: (status) => void navigate({ to: '/account', search: { status } }),
    }),
  );
  return <RegisterView implementations={implementations} />;
}
