import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ShellLoader } from '../../app/app-shell';
import { usePageTitle } from '../../app/page-title';
import { useDevMode } from './dev.api';
import { devMessages } from './dev.messages';
import { DevMailbox } from './dev-mailbox';
import './dev.css';

// /dev (spec section 2, "dev status only"): without development mode the route does not
// exist for the visitor, so it shows the 404 page the router hands in.
export function DevPage({ notFound }: { notFound: ReactNode }) {
  const { devMode, settled } = useDevMode();
  if (!settled) return <ShellLoader />;
  if (!devMode) return notFound;
  return <DevTools />;
}

function DevTools() {
  const intl = useIntl();
  const title = intl.formatMessage(devMessages.pageTitle);
  usePageTitle(title);
  return (
    <div className="page dev">
      <h1>{title}</h1>
      <DevMailbox />
    </div>
  );
}
