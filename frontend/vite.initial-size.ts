import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

// Prints what a first visit downloads before the start page shows: the entry chunk, every chunk
// it imports statically (transitively), and the lazy chunk of the start route with its static
// imports. Issue goal: at most 200 KB of JavaScript, gzip. Languages other than de, and every
// other route, load on demand and are not counted.

interface Chunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId: string | null;
}

const GOAL_KB = 200;

export function initialSize(firstViewModule: string): Plugin {
  return {
    name: 'planwerk-initial-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Chunk>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output as Chunk);
      const counted = new Set<string>();
      const visit = (fileName: string): void => {
        const chunk = chunks.get(fileName);
        if (!chunk || counted.has(fileName)) return;
        counted.add(fileName);
        for (const imported of chunk.imports) visit(imported);
      };
      const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
      const firstView = [...chunks.values()].filter((chunk) => chunk.facadeModuleId?.replace(/\\/g, '/').endsWith(firstViewModule));
      if (entries.length === 0 || firstView.length === 0) {
        this.error(`initial size: no entry chunk or no chunk for ${firstViewModule}`);
      }
      for (const chunk of [...entries, ...firstView]) visit(chunk.fileName);
      let raw = 0;
      let gzip = 0;
      for (const fileName of counted) {
        const code = chunks.get(fileName)!.code;
        raw += Buffer.byteLength(code);
        gzip += gzipSync(code, { level: 9 }).byteLength;
      }
      const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
      const verdict = gzip / 1024 <= GOAL_KB ? 'within' : 'OVER';
      // Printed on purpose: the build log is where the figure is read (README, closing notes).
      console.log(`\ninitial JavaScript for the first view: ${kb(gzip)} KB gzip (${kb(raw)} KB raw, ${counted.size} chunks) — ${verdict} the ${GOAL_KB} KB goal\n`);
    },
  };
}
