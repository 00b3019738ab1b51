import { useIntl } from 'react-intl';
import { usePageTitle } from '../../app/page-title';
import { OnboardingGuide } from './onboarding-guide';
import { onboardingMessages as messages } from './onboarding.messages';

/** /start/onboarding: the guide on its own page (from the empty states and the start page). */
export function OnboardingPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.pageTitle));
  return (
    <div className="page page--narrow">
      <h1>{intl.formatMessage(messages.pageTitle)}</h1>
      <OnboardingGuide />
    </div>
  );
}
