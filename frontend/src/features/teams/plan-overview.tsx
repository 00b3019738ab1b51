import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LIMITS, PLANS, type Plan } from '@planwerk/events/constants';
import { Check, Icon, Sparkles, X } from '../../shared/icons';
import { paths } from '../../app/paths';
import type { TeamDetails } from './teams.api';
import { manageMessages, planMessages } from './teams.messages';
import { planOverviewMessages as m } from './team-admin.messages';
import './team-admin.css';

/** What each plan gives (events/src/teams/plans.ts PLAN_LIMITS; null = no limit). */
interface PlanFacts { activeProjects: number | null; soloMaxItem: number | null; soloMaxCol: number | null; paid: boolean; pro: boolean }

// Mirrors PLAN_LIMITS of the contract (plans.ts is not exported to the console); the spec
// test compares them, so a changed limit cannot drift here unnoticed.
export const PLAN_FACTS: Readonly<Record<Plan, PlanFacts>> = {
  free: { activeProjects: LIMITS.freeActiveProjects, soloMaxItem: LIMITS.soloMaxItem, soloMaxCol: LIMITS.soloMaxCol, paid: false, pro: false },
  prime: { activeProjects: null, soloMaxItem: LIMITS.soloMaxItem, soloMaxCol: LIMITS.soloMaxCol, paid: true, pro: false },
  basic: { activeProjects: null, soloMaxItem: LIMITS.soloMaxItem, soloMaxCol: LIMITS.soloMaxCol, paid: true, pro: false },
  pro: { activeProjects: null, soloMaxItem: null, soloMaxCol: null, paid: true, pro: true },
};

type Row = { label: MessageDescriptor; value: (facts: PlanFacts) => number | null | boolean };
const ROWS: Row[] = [
  { label: m.activeProjects, value: (facts) => facts.activeProjects },
  { label: m.soloItems, value: (facts) => facts.soloMaxItem },
  { label: m.soloCols, value: (facts) => facts.soloMaxCol },
  { label: m.paidFeatures, value: (facts) => facts.paid },
  { label: m.proFeatures, value: (facts) => facts.pro },
];

// The team's plan and what each plan gives; booking comes with payments.
export function PlanOverview({ team }: { team: TeamDetails }) {
  const intl = useIntl();
  const effective: Plan = team.planLapsed ? 'free' : team.plan;
  const limit = PLAN_FACTS[effective].activeProjects;
  const manager = team.level === 'owner' || team.level === 'admin';
  return (
    <section className="card" aria-labelledby="team-plan">
      <h2 id="team-plan" className="team-heading"><Icon of={Sparkles} /> {intl.formatMessage(m.title)}</h2>
      <p>
        {team.planLapsed
          ? intl.formatMessage(m.lapsed, { plan: intl.formatMessage(planMessages[team.plan]) })
          : intl.formatMessage(m.current, { plan: intl.formatMessage(planMessages[team.plan]) })}
        {limit !== null && <> {intl.formatMessage(m.usage, { count: team.activeProjects.length, limit })}</>}
      </p>
      <ul className="plan-grid" aria-label={intl.formatMessage(m.title)}>
        {PLANS.map((plan) => {
          const facts = PLAN_FACTS[plan];
          const yours = plan === effective;
          return (
            <li key={plan} className={yours ? 'plan-card plan-card--yours' : 'plan-card'} aria-current={yours ? 'true' : undefined}>
              <h3 className="plan-card__name">
                {intl.formatMessage(planMessages[plan])}
                {yours && <span className="badge badge--primary">{intl.formatMessage(m.yours)}</span>}
              </h3>
              <dl className="plan-card__facts">
                {ROWS.map((row) => {
                  const value = row.value(facts);
                  return (
                    <div key={row.label.id} className="plan-card__row">
                      <dt>{intl.formatMessage(row.label)}</dt>
                      <dd>{renderValue(intl.formatMessage, value)}</dd>
                    </div>
                  );
                })}
              </dl>
            </li>
          );
        })}
      </ul>
      <p className="alert alert--info">{intl.formatMessage(m.bookingLater)}</p>
      {manager && <Link className="button" to={paths.teamSetup.href(team.id)}>{intl.formatMessage(manageMessages.setup)}</Link>}
    </section>
  );

  function renderValue(format: typeof intl.formatMessage, value: number | null | boolean) {
    if (value === true) return <><Icon of={Check} /> {format(m.included)}</>;
    if (value === false) return <span className="plan-card__missing"><Icon of={X} /> {format(m.notIncluded)}</span>;
    if (value === null) return format(m.unlimited);
    return format(m.upTo, { count: value });
  }
}
