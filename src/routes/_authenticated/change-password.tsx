import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ResetPasswordView } from '../../views/reset-password/ResetPasswordView';
import { createResetPasswordImplementations } from '../../views/reset-password/use-reset-password';

/** The signed-in password change (ADR 009), inside the signed-in layout's frame (issue 24 §11). */
export const Route = createFileRoute('/_authenticated/change-password')({
  component: ChangePasswordRoute,
});

function ChangePasswordRoute() {
  const { api } = Route.useRouteContext();
  const navigate = useNavigate();
  const [implementations] = useState(() =>
    createResetPasswordImplementations({
      accountApi: api.account,
      navigate: (to) => void navigate({ to, replace: true }),
    }),
  );
  return <ResetPasswordView implementations={implementations} input={{ mode: 'change' }} />;
}
