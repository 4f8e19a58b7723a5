import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Extmarket API keys at rest: AES-256-GCM, a fresh 12-byte IV per value, the GCM tag
 * authenticating it. The key comes from EXTMARKET_ENCRYPTION_KEY (32 bytes, base64 or hex), or,
 * like the JWT secret, is generated once into DATA_DIR/extmarket-key (mode 0600). Production
 * requires the environment variable, so the key never lives next to the data it protects.
 * Stored form: `v1:<iv>:<tag>:<ciphertext>`, base64url parts.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function loadSecretKey(env: NodeJS.ProcessEnv, dataDir: string): Buffer {
  const raw = env.EXTMARKET_ENCRYPTION_KEY;
  if (raw) {
    const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
    if (key.length !== 32) throw new Error('EXTMARKET_ENCRYPTION_KEY must be 32 bytes (64 hex digits or base64)');
    return key;
  }
  if (env.NODE_ENV === 'production') throw new Error('EXTMARKET_ENCRYPTION_KEY is required when NODE_ENV=production');
  const file = join(dataDir, 'extmarket-key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

export function secretBox(key: Buffer): SecretBox {
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join(':');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

const boxes = new Map<string, SecretBox>();
/** The box of this process's configuration (one key per data folder). */
export function secretBoxFor(dataDir: string, env: NodeJS.ProcessEnv = process.env): SecretBox {
  let box = boxes.get(dataDir);
  if (!box) boxes.set(dataDir, (box = secretBox(loadSecretKey(env, dataDir))));
  return box;
}

/** What may be shown of a key: its last four characters. */
export const keyHint = (key: string): string => `…${key.slice(-4)}`;
