import { defineMessages } from 'react-intl';

export const feedbackMessages = defineMessages({
  pageTitle: { id: 'feedback.feedbackPage.title', defaultMessage: 'Feedback', description: 'Title of the feedback page' },
  pageIntro: {
    id: 'feedback.feedbackPage.intro',
    defaultMessage: 'Hilf uns, Planwerk besser zu machen: Sag uns, was gut funktioniert oder wo du einen Fehler gefunden hast.',
    description: 'Introduction on the feedback page',
  },
  title: { id: 'feedback.feedbackDialog.title', defaultMessage: 'Funktion bewerten', description: 'Heading of the feedback dialog' },
  good: { id: 'feedback.feedbackDialog.good', defaultMessage: 'Gefällt mir', description: 'Thumbs-up vote' },
  bug: { id: 'feedback.feedbackDialog.bug', defaultMessage: 'Fehler gefunden', description: 'Bug vote' },
  comment: { id: 'feedback.feedbackDialog.comment', defaultMessage: 'Kommentar (optional)', description: 'Label of the optional comment' },
  chooseVote: {
    id: 'feedback.feedbackDialog.chooseVote',
    defaultMessage: 'Wähle zuerst eine Bewertung.',
    description: 'Hint while no vote is chosen',
  },
  send: { id: 'feedback.feedbackDialog.send', defaultMessage: 'Senden', description: 'Sends the feedback' },
  sending: { id: 'feedback.feedbackDialog.sending', defaultMessage: 'Wird gesendet …', description: 'While the feedback is sent' },
  thanks: { id: 'feedback.feedbackDialog.thanks', defaultMessage: 'Danke für dein Feedback', description: 'Success message' },
  again: { id: 'feedback.feedbackDialog.again', defaultMessage: 'Weiteres Feedback geben', description: 'Starts a new feedback' },
});
