import { z } from 'zod';

// Comment paths of spec section 3: `prj.{prj_id}`, `list.{prj_id}.{id}` and
// `list_item.{prj_id}.{list_id}.{id}`. Ids are UUIDs; the canonical path is lower-case.

export type CommentTarget =
  | { kind: 'project'; projectId: string }
  | { kind: 'list'; projectId: string; listId: string }
  | { kind: 'item'; projectId: string; listId: string; itemId: string };

export const COMMENT_PATH_MAX = 200;

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const PROJECT_PATH = new RegExp(`^prj\\.(${UUID})$`);
const LIST_PATH = new RegExp(`^list\\.(${UUID})\\.(${UUID})$`);
const ITEM_PATH = new RegExp(`^list_item\\.(${UUID})\\.(${UUID})\\.(${UUID})$`);

/** The target a path names, or null when the path is not one of the three forms. */
export function parseCommentPath(path: string): CommentTarget | null {
  if (path.length > COMMENT_PATH_MAX) return null;
  const project = PROJECT_PATH.exec(path);
  if (project) return { kind: 'project', projectId: lower(project[1]) };
  const list = LIST_PATH.exec(path);
  if (list) return { kind: 'list', projectId: lower(list[1]), listId: lower(list[2]) };
  const item = ITEM_PATH.exec(path);
  if (item) return { kind: 'item', projectId: lower(item[1]), listId: lower(item[2]), itemId: lower(item[3]) };
  return null;
}

/** The canonical (lower-case) path of a target. */
export function commentPathOf(target: CommentTarget): string {
  switch (target.kind) {
    case 'project':
      return `prj.${target.projectId}`;
    case 'list':
      return `list.${target.projectId}.${target.listId}`;
    case 'item':
      return `list_item.${target.projectId}.${target.listId}.${target.itemId}`;
    default:
      return assertNever(target);
  }
}

/** A comment path as input: trimmed, one of the three forms, answered in canonical form. */
export const commentPathSchema = z
  .string()
  .trim()
  .max(COMMENT_PATH_MAX)
  .transform((path, ctx) => {
    const target = parseCommentPath(path);
    if (target === null) {
      ctx.addIssue({ code: 'custom', message: 'expected prj.{prj_id}, list.{prj_id}.{id} or list_item.{prj_id}.{list_id}.{id}' });
      return z.NEVER;
    }
    return commentPathOf(target);
  });

/** A stored (canonical) path, as events carry it. */
export const storedCommentPathSchema = z.string().max(COMMENT_PATH_MAX).refine((path) => {
  const target = parseCommentPath(path);
  return target !== null && commentPathOf(target) === path;
}, 'not a canonical comment path');

function lower(value: string | undefined): string {
  return (value ?? '').toLowerCase();
}

function assertNever(value: never): never {
  throw new Error(`Unexpected comment target ${JSON.stringify(value)}`);
}
