// One Jest, three projects: unit (*.spec.ts), integration (*.int-spec.ts, real
// PostgreSQL/Redis/Kafka), e2e (*.e2e-spec.ts, real browser against the built app).
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
}];
const moduleNameMapper = {
  '^@planwerk/events$': '<rootDir>/events/src/index.ts',
  '^@planwerk/platform$': '<rootDir>/platform/src/index.ts',
  '^@planwerk/projector$': '<rootDir>/projector/src/index.ts',
  '^@planwerk/command-service$': '<rootDir>/command-service/src/index.ts',
  '^@planwerk/query-service$': '<rootDir>/query-service/src/index.ts',
  '^@planwerk/embedded$': '<rootDir>/deploy/embedded/src/index.ts',
};
const roots = ['<rootDir>/events', '<rootDir>/platform', '<rootDir>/projector', '<rootDir>/command-service',
  '<rootDir>/query-service', '<rootDir>/deploy', '<rootDir>/e2e', '<rootDir>/bench',
  // scripts/messages checks the console's message catalogues (frontend/src/lang) as a unit suite.
  '<rootDir>/scripts'];
const base = {
  rootDir: __dirname,
  roots,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)s$': swc },
  // ESM-only packages are transformed to CommonJS under Jest (toolchain.md); at run time the
  // compiled services load them with a real dynamic import(). Add new ones here.
  transformIgnorePatterns: ['/node_modules/(?!(openid-client|oauth4webapi|jose)/)'],
  moduleNameMapper,
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/', '<rootDir>/frontend/'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
module.exports = {
  projects: [
    { ...base, displayName: 'unit', testMatch: ['**/*.spec.ts'] },
    // Real components on a 2-core machine: each suite gets 30 s per test and hook
    // (scripts/testing/integration-timeout.ts says why it is set there).
    { ...base, displayName: 'integration', testMatch: ['**/*.int-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/scripts/testing/integration-timeout.ts'],
      testPathIgnorePatterns: [...base.testPathIgnorePatterns, '\\.serial\\.int-spec\\.ts$'],
      globalSetup: '<rootDir>/scripts/testing/global-setup.ts',
      globalTeardown: '<rootDir>/scripts/testing/global-teardown.ts' },
    // Suites that hold writing transactions open on purpose: the global-log visibility bound is
    // cluster-wide, so they run alone, after the others.
    { ...base, displayName: 'integration-serial', testMatch: ['**/*.serial.int-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/scripts/testing/integration-timeout.ts'],
      globalSetup: '<rootDir>/scripts/testing/global-setup.ts',
      globalTeardown: '<rootDir>/scripts/testing/global-teardown.ts' },
    { ...base, displayName: 'e2e', testMatch: ['**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/scripts/testing/global-setup.ts',
      globalTeardown: '<rootDir>/scripts/testing/global-teardown.ts' },
    // The console's component tests (frontend/src/**/*.spec.tsx, React Testing Library): jsdom
    // with Node's fetch (frontend/jest.environment.cjs), React's automatic runtime, and the
    // console's ESM-only packages transformed; the server projects above never see frontend/.
    { ...base, displayName: 'console', rootDir: __dirname, roots: ['<rootDir>/frontend/src'],
      testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
      testEnvironment: '<rootDir>/frontend/jest.environment.cjs',
      transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', {
        jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: {
          react: { runtime: 'automatic' },
          // Vite's import.meta.env as in `vite dev` (CommonJS has no import.meta).
          optimizer: { globals: { vars: { 'import.meta.env.DEV': 'true', 'import.meta.env.PROD': 'false', 'import.meta.env.MODE': '"test"' } } },
        } },
        module: { type: 'commonjs' },
      }] },
      transformIgnorePatterns: ['/node_modules/(?!(react-router|react-intl|@formatjs|intl-messageformat)/)'],
      moduleNameMapper: {
        '\\.css$': '<rootDir>/frontend/src/shared/testing/style-stub.cjs',
        '^@planwerk/events/constants$': '<rootDir>/events/src/constants/index.ts',
        '^@planwerk/events/access$': '<rootDir>/events/src/access/access.ts',
        '^@planwerk/events/route-access$': '<rootDir>/events/src/access/route-access.ts',
        '^@planwerk/events/realtime/(.*)$': '<rootDir>/events/src/realtime/$1',
        '^@planwerk/events/activity-sentences$': '<rootDir>/events/src/activity/sentences/index.ts',
        ...base.moduleNameMapper,
      },
      modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
      setupFilesAfterEnv: ['<rootDir>/frontend/src/shared/testing/setup.ts'] },
    // Fault injection (e2e/faults): services as separate processes, killed and restarted; run in
    // band. Each test and hook sets its own (long) timeout.
    { ...base, displayName: 'faults', testMatch: ['**/*.faults-spec.ts'],
      globalSetup: '<rootDir>/scripts/testing/global-setup.ts',
      globalTeardown: '<rootDir>/scripts/testing/global-teardown.ts' },
  ],
};
