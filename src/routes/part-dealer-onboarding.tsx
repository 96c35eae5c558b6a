import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { readDealerDraft } from '../views/part-dealer-onboarding/dealer-draft';
import { PartDealerOnboardingView } from '../views/part-dealer-onboarding/PartDealerOnboardingView';
import { createDealerOnboardingImplementations } from '../views/part-dealer-onboarding/use-part-dealer-onboarding';

export const Route = createFileRoute('/part-dealer-onboarding')({
  beforeLoad: ({ context }) => context.services.ready(),
  component: DealerOnboardingRoute,
});

function DealerOnboardingRoute() {
  const { api, storage } = Route.useRouteContext();
  const navigate = useNavigate();
  // A dealer who reloads a long form finds it as they left it (never the captcha).
  const [draft] = useState(() => readDealerDraft(storage.session));
  const [implementations] = useState(() =>
    createDealerOnboardingImplementations({
      partDealerApi: api.partDealer,
      storage: storage.session,
      navigate: (to) => void navigate({ to }),
    }),
  );
  return <PartDealerOnboardingView implementations={implementations} draft={draft} />;
}
