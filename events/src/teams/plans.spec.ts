import { DomainError } from '../errors/domain-error';
import { checkSoloLimits, effectivePlan, genericLimitError, isOverProjectLimit, isPro, PLAN_ERROR_BUTTONS, requirePlan, type TeamPlanState } from './plans';
import { createTeamBody } from './team.commands';

const team = (plan: TeamPlanState['plan'], lapsed = false): TeamPlanState => ({ plan, lapsed });

function errorOf(run: () => void): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a plan error');
}

describe('plans and limits (spec sections 1, 6, 8, 9)', () => {
  it('a lapsed plan counts as free; the pro flag needs a running Pro plan', () => {
    expect(effectivePlan(team('prime', true))).toBe('free');
    expect(isPro(team('pro'))).toBe(true);
    expect(isPro(team('pro', true))).toBe(false);
    expect(isPro(team('basic'))).toBe(false);
  });

  it('free allows one active project; paid plans lift it', () => {
    expect(isOverProjectLimit(team('free'), 1)).toBe(false);
    expect(isOverProjectLimit(team('free'), 2)).toBe(true);
    expect(isOverProjectLimit(team('prime', true), 2)).toBe(true);
    expect(isOverProjectLimit(team('basic'), 50)).toBe(false);
  });

  it('6200 for Prime features on the free plan, with the button to team-setup', () => {
    const error = errorOf(() => requirePlan(team('free'), 'paid'));
    expect(error).toMatchObject({ code: 6200, httpStatus: 402, button: { target: 'team-setup', label: 'upgrade' }, details: { plan: 'free' } });
    expect(error.toBody()).toMatchObject({ intern: 6200, button: { target: 'team-setup' } });
    expect(() => requirePlan(team('basic'), 'paid')).not.toThrow();
  });

  it('6208 for Pro features below Pro', () => {
    expect(errorOf(() => requirePlan(team('prime'), 'pro')).code).toBe(6208);
    expect(errorOf(() => requirePlan(team('pro', true), 'pro')).code).toBe(6208);
    expect(() => requirePlan(team('pro'), 'pro')).not.toThrow();
  });

  it('solo limits maxItem 25 and maxCol 2: 6205 (Upgrade) on free, 6206 (Upgrade Pro) on Prime/Basic, none on Pro', () => {
    expect(() => checkSoloLimits(team('free'), { items: 25, columns: 2 })).not.toThrow();
    const free = errorOf(() => checkSoloLimits(team('free'), { items: 26, columns: 1 }));
    expect(free).toMatchObject({ code: 6205, button: PLAN_ERROR_BUTTONS[6205], details: { maxItem: 25 } });
    expect(free.toBody('en')).toMatchObject({ status: 402, intern: 6205, button: { target: 'team-setup', label: 'upgrade' } });
    expect(errorOf(() => checkSoloLimits(team('basic'), { items: 1, columns: 3 })).code).toBe(6206);
    expect(errorOf(() => checkSoloLimits(team('basic'), { items: 1, columns: 3 })).button).toEqual({ target: 'team-setup', label: 'upgrade_pro' });
    expect(() => checkSoloLimits(team('pro'), { items: 500, columns: 40 })).not.toThrow();
  });

  it('other limits answer the generic message under their own code (601, 6202–6299)', () => {
    const error = genericLimitError(6230, { what: 'files' });
    expect(error.code).toBe(6230);
    expect(error.toBody('en')).toEqual({ status: 402, intern: 6230, text: 'You have reached a limit of your plan.' });
    expect(genericLimitError(601).toBody().intern).toBe(601);
  });
});

describe('createTeamBody', () => {
  const valid = { name: 'TSV Nord', link: 'TSV-Nord', type: 'club' };

  it('lower-cases the link and fills defaults', () => {
    expect(createTeamBody.parse(valid)).toEqual({
      name: 'TSV Nord', link: 'tsv-nord', type: 'club', logoUrl: null, design: {}, set: {},
    });
  });

  it.each([
    ['name', { ...valid, name: 'x'.repeat(101) }],
    ['name', { ...valid, name: '   ' }],
    ['link', { ...valid, link: 'tsv nord' }],
    ['link', { ...valid, link: '-tsv' }],
    ['link', { ...valid, link: 'setup' }],
    ['link', { ...valid, link: '0' }],
    ['type', { ...valid, type: 'party' }],
    ['logoUrl', { ...valid, logoUrl: 'javascript:alert(1)' }],
  ])('refuses a bad %s', (field, body) => {
    const result = createTeamBody.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });

  it('refuses fields a new team may not set (plan, owner)', () => {
    expect(createTeamBody.safeParse({ ...valid, plan: 'pro' }).success).toBe(false);
  });
});
