import {
  exitWithin,
  leftRunning,
  startSupervised,
  type Supervised,
  waitFor,
  whenServing,
} from './support/supervised';

type Target = 'npm' | 'group' | 'supervisor';

/**
 * However the supervisor is told to stop (Ctrl-C in its terminal signals the whole process group;
 * a process manager signals the one process it started), everything it started stops within 10 s,
 * the database included, and it exits 0.
 */
describe('stopping npm start', () => {
  let app: Supervised | undefined;
  afterEach(async () => {
    await app?.destroy();
    app = undefined;
  });

  const cases: [string, Target, NodeJS.Signals[], 'serving' | 'database starting'][] = [
    ['SIGTERM once to npm', 'npm', ['SIGTERM'], 'serving'],
    ['SIGINT once to the process group (Ctrl-C)', 'group', ['SIGINT'], 'serving'],
    ['SIGTERM twice to the process group', 'group', ['SIGTERM', 'SIGTERM'], 'serving'],
    ['SIGINT twice to the supervisor process alone', 'supervisor', ['SIGINT', 'SIGINT'], 'serving'],
    [
      'SIGINT to the process group while the database starts',
      'group',
      ['SIGINT'],
      'database starting',
    ],
  ];

  it.each(cases)(
    '%s: every process stops within 10 s and the exit is 0',
    async (_name, target, signals, when) => {
      const started = await startSupervised('start');
      app = started;
      if (when === 'serving') await whenServing(started);
      else await waitFor('the database process', () => started.roles().db, 30_000, started);

      const running = started.seen();
      const supervisor = started.roles().supervisor;
      const pid =
        target === 'npm' ? started.pid : target === 'group' ? -started.pid : supervisor?.pid;
      if (!pid) throw new Error('no supervisor process found');
      const sent = Date.now();
      for (const [i, signal] of signals.entries()) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 300));
        try {
          process.kill(pid, signal);
        } catch (error) {
          // A second signal may find the process already gone: that is a fast stop, not a failure.
          if (i === 0 || (error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
        }
      }

      const exit = await exitWithin(started, 15_000);
      // Whatever npm did, every process had until 10 s after the first signal to be gone.
      expect(await leftRunning(running, sent + 10_000)).toEqual([]);
      expect(exit).toEqual(expect.objectContaining({ code: 0, signal: null }));
      expect((exit?.at ?? Infinity) - sent).toBeLessThan(10_000);
    },
    90_000,
  );
});
