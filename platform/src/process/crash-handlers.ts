import { isTransientDatabaseError } from '../postgres/transient-errors';

/**
 * The top-level error boundary of every process (issue 12). What escapes every other boundary
 * arrives here:
 * - a lost database connection (an 'error' event nobody listened to, a rejected promise) is
 *   logged and the process goes on: the pool reconnects, requests answer 503 meanwhile;
 * - any other unhandled rejection is logged and the process goes on (the promise's work failed,
 *   nothing else was left half done);
 * - any other uncaught exception is logged, `onFatal` runs (bounded in time: it stops what must
 *   not outlive the process, like the embedded PostgreSQL) and the process exits with 1.
 */
export interface CrashHandlerOptions {
  /** Names the process in the log lines. */
  label: string;
  /** Cleanup before a fatal exit; it gets at most `fatalCleanupMs`. */
  onFatal?(): Promise<void> | void;
  fatalCleanupMs?: number;
  log?(line: string): void;
  /** For tests: instead of process.exit. */
  exit?(code: number): void;
}

export interface CrashHandlers {
  /** Removes the handlers again (tests). */
  uninstall(): void;
  /** The decision for one error, without side effects (tests). */
  classify(error: unknown, origin: 'uncaughtException' | 'unhandledRejection'): 'continue' | 'fatal';
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

export function installCrashHandlers(options: CrashHandlerOptions): CrashHandlers {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const cleanupMs = options.fatalCleanupMs ?? 10_000;
  let exiting = false;

  const classify: CrashHandlers['classify'] = (error, origin) => {
    if (isTransientDatabaseError(error)) return 'continue';
    return origin === 'unhandledRejection' ? 'continue' : 'fatal';
  };

  const fatal = (): void => {
    if (exiting) return;
    exiting = true;
    const timer = setTimeout(() => exit(1), cleanupMs);
    timer.unref?.();
    Promise.resolve()
      .then(() => options.onFatal?.())
      .catch((cleanupError: unknown) => log(`[${options.label}] cleanup after a fatal error failed: ${describeError(cleanupError)}`))
      .finally(() => {
        clearTimeout(timer);
        exit(1);
      });
  };

  const onException = (error: unknown): void => {
    const decision = classify(error, 'uncaughtException');
    if (decision === 'continue') {
      log(`[${options.label}] database connection error outside a request (the process goes on): ${describeError(error)}`);
      return;
    }
    log(`[${options.label}] uncaught exception, stopping: ${describeError(error)}`);
    fatal();
  };
  const onRejection = (reason: unknown): void => {
    log(`[${options.label}] unhandled promise rejection (the process goes on): ${describeError(reason)}`);
  };
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return {
    classify,
    uninstall() {
      process.off('uncaughtException', onException);
      process.off('unhandledRejection', onRejection);
    },
  };
}
