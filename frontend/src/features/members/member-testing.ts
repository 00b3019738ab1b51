import type { MemberSettingsView, MemberSummary, MemberView } from './members.api';

// Members as the query service answers them (events/src/members/member.endpoints.ts), for the specs.
export const teamId = '0b9a4c1e-c0c0-4aaa-8bbb-000000000001';
export const listPath = `/v5/team/${teamId}/member`;
export const settingsPath = `${listPath}/settings`;
export const contactsPath = `/v5/team/${teamId}/contact`;
export const memberId = (n: number) => `0b9a4c1e-c0c0-4aaa-8bbb-${String(n).padStart(12, '0')}`;
export const adults = '0b9a4c1e-c0c0-4aaa-8eee-000000000001';
export const youth = '0b9a4c1e-c0c0-4aaa-8eee-000000000002';

export const settings: MemberSettingsView = {
  feeCategories: [
    { categoryId: adults, name: 'Erwachsene', fee: { amount: 6000, currency: 'EUR' }, interval: 'year', memberCount: 2 },
    { categoryId: youth, name: 'Jugend', fee: { amount: 1250, currency: 'EUR' }, interval: 'quarter', memberCount: 0 },
  ],
  nextMemberNumber: 13,
};

export function summary(n: number, overrides: Partial<MemberSummary> = {}): MemberSummary {
  return {
    contactId: memberId(n), memberNumber: n, displayName: `Person ${n}`, email: `person${n}@verein.example`, status: 'active',
    entryDate: '2024-01-01', exitDate: null, feeCategoryId: adults, feeCategoryName: 'Erwachsene', ...overrides,
  };
}

export const juergen: MemberView = {
  ...summary(12, { displayName: 'Jürgen Wolf', email: 'juergen@wolf.example', entryDate: '2020-03-15' }),
  teamId, version: 4, fee: { amount: 6000, currency: 'EUR' }, feeInterval: 'year',
};
