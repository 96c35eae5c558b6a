import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageId } from '../contracts/message-ids';

/**
 * Machines and the server speak in message ids (style.md §10); this is where the SPA turns each
 * id into a translatable message. The Record type makes a missing id a compile error.
 */
export const messageCatalog: Record<MessageId, MessageDescriptor> = {
  emailRequired: msg`Email is required`,
  emailInvalid: msg`Email is invalid`,
  passwordRequired: msg`Password is required`,
  passwordMinLength: msg`Password should be at least 8 characters long`,
  passwordTooLong: msg`The password may be at most 128 characters long`,
  invalidCredentials: msg`Email or password is incorrect`,
  tooManyAttempts: msg`Too many attempts. Please try again later.`,
  sessionMissing: msg`Please log in.`,
  forbidden: msg`You do not have permission to do that.`,
  loggedOut: msg`You have been logged out.`,
  loginSuccess: msg`Login successful`,
  invalidRequest: msg`The request is invalid.`,
  unsupportedContentType: msg`Requests must be sent as JSON.`,
  foreignOrigin: msg`Requests from other sites are not accepted.`,
  bodyTooLarge: msg`The request is too large.`,
  notFound: msg`Not found.`,
  serverError: msg`An unexpected error occurred. Please try again.`,
  serviceUnavailable: msg`The service is temporarily unavailable. Please try again shortly.`,
  captchaRequired: msg`Please confirm that you are not a robot.`,
  captchaInvalid: msg`The robot check has expired or is invalid. Please confirm again.`,
  networkError: msg`No connection to the server.`,
};
