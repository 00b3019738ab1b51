import { z } from 'zod';
import { defineEvent } from '../catalogue/event-definition';
import {
  projectId, phaseId, PHASE_NAME_MAX, descriptionSchema, copiedPartSchema, project, phase, defined,
} from './project-event-schemas';

// Phases of the project stream `project-<projectId>`: added, edited, sorted, removed.

export const PhaseAdded = defineEvent({
  type: 'PhaseAdded',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({
    projectId, phaseId,
    name: z.string().trim().min(1).max(PHASE_NAME_MAX),
    description: descriptionSchema,
    /** The phase this one is a sub-group of (one level only), or null for a top-level phase. */
    folderId: phaseId.nullable(),
    copiedFrom: copiedPartSchema.nullable(),
  }),
  describe: (d) => ({
    object: phase(d.phaseId), projectId: d.projectId, listId: null, action: 'projects.phaseAdded',
    fields: { name: d.name, folderId: d.folderId, copiedFrom: d.copiedFrom?.id ?? null },
  }),
});

export const PhaseEdited = defineEvent({
  type: 'PhaseEdited',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, phaseId, name: z.string().trim().min(1).max(PHASE_NAME_MAX).optional(), description: descriptionSchema.optional() }),
  describe: (d) => ({
    object: phase(d.phaseId), projectId: d.projectId, listId: null, action: 'projects.phaseEdited',
    fields: defined({ name: d.name, descriptionChanged: d.description !== undefined ? true : undefined }),
  }),
});

export const PhasesSorted = defineEvent({
  type: 'PhasesSorted',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, folderId: phaseId.nullable(), order: z.array(phaseId) }),
  describe: (d) => ({ object: project(d.projectId), projectId: d.projectId, listId: null, action: 'projects.phasesSorted', fields: { phaseOrder: d.order } }),
});

export const PhaseRemoved = defineEvent({
  type: 'PhaseRemoved',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, phaseId }),
  describe: (d) => ({ object: phase(d.phaseId), projectId: d.projectId, listId: null, action: 'projects.phaseRemoved', fields: {}, removesObject: true }),
});
