import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { newProjectLinkSchema } from '../projects/project.commands';
import { projectNameSchema, projectStatusSchema } from '../projects/project.events';
import { TEMPLATE_LOCALES } from './project-templates';

// Applying a template of the gallery (issue 14): one command creates a planning project in the
// team with the template's phases, lists and items, dated from the chosen day and start time.
// With `activate` the project is released at once (owner only; the free plan's one active
// project answers 6201 and nothing is created).

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const applyTemplateBody = z.object({
  name: projectNameSchema,
  link: newProjectLinkSchema,
  startDate: z.iso.date(),
  /** Start of the first slot (HH:MM); the template's own start when left out. */
  startTime: clock.optional(),
  /** The language of the lists and items (the person's console language). */
  locale: z.enum(TEMPLATE_LOCALES).default('de'),
  /** The person's offset from UTC on that day (±HH:MM), for sign-up deadlines. */
  utcOffset: z.string().regex(/^[+-](0\d|1[0-4]):[0-5]\d$/).default('+00:00'),
  activate: z.boolean().default(false),
}).strict();
export type ApplyTemplateBody = z.infer<typeof applyTemplateBody>;

export const applyTemplateEndpoint = defineEndpoint({
  operationId: 'applyTemplate', method: 'POST', path: '/v5/team/{teamId}/template/{templateId}/project', service: 'command', tag: 'templates',
  summary: 'Create a project from a template of the gallery (dates from the chosen day and start time); manage_prj; activate: owner, 6201 on the free plan\'s second active project',
  body: applyTemplateBody,
  successStatus: 201,
  response: z.object({ projectId: z.uuid(), link: z.string(), status: projectStatusSchema, checkpoint: z.string() }),
});

export const templateEndpoints = [applyTemplateEndpoint] as const;
