/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    requestId: string;
    lang: import('./lib/i18n').Lang;
    /** Translator fixed to this request's language. */
    t: import('./lib/i18n').T;
    host: import('./lib/host').HostInfo;
    route: import('./lib/routes').RouteDef;
    /** The signed-in user's context, or null for a guest. */
    session: import('./lib/contracts/identity').SessionContext | null;
    /** A form post's body, read within the page's limit by the middleware (`lib/server/pages/page-body.ts`). */
    body?: Uint8Array<ArrayBuffer>;
  }
}
