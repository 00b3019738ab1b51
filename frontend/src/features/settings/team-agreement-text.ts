// The text of the team's data-processing agreement (GDPR Art. 28), one version per key, in the
// console's four languages. A changed text is a new version: the server's TEAM_AGREEMENT_VERSION
// (events/src/teams/agreement.events.ts) moves with it, and teams accept it again. `{team}` and
// `{operator}` are filled in when shown. Kept as text, not as hundreds of message ids: it is one
// document per language and version, read and printed as a whole.

export interface AgreementText {
  title: string;
  parties: string;
  sections: ReadonlyArray<{ heading: string; text: string }>;
  closing: string;
}

type Language = 'de' | 'en' | 'fr' | 'it';

const de: AgreementText = {
  title: 'Vertrag zur Auftragsverarbeitung nach Art. 28 DSGVO',
  parties: 'zwischen {team} als Verantwortlichem (im Folgenden „Team“) und dem Betreiber der Planwerk-Installation unter {operator} als Auftragsverarbeiter (im Folgenden „Betreiber“).',
  sections: [
    {
      heading: 'Gegenstand und Dauer',
      text: 'Der Betreiber verarbeitet personenbezogene Daten im Auftrag des Teams, damit das Team Planwerk nutzen kann: Projekte, Listen und Eintragungen, Mitglieder und Kontakte, Formulare, Kalender und die übrigen Bereiche. Der Vertrag gilt, solange das Team Planwerk nutzt, und endet mit der Löschung des Teams.',
    },
    {
      heading: 'Art und Zweck der Verarbeitung',
      text: 'Der Betreiber speichert, ordnet, zeigt an, versendet E-Mails und sichert die Daten ausschließlich, um die Funktionen bereitzustellen, die das Team in Planwerk verwendet. Eine Verarbeitung zu eigenen Zwecken des Betreibers, etwa für Werbung, und eine Weitergabe an Dritte finden nicht statt.',
    },
    {
      heading: 'Art der Daten und betroffene Personen',
      text: 'Verarbeitet werden Kontodaten (Name, E-Mail-Adresse), Angaben zu Mitgliedern und Kontakten, Eintragungen und Formularangaben, Kommentare und Nachrichten sowie das Aktivitätsprotokoll. Betroffen sind die Mitglieder des Teams, Personen, die sich über geteilte Links eintragen, und die Kontakte des Teams.',
    },
    {
      heading: 'Weisungen',
      text: 'Der Betreiber verarbeitet die Daten nur auf dokumentierte Weisung des Teams; die Einstellungen und Aktionen des Teams in Planwerk gelten als solche Weisungen. Hält der Betreiber eine Weisung für rechtswidrig, teilt er dies dem Team unverzüglich mit.',
    },
    {
      heading: 'Vertraulichkeit',
      text: 'Personen, die beim Betreiber Zugang zu den Daten haben, sind zur Vertraulichkeit verpflichtet und greifen nur darauf zu, soweit es für den Betrieb nötig ist.',
    },
    {
      heading: 'Technische und organisatorische Maßnahmen (Art. 32 DSGVO)',
      text: 'Personenbezogene Angaben im Ereignisprotokoll sind mit einem eigenen Schlüssel je Person verschlüsselt; wird ein Konto gelöscht, wird sein Schlüssel vernichtet und die Angaben sind nicht mehr lesbar. Der Betreiber stellt Planwerk über verschlüsselte Verbindungen (TLS) bereit. Zugriffe folgen den Rollen und Rechten, die das Team vergibt, jede Änderung steht im Aktivitätsprotokoll, und Sicherungen erlauben es, einen früheren Stand wiederherzustellen.',
    },
    {
      heading: 'Weitere Auftragsverarbeiter',
      text: 'Der Betreiber setzt weitere Auftragsverarbeiter, etwa ein Rechenzentrum oder einen E-Mail-Versand, nur ein, wenn er sie dem Team benennt und vertraglich zu mindestens gleichwertigem Schutz verpflichtet. Über beabsichtigte Änderungen informiert er das Team vorab; das Team kann ihnen widersprechen.',
    },
    {
      heading: 'Unterstützung des Teams',
      text: 'Der Betreiber unterstützt das Team bei Anfragen betroffener Personen auf Auskunft, Berichtigung, Löschung und Datenübertragbarkeit; Planwerk bietet dafür Export und Löschung. Verletzungen des Schutzes personenbezogener Daten meldet er dem Team unverzüglich.',
    },
    {
      heading: 'Löschung und Rückgabe',
      text: 'Nach Ende des Vertrags löscht der Betreiber die Daten des Teams, soweit keine gesetzliche Pflicht zur Aufbewahrung besteht. Vorher kann das Team seine Daten exportieren.',
    },
    {
      heading: 'Nachweise und Kontrollen',
      text: 'Der Betreiber weist die Einhaltung dieses Vertrags auf Anfrage nach und ermöglicht Überprüfungen durch das Team oder einen von ihm beauftragten Prüfer nach Absprache.',
    },
  ],
  closing: 'Der Vertrag kommt zustande, wenn eine Person mit Inhaber- oder Verwaltungsrechten ihn für das Team abschließt. Zeitpunkt, Fassung und Person stehen danach hier und im Aktivitätsprotokoll des Teams.',
};

