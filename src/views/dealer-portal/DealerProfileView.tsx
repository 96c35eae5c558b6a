import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { BRANDS, OTHER_BRAND } from '../../../common/contracts/dealer';
import {
  type DealerProfileDraft,
  LOGO_CONTENT_TYPES,
  OPENING_HOURS_MAX_LENGTH,
} from '../../../common/contracts/dealer-organisation';
import type { dealerProfileMachine } from '../../../machines/dealer-profile.machine';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import * as controls from '../../ui/controls.css';
import { Dialog } from '../../ui/Dialog';
import { Form } from '../../ui/Form';
import { LoadError } from '../../ui/LoadError';
import {
  BrandCheckboxes,
  BrandChips,
  CountrySelect,
  CustomBrandInput,
  DEALER_INPUT_PROPS,
  DeliveryAreaOther,
  DeliveryAreaSelect,
  FieldError,
  TextAreaField,
  useDealerTextFields,
} from '../dealer-fields/DealerFields';
import * as fieldStyles from '../dealer-fields/dealer-fields.css';
import * as styles from './dealer-portal.css';
import { useDealerProfile } from './use-dealer-profile';

type Implementations = Parameters<typeof dealerProfileMachine.provide>[0];

const LISTED_BRANDS: readonly string[] = BRANDS.filter((brand) => brand !== OTHER_BRAND);

/**
 * A chosen file as a data: address for the preview (the page's policy allows data: images, not
 * blob:), read again when the choice changes.
 */
