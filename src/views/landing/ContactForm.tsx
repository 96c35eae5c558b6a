import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { ContactMessage } from '../../../common/contracts/contact';
import { type ContactField, contactFormMachine } from '../../../machines/contact-form.machine';
import { inspectionOptions } from '../../app/inspection';
import type { LazyServices } from '../../app/router-context';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import * as controls from '../../ui/controls.css';
import { Form } from '../../ui/Form';
import { TextField } from '../../ui/TextField';
import { Captcha } from '../captcha/Captcha';
import { notify } from '../notifications/notify';

/** The contact form "also by email" (docs/product.md §2); loaded only when the contact section comes near. */
export default function ContactForm({ services }: { services: LazyServices }) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const [machine] = useState(() =>
    contactFormMachine.provide({
      actors: {
        send: fromPromise<{ message: string | undefined }, ContactMessage>(async ({ input }) =>
          (await services.ready()).api.account.sendContactMessage(input),
        ),
      },
      actions: {
        notifySuccess: (_, { message }) => notify.success(message),
        notifyFailure: (_, { message }) => notify.failure(message),
      },
    }),
  );
  const contact = useActorRef(machine, inspectionOptions());
  const values = useSelector(contact, (snapshot) => snapshot.context.values);
  const errors = useSelector(contact, (snapshot) => snapshot.context.errors);
  const busy = useSelector(contact, (snapshot) => snapshot.hasTag('busy'));
  const captcha = useSelector(contact, (snapshot) => snapshot.context.captcha);
  const change = (field: ContactField) => (value: string) => contact.send({ type: 'field.change', field, value });
  return (
    <Form onValid={() => contact.send({ type: 'contact.submit' })} aria-labelledby="contact-form-title">
      <h3 id="contact-form-title">
        <Trans>Or write to us by e-mail</Trans>
      </h3>
      <TextField
        label={t`Name`}
        name="name"
        autoComplete="name"
        value={values.name}
        onValueChange={change('name')}
        error={messageText(errors.name)}
      />
      <TextField
        label={t`Email`}
        type="email"
        name="email"
        autoComplete="email"
        value={values.email}
        onValueChange={change('email')}
        error={messageText(errors.email)}
      />
      <div className={controls.field}>
        <label className={controls.label} htmlFor="contact-info">
          <Trans>Your message</Trans>
        </label>
        <textarea
          id="contact-info"
          name="info"
          rows={5}
          className={controls.input}
          style={{ paddingTop: 8, minHeight: 120 }}
          value={values.info}
          aria-invalid={errors.info ? true : undefined}
          aria-describedby={errors.info ? 'contact-info-error' : undefined}
          onChange={(event) => contact.send({ type: 'field.change', field: 'info', value: event.target.value })}
        />
        {errors.info ? (
          <p id="contact-info-error" className={controls.errorText} role="alert">
            {messageText(errors.info)}
          </p>
        ) : null}
      </div>
      <Captcha captcha={captcha} />
      {errors.recaptcha ? (
        <p className={controls.errorText} role="alert">
          {messageText(errors.recaptcha)}
        </p>
      ) : null}
      <Button type="submit" busy={busy} busyLabel={t`Sending…`}>
        <Trans>Send message</Trans>
      </Button>
    </Form>
  );
}
