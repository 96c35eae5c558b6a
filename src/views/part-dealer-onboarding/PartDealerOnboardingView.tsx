import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Fragment, useEffect } from 'react';
import {
  BRANDS,
  type DealerDraft,
  type DealerField,
  OTHER_BRAND,
  STEERER_OPTIONS,
} from '../../../common/contracts/dealer';
import type { FocusTarget, partDealerOnboardingMachine } from '../../../machines/part-dealer-onboarding.machine';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import * as controls from '../../ui/controls.css';
import { Dialog } from '../../ui/Dialog';
import { Form } from '../../ui/Form';
import { InfoBox } from '../../ui/InfoBox';
import { Select } from '../../ui/Select';
import { LanguageSwitcher } from '../app-shell/LanguageSwitcher';
import { Logo } from '../app-shell/Logo';
import { Captcha } from '../captcha/Captcha';
import {
  BrandCheckboxes,
  BrandChips,
  CountrySelect,
  CustomBrandInput,
  DEALER_INPUT_PROPS,
  DeliveryAreaOther,
  DeliveryAreaSelect,
  FieldError,
  useDealerTextFields,
} from '../dealer-fields/DealerFields';
import * as fieldStyles from '../dealer-fields/dealer-fields.css';
import * as styles from './dealer.css';
import { usePartDealerOnboarding } from './use-part-dealer-onboarding';

type Implementations = Parameters<typeof partDealerOnboardingMachine.provide>[0];

const fieldId = (target: FocusTarget) => `dealer-${target}`;

/** docs/product.md §2: after a failed Next, scroll to and focus the first invalid field; open its select. */
function moveFocusTo(target: FocusTarget) {
  const element = document.getElementById(fieldId(target));
  if (!element) return;
  element.scrollIntoView({ block: 'center', behavior: 'smooth' });
  element.focus({ preventScroll: true });
  if (element instanceof HTMLSelectElement) {
    try {
      element.showPicker();
    } catch {
      // showPicker needs a user gesture in some browsers; focus alone is the fallback.
    }
  }
}

