import type { FieldKind } from '@planwerk/events/constants';
import type { FieldDefinition } from '../projects.api';
import { splitList } from './editor-target';

/** A list field as the list dialog edits it: options and scale as the texts of their inputs. */
export interface FieldDraft {
  fieldId?: string;
  kind: FieldKind;
  label: string;
  required: boolean;
  options: string;
  scaleMin: string;
  scaleMax: string;
}

export const NEW_FIELD: FieldDraft = { kind: 'text', label: '', required: false, options: '', scaleMin: '1', scaleMax: '5' };

export function draftOf(field: FieldDefinition & { fieldId?: string }): FieldDraft {
  return {
    fieldId: field.fieldId, kind: field.kind, label: field.label, required: field.required,
    options: (field.options ?? []).join(', '), scaleMin: String(field.scale?.min ?? 1), scaleMax: String(field.scale?.max ?? 5),
  };
}

export function definitionOf(draft: FieldDraft): FieldDefinition & { fieldId?: string } {
  return {
    ...(draft.fieldId ? { fieldId: draft.fieldId } : {}),
    kind: draft.kind,
    label: draft.label.trim(),
    required: draft.required,
    ...(draft.kind === 'selection' ? { options: splitList(draft.options) } : {}),
    ...(draft.kind === 'scale' ? { scale: { min: Number(draft.scaleMin), max: Number(draft.scaleMax) } } : {}),
  };
}
