import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Download, Icon } from '../../../shared/icons';
import { inviteMessages as messages } from './invite.messages';

// The QR code of the project link (issue 14), drawn in the browser by `qrcode`, loaded only when
// the tab opens so the first view does not carry it. Shown as SVG; downloadable as SVG and PNG.

type QrLib = typeof import('qrcode');

async function loadQr(): Promise<QrLib> {
  const mod: QrLib & { default?: QrLib } = await import('qrcode');
  return mod.default ?? mod;
}

const OPTIONS = { margin: 2, errorCorrectionLevel: 'M' as const, color: { dark: '#000000', light: '#ffffff' } };

function download(href: string, fileName: string) {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

export function InviteQr({ url, fileName }: { url: string; fileName: string }) {
  const intl = useIntl();
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadQr()
      .then((qr) => qr.toString(url, { ...OPTIONS, type: 'svg' }))
      .then((text) => live && setSvg(text), () => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [url]);

  if (failed) return <p className="alert alert--danger" role="alert">{intl.formatMessage(messages.qrFailed)}</p>;
  if (svg === null) return <p className="hint" role="status">{intl.formatMessage(messages.qrLoading)}</p>;

  const svgHref = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return (
    <div className="invite-qr">
      <img className="invite-qr__image" src={svgHref} width={240} height={240} alt={intl.formatMessage(messages.qrAlt, { url })} data-testid="invite-qr" />
      <div className="invite-qr__actions">
        <button
          type="button"
          className="button"
          onClick={() => void loadQr().then((qr) => qr.toDataURL(url, { ...OPTIONS, width: 1024 })).then((png) => download(png, `${fileName}.png`), () => setFailed(true))}
        >
          <Icon of={Download} /> {intl.formatMessage(messages.downloadPng)}
        </button>
        <button type="button" className="button" onClick={() => download(svgHref, `${fileName}.svg`)}>
          <Icon of={Download} /> {intl.formatMessage(messages.downloadSvg)}
        </button>
      </div>
    </div>
  );
}
