import { Navigate } from '@tanstack/react-router';

/** docs/product.md §2: any unknown path falls back to the landing page. */
export function NotFoundRedirect() {
  return <Navigate to="/" replace />;
}
