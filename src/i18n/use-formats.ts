import { useLingui } from '@lingui/react';
import { type Formats, formatLanguage, formatsFor } from '../../common/format/formats';

/** The portal's formats (common/format, ADR 036) in the language on screen; the same object while the language stays. */
export function useFormats(): Formats {
  const { i18n } = useLingui();
  return formatsFor(formatLanguage(i18n.locale));
}
