import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../app-shell/LanguageSwitcher';
import { Logo } from '../app-shell/Logo';
import * as styles from './legal.css';

export function LegalPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Logo />
        <LanguageSwitcher />
      </header>
      <main className={styles.document}>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
