import { useIntl } from 'react-intl';
import { absoluteUrl, projectPaths } from '../project.paths';
import { Modal } from '../../../shared/ui';
import { dialogMessages } from './project-dialogs.messages';
import { useCopyToClipboard } from './use-copy-to-clipboard';

/** The project's public and embed links, each with a copy button. */
export function InviteDialog({ project, onClose }: { project: { link: string; shareHash: string }; onClose: () => void }) {
  const intl = useIntl();
  const copy = useCopyToClipboard();
  const publicUrl = absoluteUrl(projectPaths.projectView.href(project.link));
  const embedUrl = absoluteUrl(projectPaths.embed.href(project.shareHash));
  return (
    <Modal title={intl.formatMessage(dialogMessages.inviteTitle)} onClose={onClose}>
      <p>{intl.formatMessage(dialogMessages.inviteText)}</p>
      {[{ label: dialogMessages.publicLink, url: publicUrl }, { label: dialogMessages.embedLink, url: embedUrl }].map(({ label, url }) => (
        <div className="field" key={url}>
          <span>{intl.formatMessage(label)}</span>
          <div className="field-row">
            <output className="mono">{url}</output>
            <button type="button" className="button" onClick={() => copy(url)}>{intl.formatMessage(dialogMessages.copyLink)}</button>
          </div>
        </div>
      ))}
    </Modal>
  );
}
