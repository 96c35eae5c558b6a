import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import { InfoBox } from '../../ui/InfoBox';
import { AuthLayout } from '../app-shell/AuthLayout';

/** /business-info-success (docs/product.md §2): after the dealer onboarding; close goes to the start page. */
export function BusinessInfoSuccessView({ onClose }: { onClose: () => void }) {
  return (
    <AuthLayout
      title={<Trans>Thank you for registering</Trans>}
      lead={<Trans>We have received your company information and will review it.</Trans>}
    >
      <InfoBox dismissible title={<Trans>Pilot phase</Trans>}>
        <Trans>
          During the pilot phase every registration is checked by hand. We will contact you by e-mail as soon as we have
          reviewed your details.
        </Trans>
      </InfoBox>
      <Button onClick={onClose}>
        <Trans>Close</Trans>
      </Button>
    </AuthLayout>
  );
}
