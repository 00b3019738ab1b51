import { PLANS, type Plan } from '../constants/entities.constants';
import { LIMITS } from '../constants/limits.constants';
import { DomainError } from '../errors/domain-error';

// Plans of spec section 1 (`PLANS`), ranked in the order the spec lists them (ADR 0005:
// free < prime < basic < pro).
export type PaidPlan = Exclude<Plan, 'free'>;

export interface PlanLimits {
  /** Active projects at once (project status 1); null = unlimited. */
  activeProjects: number | null;
  /** Solo feature limits (spec sections 6 and 9); null = lifted. */
  soloMaxItem: number | null;
  soloMaxCol: number | null;
}

// Only Pro lifts the solo limits; every paid plan lifts the one-active-project rule.
export const PLAN_LIMITS: Readonly<Record<Plan, PlanLimits>> = {
  free: { activeProjects: LIMITS.freeActiveProjects, soloMaxItem: LIMITS.soloMaxItem, soloMaxCol: LIMITS.soloMaxCol },
  prime: { activeProjects: null, soloMaxItem: LIMITS.soloMaxItem, soloMaxCol: LIMITS.soloMaxCol },
  basic: { activeProjects: null, soloMaxItem: LIMITS.soloMaxItem, soloMaxCol: LIMITS.soloMaxCol },
  pro: { activeProjects: null, soloMaxItem: null, soloMaxCol: null },
};

/** What a team's plan amounts to: a lapsed plan counts as free until it is paid again. */
export interface TeamPlanState {
  plan: Plan;
  lapsed: boolean;
}

export function effectivePlan(team: TeamPlanState): Plan {
  return team.lapsed ? 'free' : team.plan;
}

/** The pro flag of the team details (spec section 3). */
export function isPro(team: TeamPlanState): boolean {
  return effectivePlan(team) === 'pro';
}

export function isPaid(team: TeamPlanState): boolean {
  return effectivePlan(team) !== 'free';
}

export function planRank(plan: Plan): number {
  return PLANS.indexOf(plan);
}

export function limitsOf(team: TeamPlanState): PlanLimits {
  return PLAN_LIMITS[effectivePlan(team)];
}

/** True when the team has more active projects than its plan allows (spec section 4, "blocked"). */
export function isOverProjectLimit(team: TeamPlanState, activeProjects: number): boolean {
  const limit = limitsOf(team).activeProjects;
  return limit !== null && activeProjects > limit;
}

// Route names of spec section 2 the error dialog's button opens (spec section 8).
export type PlanErrorButton =
  | { target: 'team-setup'; label: 'upgrade' | 'upgrade_pro' }
  | { target: 'manage-project'; label: 'change_status' };

export const PLAN_ERROR_BUTTONS = {
  6200: { target: 'team-setup', label: 'upgrade' },
  6201: { target: 'manage-project', label: 'change_status' },
  6205: { target: 'team-setup', label: 'upgrade' },
  6206: { target: 'team-setup', label: 'upgrade_pro' },
  6208: { target: 'team-setup', label: 'upgrade_pro' },
} as const satisfies Record<number, PlanErrorButton>;

export type PlanErrorCode = keyof typeof PLAN_ERROR_BUTTONS;

/** A plan error with its button, sent in the error body; the context stays in `details` (logs). */
export function planError(code: PlanErrorCode, context: Record<string, unknown> = {}): DomainError {
  return new DomainError(code, { button: PLAN_ERROR_BUTTONS[code], details: context });
}

/** Any other limit: 601 or a code in 6202–6299 with the generic message. */
export function genericLimitError(code: number, context: Record<string, unknown> = {}): DomainError {
  return DomainError.limit(code, { details: context });
}

export type PlanRequirement = 'paid' | 'pro';

/** "Some functions need Prime, Basic or Pro" (spec section 6): 6200 or 6208 otherwise. */
export function requirePlan(team: TeamPlanState, requirement: PlanRequirement): void {
  switch (requirement) {
    case 'paid':
      if (!isPaid(team)) throw planError(6200, { plan: effectivePlan(team) });
      return;
    case 'pro':
      if (!isPro(team)) throw planError(6208, { plan: effectivePlan(team) });
      return;
    default:
      return assertNever(requirement);
  }
}

/**
 * Solo limits (maxItem 25, maxCol 2): a free team is offered "Upgrade" (6205), a Prime or
 * Basic team "Upgrade Pro" (6206); Pro has none.
 */
export function checkSoloLimits(team: TeamPlanState, wanted: { items: number; columns: number }): void {
  const limits = limitsOf(team);
  const tooMany =
    (limits.soloMaxItem !== null && wanted.items > limits.soloMaxItem) ||
    (limits.soloMaxCol !== null && wanted.columns > limits.soloMaxCol);
  if (!tooMany) return;
  const context = { maxItem: limits.soloMaxItem, maxCol: limits.soloMaxCol, ...wanted };
  throw planError(isPaid(team) ? 6206 : 6205, context);
}

function assertNever(value: never): never {
  throw new Error(`Unexpected plan value ${JSON.stringify(value)}`);
}
