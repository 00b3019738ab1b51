import { useState } from 'react';
import { useIntl } from 'react-intl';
import { PROJECT_TEMPLATES, templateSummary, type ProjectTemplate } from '@planwerk/events/templates';
import { ApplyTemplateDialog, type AppliedTemplate } from './apply-template-dialog';
import { TemplateIcon } from './template-icon';
import { templateLocaleOf } from './template-locale';
import { templateMessages as messages } from './templates.messages';
import './templates.css';

/** The gallery's cards: what each template contains, and "Verwenden" to make a project of it. */
export function TemplateGallery({ teamId, ccLink, owner, activateByDefault, onApplied }: {
  teamId: string;
  ccLink: string;
  owner: boolean;
  activateByDefault?: boolean;
  onApplied: (project: AppliedTemplate) => void;
}) {
  const intl = useIntl();
  const locale = templateLocaleOf(intl.locale);
  const [chosen, setChosen] = useState<ProjectTemplate | null>(null);
  return (
    <>
      <ul className="template-gallery" aria-label={intl.formatMessage(messages.list)}>
        {PROJECT_TEMPLATES.map((template) => {
          const summary = templateSummary(template);
          const name = template.name[locale];
          return (
            <li key={template.id} className="card template-card" data-template={template.id}>
              <div className="template-card__head">
                <TemplateIcon id={template.id} />
                <h3 className="template-card__name">{name}</h3>
              </div>
              <p className="template-card__text">{template.description[locale]}</p>
              <p className="template-card__summary">
                {intl.formatMessage(messages.contains, summary)}
                {template.timed && <span className="template-card__badge">{intl.formatMessage(messages.timed)}</span>}
              </p>
              <ul className="template-card__lists" aria-label={intl.formatMessage(messages.listsOf, { name })}>
                {template.phases.flatMap((phase) => phase.lists).map((list) => <li key={list.key}>{list.name[locale]}</li>)}
              </ul>
              <button type="button" className="button button--primary template-card__use" aria-label={intl.formatMessage(messages.useNamed, { name })} onClick={() => setChosen(template)}>
                {intl.formatMessage(messages.use)}
              </button>
            </li>
          );
        })}
      </ul>
      {chosen && (
        <ApplyTemplateDialog
          teamId={teamId} ccLink={ccLink} template={chosen} owner={owner} activateByDefault={activateByDefault}
          onApplied={(project) => {
            setChosen(null);
            onApplied(project);
          }}
          onClose={() => setChosen(null)}
        />
      )}
    </>
  );
}