const en: AgreementText = {
  title: 'Data processing agreement under Art. 28 GDPR',
  parties: 'between {team} as controller (the “team”) and the operator of the Planwerk installation at {operator} as processor (the “operator”).',
  sections: [
    {
      heading: 'Subject matter and duration',
      text: 'The operator processes personal data on behalf of the team so that the team can use Planwerk: projects, lists and sign-ups, members and contacts, forms, calendars and the other areas. The agreement applies for as long as the team uses Planwerk and ends when the team is deleted.',
    },
    {
      heading: 'Nature and purpose of the processing',
      text: 'The operator stores, organises, displays, sends email about and backs up the data solely to provide the features the team uses in Planwerk. The operator does not process the data for purposes of its own, such as advertising, and does not pass it on to third parties.',
    },
    {
      heading: 'Types of data and data subjects',
      text: 'The data processed are account data (name, email address), details of members and contacts, sign-ups and form answers, comments and messages, and the activity log. The data subjects are the team’s members, people who sign up through shared links, and the team’s contacts.',
    },
    {
      heading: 'Instructions',
      text: 'The operator processes the data only on documented instructions from the team; the team’s settings and actions in Planwerk count as such instructions. If the operator considers an instruction unlawful, it informs the team without delay.',
    },
    {
      heading: 'Confidentiality',
      text: 'People at the operator who have access to the data are bound to confidentiality and access it only as far as running the service requires.',
    },
    {
      heading: 'Technical and organisational measures (Art. 32 GDPR)',
      text: 'Personal details in the event log are encrypted with a key of their own for each person; when an account is deleted, its key is destroyed and the details can no longer be read. The operator provides Planwerk over encrypted connections (TLS). Access follows the roles and rights the team grants, every change is recorded in the activity log, and backups allow an earlier state to be restored.',
    },
    {
      heading: 'Sub-processors',
      text: 'The operator engages further processors, such as a data centre or an email delivery service, only if it names them to the team and binds them by contract to at least equivalent protection. It informs the team in advance of intended changes; the team may object to them.',
    },
    {
      heading: 'Assistance to the team',
      text: 'The operator assists the team with requests from data subjects for access, rectification, erasure and data portability; Planwerk provides export and erasure for this. It notifies the team without delay of any personal data breach.',
    },
    {
      heading: 'Deletion and return',
      text: 'When the agreement ends, the operator deletes the team’s data unless the law requires it to be kept. Before that, the team can export its data.',
    },
    {
      heading: 'Evidence and audits',
      text: 'On request, the operator demonstrates compliance with this agreement and allows audits by the team or an auditor it appoints, by arrangement.',
    },
  ],
  closing: 'The agreement is concluded when a person with owner or administrator rights accepts it for the team. The time, the version and the person are then shown here and in the team’s activity log.',
};

