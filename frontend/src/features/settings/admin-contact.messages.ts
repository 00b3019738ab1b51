import { defineMessages } from 'react-intl';
import { untyped } from '../../shared/untyped-messages';

export const adminContactMessages = untyped(defineMessages({
  title: { id: 'settings.adminContact.title', defaultMessage: 'Kontakt zu Planwerk', description: 'Heading and nav entry: team admins contact the Planwerk operator' },
  intro: { id: 'settings.adminContact.intro', defaultMessage: 'Als Inhaber oder Admin eines Teams erreichst du hier den Betreiber dieser Planwerk-Installation: Fragen zum Tarif, zu eurem Team oder ein Problem, das du nicht selbst lösen kannst.', description: 'What the support contact form is for' },
  team: { id: 'settings.adminContact.team', defaultMessage: 'Team', description: 'Label: which of the person\'s admin teams the message is about' },
  subject: { id: 'settings.adminContact.subject', defaultMessage: 'Betreff', description: 'Label: subject of the support message' },
  text: { id: 'settings.adminContact.text', defaultMessage: 'Nachricht', description: 'Label: text of the support message' },
  subjectMissing: { id: 'settings.adminContact.subjectMissing', defaultMessage: 'Bitte gib einen Betreff mit mindestens 3 Zeichen ein.', description: 'Problem: subject empty or too short' },
  textMissing: { id: 'settings.adminContact.textMissing', defaultMessage: 'Bitte beschreibe dein Anliegen in mindestens 10 Zeichen.', description: 'Problem: message empty or too short' },
  limits: { id: 'settings.adminContact.limits', defaultMessage: 'Betreff bis {subject} Zeichen, Nachricht bis {text} Zeichen.', description: 'Hint: the length limits of subject and message' },
  send: { id: 'settings.adminContact.send', defaultMessage: 'Nachricht senden', description: 'Button: send the support message' },
  sending: { id: 'settings.adminContact.sending', defaultMessage: 'Wird gesendet …', description: 'Button while the support message is sent' },
  sent: { id: 'settings.adminContact.sent', defaultMessage: 'Danke, deine Nachricht zu {team} ist beim Betreiber per E-Mail angekommen. Die Antwort kommt an deine E-Mail-Adresse.', description: 'Confirmation after the support message was sent' },
  again: { id: 'settings.adminContact.again', defaultMessage: 'Weitere Nachricht schreiben', description: 'Button: write another support message' },
}));
