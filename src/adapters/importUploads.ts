import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

/**
 * Uploaded import files, kept under DATA_DIR/marketplace-imports until their job ends. The name
 * is generated here: a client's file name never reaches the file system (the upload rule of images,
 * applied to every upload). Jobs store the relative name; it is checked again before use.
 */
const FOLDER = 'marketplace-imports';
const NAME = /^marketplace-imports\/[0-9a-f-]{36}\.csv$/;

export async function storeImportUpload(dataDir: string, tempPath: string): Promise<string> {
  const relative = `${FOLDER}/${randomUUID()}.csv`;
  await mkdir(join(dataDir, FOLDER), { recursive: true });
  const target = join(dataDir, relative);
  try {
    await rename(tempPath, target);
  } catch {
    // The temporary file is on another device: copy, then remove it.
    await copyFile(tempPath, target);
    await rm(tempPath, { force: true });
  }
  return relative;
}

/**
 * A stored upload copied under a new name for a new job (a retry of the job that owned it), or
 * null when it is no longer kept: a job removes its file once it has read it.
 */
export async function copyImportUpload(dataDir: string, relative: string): Promise<string | null> {
  const copy = `${FOLDER}/${randomUUID()}.csv`;
  try {
    await copyFile(uploadedImportPath(dataDir, relative), join(dataDir, copy));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  return copy;
}

export function uploadedImportPath(dataDir: string, relative: string): string {
  if (!NAME.test(relative)) throw new Error(`not an import upload name: ${relative}`);
  const root = resolve(dataDir);
  const full = resolve(root, relative);
  if (!full.startsWith(root + sep)) throw new Error('import upload outside the data folder');
  return full;
}
