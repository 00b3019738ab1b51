// Project status codes (spec section 4). The spec's sources disagree on 2 and 3; the
// platform reads 2 as template and 3 as planning (a status 2 project copies to status 3).
export const PROJECT_STATUS = {
  deleted: 0,
  active: 1,
  template: 2,
  planning: 3,
  successful: 4,
  hidden: 5,
  archived: 10,
} as const;

export type ProjectStatusName = keyof typeof PROJECT_STATUS;
export type ProjectStatus = (typeof PROJECT_STATUS)[ProjectStatusName];

export const PROJECT_STATUS_CODES: readonly ProjectStatus[] = Object.values(PROJECT_STATUS);

export function isProjectStatus(value: unknown): value is ProjectStatus {
  return typeof value === 'number' && (PROJECT_STATUS_CODES as readonly number[]).includes(value);
}

export function projectStatusName(status: ProjectStatus): ProjectStatusName {
  switch (status) {
    case 0: return 'deleted';
    case 1: return 'active';
    case 2: return 'template';
    case 3: return 'planning';
    case 4: return 'successful';
    case 5: return 'hidden';
    case 10: return 'archived';
    default: return assertNever(status);
  }
}

// Display tones of spec section 4: deleted danger, preset warning, planning info, active
// primary, locked gray. A lock overrides every status.
export type StatusTone = 'danger' | 'warning' | 'info' | 'primary' | 'gray' | 'default';

export function projectStatusTone(status: ProjectStatus, locked: boolean): StatusTone {
  if (locked) return 'gray';
  switch (status) {
    case 0: return 'danger';
    case 2: return 'warning';
    case 3: return 'info';
    case 1: return 'primary';
    case 4:
    case 5:
    case 10:
      return 'default';
    default: return assertNever(status);
  }
}

// Form state display (spec section 4): 0 not done, 1 in progress, any other completed.
export type FormStateDisplay = 'not_done' | 'in_progress' | 'completed';

export function formStateDisplay(state: number): FormStateDisplay {
  if (state === 0) return 'not_done';
  if (state === 1) return 'in_progress';
  return 'completed';
}

function assertNever(value: never): never {
  throw new Error(`Unhandled status: ${String(value)}`);
}