/** /part-dealer-onboarding: a part dealer registers the business for review. */
export function PartDealerOnboardingView({
  implementations,
  draft,
}: {
  implementations: Implementations;
  draft: DealerDraft | null;
}) {
  const { t } = useLingui();
  const dealer = usePartDealerOnboarding(implementations, draft);
  const { values, errors } = dealer;
  const focusRequest = dealer.focus?.request;
  const focusTarget = dealer.focus?.target;

  useEffect(() => {
    if (focusRequest && focusTarget) moveFocusTo(focusTarget);
  }, [focusRequest, focusTarget]);

  const text = useDealerTextFields({ values, errors, change: dealer.change, idOf: fieldId });
  // One label per submitted field: the review lists them all, and the form's inputs share them.
  const labels: Record<DealerField, string> = {
    first_name: t`First name`,
    last_name: t`Last name`,
    company_name: t`Company name`,
    email: t`Email`,
    contact_number: t`Phone`,
    street: t`Street and number`,
    city: t`City`,
    postcode: t`Postal code`,
    country: t`Country`,
    website: t`Website (optional)`,
    steerer: t`Steerer`,
    tax_id: t`Tax ID`,
    delivery_area: t`Delivery area`,
    brands_served: t`Brands`,
  };
  const steererLabels: Record<(typeof STEERER_OPTIONS)[number], string> = {
    Innovation_Group: 'Innovation Group',
    Riparo: 'Riparo',
    Eurogarant: 'Eurogarant',
    none: t`None`,
    other: t`Other`,
  };

  return (
    <>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Logo />
          <div className={styles.headerActions}>
            <LanguageSwitcher />
            <Link to="/support" className={controls.button.secondary}>
              <Trans>Support</Trans>
            </Link>
          </div>
        </div>
      </header>
      <main className={styles.page}>
        <h1>
          <Trans>Register as a part dealer</Trans>
        </h1>
        <Form onValid={dealer.next} action="/part-dealer-onboarding">
          <Card aria-labelledby="company-title">
            <h2 id="company-title">
              <Trans>Company information</Trans>
            </h2>
            <div className={fieldStyles.grid}>
              {text('first_name', labels.first_name, { autoComplete: 'given-name' })}
              {text('last_name', labels.last_name, { autoComplete: 'family-name' })}
              {text('company_name', labels.company_name, { autoComplete: 'organization' })}
              {text('email', labels.email, DEALER_INPUT_PROPS.email)}
              {text('contact_number', labels.contact_number, DEALER_INPUT_PROPS.contact_number)}
              {text('tax_id', labels.tax_id)}
              {text('street', labels.street, DEALER_INPUT_PROPS.street)}
              {text('city', labels.city, DEALER_INPUT_PROPS.city)}
              {text('postcode', labels.postcode, DEALER_INPUT_PROPS.postcode)}
              <CountrySelect
                id={fieldId('country')}
                label={labels.country}
                value={values.country}
                onValueChange={(value) => dealer.change('country', value)}
                error={errors.country}
              />
              {text('website', labels.website, DEALER_INPUT_PROPS.website)}
              <Select
                id={fieldId('steerer_dropdown')}
                label={labels.steerer}
                value={values.steerer_dropdown}
                onValueChange={(value) => dealer.change('steerer_dropdown', value)}
                placeholder={t`Please choose`}
                options={STEERER_OPTIONS.map((value) => ({ value, label: steererLabels[value] }))}
              />
              {values.steerer_dropdown === 'other' ? text('steerer_other', t`Other steerer`) : null}
              <DeliveryAreaSelect
                id={fieldId('delivery_area_dropdown')}
                label={labels.delivery_area}
                value={values.delivery_area_dropdown}
                onValueChange={(value) => dealer.change('delivery_area_dropdown', value)}
                error={errors.delivery_area_dropdown}
              />
            </div>
            {values.delivery_area_dropdown === 'other' ? (
              <DeliveryAreaOther
                id={fieldId('delivery_area_other')}
                value={values.delivery_area_other}
                onValueChange={(value) => dealer.change('delivery_area_other', value)}
                error={errors.delivery_area_other}
              />
            ) : null}
          </Card>

          <Card aria-labelledby="brands-title" id={fieldId('brands')} tabIndex={-1}>
            <h2 id="brands-title">
              <Trans>Brands you serve</Trans>
            </h2>
            <BrandCheckboxes
              brands={BRANDS}
              chosen={dealer.brands}
              onToggle={dealer.toggleBrand}
              labelOf={(brand) => (brand === OTHER_BRAND ? t`Other (Andere)` : brand)}
            />
            {dealer.brands.includes(OTHER_BRAND) ? (
              <CustomBrandInput
                className={styles.customBrand}
                value={dealer.customBrand}
                onValueChange={dealer.changeCustomBrand}
                onAdd={dealer.addCustomBrand}
              />
            ) : null}
            <BrandChips label={t`Selected brands`} brands={dealer.chosenBrands} onRemove={dealer.removeBrand} />
            <FieldError error={errors.brands} />
          </Card>

          <div id={fieldId('recaptcha')} tabIndex={-1}>
            <Captcha captcha={dealer.captcha} />
          </div>
          <InfoBox title={<Trans>Why we need this information</Trans>}>
            <Trans>
              We check every dealer by hand during the pilot phase. Your company details let us confirm your business
              and connect you with workshops in your delivery area.
            </Trans>
          </InfoBox>
          <Button type="submit" disabled={!dealer.canGoNext} busy={dealer.busy} busyLabel={t`Saving…`}>
            <Trans>Next</Trans>
          </Button>
        </Form>
      </main>
      <Dialog
        open={dealer.reviewOpen || dealer.busy}
        onOpenChange={(open) => {
          if (!open) dealer.edit();
        }}
        title={<Trans>Please check your details</Trans>}
        actions={
          <>
            <Button variant="secondary" onClick={dealer.edit} disabled={dealer.busy}>
              <Trans>Edit</Trans>
            </Button>
            <Button onClick={dealer.confirm} busy={dealer.busy} busyLabel={t`Saving…`}>
              <Trans>Confirm</Trans>
            </Button>
          </>
        }
      >
        <dl className={fieldStyles.definitionList}>
          {dealer.review.map(({ field, value }) => (
            <Fragment key={field}>
              <dt>{labels[field]}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      </Dialog>
    </>
  );
}
