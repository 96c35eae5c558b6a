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

/** Step 1 (spec §2): the account. E-mail comes read-only from the invitation. */
export function CreateAccountStep({ wizard }: { wizard: OnboardingWizard }) {
  const { t } = useLingui();
  const messageText = useMessageText();
  return (
    <Form onValid={wizard.createAccount}>
      <TextField
        label={t`Email`}
        type="email"
        name="email"
        autoComplete="username"
        value={wizard.form.email}
        onValueChange={() => {}}
        readOnly
      />
      <div className={forms.twoColumns}>
        <TextField
          label={t`First name *`}
          name="first_name"
          autoComplete="given-name"
          value={wizard.form.firstName}
          onValueChange={(value) => wizard.changeAccount('firstName', value)}
          error={messageText(wizard.errors.firstName)}
        />
        <TextField
          label={t`Last name *`}
          name="last_name"
          autoComplete="family-name"
          value={wizard.form.lastName}
          onValueChange={(value) => wizard.changeAccount('lastName', value)}
        />
      </div>
      <PasswordField
        label={t`Password`}
        name="password"
        autoComplete="new-password"
        hint={t`At least 8 characters.`}
        value={wizard.form.password}
        onValueChange={(value) => wizard.changeAccount('password', value)}
        error={messageText(wizard.errors.password)}
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
      <Button type="submit" fullWidth busy={wizard.busy} busyLabel={t`Creating account…`}>
        <Trans>Create account</Trans>
      </Button>
    </Form>
  );
}

/** Step 2 (spec §2, "step 1 of 2"): the workshop's DMS. */
export function MasterDataStep({ wizard }: { wizard: OnboardingWizard }) {
  const { t } = useLingui();
  const messageText = useMessageText();
  return (
    <Form onValid={wizard.next}>
      <p className={styles.stepLabel}>
        <Trans>Step 1 of 2</Trans>
      </p>
      <TextField
        label={t`Workshop name`}
        name="workshop_account_name"
        value={wizard.form.workshopAccountName}
        onValueChange={() => {}}
        readOnly
      />
      <Select
        label={t`DMS software`}
        name="dms_id"
        value={wizard.form.dmsId}
        onValueChange={wizard.selectDms}
        placeholder={t`Please choose`}
        options={wizard.dmsOptions.map((option) => ({ value: String(option.id), label: option.name }))}
        error={messageText(wizard.errors.dmsId)}
      />
      <TextField
        label={t`Customer DMS reference number`}
        name="dms_account_id"
        value={wizard.form.dmsAccountId}
        onValueChange={wizard.changeDmsAccount}
        error={messageText(wizard.errors.dmsAccountId)}
      />
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={wizard.skip} disabled={wizard.busy}>
          <Trans>Skip and set up later</Trans>
        </Button>
        <Button type="submit" busy={wizard.busy} busyLabel={t`Saving…`}>
          <Trans>Next</Trans>
        </Button>
      </div>
    </Form>
  );
}

/** Step 3 (spec §2, "step 2 of 2"): tiles of part dealers, plus suppliers entered by hand. */
export function SuppliersStep({ wizard }: { wizard: OnboardingWizard }) {
  const { t } = useLingui();
  const messageText = useMessageText();
  return (
    <Form onValid={wizard.next}>
      <p className={styles.stepLabel}>
        <Trans>Step 2 of 2</Trans>
      </p>
      <p>
        <Trans>Choose the part dealers you order from and enter your customer number with each.</Trans>
      </p>
      <ul className={styles.tileList} aria-label={t`Part dealers`}>
        {wizard.partDealers.map((dealer) => {
          const selected = dealer.id in wizard.selected;
          const error = wizard.tileErrors[dealer.id];
          return (
            <li key={dealer.id} className={styles.tile} data-selected={selected} data-invalid={Boolean(error)}>
              <button
                type="button"
                className={styles.tileButton}
                aria-pressed={selected}
                onClick={() => wizard.toggleTile(dealer.id)}
              >
                {dealer.logo_url ? (
                  <img src={dealer.logo_url} alt={dealer.name} width={160} height={64} />
                ) : (
                  dealer.name
                )}
              </button>
              {/* Always shown: typing a number selects the tile and clearing it deselects (spec §4),
                  so the field must not vanish while someone retypes a number. */}
              <TextField
                label={t`Customer number at ${dealer.name}`}
                inputMode="numeric"
                value={wizard.selected[dealer.id] ?? ''}
                onValueChange={(value) => wizard.changeCustomerNo(dealer.id, value)}
                error={messageText(error)}
              />
            </li>
          );
        })}
        {wizard.additionalTiles.map((row, index) => (
          <li key={`extra-${index}-${row.partSupplier}`} className={styles.tile} data-selected="true">
            <strong>{row.partSupplier}</strong>
            <span>
              <Trans>Customer number: {row.customerNo}</Trans>
            </span>
          </li>
        ))}
      </ul>
      {wizard.suppliersError ? <InfoBox tone="error">{messageText(wizard.suppliersError)}</InfoBox> : null}
      <Button variant="ghost" aria-expanded={wizard.addMoreOpen} onClick={wizard.toggleAddMore}>
        <Trans>Add more part suppliers</Trans>
      </Button>
      {wizard.addMoreOpen ? (
        <fieldset className={styles.panel}>
          <legend>
            <Trans>Add more part suppliers</Trans>
          </legend>
          {wizard.additionalRows.map((row, index) => (
            <div key={index} className={styles.row}>
              <TextField
                label={t`Supplier name`}
                value={row.partSupplier}
                onValueChange={(value) => wizard.changeRow(index, 'partSupplier', value)}
              />
              <TextField
                label={t`Customer number`}
                value={row.customerNo}
                onValueChange={(value) => wizard.changeRow(index, 'customerNo', value)}
              />
              {wizard.canRemoveRow ? (
                <Button variant="ghost" aria-label={t`Remove row ${index + 1}`} onClick={() => wizard.removeRow(index)}>
                  🗑
                </Button>
              ) : null}
            </div>
          ))}
          <Button variant="ghost" onClick={wizard.addRow}>
            <Trans>+ Add row</Trans>
          </Button>
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={wizard.discardRows}>
              <Trans>Discard</Trans>
            </Button>
            <Button onClick={wizard.applyRows}>
              <Trans>Add selected</Trans>
            </Button>
          </div>
        </fieldset>
      ) : null}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={wizard.skip} disabled={wizard.busy}>
          <Trans>Skip and set up later</Trans>
        </Button>
        <Button type="submit" busy={wizard.busy} busyLabel={t`Saving…`}>
          <Trans>Continue</Trans>
        </Button>
      </div>
    </Form>
  );
}

/** Step 4 (spec §2): account created; verification pending. */
export function DoneStep({ wizard }: { wizard: OnboardingWizard }) {
  return (
    <>
      <InfoBox tone="success" dismissible title={<Trans>Verification pending</Trans>}>
        <Trans>
          Your account must be verified and activated before you can log in. We will let you know by e-mail.
        </Trans>
      </InfoBox>
      <Button onClick={wizard.close}>
        <Trans>Close</Trans>
      </Button>
    </>
  );
}
