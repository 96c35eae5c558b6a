import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { tokenSearchParam } from '../../common/contracts/fields';
import { userInvitationClaimsSchema } from '../../common/contracts/user-invitation';
import type { InvitedRegistrationInput } from '../../machines/invited-registration.machine';
import { readTokenClaims } from '../app/token-claims';
import { InvitedRegistrationView } from '../views/invited-registration/InvitedRegistrationView';
import { createInvitedRegistrationImplementations } from '../views/invited-registration/use-invited-registration';

const searchSchema = v.object({
  token: tokenSearchParam,
});

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
    // The claims the page shows read-only; the server re-checks the signed token on submit.
    const invitation = token ? readTokenClaims(userInvitationClaimsSchema, token) : null;
    return { token: invitation ? (token ?? null) : null, invitation, signedIn };
  });
  const [implementations] = useState(() =>
    createInvitedRegistrationImplementations({
      partDealerApi: api.partDealer,
      accountApi: api.account,
      navigate: (to) => void navigate({ to }),
    }),
  );
  return <InvitedRegistrationView implementations={implementations} input={input} />;
}
