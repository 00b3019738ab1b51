import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Copy, Icon, Mail, MailCheck, QrCode, Share2, type LucideIcon } from '../../../shared/icons';
import { Modal } from '../../../shared/ui';
import { absoluteUrl, projectPaths } from '../project.paths';
import { dialogMessages } from '../project-dialogs/project-dialogs.messages';
import { useCopyToClipboard } from '../project-dialogs/use-copy-to-clipboard';
import { InviteMailForm } from './invite-mail-form';
import { InviteQr } from './invite-qr';
import { InviteResponses } from './invite-responses';
import { inviteMessages as messages } from './invite.messages';
import './invite.css';

// "Einladen" of a project (spec section 2, issue 14): by mail, by QR code, by the device's share
// sheet (Web Share API) or a copied link; phone first.

export interface InviteProject {
  projectId: string;
  name: string;
  link: string;
  shareHash: string;
}

type Way = 'mail' | 'qr' | 'share' | 'responses';
const WAYS: ReadonlyArray<{ way: Way; icon: LucideIcon; label: typeof messages.tabMail }> = [
  { way: 'mail', icon: Mail, label: messages.tabMail },
  { way: 'qr', icon: QrCode, label: messages.tabQr },
  { way: 'share', icon: Share2, label: messages.tabShare },
  { way: 'responses', icon: MailCheck, label: messages.tabResponses },
];

function canShare(url: string): boolean {
  if (typeof navigator.share !== 'function') return false;
  return typeof navigator.canShare !== 'function' || navigator.canShare({ url });
}

function ShareLinks({ project }: { project: InviteProject }) {
  const intl = useIntl();
  const copy = useCopyToClipboard();
  const publicUrl = absoluteUrl(projectPaths.projectView.href(project.link));
  const embedUrl = absoluteUrl(projectPaths.embed.href(project.shareHash));
  const share = canShare(publicUrl);
  return (
    <div className="invite-share">
      <p>{intl.formatMessage(dialogMessages.inviteText)}</p>
      {share && (
        <p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void navigator.share({ title: project.name, text: intl.formatMessage(messages.shareMessage, { name: project.name }), url: publicUrl }).catch(() => undefined)}
          >
            <Icon of={Share2} /> {intl.formatMessage(messages.share)}
          </button>
        </p>
      )}
      {[{ label: dialogMessages.publicLink, url: publicUrl }, { label: dialogMessages.embedLink, url: embedUrl }].map(({ label, url }) => (
        <div className="field" key={url}>
          <span>{intl.formatMessage(label)}</span>
          <div className="invite-share__row">
            <output className="mono">{url}</output>
            <button type="button" className="button" onClick={() => copy(url)}>
              <Icon of={Copy} /> {intl.formatMessage(dialogMessages.copyLink)}
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}

/** The invitation dialog: tabs for mail, QR code and share, and the responses to the mails. */
export function InviteDialog({ teamId, project, onClose, initialWay = 'mail' }: { teamId: string; project: InviteProject; onClose: () => void; initialWay?: Way }) {
  const intl = useIntl();
  const [way, setWay] = useState<Way>(initialWay);
  const baseId = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + WAYS.length) % WAYS.length;
    setWay(WAYS[next]!.way);
    tabs.current[next]?.focus();
  }

  return (
    <Modal title={intl.formatMessage(dialogMessages.inviteTitle)} onClose={onClose} wide>
      <p className="invite__project">{project.name}</p>
      <div className="invite-tabs" role="tablist" aria-label={intl.formatMessage(messages.tabs)}>
        {WAYS.map(({ way: candidate, icon, label }, index) => (
          <button
            key={candidate}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${candidate}`}
            aria-controls={`${baseId}-panel-${candidate}`}
            aria-selected={way === candidate}
            tabIndex={way === candidate ? 0 : -1}
            className="invite-tabs__tab"
            onClick={() => setWay(candidate)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            <Icon of={icon} /> {intl.formatMessage(label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${way}`} aria-labelledby={`${baseId}-tab-${way}`} className="invite-panel">
        {way === 'mail' && <InviteMailForm teamId={teamId} projectId={project.projectId} />}
        {way === 'qr' && (
          <>
            <p>{intl.formatMessage(messages.qrText)}</p>
            <InviteQr url={absoluteUrl(projectPaths.projectView.href(project.link))} fileName={`qr-${project.link}`} />
          </>
        )}
        {way === 'share' && <ShareLinks project={project} />}
        {way === 'responses' && <InviteResponses teamId={teamId} projectId={project.projectId} onInvite={() => setWay('mail')} />}
      </div>
    </Modal>
  );
}
