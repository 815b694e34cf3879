/* The root page of a site in several languages: go on to the language the visitor chose
   last (remembered by the switcher on every page), else to the first one listed. Without
   JavaScript the page is a plain list of the languages. */
(function () {
  "use strict";
  var links = document.querySelectorAll(".language-list a[data-lang]");
  if (!links.length) return;
  var chosen = null;
  try { chosen = window.localStorage.getItem("pokedex-language"); } catch (e) { /* storage off */ }
  var target = links[0];
  for (var i = 0; i < links.length; i++) {
    if (links[i].getAttribute("data-lang") === chosen) target = links[i];
    links[i].addEventListener("click", function (event) {
      try { window.localStorage.setItem("pokedex-language", event.currentTarget.getAttribute("data-lang")); } catch (e) { /* storage off */ }
    });
  }
  if (window.location.hash !== "#choose") window.location.replace(target.href);
})();
