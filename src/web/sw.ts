/**
 * The service worker (docs/domain/sites.md), built by vite-plugin-pwa's
 * injectManifest with Workbox: the app shell is precached so the app opens without signal, and the
 * technician's reads (field-reads.ts) are kept network-first for the day. Writes are not its
 * business: the page's queue (IndexedDB) holds them until they can be sent.
 */
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import type { WorkboxPlugin } from "workbox-core/types.js";
import { FIELD_CACHE, FIELD_MARKER, FIELD_MAX_AGE_SECONDS, isFieldRead, SYNC_HEADER } from "./lib/offline/field-reads";

// The project's TypeScript sees the DOM, not the worker's scope: the two names used here are declared.
declare global {
  interface Window {
    /** Replaced at build by the list of the shell's files and their hashes (workbox-build). */
    __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
  }
}
const sw = self as unknown as {
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", fn: (e: MessageEvent) => void): void;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// Every page of the SPA is index.html; the API, the OpenAPI page and files are never the shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/api(\/|$)/] }));

/** Only while a technician is signed in: otherwise nothing is written to, or read from, the cache. */
const onlyForTecnico: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && (await caches.has(FIELD_MARKER)) ? response : null,
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    (await caches.has(FIELD_MARKER)) ? (cachedResponse ?? null) : null,
};

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    request.method === "GET" &&
    !request.headers.has(SYNC_HEADER) &&
    isFieldRead(url.pathname, url.search),
  new NetworkFirst({
    cacheName: FIELD_CACHE,
    // On a signal too weak to answer, the copy kept earlier today after 8 s.
    networkTimeoutSeconds: 8,
    plugins: [onlyForTecnico, new ExpirationPlugin({ maxAgeSeconds: FIELD_MAX_AGE_SECONDS, maxEntries: 300 })],
  }),
);

// "Aggiorna" on the update prompt: the waiting version takes over.
sw.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void sw.skipWaiting();
});
