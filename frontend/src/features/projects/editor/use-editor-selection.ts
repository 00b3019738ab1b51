import { useState } from 'react';
import { EMPTY_SELECTION, selectedIds, toggleSelection, type Selection } from '../../../shared/drag-sort';
import type { ListView, ProjectTree } from '../projects.api';

/** Lists in display order: phases top-down, sub-groups after their phase's own lists. */
function orderedLists(tree: ProjectTree): ListView[] {
  const out: ListView[] = [];
  for (const phase of tree.phases.filter((candidate) => candidate.folderId === null)) {
    out.push(...tree.lists.filter((list) => list.phaseId === phase.phaseId));
    for (const group of tree.phases.filter((candidate) => candidate.folderId === phase.phaseId)) {
      out.push(...tree.lists.filter((list) => list.phaseId === group.phaseId));
    }
  }
  return out;
}

/** The lists chosen for the multi-edit; Shift chooses a range in display order. */
export function useEditorSelection(tree: ProjectTree) {
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const listOrder = orderedLists(tree).map((list) => list.listId);
  return {
    selection,
    selected: selectedIds(selection, 'list'),
    onSelect: (listId: string, shift: boolean) => setSelection((current) => toggleSelection(current, 'list', listOrder, listOrder.indexOf(listId), shift)),
    clear: () => setSelection(EMPTY_SELECTION),
  };
}
