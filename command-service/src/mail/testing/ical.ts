// ical.js (the RFC 5545 parser the mail tests read calendar attachments with) ships as an ES
// module with a CommonJS build; the test suites are CommonJS and load that build. The type
// comes from the ES module's declarations.
export const ICAL: typeof import('ical.js', { with: { 'resolution-mode': 'import' } }).default = require('ical.js');
