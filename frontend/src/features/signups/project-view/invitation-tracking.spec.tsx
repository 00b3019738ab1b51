import { afterEach, describe, expect, it } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { answer, fetchCalls } from '../../../shared/testing/fetch-stub';
import { renderConsole } from '../../../shared/testing/render';
import type { ProjectView } from '../../projects';
import { signupsApi } from '../signups.api';
import { useInvitationTracking } from './invitation-tracking';

const projectId = '0b9a4c1e-acac-4aaa-8bbb-000000000010';
const otherProject = '0b9a4c1e-acac-4aaa-8bbb-000000000011';
const invitationId = '0b9a4c1e-acac-4aaa-8bbb-000000000021';
const listId = '0b9a4c1e-acac-4aaa-8bbb-000000000031';
const itemId = '0b9a4c1e-acac-4aaa-8bbb-000000000041';
const signupId = '0b9a4c1e-acac-4aaa-8bbb-000000000051';
const otherItem = '0b9a4c1e-acac-4aaa-8bbb-000000000042';
const reportPath = `/v5/project/${projectId}/invitation/${invitationId}/report`;

// Only what the tracking reads of the view: the project and which list holds which item.
const view = { project: { projectId }, lists: [{ listId, items: [{ itemId }] }] } as unknown as ProjectView;

function Page() {
  useInvitationTracking(view);
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.hash}`}</p>;
}

afterEach(() => sessionStorage.clear());

describe('invitation tracking on the visitor page', () => {
  it('reports the opening of /{prjLink}#invite-<id> once, takes the id out of the address and reports a sign-up made afterwards', async () => {
    answer('POST', reportPath, { accepted: true }, 202);
    answer('POST', `/v5/project/${projectId}/list/${listId}/signup`, { signupId, itemId, status: 'placed', position: null, token: null, checkpoint: 'c2' }, 201);
    const { getByTestId, store } = renderConsole(<Page />, { path: `/sommerfest#invite-${invitationId.toUpperCase()}` });
    await waitFor(() => expect(fetchCalls('POST', reportPath)).toHaveLength(1), { timeout: 5000 });
    expect(fetchCalls('POST', reportPath)[0]?.body).toEqual({ step: 'opened' });
    expect(getByTestId('where')).toHaveTextContent(/^\/sommerfest$/);
    expect(sessionStorage.getItem(`planwerk.invite.${projectId}`)).toBe(invitationId);

    await act(async () => {
      await store.dispatch(signupsApi.endpoints.addSignup.initiate({ projectId, listId, itemId, name: 'Anna', values: {}, vote: null }));
    });
    await waitFor(() => expect(fetchCalls('POST', reportPath)).toHaveLength(2), { timeout: 5000 });
    expect(fetchCalls('POST', reportPath)[1]?.body).toEqual({ step: 'signedUp', listId, signupId });
  });

  it('reports no sign-up without an invitation', async () => {
    answer('POST', `/v5/project/${projectId}/list/${listId}/signup`, { signupId, itemId, status: 'placed', position: null, token: null, checkpoint: 'c2' }, 201);
    const { store } = renderConsole(<Page />, { path: '/sommerfest#info' });
    await act(async () => {
      await store.dispatch(signupsApi.endpoints.addSignup.initiate({ projectId, listId, itemId, name: 'Anna', values: {}, vote: null }));
    });
    // A report would be on its way by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fetchCalls('POST', /\/report$/)).toEqual([]);
  });

  it('reports no sign-up of an item the page does not have', async () => {
    answer('POST', `/v5/project/${otherProject}/list/${listId}/signup`, { signupId, itemId: otherItem, status: 'placed', position: null, token: null, checkpoint: 'c3' }, 201);
    sessionStorage.setItem(`planwerk.invite.${projectId}`, invitationId);
    const { store } = renderConsole(<Page />, { path: '/sommerfest' });
    await act(async () => {
      await store.dispatch(signupsApi.endpoints.addSignup.initiate({ projectId: otherProject, listId, itemId: otherItem, name: 'Anna', values: {}, vote: null }));
    });
    // A report would be on its way by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fetchCalls('POST', /\/report$/)).toEqual([]);
  });
});
