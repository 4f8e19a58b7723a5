import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/** argon2id with the library's defaults (memory 19 MiB, 2 passes): OWASP's minimum profile. */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A temporary password shown once (company owners, admin resets): 16 url-safe characters. */
export const temporaryPassword = (): string => randomBytes(12).toString('base64url');

/** A fixed hash to verify against when the account does not exist, so timing does not tell. */
let dummy: Promise<string> | null = null;
export const dummyHash = (): Promise<string> => (dummy ??= hash('not-a-real-password'));
