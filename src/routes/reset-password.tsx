import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { resetTokenClaimsSchema } from '../../common/contracts/account';
import { tokenSearchParam } from '../../common/contracts/fields';
import type { ResetPasswordInput } from '../../machines/reset-password.machine';
import { readTokenClaims } from '../app/token-claims';
import { ResetPasswordView } from '../views/reset-password/ResetPasswordView';
import { createResetPasswordImplementations } from '../views/reset-password/use-reset-password';

const searchSchema = v.object({
  token: tokenSearchParam,
});

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search) => v.parse(searchSchema, search),
  beforeLoad: async ({ context, search }) => {
    // Without a token this is the signed-in password change, which lives inside the app's frame.
    if (!search.token) throw redirect({ to: '/change-password', replace: true });
    return context.services.ready();
  },
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  const { api } = Route.useRouteContext();
  const navigate = useNavigate();
  const [input] = useState<ResetPasswordInput>(() => ({
    mode: 'reset',
    token: token ?? '',
    email: token ? (readTokenClaims(resetTokenClaimsSchema, token)?.email ?? null) : null,
  }));
  const [implementations] = useState(() =>
    createResetPasswordImplementations({
      accountApi: api.account,
      navigate: (to) => void navigate({ to, replace: true }),
    }),
  );
  return <ResetPasswordView implementations={implementations} input={input} />;
}
