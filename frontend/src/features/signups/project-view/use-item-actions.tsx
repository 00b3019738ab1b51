import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../../app/hooks';
import { popupShown } from '../../../app/ui.slice';
import { ProjectErrorAlert } from '../../../shared/project-errors';
import { useConfirm } from '../../../shared/ui';
import { forgetSignUp } from '../link-cache';
import { ChangeSignUpDialog, SignUpDialog, type OwnSignUp, type SignUpTarget } from '../signup-dialog';
import { useCancelSignUpMutation } from '../signups.api';
import { projectViewMessages as messages } from './project-view.messages';
import type { ViewContext } from './view-context';

export interface ItemActions {
  signUp: (target: SignUpTarget) => void;
  change: (target: SignUpTarget, signUp: OwnSignUp) => void;
  cancel: (target: SignUpTarget, signUp: OwnSignUp) => void;
}

/** The sign-up, change and cancel dialogs shared by the views; render `element` once. */
export function useItemActions(context: ViewContext): { actions: ItemActions; element: ReactNode } {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { confirm, dialog } = useConfirm();
  const [signingUp, setSigningUp] = useState<SignUpTarget | null>(null);
  const [changing, setChanging] = useState<{ target: SignUpTarget; signUp: OwnSignUp } | null>(null);
  const [cancel, cancelState] = useCancelSignUpMutation();
  const [, rerender] = useState(0);
  const actions: ItemActions = {
    signUp: setSigningUp,
    change: (target, signUp) => setChanging({ target, signUp }),
    cancel: (target, signUp) => void (async () => {
      if (!(await confirm(intl.formatMessage(messages.cancelConfirm, { name: target.item.name }), { confirmLabel: intl.formatMessage(messages.cancel), danger: true }))) return;
      const result = await cancel({ projectId: target.projectId, listId: target.list.listId, signupId: signUp.signupId, token: signUp.token, password: context.viewer.password });
      if (!result.data) return;
      if (signUp.token) forgetSignUp(target.projectId, signUp.signupId);
      rerender((value) => value + 1);
      dispatch(popupShown({ message: messages.cancelled, tone: 'success' }));
    })(),
  };
  const element = (
    <>
      <ProjectErrorAlert error={cancelState.error} />
      {dialog}
      {signingUp && <SignUpDialog target={signingUp} viewer={context.viewer} onClose={() => setSigningUp(null)} />}
      {changing && <ChangeSignUpDialog target={changing.target} signUp={changing.signUp} viewer={context.viewer} onClose={() => setChanging(null)} />}
    </>
  );
  return { actions, element };
}
