import type { CodeQualityScanCompleted } from '../../commands/code-quality/events.ts';
import type { ProcessManager } from '../runtime/consumer.ts';
import { notifyAdmins } from '../modules/notifications.ts';
import { domainEvent } from '../eventstore/domainEvent.ts';

/**
 * A scan that found violations of severity error no scan had found before needs an operator
 * (docs/notifications.md). Once per scan: the key is the scan id; a scan finding only known
 * ones, or only warnings, raises nothing.
 */
export const notifyAdminsOnNewErrorViolations: ProcessManager = {
  kind: 'process',
  name: 'notifyAdminsOnNewErrorViolations',
  eventTypes: ['CodeQualityScanCompleted'],
  async handle(event, ctx) {
    const d = domainEvent<CodeQualityScanCompleted>(event).data;
    if (d.new_errors === 0) return;
    await notifyAdmins(ctx, event, {
      key: `code_quality_new_errors:${d.scan_id}`,
      kind: 'code_quality_new_errors',
      severity: 'error',
      title: `Code-quality scan ${d.scan_id} found ${d.new_errors} new error violation(s)`,
      body: `The scan found ${d.new_violations} new violation(s), ${d.new_errors} of severity error, and ${d.fixed} fixed; ${d.found} remain.`,
      link: '/admin/code-quality?severity=error&status=open',
      data: { scan_id: d.scan_id, new_errors: d.new_errors, new_violations: d.new_violations },
    });
  },
};