function usePreview(file: Blob | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setUrl(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return url;
}

/** /dealer/profile: the organisation's company profile and logo (issue 12). */
export function DealerProfileView({
  implementations,
  draft,
}: {
  implementations: Implementations;
  draft: DealerProfileDraft | null;
}) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const profile = useDealerProfile(implementations, draft);
  const preview = usePreview(profile.logoFile);
  const logoInputId = useId();
  const openingHoursId = useId();
  const deliveryOtherId = useId();
  const { values, errors } = profile;
  const usedCharacters = values.opening_hours.length;
  const companyName = profile.stored?.name ?? '';
  const customBrands = profile.brands.filter((brand) => !LISTED_BRANDS.includes(brand));

  const text = useDealerTextFields({ values, errors, change: profile.change });

  return (
    <section aria-labelledby="dealer-profile-title" aria-busy={profile.loading} className={styles.page}>
      <h1 id="dealer-profile-title">
        <Trans>Company profile</Trans>
      </h1>
      {profile.loading ? (
        <p role="status">
          <Trans>Loading your profile…</Trans>
        </p>
      ) : null}
      <LoadError message={profile.loadError} onRetry={profile.retry} />
      {profile.ready && profile.stored ? (
        <>
          <Card aria-labelledby="company-title">
            <h2 id="company-title">
              <Trans>Company</Trans>
            </h2>
            <dl className={fieldStyles.definitionList}>
              <dt>
                <Trans>Company name</Trans>
              </dt>
              <dd>{profile.stored.name}</dd>
              <dt>
                <Trans>Tax ID</Trans>
              </dt>
              <dd>{profile.stored.tax_id}</dd>
            </dl>
            <p className={controls.hint}>
              <Trans>Company name and tax ID are changed by the Teileportal team. Please contact support.</Trans>
            </p>
          </Card>

          <Card aria-labelledby="logo-title">
            <h2 id="logo-title">
              <Trans>Company logo</Trans>
            </h2>
            {profile.logoSrc ? (
              <img className={styles.logo} src={profile.logoSrc} alt={t`Current logo of ${companyName}`} />
            ) : (
              <p>
                <Trans>No logo uploaded yet.</Trans>
              </p>
            )}
            <div className={controls.field}>
              <label className={controls.label} htmlFor={logoInputId}>
                <Trans>Choose a logo</Trans>
              </label>
              <input
                id={logoInputId}
                type="file"
                accept={LOGO_CONTENT_TYPES.join(',')}
                aria-describedby={`${logoInputId}-hint`}
                disabled={profile.logoBusy}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) profile.selectLogo(file);
                  event.target.value = '';
                }}
              />
              <p id={`${logoInputId}-hint`} className={controls.hint}>
                <Trans>PNG, JPEG or WebP, at most 512 KB.</Trans>
              </p>
              {profile.logoError ? (
                <p className={controls.errorText} role="alert">
                  {messageText(profile.logoError)}
                </p>
              ) : null}
            </div>
            {preview ? (
              <figure>
                <img className={styles.logo} src={preview} alt={t`Preview of the chosen logo`} />
                <figcaption>
                  <Trans>Preview: not uploaded yet</Trans>
                </figcaption>
              </figure>
            ) : null}
            <div className={styles.actions}>
              {profile.logoFile ? (
                <>
                  <Button
                    onClick={profile.uploadLogo}
                    disabled={!profile.canUploadLogo}
                    busy={profile.logoBusy}
                    busyLabel={t`Uploading…`}
                  >
                    <Trans>Upload logo</Trans>
                  </Button>
                  <Button variant="secondary" onClick={profile.cancelLogo} disabled={profile.logoBusy}>
                    <Trans>Cancel</Trans>
                  </Button>
                </>
              ) : null}
              {profile.logoSrc && !profile.logoFile ? (
                <Button variant="secondary" onClick={profile.removeLogo} disabled={!profile.canRemoveLogo}>
                  <Trans>Remove logo</Trans>
                </Button>
              ) : null}
            </div>
          </Card>

          <Form onValid={profile.save}>
            <Card aria-labelledby="details-title">
              <h2 id="details-title">
                <Trans>Contact and delivery</Trans>
              </h2>
              <div className={fieldStyles.grid}>
                {text('contact_email', t`Contact e-mail`, DEALER_INPUT_PROPS.email)}
                {text('contact_number', t`Contact number`, DEALER_INPUT_PROPS.contact_number)}
                {text('street', t`Street and number`, DEALER_INPUT_PROPS.street)}
                {text('postcode', t`Postal code`, DEALER_INPUT_PROPS.postcode)}
                {text('city', t`City`, DEALER_INPUT_PROPS.city)}
                <CountrySelect
                  label={t`Country`}
                  value={values.country}
                  onValueChange={(value) => profile.change('country', value)}
                  error={errors.country}
                  keepUnlisted
                />
                {text('website', t`Website (optional)`, DEALER_INPUT_PROPS.website)}
                <DeliveryAreaSelect
                  label={t`Delivery area`}
                  value={values.delivery_area_dropdown}
                  onValueChange={(value) => profile.change('delivery_area_dropdown', value)}
                  error={errors.delivery_area_dropdown}
                />
              </div>
              {values.delivery_area_dropdown === 'other' ? (
                <DeliveryAreaOther
                  id={deliveryOtherId}
                  className={styles.textarea}
                  value={values.delivery_area_other}
                  onValueChange={(value) => profile.change('delivery_area_other', value)}
                  error={errors.delivery_area_other}
                />
              ) : null}
              <TextAreaField
                id={openingHoursId}
                className={styles.textarea}
                label={<Trans>Opening hours</Trans>}
                value={values.opening_hours}
                maxLength={OPENING_HOURS_MAX_LENGTH}
                onValueChange={(value) => profile.change('opening_hours', value)}
                error={errors.opening_hours}
                hint={
                  <Trans>
                    For example "Mon–Fri 8:00–17:00", one line per day or group of days. At most{' '}
                    {OPENING_HOURS_MAX_LENGTH} characters ({usedCharacters} used).
                  </Trans>
                }
              />
            </Card>

            <Card aria-labelledby="brands-title">
              <h2 id="brands-title">
                <Trans>Brands you serve</Trans>
              </h2>
              <BrandCheckboxes brands={LISTED_BRANDS} chosen={profile.brands} onToggle={profile.toggleBrand} />
              <BrandChips label={t`Further brands`} brands={customBrands} onRemove={profile.toggleBrand} />
              <CustomBrandInput
                className={styles.inline}
                value={profile.customBrand}
                onValueChange={profile.changeCustomBrand}
                onAdd={profile.addCustomBrand}
              />
              <FieldError error={errors.brands} />
            </Card>
            <div className={styles.actions}>
              <Button type="submit" disabled={!profile.canSave} busy={profile.saving} busyLabel={t`Saving…`}>
                <Trans>Save profile</Trans>
              </Button>
              <Button variant="secondary" onClick={profile.discard} disabled={profile.saving}>
                <Trans>Discard changes</Trans>
              </Button>
            </div>
          </Form>
        </>
      ) : null}
      <Dialog
        open={profile.conflict !== null}
        onOpenChange={() => {}}
        title={<Trans>A colleague changed the profile</Trans>}
        description={
          <Trans>
            The profile was saved by someone else after you opened it. Load their version (your changes are discarded),
            or keep your changes and save them over it.
          </Trans>
        }
        actions={
          <>
            <Button variant="secondary" onClick={profile.takeTheirs}>
              <Trans>Load their version</Trans>
            </Button>
            <Button onClick={profile.keepMine}>
              <Trans>Keep my changes</Trans>
            </Button>
          </>
        }
      />
    </section>
  );
}
