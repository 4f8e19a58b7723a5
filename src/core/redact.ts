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

/**
 * A log line (pino's JSON, one object) with the value of every key that names a secret replaced,
 * at any depth, an error's fields included (the line is redacted as written, after the
 * serializers). Most lines name no such key: one test of the text decides, and only a line that
 * may hold one is parsed and written again (a request line, the most frequent, never is).
 */
export function redactLogLine(line: string): string {
  if (!SECRET_KEY_IN_JSON.test(line)) return line;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return line;
  }
  return `${JSON.stringify(redactValues(parsed))}\n`;
}

/** A JSON key naming a secret; also matches such a name in an escaped text, which only costs the slow path. */
const SECRET_KEY_IN_JSON = new RegExp(`"[^"]*(?:${SECRET_KEY.source})[^"]*"\\s*:`, 'i');

/** Every value under a secret key replaced, whatever its type (a set-cookie header is a list), except a flag or an absent one. */
function redactValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValues);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const plain = v !== null && typeof v === 'object' && !Array.isArray(v);
      out[k] = SECRET_KEY.test(k) && v !== null && typeof v !== 'boolean' && !plain ? '[redacted]' : redactValues(v);
    }
    return out;
  }
  return value;
}

/** Keys whose values the admins' log store never keeps, beyond SECRET_KEY's: card data, keys, signatures. */
const STORE_SECRET_KEY =
  /pass(word)?|secret|token|hash|api_?key|authorization|cookie|credential|card|cvc|cvv|iban|private_?key|signature|sealed/i;

/** Secrets recognised by their shape wherever they stand in a text (a URL, a message, an error). */
const SECRET_SHAPES: [RegExp, string | ((m: string) => string)][] = [
  // JSON Web Tokens (access tokens, invitation and reset secrets).
  [/eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, '[redacted-jwt]'],
  // Stripe keys and webhook secrets.
  [/\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{6,}|\bwhsec_[A-Za-z0-9]{6,}/g, '[redacted-key]'],
  // Authorization header values.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi, '$1 [redacted]'],
  // user:password in a URL.
  [/(\/\/[^/\s:@]+:)[^@\s/]+@/g, '$1[redacted]@'],
  // key=value pairs of a query string or a form whose key names a secret.
  [/\b((?:[a-z_]*(?:pass(?:word)?|secret|token|api_?key|key|signature|card|cvc|cvv))=)[^&\s"']+/gi, '$1[redacted]'],
  // Card numbers: 13 to 19 digits, spaced or dashed, that pass the Luhn check.
  [/\b\d(?:[ -]?\d){12,18}\b/g, (m) => (luhn(m.replace(/\D/g, '')) ? '[redacted-card]' : m)],
];

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Any of the shapes, tested once: most texts (an id, a method, a path) hold none and are kept as they are. */
const ANY_SECRET_SHAPE = new RegExp(SECRET_SHAPES.map(([shape]) => shape.source).join('|'), 'i');

/** A text with every secret recognised by its shape replaced. */
export function scrubText(text: string): string {
  if (!ANY_SECRET_SHAPE.test(text)) return text;
  let out = text;
  for (const [shape, replacement] of SECRET_SHAPES)
    out = typeof replacement === 'string' ? out.replace(shape, replacement) : out.replace(shape, replacement);
  return out;
}

/**
 * A log entry as the admins' log store keeps it (docs/platform-operations.md "Application logs"):
 * every value under a key that names a secret or card data is replaced, and every text is
 * scrubbed of secrets recognised by their shape (tokens, Stripe keys, card numbers, passwords in
 * URLs and query strings), at any depth.
 */
export function scrubForStore(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 12) return '[too deep]';
  if (Array.isArray(value)) return value.map((v) => scrubForStore(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] =
        STORE_SECRET_KEY.test(k) && v !== null && typeof v !== 'boolean' && typeof v !== 'object'
          ? '[redacted]'
          : scrubForStore(v, depth + 1);
    }
    return out;
  }
  return value;
}
