import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { SEARCH_TEXT_MAX_LENGTH } from '../../../common/contracts/trading';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';

/**
 * A trade list's search field (the inquiry lists; ADR 028: the server finds a part number in any
 * spelling, or one character off). The contract's length is the field's, so nobody types a text
 * the URL would refuse.
 */
export function ListSearchField({
  label,
  hint,
  value,
  onSearch,
}: {
  label: ReactNode;
  hint?: ReactNode;
  value: string;
  onSearch: (value: string) => void;
}) {
  return (
    <TextField
      type="search"
      label={label}
      hint={hint}
      value={value}
      onValueChange={onSearch}
      maxLength={SEARCH_TEXT_MAX_LENGTH}
      autoComplete="off"
      spellCheck={false}
    />
  );
}

/** "No results for …" with the way back to the whole list. */
export function NoSearchMatches({ search, onClear }: { search: string; onClear: () => void }) {
  const text = search.trim();
  return (
    <div>
      <p>
        <Trans>No results for “{text}”.</Trans>
      </p>
      <Button variant="secondary" onClick={onClear}>
        <Trans>Clear search</Trans>
      </Button>
    </div>
  );
}
