import { componentUrl, describeWith } from '../../../../scripts/testing/components';
import { describeEventStoreContract } from '../testing';
import { createEventStoreDbEventStore } from './eventstoredb-event-store';

// No EventStoreDB server can run on this machine: without EVENTSTORE_URL this suite reports
// itself as not run, also under CI=true (scripts/testing/components.ts).
describeWith('eventstoredb', 'EventStoreDB event store', () => {
  describeEventStoreContract('eventstoredb', async () => {
    const store = createEventStoreDbEventStore({ connectionString: componentUrl('eventstoredb') as string });
    return { store, cleanup: () => store.close() };
  });
});
