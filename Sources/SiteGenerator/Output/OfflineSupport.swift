import Common
import Foundation

/// What makes a hosted site installable and usable offline (written only with a base URL:
/// a site opened from disk cannot register a service worker):
///
/// - `manifest.webmanifest`: name from the title, the theme's colour, the build's own icons;
/// - `sw.js`: a service worker whose version and precache list come from the build's
///   manifest, so a second visit works offline and a rebuild replaces the cache. Pages are
///   fetched from the network first (a rebuilt page shows at once) and from the cache when
///   the network is gone; every page visited is kept.
enum OfflineSupport {
    static let manifestName = "manifest.webmanifest"
    static let workerName = "sw.js"
    static let themeColor = "#c8283c"
    static let backgroundColor = "#f5f6fa"

    /// The pages every visitor may want offline besides those they open: each language's
    /// home, list, search, compare and collection pages.
    static let corePages = ["index.html", "pokedex/index.html", "search.html", "compare.html", "favorites.html", "my-pokemon.html", "404.html"]

    static func manifest(title: String, language: String) -> Data {
        let short = title.count <= 12 ? title : String(title.prefix(12))
        let object: [String: Any] = [
            "name": title, "short_name": short, "lang": language, "start_url": "./", "scope": "./", "display": "standalone",
            "background_color": backgroundColor, "theme_color": themeColor,
            "icons": AppIcon.sizes.map { ["src": AppIcon.path($0), "sizes": "\($0)x\($0)", "type": "image/png", "purpose": "any maskable"] }
                + [["src": "assets/favicon.svg", "sizes": "any", "type": "image/svg+xml"]],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data()
        return data + Data("\n".utf8)
    }

    /// The service worker: `precache` (paths relative to the root) and a version made from
    /// every page's fingerprint and every precached file, so any rebuild that changes the
    /// site changes the worker and browsers install the new one.
    static func worker(pages: [String: String], precache: [String], assets: String) -> Data {
        var version = Fingerprint()
        version.add("sw-1")
        for (path, fingerprint) in pages.sorted(by: { $0.key < $1.key }) { version.add(path); version.add(fingerprint) }
        version.add(assets)
        let list = precache.sorted().map { "  \"\($0)\"" }.joined(separator: ",\n")
        let script = """
        /* Written by pokedex build: the site offline after a first visit. Network first, so a
           rebuilt page shows at once; the cache when the network is gone. */
        "use strict";
        var CACHE = "pokedex-\(version.hex)";
        var PRECACHE = [
        \(list)
        ];
        self.addEventListener("install", function (event) {
          event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(PRECACHE); }).then(function () { return self.skipWaiting(); }));
        });
        self.addEventListener("activate", function (event) {
          event.waitUntil(caches.keys().then(function (keys) {
            return Promise.all(keys.filter(function (key) { return key.indexOf("pokedex-") === 0 && key !== CACHE; })
              .map(function (key) { return caches.delete(key); }));
          }).then(function () { return self.clients.claim(); }));
        });
        self.addEventListener("fetch", function (event) {
          var request = event.request;
          if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
          event.respondWith(fetch(request).then(function (response) {
            if (response.ok) {
              var copy = response.clone();
              /* Kept alive until the copy is stored: a worker stopped sooner loses the page. */
              event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(request, copy); }));
            }
            return response;
          }).catch(function () {
            return caches.match(request, { ignoreSearch: true }).then(function (hit) {
              return hit || caches.match(new URL("404.html", self.registration.scope).href);
            });
          }));
        });

        """
        return Data(script.utf8)
    }
}
