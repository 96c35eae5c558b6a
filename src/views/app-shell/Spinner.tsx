import * as overlay from '../../ui/overlay.css';

/** A full-page busy indicator; a progressbar needs a name of its own (WCAG 4.1.2). */
export function Spinner({ label }: { label: string }) {
  return (
    <div className={overlay.loaderOverlay} role="progressbar" aria-busy="true" aria-label={label}>
      <div className={overlay.loaderSpinner} />
    </div>
  );
}
