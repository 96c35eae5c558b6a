import { Trans, useLingui } from '@lingui/react/macro';
import type { WorkshopLeadMode } from '../../../common/contracts/workshop';
import type { invitationRequestMachine } from '../../../machines/invitation-request.machine';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Form } from '../../ui/Form';
import { InfoBox } from '../../ui/InfoBox';
import { TextField } from '../../ui/TextField';
import { AuthLayout } from '../app-shell/AuthLayout';
import { Captcha } from '../captcha/Captcha';
import * as styles from '../forms.css';
import { useInvitationRequest } from './use-invitation-request';

type Implementations = Parameters<typeof invitationRequestMachine.provide>[0];

/** /view-request and /workshop-account (docs/product.md §2): ask to join the pilot; a person reviews it. */
export function InvitationRequestView({
  implementations,
  mode,
}: {
  implementations: Implementations;
  mode: WorkshopLeadMode;
}) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const request = useInvitationRequest(implementations, mode);

  if (request.sent) {
    return (
      <AuthLayout title={<Trans>Invitation requested</Trans>}>
        <InfoBox tone="success" title={<Trans>Please check your inbox</Trans>}>
          <Trans>
            We have sent you a confirmation. As soon as we have reviewed your request you will receive your invitation
            by e-mail.
          </Trans>
        </InfoBox>
        <InfoBox dismissible title={<Trans>Pilot phase</Trans>}>
          <Trans>
            During the pilot phase every request is checked by hand. This can take a little longer than usual; thank you
            for your patience.
          </Trans>
        </InfoBox>
        <Button onClick={request.close}>
          <Trans>Close</Trans>
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={<Trans>Request an invitation</Trans>}
      lead={
        <Trans>
          Teileportal is in its pilot phase. Tell us who you are and we will send your workshop an invitation.
        </Trans>
      }
    >
      <Form onValid={request.submit} action="/view-request">
        <TextField
          label={t`Email`}
          type="email"
          name="workshop_primary_email"
          autoComplete="email"
          inputMode="email"
          value={request.values.workshop_primary_email}
          onValueChange={(value) => request.change('workshop_primary_email', value)}
          error={messageText(request.errors.workshop_primary_email)}
        />
        <TextField
          label={t`Workshop name`}
          name="workshop_account_name"
          autoComplete="organization"
          value={request.values.workshop_account_name}
          onValueChange={(value) => request.change('workshop_account_name', value)}
          error={messageText(request.errors.workshop_account_name)}
        />
        <Captcha captcha={request.captcha} />
        <p className={styles.formLead}>
          <Trans>
            By sending you agree to our{' '}
            <a href="/privacy" target="_blank" rel="noopener">
              privacy policy
            </a>{' '}
            and{' '}
            <a href="/terms" target="_blank" rel="noopener">
              terms of use
            </a>
            .
          </Trans>
        </p>
        <Button type="submit" fullWidth disabled={!request.canSend} busy={request.busy} busyLabel={t`Sending…`}>
          <Trans>Send request</Trans>
        </Button>
      </Form>
    </AuthLayout>
  );
}
