import type { Page } from '@playwright/test';

/** A message the page sent to the host app's bridge, as the host received it. */
export interface HostMessageSeen {
  message: string;
  payload: unknown;
}

/**
 * Puts a host app's bridge (`window.matlibHost`, docs/product/material-files.md#sending-to-a-3d-tool) on every page
 * the browser opens, the way the 3D tool's web view does: it answers each message with `answer` and keeps what it
 * was sent, for the journey to read back with `hostMessages`.
 */
export async function installHostBridge(page: Page, answer: { code: string; message?: string } = { code: '0' }): Promise<void> {
  await page.addInitScript((reply) => {
    const seen: { message: string; payload: unknown }[] = [];
    Object.defineProperty(window, '__hostMessages', { value: seen });
    window.matlibHost = {
      send: (message, payload) => {
        // The bridge hands the host a copy, as a native bridge serialises what it carries.
        seen.push({
          message,
          payload: JSON.parse(JSON.stringify(payload)) as unknown,
        });
        return Promise.resolve(reply);
      },
    };
  }, answer);
}

/** What the page has sent the bridge so far. */
export function hostMessages(page: Page): Promise<HostMessageSeen[]> {
  return page.evaluate(() => (window as unknown as { __hostMessages: HostMessageSeen[] }).__hostMessages);
}
