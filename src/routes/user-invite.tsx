import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { decodeJwt } from 'jose';
import { useState } from 'react';
import * as v from 'valibot';
import { type UserInvitationClaims, userInvitationClaimsSchema } from '../../common/contracts/user-invitation';
import { toRoute } from '../app/navigation';
import { InvitedRegistrationView } from '../views/invited-registration/InvitedRegistrationView';
import { createInvitedRegistrationImplementations } from '../views/invited-registration/use-invited-registration';

const searchSchema = v.object({
  token: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (typeof value === 'string' && value.length <= 2000 ? value : undefined)),
    ),
  ),
});

/** The claims the page shows read-only; the server re-checks the signed token on submit. */
function claimsOf(token: string | undefined): UserInvitationClaims | null {
  if (!token) return null;
  try {
    const parsed = v.safeParse(userInvitationClaimsSchema, decodeJwt(token));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export const Route = createFileRoute('/user-invite')({
  validateSearch: (search) => v.parse(searchSchema, search),
  beforeLoad: ({ context }) => context.services.ready(),
  component: UserInviteRoute,
});

function UserInviteRoute() {
  const { token } = Route.useSearch();
  const { api } = Route.useRouteContext();
  const navigate = useNavigate();
  const [invitation] = useState(() => claimsOf(token));
  const [implementations] = useState(() =>
    createInvitedRegistrationImplementations({
      partDealerApi: api.partDealer,
      navigate: (to) => void navigate({ to: toRoute(to) }),
    }),
  );
  return (
    <InvitedRegistrationView
      implementations={implementations}
      token={invitation ? (token ?? null) : null}
      invitation={invitation}
    />
  );
}
