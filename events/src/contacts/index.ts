// The contacts feature's contract (issue 15): events, commands, endpoints.
export * from './contact.events';
export * from './contact.endpoints';
