import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiError } from '../app/api';
import { ProjectErrorAlert } from './project-errors';
import { Modal } from './ui';

/**
 * The dialogs of the project screens: a modal with one form, the error of its call and one
 * submit button; `lead` stands above the form (the settings' status row).
 */
export function DialogForm({ title, onClose, wide = false, lead, error, submitLabel, submitDisabled, onSubmit, children }: {
  title: string;
  onClose: () => void;
  wide?: boolean;
  lead?: ReactNode;
  error: ApiError | SerializedError | undefined;
  submitLabel: MessageDescriptor;
  submitDisabled: boolean;
  onSubmit: () => Promise<void> | void;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Modal title={title} onClose={onClose} wide={wide}>
      {lead}
      <form
        className={wide ? 'form form--wide' : 'form'}
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        {children}
        <ProjectErrorAlert error={error} />
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={submitDisabled}>{intl.formatMessage(submitLabel)}</button>
        </div>
      </form>
    </Modal>
  );
}
