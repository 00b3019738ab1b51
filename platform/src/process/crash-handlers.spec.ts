import { installCrashHandlers } from './crash-handlers';

// What Node does with an exception nobody caught: calls the 'uncaughtException' listeners.
const throwUncaught = (error: Error): boolean => (process.emit as (event: string, ...args: unknown[]) => boolean)('uncaughtException', error, 'uncaughtException');

describe('crash handlers', () => {
  const installed: { uninstall(): void }[] = [];
  afterEach(() => installed.splice(0).forEach((h) => h.uninstall()));

  it('goes on after a lost database connection and after an unhandled rejection; stops on other uncaught exceptions', () => {
    const handlers = installCrashHandlers({ label: 'test', log: () => undefined, exit: () => undefined });
    installed.push(handlers);
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(handlers.classify(terminated, 'uncaughtException')).toBe('continue');
    expect(handlers.classify(new Error('Connection terminated unexpectedly'), 'uncaughtException')).toBe('continue');
    expect(handlers.classify(new Error('boom'), 'unhandledRejection')).toBe('continue');
    expect(handlers.classify(new TypeError('x is not a function'), 'uncaughtException')).toBe('fatal');
  });

  it('logs, runs the cleanup (e.g. stopping the embedded PostgreSQL) and exits with 1 on a fatal error', async () => {
    const lines: string[] = [];
    let cleaned = false;
    const exited = new Promise<number>((resolve) => {
      const handlers = installCrashHandlers({
        label: 'test', log: (line) => lines.push(line), exit: resolve,
        onFatal: async () => { cleaned = true; },
      });
      installed.push(handlers);
    });
    throwUncaught(new Error('boom'));
    expect(await exited).toBe(1);
    expect(cleaned).toBe(true);
    expect(lines.join('\n')).toMatch(/uncaught exception, stopping: Error: boom/);
  });

  it('logs a lost connection that escaped every listener without exiting', () => {
    const lines: string[] = [];
    const exits: number[] = [];
    installed.push(installCrashHandlers({ label: 'test', log: (line) => lines.push(line), exit: (code) => exits.push(code) }));
    throwUncaught(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    expect(exits).toEqual([]);
    expect(lines.join('\n')).toMatch(/database connection error outside a request/);
  });
});
