/* The root's 404 page of a site in several languages. A host shows it (the first language's)
   for a missing address in any folder: in another language's folder, go on to that
   language's own 404 page; outside every folder, to the language the visitor chose last.
   Loaded in the head, so the wrong language never shows. Only for a site built with a base
   URL, whose alternates are absolute wherever the page is shown. */
(function () {
  "use strict";
  var here = document.documentElement.getAttribute("lang");
  // Paths, not addresses: a site reached at another origin than its base URL's (http or
  // https, www or not) still finds its folder.
  var path = function (href) { try { return new URL(href, window.location.href).pathname; } catch (e) { return ""; } };
  var address = window.location.pathname;
  var remembered = null;
  try { remembered = window.localStorage.getItem("pokedex-language"); } catch (e) { /* storage off */ }
  var links = document.querySelectorAll('link[rel="alternate"][hreflang]');
  var inFolder = null, chosen = null;
  for (var i = 0; i < links.length; i++) {
    var lang = links[i].getAttribute("hreflang"), href = links[i].href;
    if (lang === "x-default" || !/^https?:\/\//i.test(links[i].getAttribute("href")) || !/\/404\.html$/.test(href)) continue;
    if (address.indexOf(path(href).slice(0, -"404.html".length)) === 0) { inFolder = links[i]; break; }
    if (lang === remembered) chosen = links[i];
  }
  var target = inFolder || chosen;
  // Its own page, or one that is missing too (the host shows this page there again): stay.
  if (!target || target.getAttribute("hreflang") === here || path(target.href) === address) return;
  // The address missed goes along: the 404 page suggests names from it (search.js).
  window.location.replace(target.href + "?missing=" + encodeURIComponent(window.location.pathname));
})();
