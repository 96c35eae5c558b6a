import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { UserInviteRequest } from '../../../common/contracts/user-invitation';
import { inviteUserMachine } from '../../../machines/invite-user.machine';
import type { AdminUsersApi } from '../../api/admin-users-api';
import { inspectionOptions } from '../../app/inspection';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Form } from '../../ui/Form';
import { TextField } from '../../ui/TextField';
import * as forms from '../forms.css';
import { notify } from '../notifications/notify';

/** "Invite a user" on /users: first name, e-mail and company go into the invitation link. */
export function InviteUserForm({ adminUsersApi }: { adminUsersApi: AdminUsersApi }) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const [machine] = useState(() =>
    inviteUserMachine.provide({
      actors: {
        invite: fromPromise<{ message: string | undefined }, UserInviteRequest>(({ input }) =>
          adminUsersApi.inviteUser(input),
        ),
      },
      actions: {
        notifySuccess: (_, { message }) => notify.success(message),
        notifyFailure: (_, { message }) => notify.failure(message),
      },
    }),
  );
  const invite = useActorRef(machine, inspectionOptions());
  const values = useSelector(invite, (snapshot) => snapshot.context.values);
  const errors = useSelector(invite, (snapshot) => snapshot.context.errors);
  const busy = useSelector(invite, (snapshot) => snapshot.hasTag('busy'));
  const change = (field: keyof UserInviteRequest) => (value: string) =>
    invite.send({ type: 'field.change', field, value });
  return (
    <Card aria-labelledby="invite-title">
      <h3 id="invite-title">
        <Trans>Invite a user</Trans>
      </h3>
      <Form onValid={() => invite.send({ type: 'invite.submit' })}>
        <div className={forms.twoColumns}>
          <TextField
            label={t`First name`}
            name="invite_first_name"
            value={values.first_name}
            onValueChange={change('first_name')}
            error={messageText(errors.first_name)}
          />
          <TextField
            label={t`Email`}
            type="email"
            name="invite_email"
            value={values.email}
            onValueChange={change('email')}
            error={messageText(errors.email)}
          />
          <TextField
            label={t`Company name`}
            name="invite_company_name"
            value={values.company_name}
            onValueChange={change('company_name')}
            error={messageText(errors.company_name)}
          />
        </div>
        <Button type="submit" busy={busy} busyLabel={t`Sending…`}>
          <Trans>Send invitation</Trans>
        </Button>
      </Form>
    </Card>
  );
}
