import { useIntl } from 'react-intl';
import { usePageTitle } from '../../app/page-title';
import { FeedbackDialog } from './feedback-dialog';
import { feedbackMessages } from './feedback.messages';

export function FeedbackPage() {
  const intl = useIntl();
  const title = intl.formatMessage(feedbackMessages.pageTitle);
  usePageTitle(title);
  return (
    <div className="page">
      <h1>{title}</h1>
      <p>{intl.formatMessage(feedbackMessages.pageIntro)}</p>
      <FeedbackDialog />
    </div>
  );
}
