import { useIntl } from 'react-intl';
import { ChevronLeft, ChevronRight, Flag, Icon } from '../../shared/icons';
import { ProjectErrorAlert } from '../../shared/project-errors';
import type { BackupMarker, RestorePoint } from './backups.api';
import { backupMessages as messages } from './backups.messages';
import { actorText, describeTypes } from './undo';
import type { BackupMark } from './use-backup-mark';

/** The chosen point, the slider through every loaded point with its markers, and naming a point. */
export function BackupTimeline({ userId, unique, markers, index, selected, go, loadOlder, mark }: {
  userId: string | null;
  unique: RestorePoint[];
  markers: Map<string, BackupMarker>;
  index: number;
  selected: RestorePoint;
  go: (point: RestorePoint | undefined) => void;
  loadOlder: (() => void) | undefined;
  mark: BackupMark;
}) {
  const intl = useIntl();
  const time = (at: string) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'medium' });
  const pointText = (point: RestorePoint) => intl.formatMessage(messages.pointText, { time: time(point.at), what: describeTypes(point.types, intl) });
  const last = unique.length - 1;
  return (
    <section className="card backup-timeline" aria-labelledby="backup-timeline-title">
      <h2 id="backup-timeline-title">{intl.formatMessage(messages.selected, { time: time(selected.at) })}</h2>
      <p data-testid="backup-point">
        {intl.formatMessage(messages.selectedBy, { who: actorText(selected.actor, userId, intl), what: describeTypes(selected.types, intl) })}
        {index === last && <> {intl.formatMessage(messages.isNewest)}</>}
      </p>
      <div className="backup-slider">
        <label htmlFor="backup-slider" className="backup-slider__label">{intl.formatMessage(messages.timeline)}</label>
        <div className="backup-slider__track">
          {markers.size > 0 && (
            <ul className="backup-markers" aria-label={intl.formatMessage(messages.markers)}>
              {[...markers.values()].map((marker) => {
                const at = unique.findIndex((point) => point.position === marker.position);
                const left = at < 0 || last === 0 ? 0 : (at / last) * 100;
                return (
                  <li key={marker.backupId} style={{ left: `${left}%` }}>
                    <button
                      type="button"
                      className="backup-marker"
                      title={intl.formatMessage(messages.markerGo, { name: marker.name, time: time(marker.at) })}
                      aria-label={intl.formatMessage(messages.markerGo, { name: marker.name, time: time(marker.at) })}
                      onClick={() => go(unique[at] ?? { ...selected, position: marker.position, at: marker.at })}
                    >
                      <Icon of={Flag} /> <span>{marker.name}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <input
            id="backup-slider"
            type="range"
            min={0}
            max={Math.max(last, 0)}
            step={1}
            value={index}
            aria-valuetext={pointText(selected)}
            onChange={(event) => go(unique[Number(event.target.value)])}
          />
        </div>
        <div className="backup-slider__ends hint">
          <span>{unique[0] ? time(unique[0].at) : ''}</span>
          <span>{intl.formatMessage(messages.timelineHint, { count: unique.length })}</span>
          <span>{intl.formatMessage(messages.newest)}</span>
        </div>
      </div>
      <div className="actions backup-timeline__actions">
        <button type="button" className="button button--small" disabled={index === 0} onClick={() => go(unique[index - 1])}><Icon of={ChevronLeft} /> {intl.formatMessage(messages.earlier)}</button>
        <button type="button" className="button button--small" disabled={index === last} onClick={() => go(unique[index + 1])}>{intl.formatMessage(messages.later)} <Icon of={ChevronRight} /></button>
        <button type="button" className="button button--small" disabled={index === last} onClick={() => go(unique[last])}>{intl.formatMessage(messages.newest)}</button>
        {loadOlder && (
          <button type="button" className="button button--small" onClick={loadOlder}>{intl.formatMessage(messages.older)}</button>
        )}
      </div>
      <form className="field-row backup-mark" onSubmit={mark.submit}>
        <div className="field">
          <label htmlFor="backup-mark-name">{intl.formatMessage(messages.markName)}</label>
          <input id="backup-mark-name" className="input" maxLength={120} value={mark.name} onChange={(event) => mark.setName(event.target.value)} />
        </div>
        <button type="submit" className="button" disabled={mark.state.isLoading || mark.name.trim() === ''}>{intl.formatMessage(messages.mark)}</button>
      </form>
      <ProjectErrorAlert error={mark.state.error} />
    </section>
  );
}
