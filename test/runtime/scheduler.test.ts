import { expect } from 'chai';
import pino from 'pino';
import { Scheduler, type ScheduledTask } from '../../src/runtime/scheduler.ts';
import { testApp, unique } from '../support/app.ts';

describe('scheduled tasks', () => {
  it('run once per tick however many instances fire it, and record each run', async () => {
    const app = await testApp();
    let runs = 0;
    const task: ScheduledTask = { name: unique('task'), cron: '* * * * *', async run() { runs++; } };
    const instances = [1, 2, 3].map(() => new Scheduler(app.services, [task], pino({ level: 'silent' })));
    const tick = new Date('2026-11-21T03:00:00.250Z');
    const ran = await Promise.all(instances.map((s) => s.fire(task, tick)));
    expect(ran.filter(Boolean)).to.have.length(1);
    expect(runs).to.equal(1);
    expect(await instances[0].fire(task, new Date('2026-11-21T03:01:00Z'))).to.equal(true);
    const history = await app.services.db.knex('scheduled_runs').where('task', task.name).orderBy('tick');
    expect(history).to.have.length(2);
    expect(history[0].finished_at).to.be.instanceOf(Date);
    expect(history[0].error).to.equal(null);
  });

  it('records a failing run with its error and keeps the service up', async () => {
    const app = await testApp();
    const task: ScheduledTask = { name: unique('failing'), cron: '* * * * *', async run() { throw new Error('provider down'); } };
    const scheduler = new Scheduler(app.services, [task], pino({ level: 'silent' }));
    expect(await scheduler.fire(task, new Date())).to.equal(true);
    const [row] = await app.services.db.knex('scheduled_runs').where('task', task.name);
    expect(row.error).to.equal('provider down');
  });
});
