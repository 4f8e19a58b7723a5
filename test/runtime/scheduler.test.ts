import { expect } from 'chai';
import pino from 'pino';
import { Scheduler, type ScheduledTask } from '../../src/runtime/scheduler.ts';
import { testApp, unique, type TestApp } from '../support/app.ts';

describe('scheduled tasks', () => {
  it('run once per tick however many instances fire it, and record each run', async () => {
    const app = await testApp();
    let runs = 0;
    const task: ScheduledTask = {
      name: unique('task'),
      cron: '* * * * *',
      async run() {
        runs++;
      },
    };
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
    const task: ScheduledTask = {
      name: unique('failing'),
      cron: '* * * * *',
      async run() {
        throw new Error('provider down');
      },
    };
    const scheduler = new Scheduler(app.services, [task], pino({ level: 'silent' }));
    expect(await scheduler.fire(task, new Date())).to.equal(true);
    const [row] = await app.services.db.knex('scheduled_runs').where('task', task.name);
    expect(row.error).to.equal('provider down');
  });

  describe('a tick missed while no instance was up', () => {
    const DAY = 86_400_000;
    const silent = pino({ level: 'silent' });
    const daily = (): ScheduledTask & { runs: number } => {
      const task = {
        name: unique('daily'),
        cron: '0 3 * * *',
        tz: 'UTC',
        runs: 0,
        async run() {
          task.runs++;
        },
      };
      return task;
    };
    const ticks = async (app: TestApp, name: string) =>
      (await app.services.db.knex('scheduled_runs').where('task', name).orderBy('tick')).map((r: any) => new Date(r.tick).toISOString());
    /** The latest 03:00 UTC before the service clock's now. */
    const previous3am = (now: Date) => {
      const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 3));
      return at.getTime() < now.getTime() ? at : new Date(at.getTime() - DAY);
    };

    it('runs once at start for the previous occurrence, then not again until another occurrence is missed', async () => {
      const app = await testApp();
      const task = daily();
      const scheduler = new Scheduler(app.services, [task], silent);
      expect(await scheduler.catchUp()).to.deep.equal([task.name]);
      expect(await ticks(app, task.name)).to.deep.equal([previous3am(app.clock.now()).toISOString()]);
      expect(await new Scheduler(app.services, [task], silent).catchUp(), 'a second start the same day').to.deep.equal([]);
      expect(task.runs).to.equal(1);

      app.clock.advance(DAY);
      expect(await scheduler.catchUp()).to.deep.equal([task.name]);
      expect(task.runs).to.equal(2);
      expect((await ticks(app, task.name)).at(-1)).to.equal(previous3am(app.clock.now()).toISOString());
    });

    it('is not caught up when its occurrence ran; several instances starting together catch it up once', async () => {
      const app = await testApp();
      const task = daily();
      const due = previous3am(app.clock.now());
      expect(await new Scheduler(app.services, [task], silent).fire(task, due)).to.equal(true);
      expect(await new Scheduler(app.services, [task], silent).catchUp()).to.deep.equal([]);

      app.clock.advance(3 * DAY); // three occurrences missed: one run, for the latest
      const started = await Promise.all([1, 2, 3].map(() => new Scheduler(app.services, [task], silent).catchUp()));
      expect(started.flat()).to.deep.equal([task.name]);
      expect(task.runs).to.equal(2);
      expect(await ticks(app, task.name)).to.deep.equal([due.toISOString(), new Date(due.getTime() + 3 * DAY).toISOString()]);
    });
  });
});
