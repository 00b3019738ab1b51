export default async function globalTeardown(): Promise<void> {
  const handle = (globalThis as { __planwerkPg?: { stop(): Promise<void> } }).__planwerkPg;
  if (handle) await handle.stop();
}
