import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { USER_STATUS } from '../../../common/contracts/auth';
import { appConfig } from '../../config/app-config';
import { InfoBox } from '../../ui/InfoBox';
import { AuthLayout } from '../app-shell/AuthLayout';

/**
 * /account: where a login with status 2 (pending verification) or 3 (deactivated) lands
 * (docs/product.md §4), telling the person what happens next and whom to contact.
 */
export function AccountStatusView({ status }: { status: number | undefined }) {
  const { phone, email } = appConfig.support;
  return (
    <AuthLayout
      title={
        status === USER_STATUS.deactivated ? (
          <Trans>Your account is deactivated</Trans>
        ) : (
          <Trans>Your account is being verified</Trans>
        )
      }
    >
      {status === USER_STATUS.deactivated ? (
        <InfoBox tone="error">
          <Trans>You cannot log in at the moment. If you think this is a mistake, please contact our support.</Trans>
        </InfoBox>
      ) : (
        <InfoBox tone="info" title={<Trans>Verification pending</Trans>}>
          <Trans>
            During the pilot phase we check every account by hand before it is activated. You will receive an e-mail as
            soon as you can log in. This can take a little longer than usual.
          </Trans>
        </InfoBox>
      )}
      <p>
        <Trans>
          Questions? Call us at <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a> or write to{' '}
          <a href={`mailto:${email}`}>{email}</a>.
        </Trans>
      </p>
      <Link to="/">
        <Trans>Back to the start page</Trans>
      </Link>
    </AuthLayout>
  );
}
