// Loads the services' TypeScript sources into a plain Node process the way Jest does: swc to
// CommonJS with decorator metadata (Nest's constructor injection needs it; tsx/esbuild does not
// emit it), dynamic import() kept for the ESM-only packages, @planwerk/* mapped to the sources.
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');

const root = join(__dirname, '..', '..');
const packages = {
  '@planwerk/events': 'events',
  '@planwerk/projector': 'projector',
  '@planwerk/command-service': 'command-service',
  '@planwerk/query-service': 'query-service',
  '@planwerk/embedded': 'deploy/embedded',
};

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolvePlanwerk(request, ...rest) {
  const dir = packages[request];
  return dir ? join(root, dir, 'src', 'index.ts') : resolveFilename.call(this, request, ...rest);
};

const options = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs', ignoreDynamic: true },
};

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...options, filename });
  module._compile(code, filename);
};