const fr: AgreementText = {
  title: 'Contrat de sous-traitance selon l’art. 28 du RGPD',
  parties: 'entre {team}, responsable du traitement (ci-après « l’équipe »), et l’exploitant de l’installation Planwerk à l’adresse {operator}, sous-traitant (ci-après « l’exploitant »).',
  sections: [
    {
      heading: 'Objet et durée',
      text: 'L’exploitant traite des données personnelles pour le compte de l’équipe afin qu’elle puisse utiliser Planwerk : projets, listes et inscriptions, membres et contacts, formulaires, calendriers et les autres domaines. Le contrat s’applique tant que l’équipe utilise Planwerk et prend fin à la suppression de l’équipe.',
    },
    {
      heading: 'Nature et finalité du traitement',
      text: 'L’exploitant enregistre, organise, affiche, envoie des e-mails et sauvegarde les données uniquement pour fournir les fonctions que l’équipe utilise dans Planwerk. Il ne traite pas les données à ses propres fins, par exemple publicitaires, et ne les transmet pas à des tiers.',
    },
    {
      heading: 'Types de données et personnes concernées',
      text: 'Sont traitées les données de compte (nom, adresse e-mail), les informations sur les membres et les contacts, les inscriptions et les réponses aux formulaires, les commentaires et messages ainsi que le journal d’activité. Les personnes concernées sont les membres de l’équipe, les personnes qui s’inscrivent par des liens partagés et les contacts de l’équipe.',
    },
    {
      heading: 'Instructions',
      text: 'L’exploitant ne traite les données que sur instruction documentée de l’équipe ; les réglages et actions de l’équipe dans Planwerk valent instructions. S’il estime qu’une instruction est illicite, il en informe l’équipe sans délai.',
    },
    {
      heading: 'Confidentialité',
      text: 'Les personnes qui ont accès aux données chez l’exploitant sont tenues à la confidentialité et n’y accèdent que dans la mesure nécessaire à l’exploitation.',
    },
    {
      heading: 'Mesures techniques et organisationnelles (art. 32 du RGPD)',
      text: 'Les informations personnelles du journal des événements sont chiffrées avec une clé propre à chaque personne ; lorsqu’un compte est supprimé, sa clé est détruite et les informations ne sont plus lisibles. L’exploitant fournit Planwerk par des connexions chiffrées (TLS). Les accès suivent les rôles et droits que l’équipe attribue, chaque modification figure dans le journal d’activité et les sauvegardes permettent de restaurer un état antérieur.',
    },
    {
      heading: 'Sous-traitants ultérieurs',
      text: 'L’exploitant ne recourt à d’autres sous-traitants, par exemple un centre de données ou un service d’envoi d’e-mails, que s’il les désigne à l’équipe et les oblige par contrat à une protection au moins équivalente. Il informe l’équipe à l’avance de tout changement envisagé ; l’équipe peut s’y opposer.',
    },
    {
      heading: 'Assistance à l’équipe',
      text: 'L’exploitant aide l’équipe à répondre aux demandes d’accès, de rectification, d’effacement et de portabilité des personnes concernées ; Planwerk offre pour cela l’export et la suppression. Il signale sans délai à l’équipe toute violation de données personnelles.',
    },
    {
      heading: 'Suppression et restitution',
      text: 'À la fin du contrat, l’exploitant supprime les données de l’équipe, sauf obligation légale de conservation. Auparavant, l’équipe peut exporter ses données.',
    },
    {
      heading: 'Preuves et contrôles',
      text: 'Sur demande, l’exploitant démontre le respect du présent contrat et permet, après accord, des contrôles par l’équipe ou par un auditeur qu’elle mandate.',
    },
  ],
  closing: 'Le contrat est conclu lorsqu’une personne disposant des droits de propriétaire ou d’administration l’accepte pour l’équipe. La date, la version et la personne figurent ensuite ici et dans le journal d’activité de l’équipe.',
};

