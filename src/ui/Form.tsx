import type { FormHTMLAttributes } from 'react';

/**
 * A form whose submit (button or Enter) calls `onValid` without reloading the page. Native
 * validation bubbles are off: the flow's machine validates and the fields show its messages.
 */
export function Form({
  onValid,
  ...rest
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & { onValid: () => void }) {
  return (
    <form
      {...rest}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onValid();
      }}
    />
  );
}
