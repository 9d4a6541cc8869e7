import { useEffect, useState } from 'react';
import { materialFileApi } from '../../lib/api/material-files';
import { BRIDGE_SUCCESS, hostBridge } from '../../lib/host-bridge';
import { createClientT, type Dict } from '../../lib/i18n/client';
import styles from './SendToTool.module.css';

interface Props {
  materialId: number;
  name: string;
  /** A material with no file (no layer) or no color card cannot go to the 3D tool. */
  supported: boolean;
  /** The U3MA download of the material's file; null without a file. */
  u3maHref: string | null;
  /** `{ materialFile: … }` of the page language. */
  messages: Dict;
}

/**
 * Sending a material to the 3D clothing tool (docs/product/material-files.md#sending-to-a-3d-tool). Inside that host,
 * through its bridge, adding to or replacing what the tool holds; a material it cannot take is refused with the
 * 'unsupported material' alert. Anywhere else the U3M download stands in its place, so the page renders that first
 * and only a host turns it into the two buttons.
 */
export default function SendToTool({ materialId, name, supported, u3maHref, messages }: Props) {
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
      const answer = await bridge.send('sendMaterialsToCloV2', { mode, materials: [{ id: materialId, name, file: new URL(u3maHref, location.href).href }] });
      if (answer.code !== BRIDGE_SUCCESS) return setSaid({ text: t('materialFile.send.failed', { message: answer.message ?? answer.code }), alert: true });
      setSaid({ text: t(mode === 'add' ? 'materialFile.send.added' : 'materialFile.send.replaced'), alert: false });
      void materialFileApi.recordUsage(materialId, 'sendToTool', { silent: true }).catch(() => undefined);
    } catch {
      setSaid({ text: t('materialFile.send.failed', { message: t('materialFile.unknownError') }), alert: true });
    } finally {
      setBusy(false);
    }
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
      <p role={said?.alert ? 'alert' : 'status'} className={`${styles.said} ${said?.alert ? styles.alert : ''}`}>
        {said?.text}
      </p>
    </div>
  );
}
