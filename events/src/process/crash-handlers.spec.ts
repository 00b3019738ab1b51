import { installCrashHandlers } from './crash-handlers';

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
    process.emit('uncaughtException', new Error('boom'), 'uncaughtException');
    expect(await exited).toBe(1);
    expect(cleaned).toBe(true);
    expect(lines.join('\n')).toMatch(/uncaught exception, stopping: Error: boom/);
  });

  it('logs a lost connection that escaped every listener without exiting', () => {
    const lines: string[] = [];
    const exits: number[] = [];
    installed.push(installCrashHandlers({ label: 'test', log: (line) => lines.push(line), exit: (code) => exits.push(code) }));
    process.emit('uncaughtException', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }), 'uncaughtException');
    expect(exits).toEqual([]);
    expect(lines.join('\n')).toMatch(/database connection error outside a request/);
  });
});
