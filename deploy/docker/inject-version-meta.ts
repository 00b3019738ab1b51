// Writes the version meta tag into the built index.html for nginx, which cannot run the
// gateway's injection (distributed mode). Usage: tsx inject-version-meta.ts <index.html>
import { readFileSync, writeFileSync } from 'node:fs';
import { versionMetaTag } from '../../events/src/platform/version-info.schema';

const file = process.argv[2];
if (!file) throw new Error('usage: tsx deploy/docker/inject-version-meta.ts <path to index.html>');
const html = readFileSync(file, 'utf8');
if (!html.includes('</head>')) throw new Error(`${file} has no </head>`);
if (!html.includes('name="planwerk-version"')) {
  writeFileSync(file, html.replace('</head>', `${versionMetaTag()}\n</head>`));
}
