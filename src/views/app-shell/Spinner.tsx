import type { ReactNode } from 'react';
import * as overlay from '../../ui/overlay.css';

export function Spinner({ children }: { children: ReactNode }) {
  return (
    <div className={overlay.loaderOverlay} role="progressbar" aria-busy="true">
      <div className={overlay.loaderSpinner} />
      <span className="visually-hidden">{children}</span>
    </div>
  );
}
