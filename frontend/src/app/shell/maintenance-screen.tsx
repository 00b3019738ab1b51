import { useCallback, useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { API_BASE_PATH } from '@planwerk/events/constants';
import { Icon, RefreshCw, Wrench } from '../../shared/icons';
import { api, UNDER_MAINTENANCE } from '../api';
import { useAppDispatch, useAppSelector } from '../hooks';
import { maintenanceEnded } from '../ui.slice';
import './maintenance-screen.css';

export const maintenanceMessages = defineMessages({
  title: { id: 'app.maintenance.title', defaultMessage: 'Wartungsarbeiten', description: 'Heading of the maintenance screen (error 6950)' },
  text: { id: 'app.maintenance.text', defaultMessage: 'Planwerk wird gerade gewartet. Bitte versuche es in ein paar Minuten erneut.', description: 'The spec\u2019s text of error 6950' },
  auto: { id: 'app.maintenance.auto', defaultMessage: 'Sobald Planwerk wieder erreichbar ist, geht es hier von selbst weiter. Deine Eingaben auf dieser Seite bleiben erhalten.', description: 'The maintenance screen checks by itself' },
  retry: { id: 'app.maintenance.retry', defaultMessage: 'Jetzt erneut versuchen', description: 'Checks at once whether maintenance is over' },
  checking: { id: 'app.maintenance.checking', defaultMessage: 'Wird geprüft …', description: 'While the maintenance screen checks' },
});

// How often the screen asks whether maintenance is over (the server's Retry-After).
export const MAINTENANCE_RECHECK_MS = 15_000;

/** Whether the API answers again: any answer but 6950 (a network error counts as "not yet"). */
async function apiAnswers(): Promise<boolean> {
  try {
    const response = await fetch(`${API_BASE_PATH}/update/version`, { cache: 'no-store' });
    if (response.status !== 503) return response.ok;
    const wrapper = (await response.json()) as { error?: { intern?: unknown } | null };
    return wrapper.error?.intern !== UNDER_MAINTENANCE;
  } catch {
    return false;
  }
}

// The maintenance screen (issue 14, ADR 0014): any 6950 of the API covers the console with the
// spec's text; the screen asks every 15 s (or at once on the button) and, the first time the
// API answers again, steps aside and refetches what the page shows. The page underneath stays
// mounted, so nothing typed is lost.
export function MaintenanceScreen({ recheckMs = MAINTENANCE_RECHECK_MS }: { recheckMs?: number }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const active = useAppSelector((state) => state.ui.maintenance);
  const [checking, setChecking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const check = useCallback(async () => {
    setChecking(true);
    const back = await apiAnswers();
    setChecking(false);
    if (!back) return;
    dispatch(maintenanceEnded());
    dispatch(api.util.resetApiState());
  }, [dispatch]);

  useEffect(() => {
    if (!active) return undefined;
    heading.current?.focus();
    const timer = window.setInterval(() => void check(), recheckMs);
    return () => window.clearInterval(timer);
  }, [active, check, recheckMs]);

  if (!active) return null;
  return (
    <div className="maintenance-screen" role="alertdialog" aria-modal="true" aria-labelledby="maintenance-title" aria-describedby="maintenance-text">
      <div className="maintenance-screen__card">
        <span className="maintenance-screen__icon"><Icon of={Wrench} /></span>
        <h1 id="maintenance-title" ref={heading} tabIndex={-1}>{intl.formatMessage(maintenanceMessages.title)}</h1>
        <p id="maintenance-text">{intl.formatMessage(maintenanceMessages.text)}</p>
        <p className="hint">{intl.formatMessage(maintenanceMessages.auto)}</p>
        <button type="button" className="button button--primary" disabled={checking} onClick={() => void check()}>
          <Icon of={RefreshCw} />
          {intl.formatMessage(checking ? maintenanceMessages.checking : maintenanceMessages.retry)}
        </button>
      </div>
    </div>
  );
}
