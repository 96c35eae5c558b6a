import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { DealerColleaguesView } from '../../../views/dealer-portal/DealerColleaguesView';
import { createDealerColleaguesImplementations } from '../../../views/dealer-portal/use-dealer-colleagues';

/** The dealer organisation's users: invite, deactivate, reactivate (issue 12). */
export const Route = createFileRoute('/_authenticated/dealer/colleagues')({
  component: DealerColleaguesRoute,
});

function DealerColleaguesRoute() {
  const { api } = Route.useRouteContext();
  const [implementations] = useState(() => createDealerColleaguesImplementations({ api: api.dealerOrganisation }));
  return <DealerColleaguesView implementations={implementations} />;
}
