import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import type { WebhookAttemptError } from '../../common/contracts/webhooks';

export type SendLimits = {
  /** Until the connection (and TLS) stands. */
  connectTimeoutMs: number;
  /** For the whole exchange, from connecting to the last byte read. */
  totalTimeoutMs: number;
  /** Response bytes read at most; the rest is dropped with the connection. */
  maxResponseBytes: number;
};

export type SendOutcome = { status: number } | { error: WebhookAttemptError };

/**
 * POSTs one signed delivery to the checked address (never resolving the name again, so what was
 * checked is what is connected to), with the original host in the Host header and as the TLS
 * server name, so the certificate is still verified for it. Redirects are not followed (a 3xx is
 * just a status that is not success); the body is read up to the cap and dropped; the timers end
 * a slow receiver's connection. It never throws: every failure is an outcome for the log.
 */
export function sendWebhook(
  target: { url: URL; address: string },
  headers: Record<string, string>,
  body: string,
  limits: SendLimits,
): Promise<SendOutcome> {
  return new Promise((resolve) => {
    const { url, address } = target;
    const isHttps = url.protocol === 'https:';
    const hostIsName = !ipaddr.isValid(url.hostname.replace(/^\[(.*)\]$/, '$1'));
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(totalTimer);
      request.destroy();
      resolve(outcome);
    };
    const options: https.RequestOptions = {
      host: address,
      port: url.port === '' ? (isHttps ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: {
        ...headers,
        host: url.host,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Teileportal-Webhooks/1',
      },
      agent: false,
      ...(isHttps && hostIsName ? { servername: url.hostname } : {}),
    };
    const request = (isHttps ? https : http).request(options, (response) => {
      let received = 0;
      const status = response.statusCode ?? 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        // Enough read: the status is what counts, the rest of a huge answer is dropped.
        if (received >= limits.maxResponseBytes) finish({ status });
      });
      response.on('end', () => finish({ status }));
      response.on('error', () => finish({ status }));
    });
    const connectTimer = setTimeout(() => finish({ error: 'timeout' }), limits.connectTimeoutMs);
    const totalTimer = setTimeout(() => finish({ error: 'timeout' }), limits.totalTimeoutMs);
    request.on('socket', (socket) => {
      socket.once(isHttps ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
    });
    request.on('error', () => finish({ error: 'connectionFailed' }));
    request.end(body);
  });
}
