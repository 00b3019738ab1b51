import { DomainError, type FieldDefinition, type PresetColumnEvent } from '@planwerk/events';

// Saved field columns of a team, stream `preset-columns-<teamId>` (ADR 0006). Pure.

export interface PresetColumnsState {
  columns: ReadonlyMap<string, FieldDefinition>;
}

export type PresetColumnCommand =
  | { type: 'SavePresetColumn'; teamId: string; columnId: string; field: FieldDefinition }
  | { type: 'RemovePresetColumn'; teamId: string; columnId: string };

/** A team keeps at most this many saved columns (the preset page lists them all). */
export const PRESET_COLUMNS_MAX = 200;

export function initialPresetColumnsState(): PresetColumnsState {
  return { columns: new Map() };
}

export function evolvePresetColumns(state: PresetColumnsState, event: PresetColumnEvent): PresetColumnsState {
  const columns = new Map(state.columns);
  switch (event.type) {
    case 'PresetColumnSaved':
      columns.set(event.data.columnId, event.data.field);
      return { columns };
    case 'PresetColumnRemoved':
      columns.delete(event.data.columnId);
      return { columns };
    default:
      return assertNever(event);
  }
}

export function decidePresetColumns(command: PresetColumnCommand, state: PresetColumnsState): PresetColumnEvent[] {
  switch (command.type) {
    case 'SavePresetColumn':
      if (state.columns.has(command.columnId)) throw new DomainError('conflict', { details: { columnId: command.columnId } });
      if (state.columns.size >= PRESET_COLUMNS_MAX) throw new DomainError('validation_failed', { field: 'field', details: { max: PRESET_COLUMNS_MAX } });
      return [{ type: 'PresetColumnSaved', data: { teamId: command.teamId, columnId: command.columnId, field: command.field } }];
    case 'RemovePresetColumn':
      if (!state.columns.has(command.columnId)) throw new DomainError('not_found', { details: { columnId: command.columnId } });
      return [{ type: 'PresetColumnRemoved', data: { teamId: command.teamId, columnId: command.columnId } }];
    default:
      return assertNever(command);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected preset column value ${JSON.stringify(value)}`);
}
