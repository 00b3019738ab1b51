import { useIntl } from 'react-intl';
import { sharedMessages } from './shared.messages';

// Grey shapes of what is loading instead of a "Laden…" line (issue 14): the page keeps its layout
// and the wait feels shorter. Screen readers hear one polite "Wird geladen …".
export type SkeletonShape = 'list' | 'table' | 'cards' | 'page';

export function Skeleton({ shape, rows = 3 }: { shape: SkeletonShape; rows?: number }) {
  const intl = useIntl();
  const count = Array.from({ length: rows }, (_, index) => index);
  return (
    <div className={`skeleton-block skeleton-block--${shape}`} role="status" aria-busy="true">
      <span className="visually-hidden">{intl.formatMessage(sharedMessages.loading)}</span>
      <div aria-hidden="true">
        {shape === 'page' && <span className="skeleton skeleton--title" />}
        {shape === 'table' && (
          <div className="skeleton-table">
            {count.map((row) => (
              <div key={row} className="skeleton-table__row">
                <span className="skeleton skeleton--line" style={{ width: `${70 - (row % 3) * 12}%` }} />
                <span className="skeleton skeleton--line" />
                <span className="skeleton skeleton--line" style={{ width: '60%' }} />
              </div>
            ))}
          </div>
        )}
        {(shape === 'cards' || shape === 'page') && count.map((card) => (
          <div key={card} className="skeleton-card">
            <span className="skeleton skeleton--title" style={{ width: `${45 - (card % 2) * 15}%` }} />
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line" style={{ width: '75%' }} />
          </div>
        ))}
        {shape === 'list' && count.map((line) => (
          <span key={line} className="skeleton skeleton--line skeleton--list-line" style={{ width: `${90 - (line % 4) * 15}%` }} />
        ))}
      </div>
    </div>
  );
}
