import { useId, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ApiError } from '../../../app/api';
import { usePageTitle } from '../../../app/page-title';
import { ApiErrorAlert, Checkbox } from '../../../shared/form';
import { Skeleton } from '../../../shared/skeleton';
import { TableScroll } from '../../../shared/table-scroll';
import { useManagedTeam } from '../../projects';
import { contactPaths } from '../contact.paths';
import { FIELD_LABEL } from '../contacts.messages';
import {
  CONTACT_IMPORT_FIELDS, IMPORT_LIMITS, useCheckContactImportMutation, useContactImportStatusQuery, useLazyContactImportDuplicatesQuery,
  useStartContactImportMutation, useUploadContactImportMutation,
  type ContactImportCheck, type ContactImportDuplicate, type ContactImportField, type ContactImportMapping, type ContactImportUpload, type ImportFileRefusal,
} from './contact-import.api';
import { importMessages as m, PROBLEM_LABEL, REFUSAL_LABEL } from './contact-import.messages';
import './contact-import.css';

/** Problems listed at once; the rest are counted. */
const LISTED_PROBLEMS = 200;
type Choice = 'skip' | 'import';

/** /manage/{ccLink}/contact/import: upload → map columns with a preview → dry run → background import with progress. */
export function ContactImportPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const team = useManagedTeam();
  if (!team) return <div className="page"><Skeleton shape="page" /></div>;
  return <ContactImport teamId={team.teamId} ccLink={team.link} />;
}

function ContactImport({ teamId, ccLink }: { teamId: string; ccLink: string }) {
  const intl = useIntl();
  const [file, setFile] = useState<ContactImportUpload | null>(null);
  const [started, setStarted] = useState<string | null>(null);
  return (
    <div className="page contact-import">
      <header className="page-head">
        <h1>{intl.formatMessage(m.title)}</h1>
        <div className="actions">
          <Link className="button" to={contactPaths.list.href(ccLink)}>{intl.formatMessage(m.toList)}</Link>
        </div>
      </header>
      {started !== null ? <Progress teamId={teamId} importId={started} ccLink={ccLink} onAnother={() => { setStarted(null); setFile(null); }} />
        : file === null ? <Upload teamId={teamId} onRead={setFile} />
          : <Mapping teamId={teamId} file={file} onAgain={() => setFile(null)} onStarted={() => setStarted(file.importId)} />}
    </div>
  );
}

function Upload({ teamId, onRead }: { teamId: string; onRead: (file: ContactImportUpload) => void }) {
  const intl = useIntl();
  const inputId = useId();
  const [chosen, setChosen] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [upload, state] = useUploadContactImportMutation();
  const refusal = refusalOf(state.error);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    // The size is known before any upload: refused here, naming the limit.
    if (chosen.size > IMPORT_LIMITS.bytes) {
      setTooLarge(true);
      return;
    }
    const result = await upload({ teamId, file: chosen });
    if (result.data) onRead(result.data);
  }

  return (
    <form className="card import-upload" onSubmit={(event) => void submit(event)}>
      <p className="hint">{intl.formatMessage(m.intro)}</p>
      <label htmlFor={inputId}>{intl.formatMessage(m.file)}</label>
      <input
        id={inputId} className="input" type="file" accept=".xlsx,.ods,.csv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.spreadsheet"
        onChange={(event) => { setChosen(event.target.files?.[0] ?? null); setTooLarge(false); }}
      />
      {tooLarge && <div className="alert alert--danger" role="alert"><p className="alert__text">{intl.formatMessage(REFUSAL_LABEL.too_large, { limit: IMPORT_LIMITS.bytes / 1024 / 1024 })}</p></div>}
      {refusal ? (
        <div className="alert alert--danger" role="alert">
          <p className="alert__text">{intl.formatMessage(REFUSAL_LABEL[refusal.reason], {
            limit: refusal.reason === 'too_large' ? IMPORT_LIMITS.bytes / 1024 / 1024 : intl.formatNumber(refusal.limit ?? 0),
            found: intl.formatNumber(refusal.found ?? 0),
          })}</p>
        </div>
      ) : <ApiErrorAlert error={state.error} />}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={!chosen || state.isLoading}>
          {intl.formatMessage(state.isLoading ? m.reading : m.upload)}
        </button>
      </div>
    </form>
  );
}

/** The 400's body of a refused file, if the error is one. */
function refusalOf(error: unknown): ImportFileRefusal | null {
  const details = (error as ApiError | undefined)?.details as Partial<ImportFileRefusal> | undefined;
  return details && typeof details.reason === 'string' && details.reason in REFUSAL_LABEL ? (details as ImportFileRefusal) : null;
}

