import { z } from 'zod';
import { defineEvent } from '../catalogue/event-definition';
import {
  projectId, listId, itemId, day, ITEM_NAME_MAX, descriptionSchema, copiedPartSchema, voteSchema, itemTimeSchema, capacitySchema, list, item, defined,
} from './project-event-schemas';

// Items of a list in the project stream `project-<projectId>`: added, edited, sorted, removed.

const itemContent = {
  name: z.string().trim().min(1).max(ITEM_NAME_MAX),
  description: descriptionSchema,
  capacity: capacitySchema,
  vote: voteSchema.nullable(),
  date: day.nullable(),
  time: itemTimeSchema.nullable(),
};

function itemFields(d: Partial<{ [K in keyof typeof itemContent]: z.infer<(typeof itemContent)[K]> }>): Record<string, unknown> {
  return defined({
    name: d.name, capacity: d.capacity, vote: d.vote, date: d.date, time: d.time,
    descriptionChanged: d.description !== undefined ? true : undefined,
  });
}

export const ItemAdded = defineEvent({
  type: 'ItemAdded',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, listId, itemId, ...itemContent, copiedFrom: copiedPartSchema.nullable() }),
  describe: (d) => ({
    object: item(d.itemId), projectId: d.projectId, listId: d.listId, action: 'projects.itemAdded',
    fields: { ...itemFields(d), copiedFrom: d.copiedFrom?.id ?? null },
  }),
});

export const ItemEdited = defineEvent({
  type: 'ItemEdited',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({
    projectId, listId, itemId,
    name: itemContent.name.optional(),
    description: itemContent.description.optional(),
    capacity: itemContent.capacity.optional(),
    vote: itemContent.vote.optional(),
    date: itemContent.date.optional(),
    time: itemContent.time.optional(),
  }),
  describe: (d) => ({ object: item(d.itemId), projectId: d.projectId, listId: d.listId, action: 'projects.itemEdited', fields: itemFields(d) }),
});

export const ItemsSorted = defineEvent({
  type: 'ItemsSorted',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, listId, order: z.array(itemId) }),
  describe: (d) => ({ object: list(d.listId), projectId: d.projectId, listId: d.listId, action: 'projects.itemsSorted', fields: { itemOrder: d.order } }),
});

export const ItemRemoved = defineEvent({
  type: 'ItemRemoved',
  feature: 'projects',
  schemaVersion: 1,
  schema: z.object({ projectId, listId, itemId }),
  describe: (d) => ({ object: item(d.itemId), projectId: d.projectId, listId: d.listId, action: 'projects.itemRemoved', fields: {}, removesObject: true }),
});