const it: AgreementText = {
  title: 'Accordo sul trattamento dei dati ai sensi dell’art. 28 del GDPR',
  parties: 'tra {team}, titolare del trattamento (di seguito «il team»), e il gestore dell’installazione Planwerk all’indirizzo {operator}, responsabile del trattamento (di seguito «il gestore»).',
  sections: [
    {
      heading: 'Oggetto e durata',
      text: 'Il gestore tratta dati personali per conto del team affinché il team possa usare Planwerk: progetti, liste e iscrizioni, membri e contatti, moduli, calendari e le altre aree. L’accordo vale finché il team usa Planwerk e termina con l’eliminazione del team.',
    },
    {
      heading: 'Natura e finalità del trattamento',
      text: 'Il gestore memorizza, organizza, mostra, invia e-mail e salva i dati esclusivamente per fornire le funzioni che il team usa in Planwerk. Non tratta i dati per scopi propri, ad esempio pubblicitari, e non li comunica a terzi.',
    },
    {
      heading: 'Tipi di dati e interessati',
      text: 'Sono trattati i dati dell’account (nome, indirizzo e-mail), le informazioni su membri e contatti, le iscrizioni e le risposte ai moduli, i commenti e i messaggi e il registro attività. Gli interessati sono i membri del team, le persone che si iscrivono tramite link condivisi e i contatti del team.',
    },
    {
      heading: 'Istruzioni',
      text: 'Il gestore tratta i dati solo su istruzione documentata del team; le impostazioni e le azioni del team in Planwerk valgono come istruzioni. Se ritiene un’istruzione illecita, lo comunica senza ritardo al team.',
    },
    {
      heading: 'Riservatezza',
      text: 'Le persone che presso il gestore hanno accesso ai dati sono tenute alla riservatezza e vi accedono solo nella misura necessaria al funzionamento del servizio.',
    },
    {
      heading: 'Misure tecniche e organizzative (art. 32 del GDPR)',
      text: 'Le informazioni personali nel registro degli eventi sono cifrate con una chiave propria per ogni persona; quando un account viene eliminato, la sua chiave è distrutta e le informazioni non sono più leggibili. Il gestore fornisce Planwerk tramite connessioni cifrate (TLS). Gli accessi seguono i ruoli e i diritti che il team assegna, ogni modifica compare nel registro attività e i backup permettono di ripristinare uno stato precedente.',
    },
    {
      heading: 'Altri responsabili del trattamento',
      text: 'Il gestore ricorre ad altri responsabili, ad esempio un centro dati o un servizio di invio e-mail, solo se li indica al team e li vincola per contratto a una protezione almeno equivalente. Informa il team in anticipo dei cambiamenti previsti; il team può opporsi.',
    },
    {
      heading: 'Assistenza al team',
      text: 'Il gestore assiste il team nelle richieste degli interessati di accesso, rettifica, cancellazione e portabilità dei dati; Planwerk offre a tal fine esportazione e cancellazione. Comunica senza ritardo al team ogni violazione dei dati personali.',
    },
    {
      heading: 'Cancellazione e restituzione',
      text: 'Al termine dell’accordo il gestore cancella i dati del team, salvo obbligo di legge di conservarli. Prima di allora il team può esportare i propri dati.',
    },
    {
      heading: 'Prove e verifiche',
      text: 'Su richiesta il gestore dimostra il rispetto del presente accordo e consente, previo accordo, verifiche da parte del team o di un revisore da esso incaricato.',
    },
  ],
  closing: 'L’accordo è concluso quando una persona con diritti di proprietario o di amministrazione lo accetta per il team. Data, versione e persona compaiono poi qui e nel registro attività del team.',
};

const TEXTS: Readonly<Record<string, Readonly<Record<Language, AgreementText>>>> = {
  '2026-11': { de, en, fr, it },
};

/** The agreement of `version` in the console's language (German when the language has none); null for an unknown version. */
export function agreementText(version: string, locale: string, fill: { team: string; operator: string }): AgreementText | null {
  const texts = TEXTS[version];
  if (!texts) return null;
  const language = (['de', 'en', 'fr', 'it'] as const).find((candidate) => locale.startsWith(candidate)) ?? 'de';
  const filled = (text: string) => text.replaceAll('{team}', fill.team).replaceAll('{operator}', fill.operator);
  const chosen = texts[language];
  return {
    title: chosen.title,
    parties: filled(chosen.parties),
    sections: chosen.sections.map((section) => ({ heading: section.heading, text: filled(section.text) })),
    closing: filled(chosen.closing),
  };
}
