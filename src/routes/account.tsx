import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { AccountStatusView } from '../views/account/AccountStatusView';

const accountSearchSchema = v.object({
  status: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) =>
        value === 2 || value === 3 || value === '2' || value === '3' ? Number(value) : undefined,
      ),
    ),
  ),
});

export const Route = createFileRoute('/account')({
  validateSearch: (search) => v.parse(accountSearchSchema, search),
  component: AccountRoute,
});

function AccountRoute() {
  const { status } = Route.useSearch();
  return <AccountStatusView status={status} />;
}
