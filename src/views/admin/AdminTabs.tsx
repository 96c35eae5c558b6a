import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import * as shell from '../shell/shell.css';

/** The administrator's screens: accounts, invitation requests, dealer registrations and organisations. */
export function AdminTabs() {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Administration`}>
      <ul className={shell.tabList}>
        <li>
          <Link to="/users" activeOptions={{ exact: true }} className={shell.navLink}>
            <Trans>Accounts</Trans>
          </Link>
        </li>
        <li>
          <Link to="/users/leads" className={shell.navLink}>
            <Trans>Invitation requests</Trans>
          </Link>
        </li>
        <li>
          <Link to="/users/dealers" className={shell.navLink}>
            <Trans>Dealer registrations</Trans>
          </Link>
        </li>
        <li>
          <Link to="/users/organisations" className={shell.navLink}>
            <Trans>Organisations</Trans>
          </Link>
        </li>
      </ul>
    </nav>
  );
}
