import { expect } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import type { AppStore } from '../../app/store';

/** Waits until a query of the endpoint has its answer: a screen that shows nothing more is then settled. */
export async function queryAnswered(store: AppStore, endpointName: string): Promise<void> {
  await waitFor(() => expect(Object.values(store.getState().api.queries)
    .some((query) => query?.endpointName === endpointName && query.status === 'fulfilled')).toBe(true));
}
