// Tablemate service worker: keeps the app shell and the last pages viewed
// so a table can be read offline. Results and rounds entered offline are
// kept by the page in the outbox (outbox.js) and sent by the page
// when it is back online, or here by Background Sync; any other form
// sent while offline gets a page saying it was not saved.
"use strict";
importScripts("/static/js/outbox.js");
const SHELL = "tablemate-shell-v2";
const PAGES = "tablemate-pages-v1";
const MAX_PAGES = 20;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((c) => c.addAll(["/offline", "/offline?write=1"])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== SHELL && k !== PAGES).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()));
});

async function remember(request, response) {
  const cache = await caches.open(PAGES);
  await cache.put(request, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await cache.delete(old);
}

// forget drops the kept pages of a link that was replaced (the server
// answered 410 Gone): under /tables/{link}, /v/{link} or /l/{link}.
async function forget(path) {
  const base = path.split("/").slice(0, 3).join("/") + "/";
  const cache = await caches.open(PAGES);
  for (const key of await cache.keys()) {
    const p = new URL(key.url).pathname + "/";
    if (p.startsWith(base)) await cache.delete(key);
  }
}

// offlineCopy shows a cached page with its "you are offline" banner
// visible: the server cannot be reached even if the phone has a network.
async function offlineCopy(res) {
  const html = (await res.text()).replace('id="offline-banner" class="banner banner-warn offline" role="status" hidden', 'id="offline-banner" class="banner banner-warn offline" role="status" data-from-cache="1"');
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (url.origin !== location.origin || url.pathname.endsWith("/live")) return;
  if (req.method !== "GET") {
    // Writes go to the network only; offline they fail loudly, not later.
    event.respondWith(fetch(req).catch(() => caches.match("/offline?write=1").then((r) => r || caches.match("/offline"))));
    return;
  }
  if (url.pathname.startsWith("/static/")) {
    // Hashed assets never change under the same URL: cache first.
    event.respondWith(caches.match(req).then((hit) => hit || fetch(req).then((res) => {
      if (res.ok) { const copy = res.clone(); caches.open(SHELL).then((c) => c.put(req, copy)); }
      return res;
    })));
    return;
  }
  if (req.mode === "navigate") {
    // Pages: network first, the last copy when offline.
    event.respondWith(fetch(req).then((res) => {
      if (res.ok) { const copy = res.clone(); remember(req, copy); }
      if (res.status === 410) forget(url.pathname);
      return res;
    }).catch(() => caches.match(req).then((hit) => hit ? offlineCopy(hit) : caches.match("/offline"))));
  }
});

// Background Sync: the outbox is sent as soon as the browser sees the
// connection back, even with no Tablemate page open; open pages are told
// to show what became of their entries.
self.addEventListener("sync", (event) => {
  if (event.tag !== "tablemate-outbox") return;
  event.waitUntil(self.TablemateOutbox.flush().then((outcomes) => self.clients.matchAll()
    .then((cs) => cs.forEach((c) => c.postMessage({ type: "tablemate-outbox", outcomes: outcomes })))));
});
