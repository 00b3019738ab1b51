// Boundary rules (style.md "Boundaries checked by tools"). `npm run lint` runs them.
const SERVICES = '(command-service|query-service|projector|deploy|frontend)';
const SHARED_FOLDERS = '(app|runtime|shared|testing)';
// Tests may compose several features or services (that is what an integration test is);
// the boundaries hold for the code that ships.
const TEST_CODE = '(\\.(spec|int-spec|serial\\.int-spec|e2e-spec)\\.ts$|/testing/)';
// Deciders live in a feature's decide/ folder, whatever the file is called (ADR 0010): every
// file under a decide/ folder is held pure. scripts/boundaries/check-deciders.mjs (`npm run lint`)
// fails when a file outside decide/ exports a decide or evolve function, so a decider cannot
// leave the rules by its name.
const DECIDER_CODE = '/decide/';

module.exports = {
  forbidden: [
    {
      name: 'events-imports-no-service',
      comment: 'events/ is the shared contract: it imports nothing from the services or platform/ (ADR 0011).',
      severity: 'error',
      from: { path: '^events/' },
      to: { path: `^(${SERVICES.slice(1, -1)}|platform)/` },
    },
    {
      name: 'events-imports-only-zod',
      comment: 'events/ is the contract the browser and the deciders import: zod and itself, nothing else from node_modules (ADR 0011). Its tests may use test libraries (fast-check).',
      severity: 'error',
      from: { path: '^events/', pathNot: TEST_CODE },
      to: { path: 'node_modules/', pathNot: 'node_modules/zod/' },
    },
    {
      name: 'events-imports-no-node-core',
      comment: 'events/ runs in the browser too: no node: modules (crypto, net, http, events ...) (ADR 0011).',
      severity: 'error',
      from: { path: '^events/', pathNot: TEST_CODE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'platform-imports-no-service',
      comment: 'platform/ is infrastructure over the contract: it imports events/ and libraries, never a service.',
      severity: 'error',
      from: { path: '^platform/' },
      to: { path: `^${SERVICES}/` },
    },
    {
      name: 'console-imports-no-platform',
      comment: 'The console imports the contract (@planwerk/events) only, never server infrastructure (ADR 0011).',
      severity: 'error',
      from: { path: '^frontend/' },
      to: { path: '^platform/' },
    },
    {
      name: 'deciders-import-no-framework',
      comment: 'decide/evolve are pure: no Nest, no database, no bus, no clock source.',
      severity: 'error',
      from: { path: DECIDER_CODE, pathNot: TEST_CODE },
      to: { path: 'node_modules/', pathNot: 'node_modules/zod/' },
    },
    {
      name: 'deciders-import-no-node-core',
      severity: 'error',
      from: { path: DECIDER_CODE, pathNot: TEST_CODE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'deciders-import-only-contracts',
      comment: 'A decider imports @planwerk/events and other deciders only: no platform/, no service code (ADR 0011).',
      severity: 'error',
      from: { path: DECIDER_CODE, pathNot: TEST_CODE },
      to: { path: '^(command-service|query-service|projector|deploy|platform)/', pathNot: DECIDER_CODE },
    },
    {
      name: 'no-feature-reaches-into-another-feature',
      comment: 'Inside a service the top level is the list of features; features talk through events/ or the shared folders.',
      severity: 'error',
      // app/ is where a service wires its feature modules together.
      from: { path: '^(command-service|query-service|projector)/src/([^/]+)/', pathNot: ['^[^/]+/src/app/', TEST_CODE] },
      to: {
        path: '^$1/src/([^/]+)/',
        pathNot: [`^$1/src/$2/`, `^$1/src/${SHARED_FOLDERS}/`],
      },
    },
    {
      name: 'services-do-not-import-each-other',
      comment: 'command-service, query-service and projector share events/; the query side may use the projector\'s public index (read-model tables); deploy/ composes them.',
      severity: 'error',
      from: { path: '^(command-service|query-service|projector)/', pathNot: TEST_CODE },
      to: {
        path: '^(command-service|query-service|projector)/',
        // The query side reads the projector's read models through its public index only.
        pathNot: ['^$1/', '^projector/src/index\\.ts$'],
      },
    },
    {
      name: 'console-feature-imports-only-public-entries',
      comment: 'A console feature (frontend/src/features/<a>/) imports its own files, shared/ (the UI kit), app/ (shell, store, API base), @planwerk/events and another feature only through that feature\'s public entry features/<b>/index.ts (ADR 0010).',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/', pathNot: TEST_CODE },
      to: {
        path: '^frontend/src/',
        pathNot: ['^frontend/src/features/$1/', '^frontend/src/features/[^/]+/index\\.ts$', '^frontend/src/(shared|app|lang)/'],
      },
    },
    {
      name: 'console-shared-imports-no-feature',
      comment: 'frontend/src/shared/ is the UI kit every feature uses: it knows no feature (ADR 0010).',
      severity: 'error',
      from: { path: '^frontend/src/shared/', pathNot: TEST_CODE },
      to: { path: '^frontend/src/features/' },
    },
    {
      name: 'console-feature-entry-exports-only-its-feature',
      comment: 'features/<b>/index.ts re-exports its own feature; it is not a way around the boundary.',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/index\\.ts$' },
      to: { path: '^frontend/src/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'frontend-imports-no-backend',
      severity: 'error',
      from: { path: '^frontend/' },
      to: { path: '^(command-service|query-service|projector|deploy)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
