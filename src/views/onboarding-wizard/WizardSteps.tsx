import { Trans, useLingui } from '@lingui/react/macro';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Form } from '../../ui/Form';
import { InfoBox } from '../../ui/InfoBox';
import { PasswordField } from '../../ui/PasswordField';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import * as forms from '../forms.css';
import * as styles from './onboarding.css';
import type { OnboardingWizard } from './use-onboarding-wizard';

/** Step 1 (docs/product.md §2): the account. E-mail comes read-only from the invitation. */
export function CreateAccountStep({ step }: { step: OnboardingWizard['accountStep'] }) {
  const { t } = useLingui();
  const messageText = useMessageText();
  return (
    <Form onValid={step.submit}>
      <TextField
        label={t`Email`}
        type="email"
        name="email"
        autoComplete="username"
        value={step.email}
        onValueChange={() => {}}
        readOnly
      />
      <div className={forms.twoColumns}>
        <TextField
          label={t`First name *`}
          name="first_name"
          autoComplete="given-name"
          value={step.firstName}
          onValueChange={(value) => step.change('firstName', value)}
          error={messageText(step.errors.firstName)}
        />
        <TextField
          label={t`Last name *`}
          name="last_name"
          autoComplete="family-name"
          value={step.lastName}
          onValueChange={(value) => step.change('lastName', value)}
        />
      </div>
      <PasswordField
        label={t`Password`}
        name="password"
        autoComplete="new-password"
        hint={t`At least 8 characters.`}
        value={step.password}
        onValueChange={(value) => step.change('password', value)}
        error={messageText(step.errors.password)}
      />
      <p className={forms.formLead}>
        <Trans>
          With your account you accept our{' '}
          <a href="/terms" target="_blank" rel="noopener">
            terms of use
          </a>{' '}
          and{' '}
          <a href="/privacy" target="_blank" rel="noopener">
            privacy policy
          </a>
          .
        </Trans>
      </p>
      <Button type="submit" fullWidth busy={step.busy} busyLabel={t`Creating account…`}>
        <Trans>Create account</Trans>
      </Button>
    </Form>
  );
}

/** Step 2 (docs/product.md §2.3, "step 1 of 2"): the workshop's DMS. */
export function MasterDataStep({
  step,
  workshopAccountName,
}: {
  step: OnboardingWizard['masterDataStep'];
  workshopAccountName: string;
}) {
  const { t } = useLingui();
  const messageText = useMessageText();
  return (
    <Form onValid={step.next}>
      <p className={styles.stepLabel}>
        <Trans>Step 1 of 2</Trans>
      </p>
      <TextField
        label={t`Workshop name`}
        name="workshop_account_name"
        value={workshopAccountName}
        onValueChange={() => {}}
        readOnly
      />
      <Select
        label={t`DMS software`}
        name="dms_id"
        value={step.dmsId}
        onValueChange={step.selectDms}
        placeholder={t`Please choose`}
        options={step.dmsOptions.map((option) => ({ value: String(option.id), label: option.name }))}
        error={messageText(step.errors.dmsId)}
      />
      <TextField
        label={t`Customer DMS reference number`}
        name="dms_account_id"
        value={step.dmsAccountId}
        onValueChange={step.changeDmsAccount}
        error={messageText(step.errors.dmsAccountId)}
      />
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={step.skip} disabled={step.busy}>
          <Trans>Skip and set up later</Trans>
        </Button>
        <Button type="submit" busy={step.busy} busyLabel={t`Saving…`}>
          <Trans>Next</Trans>
        </Button>
      </div>
    </Form>
  );
}

