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

/** A material as the 3D tool receives it: its file, and its colors to dye it with. */
export interface ToolMaterial {
  id: number;
  version: number;
  name: string;
  serialNo: string;
  /** The U3MA download of the material's file (an absolute address the tool fetches). */
  file: string;
  /** The color cards as an ASE swatch file (absolute address). */
  swatches: string;
  colors: { id: number; name: string; hex: string; isDefault: boolean }[];
}

export type BridgeAnswer = { code: string; message?: string };

/** `sendMaterialsToCloV2`: add the materials to what the tool holds, or replace it with them. */
export function sendMaterialsToTool(bridge: HostBridge, mode: 'add' | 'replace', materials: ToolMaterial[]): Promise<BridgeAnswer> {
  return bridge.send('sendMaterialsToCloV2', { mode, materials });
}

/** `openUrl`: the host opens an address in the system's browser (downloads, pages the host's web view cannot show). */
export function openUrlInHost(bridge: HostBridge, url: string): Promise<BridgeAnswer> {
  return bridge.send('openUrl', { url });
}
