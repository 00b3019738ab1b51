import { z } from 'zod';
import { defineEvent } from '../catalogue/event-definition';
import {
  projectId, phaseId, listId, LIST_NAME_MAX, FIELDS_PER_LIST_MAX, descriptionSchema, copiedPartSchema, listFieldSchema, listWindowSchema, listTypeSchema, ATTENDANCE_MODES, listSettingsSchema, phase, list, defined,
} from './project-event-schemas';

// Lists of the project stream `project-<projectId>`: added, edited, moved, sorted, removed.

const listContent = {
  type: listTypeSchema,
  name: z.string().trim().min(1).max(LIST_NAME_MAX),
  description: descriptionSchema,
  window: listWindowSchema,
  attendance: z.enum(ATTENDANCE_MODES),
  fields: z.array(listFieldSchema).max(FIELDS_PER_LIST_MAX),
  settings: listSettingsSchema,
};

function listFields(d: Partial<{ [K in keyof typeof listContent]: z.infer<(typeof listContent)[K]> }>): Record<string, unknown> {
  return defined({
    type: d.type, name: d.name, window: d.window, attendance: d.attendance, settings: d.settings,
    fields: d.fields?.map((f) => ({ fieldId: f.fieldId, kind: f.kind, label: f.label, required: f.required })),
    descriptionChanged: d.description !== undefined ? true : undefined,
  });
}

export const ListAdded = defineEvent({
  type: 'ListAdded',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, listId, phaseId, ...listContent, copiedFrom: copiedPartSchema.nullable() }),
  describe: (d) => ({
    object: list(d.listId), projectId: d.projectId, listId: d.listId, action: 'projects.listAdded',
    fields: { phaseId: d.phaseId, ...listFields(d), copiedFrom: d.copiedFrom?.id ?? null },
  }),
});

export const ListEdited = defineEvent({
  type: 'ListEdited',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({
    projectId, listId,
    type: listContent.type.optional(),
    name: listContent.name.optional(),
    description: listContent.description.optional(),
    window: listContent.window.optional(),
    attendance: listContent.attendance.optional(),
    fields: listContent.fields.optional(),
    settings: listContent.settings.optional(),
  }),
  describe: (d) => ({ object: list(d.listId), projectId: d.projectId, listId: d.listId, action: 'projects.listEdited', fields: listFields(d) }),
});

export const ListMoved = defineEvent({
  type: 'ListMoved',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, listId, fromPhaseId: phaseId, toPhaseId: phaseId }),
  describe: (d) => ({ object: list(d.listId), projectId: d.projectId, listId: d.listId, action: 'projects.listMoved', fields: { phaseId: d.toPhaseId } }),
});

export const ListsSorted = defineEvent({
  type: 'ListsSorted',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, phaseId, order: z.array(listId) }),
  describe: (d) => ({ object: phase(d.phaseId), projectId: d.projectId, listId: null, action: 'projects.listsSorted', fields: { listOrder: d.order } }),
});

export const ListRemoved = defineEvent({
  type: 'ListRemoved',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, listId }),
  describe: (d) => ({ object: list(d.listId), projectId: d.projectId, listId: d.listId, action: 'projects.listRemoved', fields: {}, removesObject: true }),
});
