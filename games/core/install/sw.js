// CUBIRI's service worker, served at /sw.js by games.core.install.views, which writes the line
// before this one: VERSION, FILES (the static files to keep ahead), OFFLINE (the offline page's
// address) and STATIC (where static files live).
// It keeps static files and the offline page, nothing else: pages, htmx answers and every
// POST go to the server as they would without it (a game's state is the server's).
"use strict";
var CACHE = "cubiri-" + VERSION;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE)
      .then(function (cache) { return cache.addAll(FILES.concat([OFFLINE])); })
      .then(function () { return self.skipWaiting(); })
  );
});

// A new version drops the caches of the old ones.
self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (keys) {
        return Promise.all(keys.filter(function (key) { return key !== CACHE; })
          .map(function (key) { return caches.delete(key); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Pages always come from the server; the offline page only when it cannot be reached.
    event.respondWith(fetch(request).catch(function () { return caches.match(OFFLINE, { ignoreVary: true }); }));
    return;
  }
  if (url.pathname.indexOf(STATIC) !== 0) return;
  event.respondWith(
    caches.match(request, { ignoreVary: true }).then(function (kept) {
      return kept || fetch(request).then(function (response) {
        if (response.status === 200) {
          var copy = response.clone();
          caches.open(CACHE).then(function (cache) { return cache.put(request, copy); });
        }
        return response;
      });
    })
  );
});
