import type { ChildProcess } from 'node:child_process';

export default async function globalTeardown(): Promise<void> {
  const child = (globalThis as { __planwerkPg?: ChildProcess }).__planwerkPg;
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
