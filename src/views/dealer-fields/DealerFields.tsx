import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { COUNTRY_LABELS, DELIVERY_AREA_OPTIONS } from '../../../common/contracts/dealer';
import type { MessageId } from '../../../common/contracts/message-ids';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Chip } from '../../ui/Chip';
import * as controls from '../../ui/controls.css';
import { Select } from '../../ui/Select';
import { TextField, type TextFieldProps } from '../../ui/TextField';
import * as styles from './dealer-fields.css';

/**
 * The pieces of the dealer form that the registration (/part-dealer-onboarding) and the dealer's
 * company profile (/dealer/profile) both show: the same inputs for the same declared fields
 * (common/contracts/dealer.ts DEALER_FIELDS).
 */

type InputProps = Partial<TextFieldProps>;

/** The browser hints of the dealer's contact and address inputs. */
export const DEALER_INPUT_PROPS = {
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  contact_number: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  street: { autoComplete: 'street-address' },
  postcode: { autoComplete: 'postal-code', inputMode: 'numeric' },
  city: { autoComplete: 'address-level2' },
  website: { type: 'url', autoComplete: 'url', inputMode: 'url' },
} satisfies Record<string, InputProps>;

/**
 * A renderer of the form's text inputs: each is bound to its value, its change event and its
 * translated error; `idOf` names the input where the flow moves focus to it.
 */
export function useDealerTextFields<TField extends string>({
  values,
  errors,
  change,
  idOf,
}: {
  values: Record<TField, string>;
  errors: Partial<Record<TField, MessageId | null>>;
  change: (field: TField, value: string) => void;
  idOf?: (field: TField) => string;
}) {
  const messageText = useMessageText();
  return (field: TField, label: string, extra: InputProps = {}) => (
    <TextField
      id={idOf?.(field)}
      label={label}
      name={field}
      value={values[field]}
      onValueChange={(value) => change(field, value)}
      error={messageText(errors[field])}
      {...extra}
    />
  );
}

type ChoiceProps = {
  id?: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error: MessageId | null | undefined;
};

/** A required pick from a list, with "Please choose" until one is made. */
function ChoiceSelect({ error, ...props }: ChoiceProps & { options: { value: string; label: string }[] }) {
  const { t } = useLingui();
  const messageText = useMessageText();
  return <Select {...props} placeholder={t`Please choose`} error={messageText(error)} />;
}

/** The countries of docs/product.md §3 in the page's language; `keepUnlisted` adds a stored value from the other list. */
export function CountrySelect({ keepUnlisted = false, ...props }: ChoiceProps & { keepUnlisted?: boolean }) {
  const { i18n } = useLingui();
  const countries: readonly string[] = COUNTRY_LABELS[i18n.locale === 'en' ? 'en' : 'de'];
  const { value } = props;
  const options = keepUnlisted && value && !countries.includes(value) ? [...countries, value] : countries;
  return <ChoiceSelect {...props} options={options.map((country) => ({ value: country, label: country }))} />;
}

/** The delivery area's choice (docs/product.md §3); "other" asks for a description (DeliveryAreaOther). */
export function DeliveryAreaSelect(props: ChoiceProps) {
  const { t } = useLingui();
  const deliveryLabels: Record<(typeof DELIVERY_AREA_OPTIONS)[number], string> = {
    regional: t`Regional`,
    deutschlandweit: t`Germany-wide`,
    other: t`Other`,
  };
  return (
    <ChoiceSelect
      {...props}
      options={DELIVERY_AREA_OPTIONS.map((option) => ({ value: option, label: deliveryLabels[option] }))}
    />
  );
}

/** A labelled multi-line input with its error (role=alert) and an optional hint. */
export function TextAreaField({
  id,
  label,
  value,
  onValueChange,
  error,
  hint,
  maxLength,
  className = styles.textarea,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error: MessageId | null | undefined;
  hint?: ReactNode;
  maxLength?: number;
  className?: string;
}) {
  return (
    <div className={controls.field}>
      <label className={controls.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={className}
        value={value}
        maxLength={maxLength}
        aria-describedby={hint ? `${id}-hint` : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className={controls.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError error={error} />
    </div>
  );
}

/** The free-text delivery area, shown when "other" is chosen. */
export function DeliveryAreaOther(props: {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  error: MessageId | null | undefined;
  className?: string;
}) {
  return <TextAreaField {...props} label={<Trans>Describe your delivery area</Trans>} />;
}

/** A form-level error (one not tied to an input), announced. */
export function FieldError({ error }: { error: MessageId | null | undefined }) {
  const messageText = useMessageText();
  return error ? (
    <p className={controls.errorText} role="alert">
      {messageText(error)}
    </p>
  ) : null;
}

/** The brand checkboxes (docs/product.md §3). */
export function BrandCheckboxes({
  brands,
  chosen,
  onToggle,
  labelOf = (brand) => brand,
}: {
  brands: readonly string[];
  chosen: readonly string[];
  onToggle: (brand: string) => void;
  labelOf?: (brand: string) => string;
}) {
  return (
    <fieldset className={styles.brandGrid}>
      <legend className="visually-hidden">
        <Trans>Brands you serve</Trans>
      </legend>
      {brands.map((brand) => (
        <Checkbox
          key={brand}
          label={labelOf(brand)}
          checked={chosen.includes(brand)}
          onCheckedChange={() => onToggle(brand)}
        />
      ))}
    </fieldset>
  );
}

/** Brands shown as removable chips. */
export function BrandChips({
  label,
  brands,
  onRemove,
}: {
  label: string;
  brands: readonly string[];
  onRemove: (brand: string) => void;
}) {
  const { t } = useLingui();
  if (brands.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={label}>
      {brands.map((brand) => (
        <li key={brand}>
          <Chip onRemove={() => onRemove(brand)} removeLabel={t`Remove ${brand}`}>
            {brand}
          </Chip>
        </li>
      ))}
    </ul>
  );
}

/** A brand that is not in the list: typed, then added with the button or Enter. */
export function CustomBrandInput({
  className,
  value,
  onValueChange,
  onAdd,
}: {
  className: string;
  value: string;
  onValueChange: (value: string) => void;
  onAdd: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className={className}>
      <TextField
        label={t`Further brand`}
        value={value}
        onValueChange={onValueChange}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onAdd();
          }
        }}
      />
      <Button variant="secondary" onClick={onAdd}>
        <Trans>Add</Trans>
      </Button>
    </div>
  );
}
