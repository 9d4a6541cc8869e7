import { useEffect, useState } from 'react';
import { materialFileApi } from '../../lib/api/material-files';
import { BRIDGE_SUCCESS, hostBridge, openUrlInHost, sendMaterialsToTool, type ToolMaterial } from '../../lib/host-bridge';
import { createClientT, type Dict } from '../../lib/i18n/client';
import styles from './SendToTool.module.css';

interface Props {
  materialId: number;
  version: number;
  name: string;
  serialNo: string;
  /** A material with no file (no layer) or no color card cannot go to the 3D tool. */
  supported: boolean;
  /** The U3MA download of the material's file; null without a file. */
  u3maHref: string | null;
  /** The ASE download of the color cards. */
  aseHref: string;
  colors: ToolMaterial['colors'];
  /** Sends are counted in the material's usage for a signed-in person only. */
  signedIn: boolean;
  /** `{ materialFile: … }` of the page language. */
  messages: Dict;
}

/**
 * Sending a material to the 3D clothing tool (docs/product/material-files.md#sending-to-a-3d-tool). Inside that host,
 * through its bridge, adding to or replacing what the tool holds; a material it cannot take is refused with the
 * 'unsupported material' alert. Anywhere else the U3M download stands in its place, so the page renders that first
 * and only a host turns it into the two buttons.
 */
export default function SendToTool({ materialId, version, name, serialNo, supported, u3maHref, aseHref, colors, signedIn, messages }: Props) {
  const t = createClientT(messages);
  const [inHost, setInHost] = useState(false);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; alert: boolean } | null>(null);
  useEffect(() => setInHost(hostBridge() !== null), []);

  async function send(mode: 'add' | 'replace') {
    const bridge = hostBridge();
    if (!bridge) return;
    if (!supported || !u3maHref) return setSaid({ text: t('materialFile.send.unsupported'), alert: true });
    setBusy(true);
    setSaid(null);
    try {
      const absolute = (href: string) => new URL(href, location.href).href;
      const answer = await sendMaterialsToTool(bridge, mode, [{ id: materialId, version, name, serialNo, file: absolute(u3maHref), swatches: absolute(aseHref), colors }]);
      if (answer.code !== BRIDGE_SUCCESS) return setSaid({ text: t('materialFile.send.failed', { message: answer.message ?? answer.code }), alert: true });
      setSaid({ text: t(mode === 'add' ? 'materialFile.send.added' : 'materialFile.send.replaced'), alert: false });
      if (signedIn) void materialFileApi.recordUsage(materialId, 'sendToTool', { silent: true }).catch(() => undefined);
    } catch {
      setSaid({ text: t('materialFile.send.failed', { message: t('materialFile.unknownError') }), alert: true });
    } finally {
      setBusy(false);
    }
  }

  function openDownload(href: string) {
    const bridge = hostBridge();
    if (bridge) void openUrlInHost(bridge, new URL(href, location.href).href).catch(() => undefined);
  }

  if (!inHost) {
    return u3maHref ? (
      <a className="btn btn-secondary" href={u3maHref} download>
        {t('materialFile.send.download')}
      </a>
    ) : null;
  }
  return (
    <div className={styles.row}>
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void send('add')}>
        {t('materialFile.send.add')}
      </button>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void send('replace')}>
        {t('materialFile.send.replace')}
      </button>
      {u3maHref && (
        // A host's web view may not download files: the host opens the download in the system's browser.
        <button type="button" className="btn btn-ghost" onClick={() => openDownload(u3maHref)}>
          {t('materialFile.send.download')}
        </button>
      )}
      <p role={said?.alert ? 'alert' : 'status'} className={`${styles.said} ${said?.alert ? styles.alert : ''}`}>
        {said?.text}
      </p>
    </div>
  );
}
