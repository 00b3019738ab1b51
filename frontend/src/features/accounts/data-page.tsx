import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { ApiErrorAlert } from '../../shared/form';
import { usePageTitle } from '../../app/page-title';
import { useExportAccountDataMutation } from './accounts.api';
import { dataMessages } from './accounts.messages';

// /account/data: everything stored about the signed-in person, as a JSON file.
export function DataPage() {
  const intl = useIntl();
  const title = intl.formatMessage(dataMessages.title);
  usePageTitle(title);
  const [exportData, { data, isLoading, error }] = useExportAccountDataMutation();
  const href = useMemo(
    () => (data ? URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })) : null),
    [data],
  );
  useEffect(() => () => {
    if (href) URL.revokeObjectURL(href);
  }, [href]);

  return (
    <div className="page">
      <h1>{title}</h1>
      <p>{intl.formatMessage(dataMessages.intro)}</p>
      <div className="actions">
        <button type="button" className="button button--primary" disabled={isLoading} onClick={() => void exportData()}>
          {intl.formatMessage(dataMessages.export)}
        </button>
        {isLoading && <progress aria-label={intl.formatMessage(dataMessages.working)} />}
      </div>
      {isLoading && <p role="status">{intl.formatMessage(dataMessages.working)}</p>}
      <ApiErrorAlert error={error} />
      {href && (
        <p className="alert alert--success" role="status">
          {intl.formatMessage(dataMessages.done)}{' '}
          <a href={href} download="planwerk-daten.json">{intl.formatMessage(dataMessages.download)}</a>
        </p>
      )}
    </div>
  );
}
