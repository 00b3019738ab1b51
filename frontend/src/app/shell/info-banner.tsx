import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useVersionInfo } from '../../features/update/use-version-info';
import { shellMessages } from './shell.messages';

// A banner action of the version info (events/src/platform/version-info.schema.ts).
export interface NewsBanner {
  design: string;
  title: string;
  text: string;
  link: string | null;
  timer: number | null;
}

const DESIGNS = new Set(['info', 'success', 'warning', 'danger']);

export function newsBannerOf(actions: readonly unknown[]): NewsBanner | null {
  for (const action of actions) {
    if (typeof action !== 'object' || action === null) continue;
    const { type, design, title, text, link, timer } = action as Record<string, unknown>;
    if (type !== 'banner' || typeof title !== 'string' || typeof text !== 'string') continue;
    return {
      design: typeof design === 'string' && DESIGNS.has(design) ? design : 'info',
      title,
      text,
      link: typeof link === 'string' && /^(https?:\/\/|\/(?!\/))/.test(link) ? link : null,
      timer: typeof timer === 'number' && timer > 0 ? timer : null,
    };
  }
  return null;
}

// Dismissed banners stay dismissed on this device until their text changes.
const DISMISSED_KEY = 'planwerk.dismissedBanner';
const bannerKey = (banner: NewsBanner) => `${banner.title}\n${banner.text}`;

function isDismissed(banner: NewsBanner): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === bannerKey(banner);
  } catch {
    return false;
  }
}

// The info banner of spec section 2: the title, and the text behind "mehr".
export function InfoBanner() {
  const intl = useIntl();
  const { info } = useVersionInfo();
  const banner = info ? newsBannerOf(info.action) : null;
  const [expanded, setExpanded] = useState(false);
  const [hidden, setHidden] = useState<string | null>(null);
  const textId = useId();
  const key = banner ? bannerKey(banner) : null;

  useEffect(() => {
    if (!banner?.timer || key === null) return;
    const timer = window.setTimeout(() => setHidden(key), banner.timer * 1000);
    return () => window.clearTimeout(timer);
  }, [banner?.timer, key]);

  if (!banner || hidden === key || isDismissed(banner)) return null;

  function dismiss() {
    if (!banner) return;
    try {
      localStorage.setItem(DISMISSED_KEY, bannerKey(banner));
    } catch {
      // Storage blocked: hidden for this page only.
    }
    setHidden(bannerKey(banner));
  }

  return (
    <section className={`info-banner info-banner--${banner.design}`} aria-label={intl.formatMessage(shellMessages.infoBanner)} data-testid="info-banner">
      <div className="info-banner__head">
        <strong>{banner.title}</strong>
        {banner.text !== '' && (
          <button type="button" className="link-button info-banner__more" aria-expanded={expanded} aria-controls={textId} onClick={() => setExpanded(!expanded)}>
            {intl.formatMessage(expanded ? shellMessages.less : shellMessages.more)}
          </button>
        )}
        <button type="button" className="link-button info-banner__dismiss" onClick={dismiss}>
          {intl.formatMessage(shellMessages.dismiss)}
        </button>
      </div>
      <div id={textId} hidden={!expanded}>
        <p className="info-banner__text">{banner.text}</p>
        {banner.link && <a href={banner.link} target="_blank" rel="noreferrer">{intl.formatMessage(shellMessages.infoBannerLink)}</a>}
      </div>
    </section>
  );
}
