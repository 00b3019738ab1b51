import { describe, expect, it } from '@jest/globals';
import { createEventCatalogue } from '../catalogue/all-events';
import { PROJECT_PLACE_MAX, ProjectEdited } from './project.events';
import { activityChanges } from '../activity/sentences/activity-sentence';

// The place (issue 14) joined the project settings after projects were recorded: events written
// before it read as "no place", and a place longer than the limit is refused.
describe('project settings: the place', () => {
  const recorded = (data: unknown) => ({
    eventId: '0b9a4c1e-0000-4aaa-8bbb-000000000001', type: ProjectEdited.type, streamId: 'project-x', streamVersion: 2,
    globalPosition: '2', recordedAt: '2026-11-26T10:00:00.000Z', data, metadata: { schemaVersion: 1 },
  });

  it('reads an edit recorded before places as without a place', () => {
    const parsed = createEventCatalogue().parse(recorded({
      projectId: '0b9a4c1e-1111-4aaa-8bbb-000000000001', settings: { hideArchived: false, comments: true, description: 'Am See' },
    }) as never);
    expect((parsed.data as { settings: unknown }).settings).toEqual({ hideArchived: false, comments: true, description: 'Am See', place: '' });
  });

  it('keeps a place and refuses one longer than the limit', () => {
    const settings = { hideArchived: false, comments: true, description: '', place: 'Sportplatz am Wald, Lindenweg 3, Ulm' };
    expect(ProjectEdited.schema.parse({ projectId: '0b9a4c1e-1111-4aaa-8bbb-000000000001', settings }).settings?.place).toBe(settings.place);
    expect(ProjectEdited.schema.safeParse({ projectId: '0b9a4c1e-1111-4aaa-8bbb-000000000001', settings: { ...settings, place: 'x'.repeat(PROJECT_PLACE_MAX + 1) } }).success).toBe(false);
  });

  it('shows a place in the activity log in each language, and none when the project names no place', () => {
    const labels = (['de', 'en', 'fr', 'it'] as const).map((lang) => activityChanges({ changes: [{ field: 'place', before: null, after: 'Sportplatz am Wald' }] }, lang)[0]?.label);
    expect(labels).toEqual(['Ort', 'Place', 'Lieu', 'Luogo']);
    const fields = (place: string) => ProjectEdited.describe({ projectId: '0b9a4c1e-1111-4aaa-8bbb-000000000001', settings: { hideArchived: false, comments: true, description: '', place } }).fields;
    expect(fields('Sportplatz am Wald')).toMatchObject({ place: 'Sportplatz am Wald' });
    expect(fields('')).not.toHaveProperty('place');
  });
});
