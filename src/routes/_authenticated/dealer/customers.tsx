import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { CustomersView } from '../../../views/dealer-customers/CustomersView';
import { createDealerCustomersImplementations } from '../../../views/dealer-customers/dealer-customers-implementations';

/** The dealer's customers (the /dealer layout lets only dealer users in; the API checks again). */
export const Route = createFileRoute('/_authenticated/dealer/customers')({
  component: CustomersRoute,
});

function CustomersRoute() {
  const { api } = Route.useRouteContext();
  const [implementations] = useState(() => createDealerCustomersImplementations({ partDealerApi: api.partDealer }));
  return <CustomersView implementations={implementations} />;
}
