/* Pokédex list page: several types and a generation as filters, cards or a sortable table
   (number, sprite, name, types, six stats, total), all in the address
   (pokedex/index.html?type=fire,flying&gen=1-3&sort=spe&dir=desc&view=table&page=2).
   Progressive enhancement: without this file (or without search-data.js) the type chips link
   to the per-type pages and the pager to the next page, as before. Needs search.js first. */
(function () {
  "use strict";
  var S = window.PokedexSearch, data = window.POKEDEX_DATA, rows = window.POKEDEX_INDEX;
  var grid = document.querySelector(".js-list");
  var tools = document.getElementById("list-tools");
  if (!S || !S.ui || !S.ui.el || !data || !rows || data.count !== rows.length || !grid || !tools) return;
  window.PokedexList = true;

  var ui = S.ui, el = ui.el, t = ui.t, db = ui.database();
  var typeNames = window.POKEDEX_TYPES || {};
  var linkFilters = document.querySelector(".filters");
  var summary = document.querySelector(".summary");
  var serverPager = document.querySelector(".pager:not(#list-pager)");
  var pager = document.getElementById("list-pager");
  var tableBox = document.getElementById("list-table");
  var genSelect = document.getElementById("list-gen");
  var clear = tools.querySelector(".list-clear");
  var original = Array.prototype.slice.call(grid.children);
  var originalSummary = summary ? summary.textContent : "";
  var pageSize = Math.max(original.length, 24);
  var COLUMNS = ["number", "name", "types", "hp", "atk", "def", "spa", "spd", "spe", "bst"];
  var TEXT = { name: 1, types: 1 };
  var defaults = [];
  rows.forEach(function (row, at) { if (row.d) defaults.push(at); });

  /* ----- State in the address ----- */
  function readState() {
    var p = new URLSearchParams(window.location.search);
    var types = (p.get("type") || "").split(",").filter(function (slug) { return typeNames[slug]; });
    var gen = /^(\d+)(?:-(\d+))?$/.exec(p.get("gen") || "");
    var sort = COLUMNS.indexOf(p.get("sort")) >= 0 ? p.get("sort") : "number";
    var dir = p.get("dir") === "desc" || p.get("dir") === "asc" ? p.get("dir") : (TEXT[sort] || sort === "number" ? "asc" : "desc");
    return {
      types: types, gen: gen ? gen[0] : "", sort: sort, dir: dir,
      view: p.get("view") === "table" ? "table" : "cards", page: Math.max(1, parseInt(p.get("page"), 10) || 1)
    };
  }
  var state = readState();
  function writeState() {
    var p = new URLSearchParams();
    if (state.types.length) p.set("type", state.types.join(","));
    if (state.gen) p.set("gen", state.gen);
    if (state.sort !== "number") p.set("sort", state.sort);
    var natural = TEXT[state.sort] || state.sort === "number" ? "asc" : "desc";
    if (state.dir !== natural) p.set("dir", state.dir);
    if (state.view !== "cards") p.set("view", state.view);
    if (state.page > 1) p.set("page", String(state.page));
    var text = p.toString().replace(/%2C/gi, ",");
    try { window.history.replaceState(null, "", text ? "?" + text : window.location.pathname); } catch (e) { /* file:// may refuse */ }
  }
  function filtered() { return state.types.length > 0 || state.gen !== ""; }
  /* The server's own page is what shows while nothing is filtered or sorted in the card view. */
  function serverView() { return !filtered() && state.view === "cards" && state.sort === "number" && state.dir === "asc"; }

  /* ----- Controls: type toggles (buttons, not links), generation, view ----- */
  var typeBox = tools.querySelector(".list-types");
  (window.POKEDEX_TYPE_ORDER || Object.keys(typeNames)).forEach(function (slug) {
    if (!typeNames[slug]) return;
    var b = el("button", "chip type-" + slug, typeNames[slug]);
    b.type = "button";
    b.setAttribute("data-type", slug);
    b.setAttribute("aria-pressed", "false");
    typeBox.appendChild(b);
  });
  (data.generations || []).forEach(function (g) {
    if (data.gen.indexOf(g[0]) < 0) return;
    var o = el("option", "", g[1]);
    o.value = String(g[0]);
    genSelect.appendChild(o);
  });
  if (state.gen && !genSelect.querySelector('option[value="' + state.gen + '"]')) {
    var custom = el("option", "", t("query_d_gens", { lo: state.gen.split("-")[0], hi: state.gen.split("-")[1] || state.gen }));
    custom.value = state.gen;
    genSelect.appendChild(custom);
  }
  typeBox.addEventListener("click", function (event) {
    var b = event.target.closest("button[data-type]");
    if (!b) return;
    var slug = b.getAttribute("data-type"), at = state.types.indexOf(slug);
    if (at >= 0) state.types.splice(at, 1); else state.types.push(slug);
    state.page = 1;
    update();
  });
  genSelect.addEventListener("change", function () { state.gen = genSelect.value; state.page = 1; update(); });
  clear.addEventListener("click", function () { state.types = []; state.gen = ""; state.page = 1; update(); });
  tools.querySelectorAll("[data-view]").forEach(function (b) {
    b.addEventListener("click", function () { state.view = b.getAttribute("data-view"); state.page = 1; update(); });
  });
  pager.addEventListener("click", function (event) {
    var b = event.target.closest("button[data-step]");
    if (!b) return;
    state.page += Number(b.getAttribute("data-step"));
    update();
    grid.scrollIntoView({ block: "start" });
  });

  /* ----- Filtering and sorting ----- */
  var collator0 = null;
  function matches() {
    var lo = 0, hi = 99;
    if (state.gen) { var g = state.gen.split("-"); lo = Number(g[0]); hi = Number(g[1] || g[0]); }
    var out = defaults.filter(function (r) {
      var row = rows[r];
      for (var i = 0; i < state.types.length; i++) if (row.t.indexOf(state.types[i]) < 0) return false;
      return data.gen[r] >= lo && data.gen[r] <= hi;
    });
    var key = state.sort, sign = state.dir === "desc" ? -1 : 1;
    var collator = collator0 || (collator0 = new Intl.Collator(ui.language, { sensitivity: "base" }));
    function value(r) {
      if (key === "number") return rows[r].i;
      if (key === "name") return rows[r].n;
      if (key === "types") return rows[r].t.map(function (s) { return typeNames[s] || s; }).join(" ");
      return S.stat(db, r, key);
    }
    out.sort(function (a, b) {
      var x = value(a), y = value(b);
      var c = typeof x === "string" ? collator.compare(x, y) : x - y;
      return sign * c || rows[a].i - rows[b].i;
    });
    return out;
  }
  function terms() {
    var list = state.types.map(function (slug) { return { kind: "type", value: slug }; });
    if (state.gen) {
      var g = state.gen.split("-");
      list.push({ kind: "gen", lo: Number(g[0]), hi: Number(g[1] || g[0]) });
    }
    return list;
  }

  /* ----- Rendering ----- */
  function card(r) {
    var row = rows[r];
    var li = el("li", "card");
    li.setAttribute("data-slug", row.s);
    li.setAttribute("data-types", row.t.join(" "));
    var a = el("a", "card-link");
    a.href = ui.root + row.p;
    a.appendChild(ui.sprite(row, "sprite", 96));
    a.appendChild(el("span", "card-number", ui.pad(row.i)));
    a.appendChild(el("span", "card-name", row.n));
    a.appendChild(ui.badges(row));
    var mark = el("span", "captured-mark");
    mark.appendChild(el("span", "visually-hidden", t("captured")));
    a.appendChild(mark);
    li.appendChild(a);
    return li;
  }
  var table = null, tbody = null, pending = null;
  function header(key) {
    if (key === "sprite") {
      var blank = el("th", "col-sprite");
      blank.scope = "col";
      blank.appendChild(el("span", "visually-hidden", t("list_col_sprite")));
      return blank;
    }
    var th = el("th", "col-" + key);
    th.scope = "col";
    var label = key === "number" || key === "name" || key === "types" ? t("list_col_" + key)
      : key === "bst" ? t("list_col_total") : t("search_statShort_" + key);
    var b = el("button", "sort-button", label);
    b.type = "button";
    b.setAttribute("data-sort", key);
    if (!TEXT[key] && key !== "number") b.title = t("search_stat_" + key);
    th.appendChild(b);
    return th;
  }
  function buildTable() {
    table = el("table", "list-table");
    var caption = el("caption", "visually-hidden");
    table.appendChild(caption);
    var thead = el("thead"), tr = el("tr");
    ["number", "sprite", "name", "types", "hp", "atk", "def", "spa", "spd", "spe", "bst"].forEach(function (key) { tr.appendChild(header(key)); });
    thead.appendChild(tr);
    table.appendChild(thead);
    tbody = el("tbody");
    table.appendChild(tbody);
    tableBox.appendChild(table);
    thead.addEventListener("click", function (event) {
      var b = event.target.closest("button[data-sort]");
      if (!b) return;
      var key = b.getAttribute("data-sort");
      if (state.sort === key) state.dir = state.dir === "asc" ? "desc" : "asc";
      else { state.sort = key; state.dir = TEXT[key] || key === "number" ? "asc" : "desc"; }
      update();
      var again = table.querySelector('button[data-sort="' + key + '"]');
      if (again) again.focus();
    });
  }
  var statMax = 200; /* a stat's bar is full at 200: few go beyond, and differences below it show */
  function tableRow(r) {
    var row = rows[r], tr = document.createElement("tr");
    var num = el("td", "col-number", ui.pad(row.i));
    tr.appendChild(num);
    var pic = el("td", "col-sprite");
    pic.appendChild(ui.sprite(row, "table-sprite", 40));
    tr.appendChild(pic);
    var name = el("th", "col-name");
    name.scope = "row";
    var a = el("a", "", row.n);
    a.href = ui.root + row.p;
    name.appendChild(a);
    tr.appendChild(name);
    var types = el("td", "col-types");
    types.appendChild(ui.badges(row));
    tr.appendChild(types);
    var o = r * 6, total = 0;
    for (var i = 0; i < 6; i++) {
      var v = data.base[o + i];
      total += v;
      var td = el("td", "col-stat" + (state.sort === S.STATS[i] ? " is-sorted" : ""), String(v));
      td.style.setProperty("--v", String(Math.min(1, v / statMax)));
      tr.appendChild(td);
    }
    tr.appendChild(el("td", "col-stat col-total" + (state.sort === "bst" ? " is-sorted" : ""), String(total)));
    return tr;
  }
  function cancel() { if (pending) { (window.cancelIdleCallback || window.clearTimeout)(pending); pending = null; } }
  function later(fn) { pending = window.requestIdleCallback ? window.requestIdleCallback(fn, { timeout: 200 }) : window.setTimeout(fn, 16); }
  function fillTable(list) {
    if (!table) buildTable();
    cancel();
    tbody.textContent = "";
    table.querySelectorAll("th[scope=col]").forEach(function (th) {
      var b = th.querySelector("button");
      var key = b && b.getAttribute("data-sort");
      if (key === state.sort) th.setAttribute("aria-sort", state.dir === "asc" ? "ascending" : "descending");
      else th.removeAttribute("aria-sort");
    });
    var column = state.sort === "bst" ? t("list_col_total") : state.sort === "number" || TEXT[state.sort] ? t("list_col_" + state.sort) : t("search_stat_" + state.sort);
    table.querySelector("caption").textContent = t(TEXT[state.sort] ? "list_sorted_" + state.dir + "Text" : "list_sorted_" + state.dir, { column: column });
    var at = 0;
    function chunk(deadline) {
      pending = null;
      var frag = document.createDocumentFragment(), n = 0;
      /* Small steps: a key pressed meanwhile waits for the step under way, so keep it short. */
      var first = at === 0 ? 30 : 4; /* the first call draws a screenful */
      var stop = performance.now() + (deadline && !deadline.didTimeout ? Math.min(6, deadline.timeRemaining()) : 2);
      while (at < list.length && (n < first || performance.now() < stop)) {
        frag.appendChild(tableRow(list[at++]));
        n++;
      }
      tbody.appendChild(frag);
      if (at < list.length) later(chunk); else tbody.setAttribute("data-complete", "");
    }
    tbody.removeAttribute("data-complete");
    chunk(null);
  }

  function update() {
    writeState();
    var list = serverView() ? null : matches();
    typeBox.querySelectorAll("button[data-type]").forEach(function (b) {
      b.setAttribute("aria-pressed", state.types.indexOf(b.getAttribute("data-type")) >= 0 ? "true" : "false");
    });
    genSelect.value = state.gen;
    clear.hidden = !filtered();
    tools.querySelectorAll("[data-view]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-view") === state.view ? "true" : "false");
    });
    var count = list ? list.length : defaults.length;
    var what = S.describe(db, terms(), ui.strings);
    if (summary) {
      if (!list) summary.textContent = originalSummary;
      else if (!list.length) summary.textContent = t("list_empty", { what: what });
      else summary.textContent = what ? ui.plural("list_countFiltered", count, { what: what }) : ui.plural("list_count", count);
    }
    var table = state.view === "table";
    grid.hidden = table;
    tableBox.hidden = !table;
    if (table) {
      if (serverPager) serverPager.hidden = true;
      pager.hidden = true;
      fillTable(list || matches());
      return;
    }
    grid.textContent = "";
    if (!list) {
      original.forEach(function (node) { grid.appendChild(node); });
      if (serverPager) serverPager.hidden = false;
      pager.hidden = true;
    } else {
      if (serverPager) serverPager.hidden = true;
      var pages = Math.max(1, Math.ceil(list.length / pageSize));
      state.page = Math.min(state.page, pages);
      var frag = document.createDocumentFragment();
      list.slice((state.page - 1) * pageSize, state.page * pageSize).forEach(function (r) { frag.appendChild(card(r)); });
      grid.appendChild(frag);
      pager.hidden = pages <= 1;
      pager.querySelector(".list-page").textContent = t("list_pageOf", { page: state.page, pages: pages });
      pager.querySelector('[data-step="-1"]').disabled = state.page <= 1;
      pager.querySelector('[data-step="1"]').disabled = state.page >= pages;
      writeState();
    }
    document.dispatchEvent(new CustomEvent("pokedex:cards"));
  }

  if (linkFilters) linkFilters.hidden = true;
  tools.hidden = false;
  update();
})();
