import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { closeBrowser, htmlToPdf } from '../../src/adapters/pdf/browser.ts';
import { requirePostgres } from '../support/database.ts';
import { startService } from '../support/childService.ts';
import { freshPostgresDatabase } from '../support/database.ts';

/** The processes whose parent chain leads to `root` (Linux /proc). */
function descendantsOf(root: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields after the last ')' are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const [child, ppid] of parent)
      if (ppid === pid) {
        found.push(child);
        visit(child);
      }
  };
  visit(root);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('Shutdown: stopping the service stops everything it started', function () {
  this.timeout(600_000);

  it("the invoice PDFs' chromium and every process under it end when the browser is closed (what the service's stop does)", async () => {
    const before = new Set(descendantsOf(process.pid));
    const pdf = await htmlToPdf('<html><body><h1>Invoice</h1></body></html>');
    expect(pdf.subarray(0, 5).toString()).to.equal('%PDF-');
    const chromium = descendantsOf(process.pid).filter((p) => !before.has(p));
    expect(chromium, 'chromium runs as processes of this one').to.not.be.empty;
    await closeBrowser();
    const deadline = Date.now() + 10_000;
    while (chromium.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(chromium.filter(alive), 'chromium processes left after closeBrowser').to.deep.equal([]);
  });

  it('SIGTERM ends the service within SHUTDOWN_TIMEOUT_MS with exit code 0, its live streams and pools closed, no process of it left', async function () {
    const server = await requirePostgres(this, 'the service as a child process on a PostgreSQL database');
    const { url: databaseUrl, drop } = await freshPostgresDatabase(server);
    const service = await startService({ databaseUrl, name: 'shutdown', readyTimeoutMs: 540_000, env: { SHUTDOWN_TIMEOUT_MS: '10000' } });
    try {
      // A kept-alive connection that stays open: closing must not wait for it.
      const idle = await fetch(`${service.url}/health`);
      expect(idle.status).to.equal(200);
      const pid = service.child.pid!;
      const children = descendantsOf(pid);
      const exited = new Promise<number | null>((r) => service.child.once('exit', (code) => r(code)));
      const began = Date.now();
      service.child.kill('SIGTERM');
      const code = await exited;
      expect(code, service.logTail()).to.equal(0);
      expect(Date.now() - began).to.be.below(10_000 + 2_000);
      expect(service.logTail()).to.match(/"msg":"shutting down"/);
      // A helper process ends once it reads the end of its pipe from the service (tsx's compiler does): allow it a moment.
      const deadline = Date.now() + 5_000;
      while ([pid, ...children].some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const left = [pid, ...children].filter(alive).map((p) => {
        try {
          return `${p} ${readFileSync(`/proc/${p}/cmdline`, 'utf8').replace(/\0/g, ' ')}`;
        } catch {
          return String(p);
        }
      });
      expect(left, 'processes of the service left').to.deep.equal([]);
    } finally {
      await service.kill();
      await drop();
    }
  });
});
