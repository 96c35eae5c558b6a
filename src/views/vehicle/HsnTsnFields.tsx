import { Trans } from '@lingui/react/macro';
import type { HsnTsnCheck } from '../../../common/vehicle/hsn-tsn';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import * as styles from './vehicle.css';
import { useVinTexts } from './vin-texts';

/**
 * HSN and TSN from the registration document, each with its own problems as typed (a field is
 * marked only for what is wrong in it; what is missing is said once the form is sent). The pair's
 * check comes from the owner (the form's machine), the view only words it.
 */
export function HsnTsnFields({
  hsn,
  tsn,
  check,
  errors,
  onChange,
}: {
  hsn: string;
  tsn: string;
  check: HsnTsnCheck;
  /** The form's own messages (translated) per field, after a refused send. */
  errors: { hsn?: string | null; tsn?: string | null };
  onChange: (field: 'hsn' | 'tsn', value: string) => void;
}) {
  const texts = useVinTexts();
  // While typing only what is wrong is shown; "missing" and "too short" come with the send.
  const typed = check.problems.filter((problem) => problem.kind === 'badCharacter' || problem.kind === 'tooLong');
  const messageFor = (field: 'hsn' | 'tsn') => {
    const own = typed.filter((problem) => problem.field === field).map((problem) => texts.hsnTsnProblem(problem));
    const all = [errors[field], ...own].filter((text): text is string => Boolean(text));
    return all.length > 0 ? [...new Set(all)].join(' ') : null;
  };
  const suggestion = check.tsnSuggestion;
  return (
    <>
      <TextField
        label={<Trans>HSN (2.1)</Trans>}
        value={hsn}
        onValueChange={(value) => onChange('hsn', value)}
        error={messageFor('hsn')}
        autoComplete="off"
        inputMode="numeric"
      />
      <div>
        <TextField
          label={<Trans>TSN (2.2)</Trans>}
          value={tsn}
          onValueChange={(value) => onChange('tsn', value)}
          error={messageFor('tsn')}
          autoComplete="off"
        />
        {suggestion ? (
          <Button variant="secondary" className={styles.suggestion} onClick={() => onChange('tsn', suggestion)}>
            <Trans>
              Use <span className={styles.vin}>{suggestion}</span> as the TSN
            </Trans>
          </Button>
        ) : null}
      </div>
    </>
  );
}
