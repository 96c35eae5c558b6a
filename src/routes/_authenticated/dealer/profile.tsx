import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { DealerProfileView } from '../../../views/dealer-portal/DealerProfileView';
import { readProfileDraft } from '../../../views/dealer-portal/profile-draft';
import { createDealerProfileImplementations } from '../../../views/dealer-portal/use-dealer-profile';

/** The dealer organisation's company profile and logo (issue 12). */
export const Route = createFileRoute('/_authenticated/dealer/profile')({
  component: DealerProfileRoute,
});

function DealerProfileRoute() {
  const { api, storage } = Route.useRouteContext();
  // Edits not yet saved survive a reload (sessionStorage), with the version they were made on.
  const [draft] = useState(() => readProfileDraft(storage.session));
  const [implementations] = useState(() =>
    createDealerProfileImplementations({ api: api.dealerOrganisation, storage: storage.session }),
  );
  return <DealerProfileView implementations={implementations} draft={draft} />;
}
