// The console's Jest environment (toolchain.md): jsdom plus Node's fetch family, so RTK Query
// calls reach a fetch stub the way they reach the server in the browser. MessageChannel is never
// copied: with it Jest hangs after the tests.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = ['fetch', 'Response', 'Headers', 'FormData', 'TextEncoder', 'TextDecoder',
  'ReadableStream', 'WritableStream', 'TransformStream', 'structuredClone', 'AbortController', 'AbortSignal'];

class ConsoleEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    const global = this.global;
    const jsdomFormData = global.FormData;
    for (const name of FROM_NODE) global[name] = globalThis[name];
    // The console calls relative URLs (/v5/...): resolved against the page like the browser does.
    const NodeRequest = globalThis.Request;
    global.Request = class Request extends NodeRequest {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, global.location.href).href : input, init);
      }
    };
    // Node's FormData cannot read a form element, which React does on a submit whose handler
    // starts a transition (a data router's navigate): such a FormData is filled through jsdom's.
    const NodeFormData = globalThis.FormData;
    global.FormData = class FormData extends NodeFormData {
      constructor(form, submitter) {
        super();
        if (form === undefined) return;
        for (const [name, value] of new jsdomFormData(form, submitter)) if (typeof value === 'string') this.append(name, value);
      }
    };
    if (!global.crypto?.getRandomValues) global.crypto = globalThis.crypto;
  }
}

module.exports = ConsoleEnvironment;
