import type { FormHTMLAttributes } from 'react';

/**
 * A form whose submit (button or Enter) calls `onValid` without reloading the page. Native
 * validation bubbles are off: the flow's machine validates and the fields show its messages.
 * `action`: where the same form posts as a plain HTML form, on a prerendered page before the app
 * has taken over or without JavaScript (ADR 046); the live form never posts it.
 */
export function Form({
  onValid,
  action,
  ...rest
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate' | 'action' | 'method'> & {
  onValid: () => void;
  action?: string;
}) {
  return (
    <form
      {...rest}
      {...(action ? { action, method: 'post' } : {})}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onValid();
      }}
    />
  );
}
