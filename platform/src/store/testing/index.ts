// Test-only entry of @planwerk/events (excluded from the package build): import it by path.
export { describeEventStoreContract, type EventStoreUnderTest } from './event-store.contract';
export { testEvent, testEvents, testMetadata, testStreamId } from './event-fixtures';
export { waitForVisible } from './wait-for-visible';
