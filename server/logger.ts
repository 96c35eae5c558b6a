import pino from 'pino';

/**
 * Structured JSON logs. Secrets never reach them: request bodies are not logged, and these
 * paths are redacted should an object carrying them ever be logged.
 */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
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
