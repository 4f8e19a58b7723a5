/**
 * Keys whose values never leave the service: not in logs, not in the auditors' history views.
 * Matched case-insensitively on the key name.
 */
const SECRET_KEY = /pass(word)?|secret|token|hash|api_?key|authorization|cookie|credential/i;

export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redactSecrets) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    // Only string values are secrets (a flag such as must_change_password stays readable).
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) && typeof v === 'string' ? '[redacted]' : redactSecrets(v);
    return out as T;
  }
  return value;
}

/** pino `redact` paths for the same keys at the depths requests and errors put them. */
export const LOG_REDACT_PATHS = [
  'password', '*.password', '*.*.password', 'new_password', '*.new_password', 'current_password', '*.current_password',
  'token', '*.token', 'access_token', '*.access_token', 'password_hash', '*.password_hash', '*.*.password_hash',
  'req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie',
];
