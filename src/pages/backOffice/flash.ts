import type { Context } from 'koa';

/**
 * The message a form's answer shows on the page it redirects to (Post/Redirect/Get): kept in a
 * short-lived HttpOnly cookie of the back offices, shown once by the next page and cleared.
 */
const COOKIE = 'bo_flash';

export type FlashKind = 'notice' | 'error';
export interface Flash {
  kind: FlashKind;
  text: string;
}

const options = (ctx: Context, maxAge: number) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: ctx.secure,
  overwrite: true,
  maxAge,
});

export function setFlash(ctx: Context, kind: FlashKind, text: string): void {
  ctx.cookies.set(COOKIE, Buffer.from(JSON.stringify({ kind, text: text.slice(0, 500) })).toString('base64url'), options(ctx, 60_000));
}

/** The pending message, cleared as it is read. */
export function takeFlash(ctx: Context): Flash | null {
  const value = ctx.cookies.get(COOKIE);
  if (!value) return null;
  ctx.cookies.set(COOKIE, '', { ...options(ctx, 0), expires: new Date(0) });
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object') {
      const { kind, text } = parsed as Record<string, unknown>;
      if ((kind === 'notice' || kind === 'error') && typeof text === 'string') return { kind, text };
    }
  } catch {
    // A cookie that is not ours: nothing to show.
  }
  return null;
}
