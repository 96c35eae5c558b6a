import * as v from 'valibot';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import { toRequestFailure } from './request-failure';

/**
 * The rules of an invitation form, shared by the administrator's "invite a user" (/users) and the
 * dealer's "invite a colleague" (/dealer/colleagues): what a change, a refused submit and a
 * server's field refusal do to the form's values and errors. Each machine declares its own schema.
 */
export type InviteForm<TField extends string> = {
  values: Record<TField, string>;
  errors: Partial<Record<TField, MessageId>>;
};

/** A typed change: the field's new value, and its error gone until the next submit. */
export function withInviteChange<TField extends string>(
  form: InviteForm<TField>,
  field: TField,
  value: string,
): InviteForm<TField> {
  const { [field]: _cleared, ...errors } = form.errors;
  return { values: { ...form.values, [field]: value }, errors: errors as InviteForm<TField>['errors'] };
}

/** Every field's error under the schema, shown after a refused submit. */
export function inviteErrors<TField extends string>(
  schema: v.GenericSchema,
  values: Record<TField, string>,
): InviteForm<TField>['errors'] {
  const result = v.safeParse(schema, values);
  return result.success ? {} : fieldErrors<TField>(result.issues);
}

/** A server refusal naming one of the form's fields shows at that field; any other changes nothing. */
export function withRefusedField<TField extends string>(
  form: InviteForm<TField>,
  error: unknown,
): Partial<InviteForm<TField>> {
  const failure = toRequestFailure(error);
  return failure.field && failure.messageId && failure.field in form.values
    ? { errors: { ...form.errors, [failure.field]: failure.messageId } }
    : {};
}
