/**
 * The bus between the API client (which decides what to show, docs/product/errors.md) and the AppDialogs island (which shows it).
 * Plain nanostores, no DOM: the client and its tests run in Node, and an island that renders the bus can mount
 * later than the first error (queued entries wait for it).
 */
import { atom } from 'nanostores';
import { UI } from '../constants';
import type { ErrorLevel } from '../errors';

export type DialogKind = 'login' | 'permission' | 'alert' | 'quota' | 'certification';

export interface DialogRequest {
  kind: DialogKind;
  /** Empty for a plain alert: the text alone names the dialog. */
  title: string;
  text: string;
  /** Where the confirm button goes; without it the dialog only has OK. */
  confirmHref?: string;
  confirmLabel?: string;
  /** The error code that caused it (dedupe key together with the kind). */
  code: number;
}

export interface PendingDialog extends DialogRequest {
  id: number;
}

export interface Toast {
  id: number;
  level: ErrorLevel;
  text: string;
}

/**
 * The translated texts the client needs: `dialog.*` and `errors.*` of the page's language. A type alias, not an
 * interface, so it stays assignable to the i18n dictionary type.
 */
export type DialogMessages = {
  dialog: Record<string, string>;
  errors: Record<string, string>;
};

/**
 * "Seen within the window" memory: true the first time a key is offered, false again until `windowMs` has passed.
 * Used for dialogs (kind+code), toasts (text), navigations and error-log traces (docs/product/errors.md: 2 s).
 */
export function createDedupe(windowMs: number = UI.dialogDedupeMs, now: () => number = Date.now) {
  const seen = new Map<string, number>();
  return (key: string): boolean => {
    const t = now();
    // Forget expired keys so a long-lived page does not grow the map without bound.
    for (const [k, at] of seen) if (t - at >= windowMs) seen.delete(k);
    if (seen.has(key)) return false;
    seen.set(key, t);
    return true;
  };
}

export interface DialogBusOptions {
  /** Injected clock for the 2-second dedupe; tests move it instead of sleeping. */
  now?: () => number;
  dedupeMs?: number;
}

export function createDialogBus(options: DialogBusOptions = {}) {
  const fresh = createDedupe(options.dedupeMs ?? UI.dialogDedupeMs, options.now ?? Date.now);
  const $dialogs = atom<readonly PendingDialog[]>([]);
  const $toasts = atom<readonly Toast[]>([]);
  const $messages = atom<DialogMessages | null>(null);
  let nextId = 1;

  /** Queues a dialog; null when the same kind and code was opened within the dedupe window. */
  function openDialog(request: DialogRequest): number | null {
    if (!fresh(`dialog:${request.kind}:${request.code}`)) return null;
    const id = nextId++;
    $dialogs.set([...$dialogs.get(), { ...request, id }]);
    return id;
  }

  function closeDialog(id: number): void {
    $dialogs.set($dialogs.get().filter((d) => d.id !== id));
  }

  /** Queues a toast; null when the same text was shown within the dedupe window. */
  function toast(level: ErrorLevel, text: string): number | null {
    if (!text || !fresh(`toast:${text}`)) return null;
    const id = nextId++;
    $toasts.set([...$toasts.get(), { id, level, text }]);
    return id;
  }

  function dismissToast(id: number): void {
    $toasts.set($toasts.get().filter((t) => t.id !== id));
  }

  function setMessages(messages: DialogMessages): void {
    $messages.set(messages);
  }

  /** Runs `show` once messages are registered: an error before the island mounts must not show raw keys. */
  function whenMessages(show: (messages: DialogMessages) => void): void {
    const current = $messages.get();
    if (current) {
      show(current);
      return;
    }
    const stop = $messages.listen((value) => {
      if (!value) return;
      stop();
      show(value);
    });
  }

  return { $dialogs, $toasts, $messages, openDialog, closeDialog, toast, dismissToast, setMessages, whenMessages };
}

export type DialogBus = ReturnType<typeof createDialogBus>;

/** The page's one bus: the default API client writes to it, AppDialogs renders it. */
export const dialogBus: DialogBus = createDialogBus();
export const { $dialogs, $toasts, $messages, openDialog, closeDialog, toast, dismissToast, setMessages } = dialogBus;
