/* Pokédex: search, in-place type filter and captured/favorite marks. Progressive enhancement:
   every page works without this file. Reads window.POKEDEX_INDEX from search-index.js (no fetch). */
(function () {
  "use strict";
  var root = document.body.getAttribute("data-root") || "";
  var index = window.POKEDEX_INDEX || [];
  var typeNames = window.POKEDEX_TYPES || {};

  function load(name) {
    try {
      var value = JSON.parse(window.localStorage.getItem("pokedex." + name) || "[]");
      return Array.isArray(value) ? value : [];
    } catch (error) { return []; }
  }
  function save(name, list) {
    try { window.localStorage.setItem("pokedex." + name, JSON.stringify(list)); } catch (error) { /* storage off */ }
  }
  /* Marks: what the collection file says (window.POKEDEX_MARKS, from search-index.js) changed by what this
     browser did: "pokedex.captured" holds marks added here, "pokedex.captured-off"
     marks the file had that were taken away here. The export hands both to `pokedex import`. */
  function baked(name) {
    var list = (window.POKEDEX_MARKS || {})[name];
    return Array.isArray(list) ? list.slice() : [];
  }
  var marks = {};
  ["captured", "favorites"].forEach(function (name) {
    marks[name] = { baked: baked(name), added: load(name), removed: load(name + "-off") };
  });
  function isMarked(name, key) {
    var m = marks[name];
    return m.added.indexOf(key) >= 0 || (m.baked.indexOf(key) >= 0 && m.removed.indexOf(key) < 0);
  }
  function setMark(name, key, on) {
    var m = marks[name];
    function drop(list) { var at = list.indexOf(key); if (at >= 0) list.splice(at, 1); }
    drop(m.added); drop(m.removed);
    if (on && m.baked.indexOf(key) < 0) m.added.push(key);
    if (!on && m.baked.indexOf(key) >= 0) m.removed.push(key);
    save(name, m.added);
    save(name + "-off", m.removed);
  }
  function marked(name) {
    var m = marks[name];
    return m.baked.filter(function (key) { return m.removed.indexOf(key) < 0; })
      .concat(m.added.filter(function (key) { return m.baked.indexOf(key) < 0; }));
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (text) node.textContent = text;
    return node;
  }
  function pad(n) { var s = String(n); while (s.length < 3) s = "0" + s; return "#" + s; }

  /* An index entry's sprite with the classes the templates give it: its shape ("k": 1 a pixel-art
     canvas of size "w", 2 artwork, none a box sprite) and whether it is the placeholder. */
  function sprite(entry, className, size) {
    var names = [className];
    if (entry.k === 1) names.push("is-canvas");
    if (entry.k === 2) names.push(entry.g.indexOf("emblems/") === 0 ? "is-emblem" : "is-art");
    if (/(^|\/)assets\/pokeball\.svg$/.test(entry.g)) names.push("is-placeholder");
    var img = el("img", { "class": names.join(" ").trim(), src: root + entry.g, alt: "", width: size, height: size });
    if (entry.w) img.classList.add("cv-" + entry.w[0] + "x" + entry.w[1]);
    return img;
  }

  /* A card built the way Templates/card.mustache builds it. */
  function card(entry) {
    var li = el("li", { "class": "card", "data-slug": entry.s, "data-types": entry.t.join(" ") });
    var a = el("a", { "class": "card-link", href: root + entry.p });
    var img = sprite(entry, "sprite", "96");
    img.setAttribute("loading", "lazy");
    a.appendChild(img);
    a.appendChild(el("span", { "class": "card-number" }, pad(entry.i)));
    a.appendChild(el("span", { "class": "card-name" }, entry.n));
    var badges = el("span", { "class": "badges" });
    entry.t.forEach(function (t) { badges.appendChild(el("span", { "class": "type type-" + t }, typeNames[t] || t)); });
    a.appendChild(badges);
    var mark = el("span", { "class": "captured-mark", title: "" });
    a.appendChild(mark);
    li.appendChild(a);
    return li;
  }

  /* Captured marks on every card of every page. A card stands for its Pokémon and the forms
     folded into it (data-forms, on a type's page): caught is any of them caught. */
  function markCards() {
    document.querySelectorAll(".card[data-slug]").forEach(function (node) {
      var slugs = [node.getAttribute("data-slug")].concat((node.getAttribute("data-forms") || "").split(" ").filter(Boolean));
      node.classList.toggle("is-captured", slugs.some(function (slug) { return isMarked("captured", slug); }));
    });
  }

  /* The header search box lives in search.js (the query engine), loaded on every page. */

  /* In-place type filter on the list: every Pokémon of the type, not only this page's. */
  function bindFilter() {
    var grid = document.querySelector(".js-list");
    var filters = document.querySelector(".filters");
    if (!grid || !filters || !index.length || window.PokedexList) return; /* list.js filters where it is loaded */
    var original = Array.prototype.slice.call(grid.children);
    var summary = document.querySelector(".summary");
    var summaryText = summary ? summary.textContent : "";
    var pager = document.querySelector(".pager");
    var chips = filters.querySelectorAll("[data-filter]");
    function apply(type) {
      chips.forEach(function (chip) {
        var on = chip.getAttribute("data-filter") === type;
        chip.setAttribute("aria-pressed", on ? "true" : "false");
        chip.removeAttribute("aria-current");
      });
      grid.textContent = "";
      if (!type) {
        original.forEach(function (node) { grid.appendChild(node); });
        if (summary) summary.textContent = summaryText;
        if (pager) pager.hidden = false;
      } else {
        var matches = index.filter(function (entry) { return entry.d && entry.t.indexOf(type) >= 0; });
        matches.forEach(function (entry) { grid.appendChild(card(entry)); });
        if (summary) summary.textContent = (summary.getAttribute("data-filtered") || "{count}").replace("{count}", matches.length);
        if (pager) pager.hidden = true;
      }
      markCards();
    }
    if (!document.querySelector(".pager") && !summary) return; /* type pages keep their links */
    chips.forEach(function (chip) {
      chip.addEventListener("click", function (event) {
        event.preventDefault();
        apply(chip.getAttribute("data-filter"));
      });
    });
  }

  /* Capture and favorite buttons on detail pages. */
  function bindToggles() {
    document.querySelectorAll(".js-toggle").forEach(function (button) {
      var name = button.getAttribute("data-store");
      var key = button.getAttribute("data-key");
      function show() {
        var on = isMarked(name, key);
        button.setAttribute("aria-pressed", on ? "true" : "false");
        button.textContent = button.getAttribute(on ? "data-on" : "data-off");
        if (name === "captured") {
          var badge = document.querySelector(".captured-badge");
          if (badge) badge.hidden = !on;
        }
      }
      button.hidden = false;
      show();
      button.addEventListener("click", function () {
        setMark(name, key, !isMarked(name, key));
        show();
      });
    });
  }

  /* Favorites, My Pokémon and the home page's captured row, from this browser's marks. */
  function fillCollections() {
    document.querySelectorAll(".js-collection").forEach(function (grid) {
      var name = grid.getAttribute("data-collection");
      /* "My Pokémon" lists the file's individuals itself; its grid adds only this browser's captures. */
      var keys = !marks[name] ? [] : grid.hasAttribute("data-added-only") ? marks[name].added : marked(name);
      var shown = Array.prototype.map.call(grid.querySelectorAll(".card"), function (n) {
        var slug = n.getAttribute("data-slug");
        n.hidden = keys.indexOf(slug) < 0;
        return slug;
      });
      index.forEach(function (entry) {
        if (keys.indexOf(entry.s) >= 0 && shown.indexOf(entry.s) < 0) grid.appendChild(card(entry));
      });
      var visible = grid.querySelectorAll(".card:not([hidden])").length;
      var empty = document.querySelector(".js-empty");
      if (empty) empty.hidden = visible > 0 || !!document.querySelector(".js-individuals li");
      var title = document.querySelector(".js-browser-title");
      if (title) title.hidden = visible === 0;
    });
    /* Home's captured row: the one the build wrote from the collection file, or the empty one
       kept for this browser's captures; either way it shows what is captured now. */
    var row = document.querySelector(".row-captured:not(.js-captured-row)") || document.querySelector(".js-captured-row");
    if (row) {
      var capturedNow = marked("captured");
      var list = row.querySelector(".row-cards");
      var present = {};
      list.querySelectorAll(".card[data-slug]").forEach(function (node) {
        var slug = node.getAttribute("data-slug");
        present[slug] = true;
        node.hidden = capturedNow.indexOf(slug) < 0;
      });
      index.forEach(function (entry) {
        if (capturedNow.indexOf(entry.s) >= 0 && !present[entry.s]) list.appendChild(card(entry));
      });
      var visible = list.querySelectorAll(".card:not([hidden])").length;
      row.hidden = visible === 0;
      var count = row.querySelector(".count");
      if (count) count.textContent = String(visible);
    }
  }

  /* My Pokémon: sort the caught individuals by dex number, level or nickname, in place. */
  function bindSort() {
    var bar = document.querySelector(".js-sort");
    var list = document.querySelector(".js-individuals");
    if (!bar || !list) return;
    var buttons = bar.querySelectorAll("[data-sort]");
    function value(node, key) {
      var raw = node.getAttribute("data-" + key) || "";
      return key === "nickname" ? raw.toLocaleLowerCase() : Number(raw) || 0;
    }
    buttons.forEach(function (button) {
      button.addEventListener("click", function () {
        var key = button.getAttribute("data-sort");
        var items = Array.prototype.slice.call(list.children);
        items.sort(function (a, b) {
          var x = value(a, key), y = value(b, key);
          var order = key === "level" ? y - x : (x < y ? -1 : x > y ? 1 : 0);
          return order || value(a, "dex") - value(b, "dex");
        });
        items.forEach(function (item) { list.appendChild(item); });
        buttons.forEach(function (other) { other.setAttribute("aria-pressed", other === button ? "true" : "false"); });
      });
    });
    bar.hidden = false;
  }

  /* Export: this browser's marks as a file `pokedex import` merges into the collection. */
  function bindExport() {
    var box = document.querySelector(".js-export");
    if (!box) return;
    box.hidden = false;
    box.querySelector(".js-export-button").addEventListener("click", function () {
      var choices = {
        format: "pokedex-choices", version: 1,
        captured: marks.captured.added.slice().sort(), released: marks.captured.removed.slice().sort(),
        favorites: marks.favorites.added.slice().sort(), unfavorited: marks.favorites.removed.slice().sort()
      };
      var blob = new Blob([JSON.stringify(choices, null, 2) + "\n"], { type: "application/json" });
      var link = el("a", { href: URL.createObjectURL(blob), download: "pokedex-choices.json" });
      document.body.appendChild(link);
      link.click();
      setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 0);
    });
  }

  /* The language switcher: the root page goes to the language chosen last. */
  function bindLanguages() {
    var links = document.querySelectorAll(".lang-switch a[data-lang]");
    for (var i = 0; i < links.length; i++) {
      links[i].addEventListener("click", function (event) {
        try { window.localStorage.setItem("pokedex-language", event.currentTarget.getAttribute("data-lang")); } catch (error) { /* storage off */ }
      });
    }
  }

  /* A hosted site works offline after a first visit (sw.js, written with --base-url).
     Only over http(s): from file:// registering fails, and the site works as it is. */
  function registerWorker() {
    var url = document.body.getAttribute("data-sw");
    if (!url || !("serviceWorker" in navigator)) return;
    if (window.location.protocol !== "http:" && window.location.protocol !== "https:") return;
    navigator.serviceWorker.register(url).catch(function () { /* a private window or an old browser: nothing lost */ });
  }

  /* The colour theme: the system's, light or dark, each press the next, remembered
     (assets/theme.js applies it before the next page paints). */
  function bindTheme() {
    var button = document.querySelector(".js-theme");
    if (!button) return;
    var order = ["system", "light", "dark"];
    var current = "system";
    try { current = window.localStorage.getItem("pokedex-theme") || "system"; } catch (error) { /* storage off */ }
    if (order.indexOf(current) < 0) current = "system";
    function show() {
      button.querySelector(".js-theme-name").textContent = button.getAttribute("data-" + current);
      button.setAttribute("title", button.getAttribute("data-label") + ": " + button.getAttribute("data-" + current));
      button.setAttribute("data-current", current);
    }
    button.hidden = false;
    show();
    button.addEventListener("click", function () {
      current = order[(order.indexOf(current) + 1) % order.length];
      if (current === "system") document.documentElement.removeAttribute("data-theme");
      else document.documentElement.setAttribute("data-theme", current);
      try {
        if (current === "system") window.localStorage.removeItem("pokedex-theme");
        else window.localStorage.setItem("pokedex-theme", current);
      } catch (error) { /* storage off: this page only */ }
      show();
    });
  }

  /* Share a Pokémon: the system's share sheet where the browser has one, else "Copy link".
     The address is the page's canonical one when the site is hosted, else this page's. */
  function bindShare() {
    var button = document.querySelector(".js-share");
    if (!button) return;
    var status = document.querySelector(".share-status");
    var url = button.getAttribute("data-url") || window.location.href.split("#")[0];
    var title = button.getAttribute("data-title") || document.title;
    var canShare = typeof navigator.share === "function";
    button.textContent = button.getAttribute(canShare ? "data-share" : "data-copy");
    button.hidden = false;
    function say(text) { if (status) status.textContent = text; }
    button.addEventListener("click", function () {
      if (canShare) {
        navigator.share({ title: title, url: url }).catch(function () { /* the visitor closed the sheet */ });
        return;
      }
      var copied = function () { say(button.getAttribute("data-copied")); };
      var manual = function () { window.prompt(button.getAttribute("data-manual"), url); };
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).then(copied, manual);
      else manual();
    });
  }

  /* The detail page's hero: a 96x96 sprite keeps its Pokémon in a corner of empty canvas. With
     data-crop="x y w h canvasW canvasH" (where the build found its opaque pixels) the canvas is
     scaled by the largest whole number that keeps the Pokémon inside the disc, and moved so the
     Pokémon stands in the middle; crisp, never cut. Without this script the whole canvas shows. */
  function cropHero() {
    var img = document.querySelector(".detail-art img[data-crop]");
    if (!img) return;
    var art = img.parentNode;
    var d = img.getAttribute("data-crop").split(" ").map(Number);
    if (d.length !== 6 || d.some(function (n) { return !(n >= 0); }) || d[2] < 1 || d[3] < 1) return;
    function place() {
      art.classList.remove("is-cropped");
      ["width", "height", "margin"].forEach(function (p) { img.style.removeProperty(p); });
      var box = img.clientWidth;
      /* The scale the whole picture has now: a canvas' largest whole multiple, a box sprite's --px. */
      var whole = img.classList.contains("is-canvas") ? Math.floor(Math.min(box / d[4], box / d[5]))
        : parseFloat(window.getComputedStyle(img).getPropertyValue("--px")) || 0;
      var k = Math.min(8, Math.floor(Math.min(box * 0.8 / d[2], box * 0.8 / d[3])));
      if (!(box > 0) || k <= Math.max(whole, 0)) return; /* no larger than the whole canvas already is */
      /* The larger canvas keeps a layout box of exactly box x box through its margins, so the
         wrapper keeps its size with no style of its own (the pages' CSP test allows none). */
      var left = Math.round(box / 2 - k * (d[0] + d[2] / 2)), top = Math.round(box / 2 - k * (d[1] + d[3] / 2));
      img.style.width = d[4] * k + "px";
      img.style.height = d[5] * k + "px";
      img.style.margin = top + "px " + (box - left - d[4] * k) + "px " + (box - top - d[5] * k) + "px " + left + "px";
      art.classList.add("is-cropped");
    }
    place();
    var phone = window.matchMedia ? window.matchMedia("(max-width: 640px)") : null;
    if (phone && phone.addEventListener) phone.addEventListener("change", place);
    else if (phone && phone.addListener) phone.addListener(place); /* Safari before 14 */
  }

  /* The section bar sticks below the sticky header, whose height changes as it wraps: both
     heights kept in --header-h and --section-nav-h for the stylesheet. */
  function trackHeader() {
    var header = document.querySelector(".site-header"), bar = document.querySelector(".section-nav");
    if (!header) return;
    function measure() {
      var style = document.documentElement.style;
      style.setProperty("--header-h", header.offsetHeight + "px");
      style.setProperty("--section-nav-h", (bar ? bar.offsetHeight : 0) + "px");
    }
    measure();
    if (window.ResizeObserver) {
      var watch = new ResizeObserver(measure);
      watch.observe(header);
      if (bar) watch.observe(bar);
    } else {
      window.addEventListener("resize", measure);
    }
  }

  document.addEventListener("pokedex:cards", markCards); /* list.js rebuilt the cards */
  cropHero();
  trackHeader();
  bindShare();
  bindTheme();
  registerWorker();
  bindLanguages();
  bindSort();
  bindExport();
  bindFilter();
  bindToggles();
  fillCollections();
  markCards();
})();
