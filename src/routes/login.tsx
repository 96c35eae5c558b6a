import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { isInternalPath } from '../../common/login-redirect';
import { LoginView } from '../views/login/LoginView';
import { createLoginImplementations } from '../views/login/login-implementations';

const loginSearchSchema = v.object({
  // Only a path inside the app is kept; anything else is dropped rather than followed.
  redirect: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (typeof value === 'string' && isInternalPath(value) ? value : undefined)),
    ),
  ),
});

export const Route = createFileRoute('/login')({
  validateSearch: (search) => v.parse(loginSearchSchema, search),
  beforeLoad: ({ context }) => context.services.ready(),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  const { api, session } = Route.useRouteContext();
  const navigate = useNavigate();
  const [implementations] = useState(() =>
    createLoginImplementations({
      authApi: api.auth,
      session,
      navigate: (to, search) => void navigate({ to, search, replace: true }),
    }),
  );
  return <LoginView implementations={implementations} redirectUrl={redirect ?? null} />;
}
