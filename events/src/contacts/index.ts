// The contacts feature's contract (issue 15): events, commands, endpoints.
export * from './contact.events';
export * from './contact.endpoints';
export * from './contact-group.events';
export * from './contact-group.endpoints';
export * from './contact-export.events';
export * from './contact-export.endpoints';
export * from './contact-merge.events';
export * from './contact-merge.endpoints';
export * from './contact-import.events';
export * from './contact-import.endpoints';
export * from './contact-import.rows';
