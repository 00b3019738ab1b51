import { defineMessages } from 'react-intl';
import { untyped } from '../../../shared/untyped-messages';

export const inviteMessages = untyped(defineMessages({
  tabs: { id: 'projects.invite.tabs', defaultMessage: 'Wie einladen?', description: 'Label of the tab list of the invitation dialog' },
  tabMail: { id: 'projects.invite.tab.mail', defaultMessage: 'Per E-Mail', description: 'Tab: invite by e-mail' },
  tabQr: { id: 'projects.invite.tab.qr', defaultMessage: 'QR-Code', description: 'Tab: invite by QR code' },
  tabShare: { id: 'projects.invite.tab.share', defaultMessage: 'Link teilen', description: 'Tab: share the link' },
  addresses: { id: 'projects.invite.addresses', defaultMessage: 'E-Mail-Adressen', description: 'Label of the address input' },
  addressesHint: { id: 'projects.invite.addressesHint', defaultMessage: 'Mehrere Adressen mit Komma, Leerzeichen oder Zeilenumbruch trennen – oder eine Liste einfügen. Höchstens {max}.', description: 'Hint under the address input' },
  addressList: { id: 'projects.invite.addressList', defaultMessage: 'Eingegebene Adressen', description: 'Label of the list of address chips' },
  remove: { id: 'projects.invite.remove', defaultMessage: '{email} entfernen', description: 'Removes one address chip' },
  invalid: { id: 'projects.invite.invalid', defaultMessage: 'ungültig', description: 'Marks an address chip that is no valid e-mail address' },
  invalidCount: { id: 'projects.invite.invalidCount', defaultMessage: '{count, plural, one {# Adresse ist ungültig} other {# Adressen sind ungültig}}. Bitte korrigieren oder entfernen.', description: 'Shown while invalid addresses are in the list' },
  count: { id: 'projects.invite.count', defaultMessage: '{count} von {max} Adressen', description: 'How many addresses are in the list' },
  tooMany: { id: 'projects.invite.tooMany', defaultMessage: 'Höchstens {max} Adressen auf einmal – bitte {over} entfernen.', description: 'Shown when more than the allowed addresses are in the list' },
  none: { id: 'projects.invite.none', defaultMessage: 'Bitte mindestens eine E-Mail-Adresse eingeben.', description: 'Shown when sending without addresses' },
  message: { id: 'projects.invite.message', defaultMessage: 'Persönliche Nachricht (optional)', description: 'Label of the optional message' },
  send: { id: 'projects.invite.send', defaultMessage: '{count, plural, =0 {Einladung senden} one {Einladung senden} other {# Einladungen senden}}', description: 'Sends the invitations' },
  sent: { id: 'projects.invite.sent', defaultMessage: '{count, plural, one {Einladung an # Adresse verschickt.} other {Einladungen an # Adressen verschickt.}}', description: 'Shown after sending' },
  qrText: { id: 'projects.invite.qrText', defaultMessage: 'Zum Ausdrucken oder Zeigen: Wer den Code scannt, kommt zur Seite des Projekts.', description: 'Text of the QR tab' },
  qrAlt: { id: 'projects.invite.qrAlt', defaultMessage: 'QR-Code mit dem Link {url}', description: 'Alternative text of the QR code' },
  qrLoading: { id: 'projects.invite.qrLoading', defaultMessage: 'QR-Code wird erstellt …', description: 'While the QR code is made' },
  qrFailed: { id: 'projects.invite.qrFailed', defaultMessage: 'Der QR-Code konnte nicht erstellt werden.', description: 'When the QR code library fails to load' },
  downloadPng: { id: 'projects.invite.downloadPng', defaultMessage: 'Als PNG herunterladen', description: 'Downloads the QR code as PNG' },
  downloadSvg: { id: 'projects.invite.downloadSvg', defaultMessage: 'Als SVG herunterladen', description: 'Downloads the QR code as SVG' },
  share: { id: 'projects.invite.share', defaultMessage: 'Teilen …', description: 'Opens the device share sheet' },
  shareMessage: { id: 'projects.invite.shareMessage', defaultMessage: 'Trag dich ein bei „{name}“', description: 'Text given to the share sheet with the link' },
}));