/** Step 3 (docs/product.md §2.3, "step 2 of 2"): tiles of part dealers, plus suppliers entered by hand. */
export function SuppliersStep({ step }: { step: OnboardingWizard['suppliersStep'] }) {
  const { t } = useLingui();
  const messageText = useMessageText();
  return (
    <Form onValid={step.next}>
      <p className={styles.stepLabel}>
        <Trans>Step 2 of 2</Trans>
      </p>
      <p>
        <Trans>Choose the part dealers you order from and enter your customer number with each.</Trans>
      </p>
      <ul className={styles.tileList} aria-label={t`Part dealers`}>
        {step.partDealers.map((dealer) => {
          const selected = dealer.id in step.selected;
          const error = step.tileErrors[dealer.id];
          return (
            <li key={dealer.id} className={styles.tile} data-selected={selected} data-invalid={Boolean(error)}>
              <button
                type="button"
                className={styles.tileButton}
                aria-pressed={selected}
                onClick={() => step.toggleTile(dealer.id)}
              >
                {dealer.logo_url ? (
                  <img src={dealer.logo_url} alt={dealer.name} width={160} height={64} />
                ) : (
                  dealer.name
                )}
              </button>
              {/* Always shown: typing a number selects the tile and clearing it deselects (docs/product.md §4),
                  so the field must not vanish while someone retypes a number. */}
              <TextField
                label={t`Customer number at ${dealer.name}`}
                inputMode="numeric"
                value={step.selected[dealer.id] ?? ''}
                onValueChange={(value) => step.changeCustomerNo(dealer.id, value)}
                error={messageText(error)}
              />
            </li>
          );
        })}
        {step.additionalTiles.map((row, index) => (
          <li key={`extra-${index}-${row.partSupplier}`} className={styles.tile} data-selected="true">
            <strong>{row.partSupplier}</strong>
            <span>
              <Trans>Customer number: {row.customerNo}</Trans>
            </span>
          </li>
        ))}
      </ul>
      {step.suppliersError ? <InfoBox tone="error">{messageText(step.suppliersError)}</InfoBox> : null}
      <Button variant="ghost" aria-expanded={step.addMoreOpen} onClick={step.toggleAddMore}>
        <Trans>Add more part suppliers</Trans>
      </Button>
      {step.addMoreOpen ? (
        <fieldset className={styles.panel}>
          <legend>
            <Trans>Add more part suppliers</Trans>
          </legend>
          {step.additionalRows.map((row, index) => (
            <div key={index} className={styles.row}>
              <TextField
                label={t`Supplier name`}
                value={row.partSupplier}
                onValueChange={(value) => step.changeRow(index, 'partSupplier', value)}
                error={messageText(step.rowErrors[index]?.partSupplier)}
              />
              <TextField
                label={t`Customer number`}
                value={row.customerNo}
                onValueChange={(value) => step.changeRow(index, 'customerNo', value)}
                error={messageText(step.rowErrors[index]?.customerNo)}
              />
              {step.canRemoveRow ? (
                <Button variant="ghost" aria-label={t`Remove row ${index + 1}`} onClick={() => step.removeRow(index)}>
                  🗑
                </Button>
              ) : null}
            </div>
          ))}
          <Button variant="ghost" onClick={step.addRow}>
            <Trans>+ Add row</Trans>
          </Button>
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={step.discardRows}>
              <Trans>Discard</Trans>
            </Button>
            <Button onClick={step.applyRows}>
              <Trans>Add selected</Trans>
            </Button>
          </div>
        </fieldset>
      ) : null}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={step.skip} disabled={step.busy}>
          <Trans>Skip and set up later</Trans>
        </Button>
        <Button type="submit" busy={step.busy} busyLabel={t`Saving…`}>
          <Trans>Continue</Trans>
        </Button>
      </div>
    </Form>
  );
}

/** Step 4 (docs/product.md §2): account created; verification pending. */
export function DoneStep({ close }: { close: () => void }) {
  return (
    <>
      <InfoBox tone="success" dismissible title={<Trans>Verification pending</Trans>}>
        <Trans>
          Your account must be verified and activated before you can log in. We will let you know by e-mail.
        </Trans>
      </InfoBox>
      <Button onClick={close}>
        <Trans>Close</Trans>
      </Button>
    </>
  );
}

/** ADR 015: on another browser, the owner of a used, unfinished invitation continues with the account's password. */
export function ContinueWithPassword({ wizard }: { wizard: OnboardingWizard }) {
  const { t } = useLingui();
  const messageText = useMessageText();
  return (
    <Form onValid={wizard.resume}>
      <PasswordField
        label={t`Your password`}
        name="password"
        autoComplete="current-password"
        value={wizard.resumePassword}
        onValueChange={wizard.changeResumePassword}
        error={messageText(wizard.resumeError)}
      />
      <Button type="submit" fullWidth busy={wizard.resuming} busyLabel={t`Checking…`}>
        <Trans>Continue with your password</Trans>
      </Button>
    </Form>
  );
}
