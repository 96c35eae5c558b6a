import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { decodeJwt } from 'jose';
import { useState } from 'react';
import * as v from 'valibot';
import { tokenSearchParam } from '../../common/contracts/fields';
import { type UserInvitationClaims, userInvitationClaimsSchema } from '../../common/contracts/user-invitation';
import type { InvitedRegistrationInput } from '../../machines/invited-registration.machine';
import { toRoute } from '../app/navigation';
import { InvitedRegistrationView } from '../views/invited-registration/InvitedRegistrationView';
import { createInvitedRegistrationImplementations } from '../views/invited-registration/use-invited-registration';

const searchSchema = v.object({
  token: tokenSearchParam,
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
  beforeLoad: async ({ context }) => {
    const services = await context.services.ready();
    // An invitation already used leads a signed-in person on to the dashboard (docs/product.md §4.6).
    return { ...services, signedIn: (await services.signedInUser()) !== null };
  },
  component: UserInviteRoute,
});

function UserInviteRoute() {
  const { token } = Route.useSearch();
  const { api, signedIn } = Route.useRouteContext();
  const navigate = useNavigate();
  const [input] = useState<InvitedRegistrationInput>(() => {
    const invitation = claimsOf(token);
    return { token: invitation ? (token ?? null) : null, invitation, signedIn };
  });
  const [implementations] = useState(() =>
    createInvitedRegistrationImplementations({
      partDealerApi: api.partDealer,
      accountApi: api.account,
      navigate: (to) => void navigate({ to: toRoute(to) }),
    }),
  );
  return <InvitedRegistrationView implementations={implementations} input={input} />;
}
