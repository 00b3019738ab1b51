import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiError } from '../../../app/api';
import type { Selection } from '../../../shared/drag-sort';
import type { EditorTarget } from '../editor-dialogs/editor-target';
import type { ItemView, ListView, PhaseView, ProjectTree } from '../projects.api';
import type { ManagedTeam } from '../use-managed-team';

/** The one editor dialog open at a time. */
export type EditorDialog =
  | { kind: 'phase'; phase?: PhaseView; parent?: PhaseView }
  | { kind: 'list'; phase: PhaseView; list?: ListView }
  | { kind: 'item'; list: ListView; item?: ItemView }
  | { kind: 'move'; list: ListView }
  | { kind: 'notify'; list: ListView }
  | { kind: 'multi'; listIds: string[] };

export type EditorCall = Promise<{ data?: unknown; error?: ApiError | SerializedError }>;

/** What the phases, lists and items of the editor share. */
export interface EditorContext {
  team: ManagedTeam;
  tree: ProjectTree;
  ref: EditorTarget;
  open: (dialog: EditorDialog) => void;
  run: (action: EditorCall) => void;
  /** Asks with a danger confirmation labelled `confirmLabel`; only a yes starts the call. */
  confirmRun: (text: string, confirmLabel: string, action: () => EditorCall) => void;
  exportPart: (part: { phaseId?: string; listId?: string }, name: string) => void;
  copyLink: (hash: string) => void;
  selection: Selection;
  onSelect: (listId: string, shift: boolean) => void;
}
