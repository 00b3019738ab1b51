import type { MySignup } from './my-signups.api';

// How "my sign-ups" are grouped and ordered: coming ones by date (next first, undated last),
// past ones and cancelled ones newest first. `today` is the reader's local day (YYYY-MM-DD).

export interface SignupGroups {
  upcoming: MySignup[];
  past: MySignup[];
  cancelled: MySignup[];
}

/** The reader's local day as the contract writes days. */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const startOf = (s: MySignup): string => `${s.date ?? ''}T${s.time?.from ?? ''}`;

function byNextDate(a: MySignup, b: MySignup): number {
  if (a.date === null || b.date === null) return a.date === b.date ? b.at.localeCompare(a.at) : a.date === null ? 1 : -1;
  return startOf(a).localeCompare(startOf(b));
}

export function groupSignups(signups: readonly MySignup[], today: string): SignupGroups {
  const active = signups.filter((s) => s.cancelledAt === null);
  return {
    upcoming: active.filter((s) => s.date === null || s.date >= today).sort(byNextDate),
    past: active.filter((s) => s.date !== null && s.date < today).sort((a, b) => byNextDate(b, a)),
    cancelled: signups.filter((s) => s.cancelledAt !== null).sort((a, b) => (b.cancelledAt ?? '').localeCompare(a.cancelledAt ?? '')),
  };
}
