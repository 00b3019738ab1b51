import { allow, type MatrixContext, type MatrixRow, type Values } from './access-matrix.rows';

// Rows of the access matrix for contacts (issue 15; spec section 6, manage_contact). Contact
// managers are owner and admin, and space and item levels with manage_contact listed (an empty
// list counts: the area is listed). Plain members and space without the area are refused;
// another team's member does not learn that the team exists (404). Each call works on a contact
// the owner makes fresh, so a role's edit or removal never meets another role's.

const CONTACT_MANAGERS = ['owner', 'admin', 'spaceWith', 'itemWith', 'itemWithout'] as const;

// The owner's new contact or group, read back once with the command's checkpoint, so that the
// reads of every role find it in the read model.
const ownersContact = async (ctx: MatrixContext): Promise<Values> => {
  const { contactId, checkpoint } = await ctx.client.ok('owner', 'POST', `/v5/team/${ctx.teamId}/contact`, { details: { firstName: 'Max', lastName: 'Matrix' } });
  await ctx.client.ok('owner', 'GET', `/v5/team/${ctx.teamId}/contact/${contactId}?minCheckpoint=${encodeURIComponent(checkpoint)}`);
  return { contactId };
};

const ownersGroup = async (ctx: MatrixContext): Promise<Values> => {
  const { groupId, checkpoint } = await ctx.client.ok('owner', 'POST', `/v5/team/${ctx.teamId}/contact/group`, { name: 'Vorstand', kind: 'department' });
  await ctx.client.ok('owner', 'GET', `/v5/team/${ctx.teamId}/contact/group/${groupId}?minCheckpoint=${encodeURIComponent(checkpoint)}`);
  return { groupId };
};

// A small semicolon CSV, uploaded by the owner for each role's import call.
const CSV = () => new TextEncoder().encode('Vorname;Nachname;E-Mail\r\nMax;Matrix;max@matrix.example\r\n');
const ownersImport = async (ctx: MatrixContext): Promise<Values> => {
  const { importId } = await ctx.client.ok('owner', 'POST', `/v5/team/${ctx.teamId}/contact/import?fileName=matrix.csv`, CSV());
  return { importId };
};
const MAPPING = ['firstName', 'lastName', 'email'];

// Two fresh contacts of the owner merged, for an undo; the undo's body names the survivor of the
// merge the row's params made last (params are built before the body of the same call).
let lastMergeSurvivor = '';
const ownersMerge = async (ctx: MatrixContext): Promise<Values> => {
  const [survivor, merged] = [await ownersContact(ctx), await ownersContact(ctx)];
  const { mergeId } = await ctx.client.ok('owner', 'POST', `/v5/team/${ctx.teamId}/contact/merge`, { survivorId: survivor.contactId, mergedId: merged.contactId });
  lastMergeSurvivor = survivor.contactId;
  return { mergeId };
};

export const CONTACT_ROWS: readonly MatrixRow[] = [
  { endpoint: 'POST /v5/team/{teamId}/contact', expect: allow(201, CONTACT_MANAGERS), body: () => ({ type: 'member', details: { lastName: 'Neu' } }) },
  { endpoint: 'PUT /v5/team/{teamId}/contact/{contactId}', expect: allow(200, CONTACT_MANAGERS), params: ownersContact, body: () => ({ details: { city: 'Köln' } }) },
  { endpoint: 'PUT /v5/team/{teamId}/contact/{contactId}/block', expect: allow(200, CONTACT_MANAGERS), params: ownersContact, body: () => ({ blocked: true }) },
  { endpoint: 'DELETE /v5/team/{teamId}/contact/{contactId}', expect: allow(200, CONTACT_MANAGERS), params: ownersContact },
  { endpoint: 'GET /v5/team/{teamId}/contact', expect: allow(200, CONTACT_MANAGERS), query: () => ({ q: 'ma' }) },
  { endpoint: 'GET /v5/team/{teamId}/contact/{contactId}', expect: allow(200, CONTACT_MANAGERS), params: ownersContact },
  { endpoint: 'GET /v5/team/{teamId}/contact/{contactId}/history', expect: allow(200, CONTACT_MANAGERS), params: ownersContact },
  { endpoint: 'POST /v5/team/{teamId}/contact/group', expect: allow(201, CONTACT_MANAGERS), body: () => ({ name: 'Jugend', kind: 'group' }) },
  { endpoint: 'PUT /v5/team/{teamId}/contact/group/{groupId}', expect: allow(200, CONTACT_MANAGERS), params: ownersGroup, body: () => ({ name: 'Vorstand 2027' }) },
  { endpoint: 'DELETE /v5/team/{teamId}/contact/group/{groupId}', expect: allow(200, CONTACT_MANAGERS), params: ownersGroup },
  {
    endpoint: 'PUT /v5/team/{teamId}/contact/group/{groupId}/members', expect: allow(200, CONTACT_MANAGERS),
    params: ownersGroup, body: async (ctx) => ({ add: [(await ownersContact(ctx)).contactId] }),
  },
  { endpoint: 'GET /v5/team/{teamId}/contact/group', expect: allow(200, CONTACT_MANAGERS) },
  { endpoint: 'GET /v5/team/{teamId}/contact/group/{groupId}', expect: allow(200, CONTACT_MANAGERS), params: ownersGroup },
  { endpoint: 'GET /v5/team/{teamId}/contact/export', expect: allow(200, CONTACT_MANAGERS), query: () => ({ format: 'csv', type: 'contact', lang: 'en' }) },
  { endpoint: 'GET /v5/team/{teamId}/contact/merge/suggestions', expect: allow(200, CONTACT_MANAGERS), query: () => ({ limit: '10' }) },
  {
    endpoint: 'POST /v5/team/{teamId}/contact/merge', expect: allow(201, CONTACT_MANAGERS),
    body: async (ctx) => ({ survivorId: (await ownersContact(ctx)).contactId, mergedId: (await ownersContact(ctx)).contactId, fields: { city: 'merged' } }),
  },
  {
    endpoint: 'POST /v5/team/{teamId}/contact/merge/{mergeId}/undo', expect: allow(200, CONTACT_MANAGERS),
    params: ownersMerge, body: () => ({ survivorId: lastMergeSurvivor }),
  },
  {
    endpoint: 'POST /v5/team/{teamId}/contact/export', expect: allow(201, CONTACT_MANAGERS),
    body: () => ({ format: 'xlsx', language: 'de', q: 'ma', type: null, status: 'active', blocked: null, sort: 'name', count: 3 }),
  },
  { endpoint: 'POST /v5/team/{teamId}/contact/import', expect: allow(201, CONTACT_MANAGERS), query: () => ({ fileName: 'kontakte.csv' }), body: CSV },
  { endpoint: 'POST /v5/team/{teamId}/contact/import/{importId}/check', expect: allow(200, CONTACT_MANAGERS), params: ownersImport, body: () => ({ mapping: MAPPING }) },
  { endpoint: 'POST /v5/team/{teamId}/contact/import/{importId}/start', expect: allow(202, CONTACT_MANAGERS), params: ownersImport, body: () => ({ mapping: MAPPING }) },
  { endpoint: 'GET /v5/team/{teamId}/contact/import/{importId}', expect: allow(200, CONTACT_MANAGERS), params: ownersImport },
  { endpoint: 'GET /v5/team/{teamId}/contact/import/{importId}/duplicates', expect: allow(200, CONTACT_MANAGERS), params: ownersImport, query: () => ({ mapping: MAPPING.join(',') }) },
];
