import { useIntl, type MessageDescriptor } from 'react-intl';
import { Check, Icon } from '../../shared/icons';
import { onboardingMessages as messages } from './onboarding.messages';

export const ONBOARDING_STEPS = ['team', 'template', 'invite'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

const NAMES: Record<OnboardingStep, MessageDescriptor> = {
  team: messages.stepTeam,
  template: messages.stepTemplate,
  invite: messages.stepInvite,
};

/** The three steps, the current one marked (aria-current="step"), earlier ones ticked. */
export function OnboardingStepper({ current }: { current: OnboardingStep }) {
  const intl = useIntl();
  const at = ONBOARDING_STEPS.indexOf(current);
  return (
    <ol className="stepper" aria-label={intl.formatMessage(messages.steps)}>
      {ONBOARDING_STEPS.map((step, index) => {
        const state = index < at ? 'done' : index === at ? 'current' : 'next';
        const name = intl.formatMessage(NAMES[step]);
        return (
          <li key={step} className={`stepper__step stepper__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="stepper__mark" aria-hidden="true">{state === 'done' ? <Icon of={Check} /> : index + 1}</span>
            <span className="stepper__name" aria-hidden="true">{name}</span>
            <span className="visually-hidden">{intl.formatMessage(messages.stepState, { number: index + 1, total: ONBOARDING_STEPS.length, name, state })}</span>
          </li>
        );
      })}
    </ol>
  );
}

export function stepName(step: OnboardingStep): MessageDescriptor {
  return NAMES[step];
}
