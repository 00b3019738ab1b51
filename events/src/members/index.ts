// The members feature's contract (issue 15): membership events on the contact's stream, the
// team's member numbers and settings, commands and endpoints.
export * from './member.events';
export * from './member.endpoints';
