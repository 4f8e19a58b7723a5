/**
 * Polls until `check` answers something: what a test reads behind an asynchronous step (a process
 * manager's effect, a projection a moment behind its command), read back as a client would.
 */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, what: string, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
