import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { USER_ROLE } from '../../../common/contracts/auth';
import {
  type DashboardPeriod,
  DEFAULT_DASHBOARD_PERIOD,
  parseDashboardPeriod,
} from '../../../common/contracts/dashboards';
import { DashboardView } from '../../views/dashboard/DashboardView';
import { createDashboardImplementations } from '../../views/dashboard/use-dashboard';
import { DealerDashboardView } from '../../views/dealer-portal/DealerDashboardView';
import { createDealerDashboardImplementations } from '../../views/dealer-portal/use-dealer-dashboard';
import { createDashboardFiguresImplementations } from '../../views/trade-shared/figures/use-dashboard-figures';

/** The URL carries the analytics' period unless it is the default (`/dashboard?period=90d`). */
type DashboardSearch = { period?: DashboardPeriod };

const compactSearch = (period: DashboardPeriod): DashboardSearch =>
  period === DEFAULT_DASHBOARD_PERIOD ? {} : { period };

export const Route = createFileRoute('/_authenticated/dashboard')({
  // An insurer has no dashboard; it is never left on an empty one (ADR 030), nor the administrator (issue 24 §11).
  beforeLoad: ({ context }) => {
    if (context.user.role === USER_ROLE.insurerUser) throw redirect({ to: '/claims', replace: true });
    if (context.user.role === USER_ROLE.systemAdmin) throw redirect({ to: '/users', replace: true });
  },
  validateSearch: (search: Record<string, unknown>): DashboardSearch =>
    compactSearch(parseDashboardPeriod(search.period)),
  component: DashboardRoute,
});

/** Each role lands on its own dashboard (ADR 022): a dealer user sees its organisation's figures. */
function DashboardRoute() {
  const { user } = Route.useRouteContext();
  return user.role === USER_ROLE.dealerUser ? <DealerDashboardRoute /> : <UserDashboardRoute />;
}

function usePeriod() {
  const navigate = useNavigate();
  const period = Route.useSearch({ select: (search) => search.period ?? DEFAULT_DASHBOARD_PERIOD });
  const writePeriod = (next: DashboardPeriod) => navigate({ to: '/dashboard', search: compactSearch(next) });
  return { period, writePeriod };
}

function UserDashboardRoute() {
  const { user, api, session } = Route.useRouteContext();
  const { period, writePeriod } = usePeriod();
  const [implementations] = useState(() => createDashboardImplementations({ authApi: api.auth, session }));
  const [figuresImplementations] = useState(() =>
    createDashboardFiguresImplementations({ figures: api.workshopDashboard.figures, navigate: writePeriod }),
  );
  return (
    <DashboardView
      implementations={implementations}
      storedUser={user}
      figuresImplementations={figuresImplementations}
      period={period}
    />
  );
}

function DealerDashboardRoute() {
  const { api } = Route.useRouteContext();
  const { period, writePeriod } = usePeriod();
  const [implementations] = useState(() => createDealerDashboardImplementations({ api: api.dealerOrganisation }));
  const [figuresImplementations] = useState(() =>
    createDashboardFiguresImplementations({ figures: api.dealerDashboard.figures, navigate: writePeriod }),
  );
  return (
    <DealerDashboardView
      implementations={implementations}
      figuresImplementations={figuresImplementations}
      period={period}
    />
  );
}
