// @planwerk/events — the shared contract and kernel (architecture.md, "Top level").
export * from './envelope';
export * from './store/event-store.port';
export * from './catalogue/event-definition';
export * from './catalogue/upcaster-registry';
export * from './catalogue/event-catalogue';
export * from './catalogue/all-events';
export * from './feedback/feedback.events';
export * from './feedback/feedback.commands';
export * from './constants';
