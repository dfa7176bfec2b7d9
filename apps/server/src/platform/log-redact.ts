import type { FastifyRequest } from 'fastify';

/**
 * What the server log may not hold (issue 21): a launch token in a URL is enough to play with a
 * member's money for 12 hours. Query values whose name says token, password, signature, secret,
 * key, code or bank are replaced, and pino's `redact` blanks the same names wherever an object
 * logged holds them (a header, an error's details).
 */
const SECRET_NAME = /token|pass(word)?|pw|sig(nature)?|secret|key|otp|code|bank|holder|phone|session/i;

export const REDACTED = '[redacted]';

/** The URL with every secret-looking query value replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeSafe(eq < 0 ? pair : pair.slice(0, eq));
      return eq >= 0 && SECRET_NAME.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function decodeSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Fastify's request line in the log, with the URL redacted and no headers. */
export function requestForLog(req: FastifyRequest) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

const FIELDS = [
  'authorization',
  'cookie',
  'password',
  'token',
  'signature',
  'secret',
  'bankAccount',
  'bank_account',
  'bankPassword',
  'exchange_password',
  'otp',
];

/** pino's redact paths: these names at the top level and one or two levels down. */
export const REDACT_PATHS = FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`, `req.headers.${f}`]);
