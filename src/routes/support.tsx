import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { SupportView } from '../views/support/SupportView';

export const Route = createFileRoute('/support')({
  component: SupportRoute,
});

function SupportRoute() {
  const router = useRouter();
  const navigate = useNavigate();
  // docs/product.md §2: history back, or the start page when there is no history to go back to.
  const back = () => (router.history.canGoBack() ? router.history.back() : void navigate({ to: '/' }));
  return <SupportView onBack={back} />;
}
