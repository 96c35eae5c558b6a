import type { ReactNode } from 'react';
import { Card } from '../../ui/Card';
import * as styles from '../forms.css';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';

/** The frame of the public account pages: logo (to /), language switch, one card with a heading. */
export function AuthLayout({
  title,
  lead,
  children,
  wide = false,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={styles.authPage}>
      <header className={wide ? styles.authHeaderWide : styles.authHeader}>
        <Logo />
        <LanguageSwitcher />
      </header>
      <main className={wide ? styles.authCardWide : styles.authCard}>
        <Card aria-labelledby="page-title">
          <h1 id="page-title" className={styles.formTitle}>
            {title}
          </h1>
          {lead ? <p className={styles.formLead}>{lead}</p> : null}
          {children}
        </Card>
      </main>
    </div>
  );
}
