import pino from 'pino';
import { currentRequestContext } from './http/request-context';

/**
 * Structured JSON logs. Secrets never reach them: request bodies are not logged, and these
 * paths are redacted should an object carrying them ever be logged.
 */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
    // Every line written while a request is handled names it: the request id (the proxy's, when it
    // sent a valid one) and the client's address (ADR 032).
    mixin: () => currentRequestContext() ?? {},
    redact: {
      paths: [
        'password',
        '*.password',
        'confirm_password',
        '*.confirm_password',
        'token',
        '*.token',
        'req.headers.cookie',
        // A DMS's API key (ADR 031).
        'req.headers.authorization',
        'secret',
        '*.secret',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
