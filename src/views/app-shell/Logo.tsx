import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import * as styles from './app-shell.css';

/** The brand mark; docs/product.md §2.1: the logo always leads to the start page. */
export function Logo() {
  const { t } = useLingui();
  return (
    <Link to="/" className={styles.logoLink} aria-label={t`Teileportal – to the start page`}>
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <span aria-hidden="true">Teileportal</span>
    </Link>
  );
}
