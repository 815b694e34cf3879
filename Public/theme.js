/* The colour theme the visitor chose (light, dark, or the system's), set on <html> before the
   page paints, so a dark choice never flashes light. The switch itself is in site.js. */
(function () {
  "use strict";
  try {
    var chosen = window.localStorage.getItem("pokedex-theme");
    if (chosen === "light" || chosen === "dark") document.documentElement.setAttribute("data-theme", chosen);
  } catch (error) { /* storage off: the system's theme */ }
})();
