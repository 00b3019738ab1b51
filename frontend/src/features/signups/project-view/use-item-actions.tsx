import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../../app/hooks';
import { popupShown } from '../../../app/ui.slice';
import { ProjectErrorAlert } from '../../../shared/project-errors';
import { useConfirm } from '../../../shared/ui';
import { forgetSignup } from '../link-cache';
import { ChangeSignupDialog, SignupDialog, type OwnSignup, type SignupTarget } from '../signup-dialog';
import { useCancelSignupMutation } from '../signups.api';
import { projectViewMessages as messages } from './project-view.messages';
import type { ViewContext } from './view-context';

export interface ItemActions {
  add: (target: SignupTarget) => void;
  change: (target: SignupTarget, signup: OwnSignup) => void;
  cancel: (target: SignupTarget, signup: OwnSignup) => void;
}

/** The sign-up, change and cancel dialogs shared by the views; render `element` once. */
export function useItemActions(context: ViewContext): { actions: ItemActions; element: ReactNode } {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { confirm, dialog } = useConfirm();
  const [signingUp, setSigningUp] = useState<SignupTarget | null>(null);
  const [changing, setChanging] = useState<{ target: SignupTarget; signup: OwnSignup } | null>(null);
  const [cancel, cancelState] = useCancelSignupMutation();
  const [, rerender] = useState(0);
  const actions: ItemActions = {
    add: setSigningUp,
    change: (target, signup) => setChanging({ target, signup }),
    cancel: (target, signup) => void (async () => {
      if (!(await confirm(intl.formatMessage(messages.cancelConfirm, { name: target.item.name }), { confirmLabel: intl.formatMessage(messages.cancel), danger: true }))) return;
      const result = await cancel({ projectId: target.projectId, listId: target.list.listId, signupId: signup.signupId, token: signup.token, password: context.viewer.password });
      if (!result.data) return;
      if (signup.token) forgetSignup(target.projectId, signup.signupId);
      rerender((value) => value + 1);
      dispatch(popupShown({ message: messages.cancelled, tone: 'success' }));
    })(),
  };
  const element = (
    <>
      <ProjectErrorAlert error={cancelState.error} />
      {dialog}
      {signingUp && <SignupDialog target={signingUp} viewer={context.viewer} onClose={() => setSigningUp(null)} />}
      {changing && <ChangeSignupDialog target={changing.target} signup={changing.signup} viewer={context.viewer} onClose={() => setChanging(null)} />}
    </>
  );
  return { actions, element };
}