function Mapping({ teamId, file, onAgain, onStarted }: { teamId: string; file: ContactImportUpload; onAgain: () => void; onStarted: () => void }) {
  const intl = useIntl();
  const [mapping, setMapping] = useState<ContactImportMapping>(() => file.columns.map((c) => c.guess));
  const [check, checkState] = useCheckContactImportMutation();
  const [findDuplicates, duplicatesState] = useLazyContactImportDuplicatesQuery();
  const [start, startState] = useStartContactImportMutation();
  const [dryRun, setDryRun] = useState<{ mapping: ContactImportMapping; check: ContactImportCheck; duplicates: ContactImportDuplicate[] } | null>(null);
  const [choices, setChoices] = useState<Record<ContactImportDuplicate['kind'], Choice>>({ email: 'skip', nameAndBirthDate: 'skip' });
  const [validOnly, setValidOnly] = useState(false);
  const current = dryRun !== null && dryRun.mapping.every((field, i) => field === mapping[i]) ? dryRun : null;

  function choose(index: number, value: string) {
    setMapping((before) => before.map((field, i) => {
      if (i === index) return value === '' ? null : (value as ContactImportField);
      // A field goes to one column; choosing it again moves it (Straße and Hausnummer may share by being joined in the file).
      return field === value ? null : field;
    }));
  }

  async function runCheck() {
    const [checked, duplicates] = await Promise.all([check({ teamId, importId: file.importId, mapping }), findDuplicates({ teamId, importId: file.importId, mapping })]);
    if (checked.data && duplicates.data) setDryRun({ mapping, check: checked.data, duplicates: duplicates.data });
  }

  const skipRows = useMemo(() => (current ? current.duplicates.filter((d) => choices[d.kind] === 'skip').map((d) => d.row) : []), [current, choices]);
  const problemRows = current ? new Set(current.check.problems.map((p) => p.row)).size : 0;
  const importCount = current ? current.check.validRows - skipRows.filter((row) => !current.check.problems.some((p) => p.row === row)).length : 0;
  const blocked = current !== null && problemRows > 0 && !validOnly;

  async function runImport() {
    if (!current || blocked) return;
    const result = await start({ teamId, importId: file.importId, body: { mapping: current.mapping, skipRows, validRowsOnly: validOnly } });
    if (result.data) onStarted();
  }

  const headerOf = (index: number, header: string) => header || intl.formatMessage(m.noHeader, { n: index + 1 });
  return (
    <>
      <section className="card import-mapping" aria-labelledby="import-mapping">
        <h2 id="import-mapping">{intl.formatMessage(m.mapping)}</h2>
        <p className="hint">{intl.formatMessage(m.fileFacts, { fileName: file.fileName, rows: file.rowCount })} · {intl.formatMessage(m.mappingHint)}</p>
        <TableScroll label={intl.formatMessage(m.mapping)}>
          <table className="import-columns">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.column)}</th>
                <th scope="col">{intl.formatMessage(m.field)}</th>
                <th scope="col">{intl.formatMessage(m.preview)}</th>
              </tr>
            </thead>
            <tbody>
              {file.columns.map((column) => (
                <tr key={column.index}>
                  <th scope="row">{headerOf(column.index, column.header)}</th>
                  <td>
                    <select
                      className="input"
                      aria-label={intl.formatMessage(m.fieldFor, { header: headerOf(column.index, column.header) })}
                      value={mapping[column.index] ?? ''}
                      onChange={(event) => choose(column.index, event.target.value)}
                    >
                      <option value="">{intl.formatMessage(m.skipColumn)}</option>
                      {CONTACT_IMPORT_FIELDS.map((field) => <option key={field} value={field}>{intl.formatMessage(FIELD_LABEL[field])}</option>)}
                    </select>
                  </td>
                  <td className="import-columns__preview">{file.preview.map((row) => row[column.index]).filter((cell) => cell !== '').slice(0, 3).join(' · ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <ApiErrorAlert error={checkState.error ?? duplicatesState.error} />
        <div className="actions">
          <button type="button" className="button" onClick={onAgain}>{intl.formatMessage(m.again)}</button>
          <button type="button" className="button button--primary" disabled={checkState.isLoading || mapping.every((f) => f === null)} onClick={() => void runCheck()}>
            {intl.formatMessage(checkState.isLoading ? m.checking : m.check)}
          </button>
        </div>
      </section>
      {current && (
        <section className="card import-result" aria-labelledby="import-result">
          <h2 id="import-result">{intl.formatMessage(m.result)}</h2>
          <p>{intl.formatMessage(m.resultFacts, { valid: current.check.validRows, problems: problemRows })}</p>
          {current.check.problems.length > 0 && (
            <>
              <h3>{intl.formatMessage(m.problems)}</h3>
              <ul className="import-problems">
                {current.check.problems.slice(0, LISTED_PROBLEMS).map((p) => (
                  <li key={`${p.row}-${p.column ?? 'row'}-${p.code}`}>
                    {p.column === null
                      ? intl.formatMessage(m.problemRow, { row: p.row, problem: intl.formatMessage(PROBLEM_LABEL[p.code]) })
                      : intl.formatMessage(m.problemAt, { row: p.row, header: headerOf(p.column, p.header ?? ''), problem: intl.formatMessage(PROBLEM_LABEL[p.code]) })}
                    {p.value !== null && p.value !== '' && <> <q className="import-problems__value">{p.value}</q></>}
                  </li>
                ))}
              </ul>
              {current.check.problems.length > LISTED_PROBLEMS && <p className="hint">{intl.formatMessage(m.moreProblems, { count: current.check.problems.length - LISTED_PROBLEMS })}</p>}
            </>
          )}
          <h3>{intl.formatMessage(m.duplicates)}</h3>
          {current.duplicates.length === 0 && <p className="hint">{intl.formatMessage(m.noDuplicates)}</p>}
          {(['email', 'nameAndBirthDate'] as const).map((kind) => {
            const rows = current.duplicates.filter((d) => d.kind === kind);
            if (rows.length === 0) return null;
            return (
              <fieldset key={kind} className="import-duplicates">
                <legend>{intl.formatMessage(kind === 'email' ? m.duplicateEmail : m.duplicateName, { count: rows.length })}</legend>
                <ul>
                  {rows.slice(0, LISTED_PROBLEMS).map((d) => (
                    <li key={d.row}>{d.ofRow !== null ? intl.formatMessage(m.duplicateOfRow, { row: d.row, other: d.ofRow }) : intl.formatMessage(m.duplicateOf, { row: d.row, name: d.displayName ?? '' })}</li>
                  ))}
                </ul>
                <div className="import-duplicates__choice" role="radiogroup" aria-label={intl.formatMessage(kind === 'email' ? m.duplicateEmail : m.duplicateName, { count: rows.length })}>
                  {(['skip', 'import'] as const).map((choice) => (
                    <label key={choice}>
                      <input type="radio" name={`duplicates-${kind}`} checked={choices[kind] === choice} onChange={() => setChoices((before) => ({ ...before, [kind]: choice }))} />
                      {' '}{intl.formatMessage(choice === 'skip' ? m.skip : m.importAnyway)}
                    </label>
                  ))}
                </div>
              </fieldset>
            );
          })}
          {problemRows > 0 && (
            <>
              <p className="alert alert--info">{intl.formatMessage(m.blocked)}</p>
              <Checkbox label={intl.formatMessage(m.validOnly)} checked={validOnly} onChange={setValidOnly} />
            </>
          )}
          <ApiErrorAlert error={startState.error} />
          <div className="actions">
            <button type="button" className="button button--primary" disabled={blocked || importCount <= 0 || startState.isLoading} onClick={() => void runImport()}>
              {intl.formatMessage(m.start, { count: Math.max(0, importCount) })}
            </button>
          </div>
        </section>
      )}
    </>
  );
}

function Progress({ teamId, importId, ccLink, onAnother }: { teamId: string; importId: string; ccLink: string; onAnother: () => void }) {
  const intl = useIntl();
  const [done, setDone] = useState(false);
  // Polled while the job runs; the job commits its progress after every batch of rows.
  const { data, error } = useContactImportStatusQuery({ teamId, importId }, { pollingInterval: done ? 0 : 1000 });
  const finished = data?.state === 'finished' || data?.state === 'failed';
  if (finished && !done) setDone(true);
  const percent = data && data.total > 0 ? Math.round((data.processed / data.total) * 100) : 0;
  return (
    <section className="card import-progress" aria-live="polite">
      <h2>{intl.formatMessage(finished ? m.done : m.running)}</h2>
      <ApiErrorAlert error={error} />
      {data && (
        <>
          <progress max={Math.max(1, data.total)} value={data.processed} aria-label={intl.formatMessage(m.progressLabel)}>{percent}%</progress>
          <p>{intl.formatMessage(m.progress, { processed: intl.formatNumber(data.processed), total: intl.formatNumber(data.total) })}</p>
          {data.state === 'failed' && <p className="alert alert--danger" role="alert">{intl.formatMessage(m.failedJob)}</p>}
          {finished && <p className="import-progress__summary">{intl.formatMessage(m.summary, { imported: data.imported, skipped: intl.formatNumber(data.skipped), failed: intl.formatNumber(data.failed) })}</p>}
          {finished && (
            <div className="actions">
              <Link className="button button--primary" to={contactPaths.list.href(ccLink)}>{intl.formatMessage(m.toList)}</Link>
              <button type="button" className="button" onClick={onAnother}>{intl.formatMessage(m.another)}</button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
