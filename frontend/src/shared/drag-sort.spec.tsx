import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { LAYOUT_PX } from '@planwerk/events/constants';
import { EMPTY_SELECTION, selectedIds, toggleSelection, useDragSort } from './drag-sort';
import { renderConsole } from './testing/render';

function SortableList({ ids, save }: { ids: string[]; save: (order: string[]) => void }) {
  const { order, handleProps } = useDragSort(ids, save);
  return (
    <ul>
      {order.map((id) => (
        <li key={id}>
          <button type="button" aria-label={`${id} verschieben`} {...handleProps(id)}>⠿</button>
          {id}
        </li>
      ))}
    </ul>
  );
}

const shown = () => screen.getAllByRole('listitem').map((item) => item.textContent?.replace('⠿', ''));
const step = LAYOUT_PX.sortDragStep;

describe('useDragSort', () => {
  it('moves an entry by the arrow keys on its handle and saves the new order', async () => {
    const save = jest.fn();
    const { user } = renderConsole(<SortableList ids={['a', 'b', 'c']} save={save} />);
    screen.getByRole('button', { name: 'a verschieben' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(shown()).toEqual(['b', 'a', 'c']);
    expect(save).toHaveBeenLastCalledWith(['b', 'a', 'c']);
  });

  it('does not save when the entry cannot move further', async () => {
    const save = jest.fn();
    const { user } = renderConsole(<SortableList ids={['a', 'b']} save={save} />);
    screen.getByRole('button', { name: 'a verschieben' }).focus();
    await user.keyboard('{ArrowUp}');
    expect(shown()).toEqual(['a', 'b']);
    expect(save).not.toHaveBeenCalled();
  });

  it('moves one place per drag step of pointer movement and saves on release', () => {
    const save = jest.fn();
    renderConsole(<SortableList ids={['a', 'b', 'c', 'd']} save={save} />);
    const handle = screen.getByRole('button', { name: 'a verschieben' });
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: 100 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 100 + 2 * step + step / 2 });
    expect(shown()).toEqual(['b', 'c', 'a', 'd']);
    expect(save).not.toHaveBeenCalled();
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: 100 + 2 * step + step / 2 });
    expect(save).toHaveBeenCalledWith(['b', 'c', 'a', 'd']);
  });

  it('puts the entry back when the drag is cancelled', () => {
    const save = jest.fn();
    renderConsole(<SortableList ids={['a', 'b', 'c']} save={save} />);
    const handle = screen.getByRole('button', { name: 'a verschieben' });
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: 0 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 3 * step });
    fireEvent.pointerCancel(handle, { pointerId: 1 });
    expect(shown()).toEqual(['a', 'b', 'c']);
    expect(save).not.toHaveBeenCalled();
  });

  it('shows the server order once it arrives', () => {
    const { rerender } = renderConsole(<SortableList ids={['a', 'b']} save={() => undefined} />);
    fireEvent.keyDown(screen.getByRole('button', { name: 'a verschieben' }), { key: 'ArrowDown' });
    expect(shown()).toEqual(['b', 'a']);
    rerender(<SortableList ids={['c', 'a', 'b']} save={() => undefined} />);
    expect(shown()).toEqual(['c', 'a', 'b']);
  });
});

describe('toggleSelection', () => {
  const ids = ['a', 'b', 'c', 'd'];

  it('selects one entry per click and a range with Shift, giving the range the clicked state', () => {
    let selection = toggleSelection(EMPTY_SELECTION, 'item', ids, 0, false);
    selection = toggleSelection(selection, 'item', ids, 2, true);
    expect(selectedIds(selection, 'item')).toEqual(['a', 'b', 'c']);
    // Shift-click on b (selected) unselects the range from c, the last clicked entry, down to b.
    selection = toggleSelection(selection, 'item', ids, 1, true);
    expect(selectedIds(selection, 'item')).toEqual(['a']);
  });

  it('keeps one object type at a time', () => {
    const lists = toggleSelection(EMPTY_SELECTION, 'list', ids, 0, false);
    const items = toggleSelection(lists, 'item', ids, 3, false);
    expect(selectedIds(items, 'list')).toEqual([]);
    expect(selectedIds(items, 'item')).toEqual(['d']);
  });
});
