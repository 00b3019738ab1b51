import type { MySignup } from '../my-signups.api';

// Sign-ups of mine as GET /v5/user/signups answers them, for the console tests of home and /task.
export const TSV_ID = '0b9a4c1e-5555-4aaa-8bbb-000000000002';

let next = 1;
export function mySignup(overrides: Partial<MySignup>): MySignup {
  const n = next++;
  return {
    signupId: `0b9a4c1e-6666-4aaa-8bbb-${String(n).padStart(12, '0')}`, teamId: TSV_ID, projectId: 'p-sommerfest', projectLink: 'sommerfest',
    projectName: 'Sommerfest', colour: 1, listId: 'l-kuchen', listName: 'Kuchenbuffet', itemId: `i-${n}`, itemName: 'Apfelkuchen',
    date: '2099-06-20', time: null, status: 'placed', at: '2027-03-04T12:00:00.000Z', promotedAt: null, changedAt: null, cancelledAt: null,
    cancelledBy: null, ...overrides,
  };
}
