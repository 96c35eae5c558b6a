import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as styles from './controls.css';
import { TextField, type TextFieldProps } from './TextField';

/** A password input with a show/hide toggle (docs/product.md §2: login, reset, wizard, invitation). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          aria-label={visible ? t`Hide password` : t`Show password`}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? t`Hide` : t`Show`}
        </button>
      }
    />
  );
}
