import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { PublicUser } from '../../../common/contracts/auth';
import { USER_ROLE } from '../../../common/contracts/auth';
import type { logoutMachine } from '../../../machines/logout.machine';
import { Button } from '../../ui/Button';
import * as controls from '../../ui/controls.css';
import { Dialog } from '../../ui/Dialog';
import { LanguageSwitcher } from '../app-shell/LanguageSwitcher';
import { Logo } from '../app-shell/Logo';
import { LiveStatus } from './LiveStatus';
import * as styles from './shell.css';
import { useLogout } from './use-logout';
import { WaitingOrdersCount } from './WaitingOrdersCount';

type Implementations = Parameters<typeof logoutMachine.provide>[0];

/**
 * The signed-in frame (docs/product.md §2.5): navigation with Dashboard, Users (system admin
 * only), the language group, the user's first name, and Logout behind a confirmation dialog.
 */
export function AppShell({
  user,
  logoutImplementations,
  countWaitingOrders,
  children,
}: {
  user: PublicUser;
  logoutImplementations: Implementations;
  /** The dealer's count of new orders waiting for its confirmation (issue 24 §8). */
  countWaitingOrders?: () => Promise<number>;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const logout = useLogout(logoutImplementations);
  const isAdmin = user.role === USER_ROLE.systemAdmin;
  // Each role has its own entries (ADR 022); a workshop never sees dealer screens and vice versa.
  const isWorkshop = user.role === USER_ROLE.workshopUser;
  const isDealer = user.role === USER_ROLE.dealerUser;
  // An insurer has no dashboard: its claims are its start (ADR 030).
  const isInsurer = user.role === USER_ROLE.insurerUser;
  const menu = useMenuToggle();
  return (
    <div className={styles.layout}>
      <aside className={styles.sidebar}>
        <div className={styles.sidebarTop}>
          <Logo />
          <button
            ref={menu.toggleRef}
            type="button"
            className={`${controls.button.secondary} ${styles.menuToggle}`}
            aria-expanded={menu.open}
            aria-controls="app-menu"
            onClick={menu.flip}
          >
            {menu.open ? t`Close menu` : t`Menu`}
          </button>
        </div>
        {/* Under 768 px the menu hides behind the toggle; a chosen entry closes it (like the landing header). */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the click only bubbles up from the links inside */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: links are activated by keyboard as clicks */}
        <div
          id="app-menu"
          ref={menu.menuRef}
          className={`${styles.menu} ${menu.open ? styles.menuOpen : ''}`}
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) menu.close();
          }}
        >
          <nav aria-label={t`Main navigation`}>
            <ul className={styles.navList}>
              {isInsurer ? (
                <li>
                  <Link to="/claims" className={styles.navLink}>
                    <Trans>Claims</Trans>
                  </Link>
                </li>
              ) : isAdmin ? null : (
                // The administrator has no dashboard: /dashboard sends it to /users (issue 24 §11).
                <li>
                  <Link to="/dashboard" className={styles.navLink}>
                    <Trans>Dashboard</Trans>
                  </Link>
                </li>
              )}
              {isWorkshop ? (
                <>
                  <li>
                    <Link to="/inquiries" className={styles.navLink}>
                      <Trans>Inquiries</Trans>
                    </Link>
                  </li>
                  <li>
                    <Link to="/suppliers" className={styles.navLink}>
                      <Trans>Suppliers</Trans>
                    </Link>
                  </li>
                  <li>
                    <Link to="/orders" className={styles.navLink}>
                      <Trans>Orders</Trans>
                    </Link>
                  </li>
                  <li>
                    <Link to="/settings/api-keys" className={styles.navLink}>
                      <Trans>API keys</Trans>
                    </Link>
                  </li>
                  <li>
                    <Link to="/settings/webhooks" className={styles.navLink}>
                      <Trans>Webhooks</Trans>
                    </Link>
                  </li>
                  {/* workshop entries */}
                </>
              ) : null}
              {isDealer ? (
                <>
                  {/* dealer entries */}
                  <li>
                    <Link to="/dealer/inquiries" className={styles.navLink}>
                      <Trans>Inquiries</Trans>
                    </Link>
                  </li>
                  <li>
                    <Link to="/dealer/customers" className={styles.navLink}>
                      <Trans>Customers</Trans>
                    </Link>
                  </li>
                  <li>
                    <Link to="/dealer/orders" className={styles.navLink}>
                      <Trans>Orders</Trans>
                      {countWaitingOrders ? <WaitingOrdersCount countWaitingOrders={countWaitingOrders} /> : null}
                    </Link>
                  </li>
                  <li>
                    <Link to="/dealer/profile" className={styles.navLink}>
                      <Trans>Company profile</Trans>
                    </Link>
                  </li>
                  <li>
                    <Link to="/dealer/colleagues" className={styles.navLink}>
                      <Trans>Colleagues</Trans>
                    </Link>
                  </li>
                  <li>
                    <Link to="/settings/webhooks" className={styles.navLink}>
                      <Trans>Webhooks</Trans>
                    </Link>
                  </li>
                  <li>
                    <Link to="/dealer/api-keys" className={styles.navLink}>
                      <Trans>API keys</Trans>
                    </Link>
                  </li>
                </>
              ) : null}
              {isAdmin ? (
                <li>
                  <Link to="/users" className={styles.navLink}>
                    <Trans>Users</Trans>
                  </Link>
                </li>
              ) : null}
              <li>
                <Link to="/change-password" className={styles.navLink}>
                  <Trans>Change password</Trans>
                </Link>
              </li>
            </ul>
          </nav>
          <div className={styles.navSection}>
            <p className={styles.navHeading}>
              <Trans>Language</Trans>
            </p>
            <LanguageSwitcher />
          </div>
          <div className={styles.sidebarFooter}>
            {isWorkshop || isDealer ? <LiveStatus /> : null}
            <p className={styles.userName}>{user.first_name}</p>
            <Button variant="secondary" onClick={logout.request}>
              <Trans>Logout</Trans>
            </Button>
          </div>
        </div>
      </aside>
      <main className={styles.content}>{children}</main>
      <Dialog
        open={logout.dialogOpen}
        onOpenChange={(open) => {
          if (!open) logout.cancel();
        }}
        title={<Trans>Log out?</Trans>}
        description={<Trans>Do you really want to log out of Teileportal?</Trans>}
        actions={
          <>
            <Button variant="secondary" onClick={logout.cancel} disabled={logout.busy}>
              <Trans>No</Trans>
            </Button>
            <Button onClick={logout.confirm} busy={logout.busy}>
              <Trans>Yes</Trans>
            </Button>
          </>
        }
      >
        {logout.error ? <p role="alert">{logout.error}</p> : null}
      </Dialog>
    </div>
  );
}

/**
 * The phone menu (under 768 px): the toggle says whether the menu is open and which element it
 * controls; opening moves focus to the first entry, Escape closes it and gives focus back to the
 * toggle, and a focus or click outside the menu closes it.
 */
function useMenuToggle() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    const onOutside = (event: Event) => {
      const target = event.target as Node | null;
      if (!target || menuRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      // A dialog opened from the menu (Logout) is not "outside".
      if ((target as Element).closest?.('[role="dialog"]')) return;
      setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onOutside);
    document.addEventListener('pointerdown', onOutside);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onOutside);
      document.removeEventListener('pointerdown', onOutside);
    };
  }, [open]);
  return {
    open,
    toggleRef,
    menuRef,
    flip: () => setOpen((was) => !was),
    close: () => setOpen(false),
  };
}
