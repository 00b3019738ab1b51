// Which real components an integration suite may use. With CI=true a missing component
// fails the suite; on a developer machine without it the suite is skipped with the reason.
export type Component = 'postgres' | 'redis' | 'kafka' | 'eventstoredb' | 'chromium';

const ENV: Record<Component, string> = {
  postgres: 'DATABASE_URL',
  redis: 'REDIS_URL',
  kafka: 'KAFKA_BROKERS',
  eventstoredb: 'EVENTSTORE_URL',
  chromium: 'CHROMIUM_PATH',
};

export function componentUrl(component: Component): string | undefined {
  const value = process.env[ENV[component]];
  return value && value.trim() !== '' ? value : undefined;
}

/**
 * `describe` for a suite that needs `component`. EventStoreDB is the one exception to the
 * CI rule: no server can run on this machine, so its suite reports itself as not run.
 */
export function describeWith(component: Component, name: string, body: () => void): void {
  if (componentUrl(component)) {
    describe(name, body);
    return;
  }
  const reason = `${ENV[component]} is not set`;
  if (process.env.CI === 'true' && component !== 'eventstoredb') {
    describe(name, () => {
      it(`needs ${component}`, () => {
        throw new Error(`${name}: ${reason}, and CI=true requires every component`);
      });
    });
    return;
  }
  // Skipped on purpose: the component is not available here (reason printed below).
  describe.skip(`${name} [not run: ${reason}]`, body);
}
