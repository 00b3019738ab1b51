import { z } from 'zod';
import { defineEvent } from '../catalogue/event-definition';
import {
  teamId, fieldDefinitionSchema,
} from './project-event-schemas';

// The team's saved columns, stream `preset-columns-<teamId>` (ADR 0006).

const presetColumn = (id: string) => ({ kind: 'preset-column', id });

export const PresetColumnSaved = defineEvent({
  type: 'PresetColumnSaved',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ teamId, columnId: z.uuid(), field: fieldDefinitionSchema }),
  describe: (d) => ({
    object: presetColumn(d.columnId), projectId: null, listId: null, action: 'projects.presetColumnSaved',
    fields: { teamId: d.teamId, kind: d.field.kind, label: d.field.label, required: d.field.required },
  }),
});

export const PresetColumnRemoved = defineEvent({
  type: 'PresetColumnRemoved',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ teamId, columnId: z.uuid() }),
  describe: (d) => ({ object: presetColumn(d.columnId), projectId: null, listId: null, action: 'projects.presetColumnRemoved', fields: {}, removesObject: true }),
});
