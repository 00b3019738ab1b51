import { liveEventOf } from './live-events';

describe('liveEventOf', () => {
  const at = (type: string, data: Record<string, unknown>) => liveEventOf({ type, data, checkpoint: '42' });

  it('names the realtime event and carries only ids and changed field names', () => {
    expect(at('SignUpAdded', { projectId: 'p', listId: 'l', itemId: 'i', signupId: 's', name: 'Anna', values: { f: 'x' }, status: 'placed' })).toEqual({
      event: 'signup-add', projectId: 'p', data: { checkpoint: '42', projectId: 'p', listId: 'l', itemId: 'i', signupId: 's' },
    });
    expect(at('ItemEdited', { projectId: 'p', listId: 'l', itemId: 'i', name: 'Neu', capacity: 3 })).toEqual({
      event: 'item-edit', projectId: 'p', data: { checkpoint: '42', projectId: 'p', listId: 'l', itemId: 'i', fields: ['capacity', 'name'] },
    });
    expect(at('CommentAdded', { projectId: 'p', commentId: 'c', path: 'prj.p', text: 'geheim', authorId: null })?.data).toEqual({ checkpoint: '42', projectId: 'p', commentId: 'c', path: 'prj.p' });
  });

  it('sends project-delete for a purge and a move to the trash, project-edit for other status changes', () => {
    expect(at('ProjectPurged', { projectId: 'p' })?.event).toBe('project-delete');
    expect(at('ProjectStatusChanged', { projectId: 'p', from: 1, to: 0 })?.event).toBe('project-delete');
    expect(at('ProjectStatusChanged', { projectId: 'p', from: 0, to: 1 })?.event).toBe('project-edit');
    expect(at('ProjectEdited', { projectId: 'p', name: 'X' })?.data.fields).toEqual(['name']);
  });

  it('ignores events that are not about a project', () => {
    expect(at('TeamCreated', { projectId: 'p' })).toBeNull();
    expect(at('PresetColumnSaved', { teamId: 't' })).toBeNull();
    expect(liveEventOf({ type: 'ItemAdded', data: null, checkpoint: '1' })).toBeNull();
  });
});
