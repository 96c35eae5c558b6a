import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { Button } from '../../ui/Button';
import * as controls from '../../ui/controls.css';
import { useVinField } from './use-vin-field';
import * as styles from './vehicle.css';
import { useVinTexts } from './vin-texts';

/**
 * A VIN field that tells, as the person types, what is wrong and where, offers the usual fix for
 * I/O/Q, and names the maker and country, the model-year hint and the check-digit advice. All of
 * it is in a polite live region tied to the input, and said in words, not by colour.
 */
export function VinField({
  label,
  value,
  onValueChange,
  error,
  latestModelYear = new Date().getFullYear() + 1,
}: {
  label?: ReactNode;
  value?: string;
  onValueChange?: (value: string) => void;
  /** The form's own message (already translated), e.g. after a refused send. */
  error?: string | null;
  latestModelYear?: number;
}) {
  const texts = useVinTexts();
  const field = useVinField({ value, onValueChange, latestModelYear });
  const inputId = useId();
  const reportId = `${inputId}-report`;
  const errorId = `${inputId}-error`;
  const { check } = field;
  const invalid = field.showsProblems || Boolean(error);
  const years = texts.modelYears(check.modelYears);
  const advisory = texts.checkDigit(check.checkDigit);
  const length = [...check.vin].length;
  const suggestion = check.suggestion;

  return (
    <div className={controls.field}>
      <label className={controls.label} htmlFor={inputId}>
        {label ?? <Trans>VIN</Trans>}
      </label>
      <input
        id={inputId}
        className={`${controls.input} ${styles.vin}`}
        value={field.value}
        onChange={(event) => field.change(event.target.value)}
        onBlur={field.blur}
        aria-invalid={invalid || undefined}
        aria-describedby={[error ? errorId : null, reportId].filter(Boolean).join(' ')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      {error ? (
        <p id={errorId} className={controls.errorText} role="alert">
          {error}
        </p>
      ) : null}
      <div id={reportId} className={styles.report} role="status" aria-live="polite">
        {field.empty ? (
          <p className={controls.hint}>
            <Trans>17 characters, field E of the registration document.</Trans>
          </p>
        ) : null}
        {field.typing ? <p className={controls.hint}>{texts.progress(length)}</p> : null}
        {field.leftIncomplete ? <p className={styles.problemTitle}>⚠ {texts.tooShort(length)}</p> : null}
        {field.invalid ? (
          <>
            <p className={styles.problemTitle}>
              ⚠ <Trans>This is not a valid VIN:</Trans>
            </p>
            <ul className={styles.problems}>
              {check.problems.map((problem) => (
                <li key={`${problem.kind}-${'position' in problem ? problem.position : 'length'}`}>
                  {texts.problem(problem)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {field.valid ? (
          <p className={styles.valid}>
            ✓ <Trans>Valid VIN</Trans>
          </p>
        ) : null}
        {check.manufacturer ? <p className={styles.decode}>{texts.manufacturer(check.manufacturer)}</p> : null}
        {years ? <p className={styles.advisory}>{years}</p> : null}
        {advisory ? <p className={styles.advisory}>{advisory}</p> : null}
      </div>
      {field.canAcceptSuggestion && suggestion ? (
        <Button variant="secondary" className={styles.suggestion} onClick={field.acceptSuggestion}>
          <Trans>
            Did you mean <span className={styles.vin}>{suggestion}</span>?
          </Trans>
        </Button>
      ) : null}
    </div>
  );
}
