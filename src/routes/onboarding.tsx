import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { tokenSearchParam } from '../../common/contracts/fields';
import { appConfig } from '../config/app-config';
import { OnboardingWizardView } from '../views/onboarding-wizard/OnboardingWizardView';
import { createOnboardingWizardImplementations } from '../views/onboarding-wizard/use-onboarding-wizard';

const searchSchema = v.object({
  token: tokenSearchParam,
});

export const Route = createFileRoute('/onboarding')({
  validateSearch: (search) => v.parse(searchSchema, search),
  beforeLoad: ({ context }) => context.services.ready(),
  component: OnboardingRoute,
});

function OnboardingRoute() {
  const { token } = Route.useSearch();
  const { api, storage } = Route.useRouteContext();
  const { t } = useLingui();
  const navigate = useNavigate();
  const [implementations] = useState(() =>
    createOnboardingWizardImplementations({
      workshopApi: api.workshop,
      navigate: (to) => void navigate({ to }),
      openConfiguredUrl: (url) => void navigate({ to: url }),
      redirectAfterAccountCreation: appConfig.onboardingRedirectUrl,
      storage: storage.session,
    }),
  );
  return <OnboardingWizardView implementations={implementations} token={token ?? null} loadingLabel={t`Loading`} />;
}
