/**
 * The native bridge of a host app that embeds the product (docs/product/material-files.md#sending-to-a-3d-tool): the
 * 3D clothing tool puts `window.matlibHost` on the page it embeds, and the page sends it messages. A message is
 * answered with a code, `'0'` for success. Outside such a host there is no bridge. Isomorphic: on the server there
 * is never one.
 */
export interface HostBridge {
  send(message: HostMessage, payload: unknown): Promise<{ code: string; message?: string }>;
}

export type HostMessage = 'sendMaterialsToCloV2' | 'openUrl';
export const BRIDGE_SUCCESS = '0';

declare global {
  interface Window {
    matlibHost?: HostBridge;
  }
}

export function hostBridge(): HostBridge | null {
  if (typeof window === 'undefined') return null;
  const bridge = window.matlibHost;
  return bridge && typeof bridge.send === 'function' ? bridge : null;
}
