import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../app/api-error';
import { ApiErrorAlert } from '../../shared/form';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { useActivateAccountMutation, useConfirmParentConsentMutation } from './accounts.api';
import { linkMessages } from './accounts.messages';

interface LinkTexts {
  title: MessageDescriptor;
  intro: MessageDescriptor;
  button: MessageDescriptor;
  active: MessageDescriptor;
  pending: MessageDescriptor;
}

type UseConfirm = typeof useActivateAccountMutation | typeof useConfirmParentConsentMutation;

// The mail links of spec section 2 (/account/activate/{data}, /account/child/{data}). The
// token is used by a click, not on load: a mail scanner that opens the link uses nothing.
function LinkConfirmPage({ texts, useConfirm }: { texts: LinkTexts; useConfirm: UseConfirm }) {
  const intl = useIntl();
  const { data = '' } = useParams();
  const title = intl.formatMessage(texts.title);
  usePageTitle(title);
  const [confirm, { data: answer, error, isLoading }] = useConfirm();
  const unusable = isApiError(error) && (error.intern === 'not_found' || error.intern === 'validation_failed');

  return (
    <div className="page">
      <h1>{title}</h1>
      {answer ? (
        <>
          <p className="alert alert--success" role="status">{intl.formatMessage(answer.active ? texts.active : texts.pending)}</p>
          <Link className="button button--primary" to={paths.login.href()}>{intl.formatMessage(linkMessages.toLogin)}</Link>
        </>
      ) : (
        <>
          <p>{intl.formatMessage(texts.intro)}</p>
          {unusable ? <p className="alert alert--danger" role="alert">{intl.formatMessage(linkMessages.invalid)}</p> : <ApiErrorAlert error={error} />}
          <div className="actions">
            <button type="button" className="button button--primary" disabled={isLoading} onClick={() => void confirm({ token: data })}>
              {intl.formatMessage(texts.button)}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

export function ActivatePage() {
  return (
    <LinkConfirmPage
      useConfirm={useActivateAccountMutation}
      texts={{
        title: linkMessages.activateTitle, intro: linkMessages.activateIntro, button: linkMessages.activateButton,
        active: linkMessages.activated, pending: linkMessages.activatedPendingParent,
      }}
    />
  );
}

export function ParentConfirmPage() {
  return (
    <LinkConfirmPage
      useConfirm={useConfirmParentConsentMutation}
      texts={{
        title: linkMessages.childTitle, intro: linkMessages.childIntro, button: linkMessages.childButton,
        active: linkMessages.childDone, pending: linkMessages.childPendingActivation,
      }}
    />
  );
}
