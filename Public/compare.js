/* Pokédex compare page: compare.html?p=garchomp,salamence,dragonite shows two to four Pokémon
   side by side: stats (a table and an overlaid chart), type defenses (differences first),
   abilities and the moves they all learn. Reads search-index.js and search-data.js (no fetch:
   works from file://). Needs search.js first. */
(function () {
  "use strict";
  var S = window.PokedexSearch, data = window.POKEDEX_DATA, rows = window.POKEDEX_INDEX;
  var body = document.getElementById("compare-body");
  if (!S || !S.ui || !S.ui.el || !body) return;
  var ui = S.ui, el = ui.el, t = ui.t;
  var status = document.getElementById("compare-status");
  var form = document.getElementById("compare-add");
  var input = document.getElementById("compare-input");
  var MAX = 4;
  if (!data || !rows || data.count !== rows.length) { status.textContent = t("search_noData"); return; }
  var db = ui.database();
  var typeNames = window.POKEDEX_TYPES || {};
  var SVG = "http://www.w3.org/2000/svg";

  function resolve(text) {
    if (db.bySlug[text] !== undefined) return db.bySlug[text];
    var key = S.fold(text);
    if (!key) return -1;
    var number = /^#?0*(\d+)$/.exec(text.trim());
    for (var r = 0; r < rows.length; r++) {
      if (number ? rows[r].i === Number(number[1]) && rows[r].d : S.fold(rows[r].n) === key || S.fold(rows[r].s) === key) return r;
    }
    var found = S.search(db, text, { namesOnly: true }).rows;
    return found.length ? found[0] : -1;
  }
  function slugs() {
    var p = new URLSearchParams(window.location.search).get("p") || "";
    return p.split(",").map(function (s) { return s.trim(); }).filter(Boolean);
  }
  function setSlugs(list) {
    var text = list.map(encodeURIComponent).join(",");
    try { window.history.replaceState(null, "", list.length ? "?p=" + text : window.location.pathname); }
    catch (e) { window.location.search = list.length ? "?p=" + text : ""; return; }
    render();
  }

  function section(id, title, note) {
    var s = el("section", "panel compare-section");
    s.id = id;
    s.setAttribute("aria-labelledby", id + "-title");
    var h = el("h2", "", title);
    h.id = id + "-title";
    s.appendChild(h);
    if (note) s.appendChild(el("p", "note", note));
    return s;
  }

  function heads(chosen, list) {
    var ul = el("ul", "compare-heads");
    chosen.forEach(function (r, i) {
      var row = rows[r];
      var li = el("li", "compare-head series-" + (i + 1));
      var a = el("a", "compare-name");
      a.href = ui.root + row.p;
      a.appendChild(ui.sprite(row, "sprite", 96));
      a.appendChild(el("span", "card-number", ui.pad(row.i)));
      a.appendChild(el("span", "card-name", row.n));
      li.appendChild(a);
      li.appendChild(ui.badges(row));
      var remove = el("button", "compare-remove", "×");
      remove.type = "button";
      remove.setAttribute("aria-label", t("compare_remove", { name: row.n }));
      remove.addEventListener("click", function () {
        setSlugs(list.filter(function (s, at) { return at !== i; }));
        var next = document.querySelector(".compare-remove") || input;
        if (next) next.focus();
      });
      li.appendChild(remove);
      ul.appendChild(li);
    });
    return ul;
  }

  var STAT_KEYS = ["hp", "atk", "def", "spa", "spd", "spe"];
  function statsSection(chosen) {
    var s = section("compare-stats", t("compare_stats"), t("compare_statsNote"));
    var wrap = el("div", "compare-stats-layout");
    /* Three or four columns: on a phone the rows are named short ("SpA"), the full name kept for screen readers. */
    var table = el("table", "compare-table stats-compare" + (chosen.length > 2 ? " is-crowded" : ""));
    var thead = el("thead"), tr = el("tr");
    var corner = el("td");
    tr.appendChild(corner);
    chosen.forEach(function (r, i) {
      var th = el("th", "series-" + (i + 1), rows[r].n);
      th.scope = "col";
      tr.appendChild(th);
    });
    thead.appendChild(tr);
    table.appendChild(thead);
    var tbody = el("tbody");
    var max = 0;
    STAT_KEYS.forEach(function (key) { chosen.forEach(function (r) { max = Math.max(max, S.stat(db, r, key)); }); });
    max = Math.max(max, 150);
    STAT_KEYS.concat(["bst"]).forEach(function (key) {
      var tr2 = el("tr", key === "bst" ? "is-total" : "");
      var th = el("th");
      th.appendChild(el("span", "stat-long", t("search_stat_" + key)));
      var short = el("span", "stat-short", t("search_statShort_" + key));
      short.setAttribute("aria-hidden", "true");
      th.appendChild(short);
      th.scope = "row";
      tr2.appendChild(th);
      var values = chosen.map(function (r) { return S.stat(db, r, key); });
      var best = Math.max.apply(null, values);
      var differ = values.some(function (v) { return v !== values[0]; });
      values.forEach(function (v, i) {
        var td = el("td", "series-" + (i + 1) + (differ && v === best ? " is-best" : ""));
        td.appendChild(el("span", "stat-number", String(v)));
        if (differ && v === best) td.appendChild(el("span", "visually-hidden", " (" + t("compare_best") + ")"));
        if (key !== "bst") {
          var bar = el("span", "compare-bar");
          bar.setAttribute("aria-hidden", "true");
          bar.style.setProperty("--v", String(Math.min(1, v / max)));
          td.appendChild(bar);
        }
        tr2.appendChild(td);
      });
      tbody.appendChild(tr2);
    });
    table.appendChild(tbody);
    var scroll = el("div", "table-scroll");
    scroll.appendChild(table);
    wrap.appendChild(scroll);
    wrap.appendChild(radar(chosen, max));
    s.appendChild(wrap);
    return s;
  }

  /* The six stats as one overlaid chart (decorative: the table says the same in numbers). */
  function radar(chosen, max) {
    var size = 260, c = size / 2, radius = 92;
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 " + size + " " + size);
    svg.setAttribute("class", "radar");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    function point(i, f) {
      var angle = -Math.PI / 2 + i * Math.PI / 3;
      return [c + Math.cos(angle) * radius * f, c + Math.sin(angle) * radius * f];
    }
    [0.25, 0.5, 0.75, 1].forEach(function (f) {
      var ring = document.createElementNS(SVG, "polygon");
      ring.setAttribute("points", STAT_KEYS.map(function (k, i) { return point(i, f).join(","); }).join(" "));
      ring.setAttribute("class", "radar-ring");
      svg.appendChild(ring);
    });
    STAT_KEYS.forEach(function (key, i) {
      var end = point(i, 1), label = point(i, 1.2);
      var line = document.createElementNS(SVG, "line");
      line.setAttribute("x1", c); line.setAttribute("y1", c); line.setAttribute("x2", end[0]); line.setAttribute("y2", end[1]);
      line.setAttribute("class", "radar-axis");
      svg.appendChild(line);
      var text = document.createElementNS(SVG, "text");
      text.setAttribute("x", label[0]); text.setAttribute("y", label[1]);
      text.setAttribute("class", "radar-label");
      text.setAttribute("text-anchor", "middle");
      text.setAttribute("dominant-baseline", "middle");
      text.textContent = t("search_statShort_" + key);
      svg.appendChild(text);
    });
    chosen.forEach(function (r, n) {
      var shape = document.createElementNS(SVG, "polygon");
      shape.setAttribute("points", STAT_KEYS.map(function (key, i) {
        return point(i, Math.min(1, S.stat(db, r, key) / max)).map(function (v) { return v.toFixed(1); }).join(",");
      }).join(" "));
      shape.setAttribute("class", "radar-shape series-" + (n + 1));
      svg.appendChild(shape);
    });
    return svg;
  }

  var MULTIPLIER = { "0": 0, "h": 0.5, "1": 1, "2": 2 };
  function defenses(r) {
    var types = data.types.map(function (x) { return x[0]; });
    var mine = rows[r].t.map(function (slug) { return types.indexOf(slug); });
    return data.chart.map(function (line) {
      return mine.reduce(function (product, at) { return at < 0 ? product : product * MULTIPLIER[line.charAt(at)]; }, 1);
    });
  }
  function multiplierText(m) {
    var key = { 0: "defense_0", 0.25: "defense_1", 0.5: "defense_2", 2: "defense_8", 4: "defense_16" }[m];
    return key ? t(key) : "1×";
  }
  function defenseSection(chosen) {
    var s = section("compare-defenses", t("compare_defenses"), t("compare_defensesNote"));
    var table = el("table", "compare-table defense-compare" + (chosen.length > 2 ? " is-crowded" : ""));
    var thead = el("thead"), tr = el("tr");
    var first = el("th", "", t("compare_attacking"));
    first.scope = "col";
    tr.appendChild(first);
    chosen.forEach(function (r, i) { var th = el("th", "series-" + (i + 1), rows[r].n); th.scope = "col"; tr.appendChild(th); });
    thead.appendChild(tr);
    table.appendChild(thead);
    var all = chosen.map(defenses);
    var order = data.types.map(function (x, i) { return i; });
    function differs(i) { return all.some(function (d) { return d[i] !== all[0][i]; }); }
    order.sort(function (a, b) { return (differs(b) ? 1 : 0) - (differs(a) ? 1 : 0) || a - b; });
    var tbody = el("tbody");
    order.forEach(function (i) {
      var d = differs(i);
      var row = el("tr", d ? "is-different" : "is-same");
      var th = el("th");
      th.scope = "row";
      th.appendChild(el("span", "type type-" + data.types[i][0], data.types[i][1]));
      row.appendChild(th);
      all.forEach(function (values) {
        var m = values[i];
        var cls = m === 0 ? "is-immune" : m < 1 ? "is-resist" : m > 1 ? "is-weak" : "is-neutral";
        row.appendChild(el("td", "mult " + cls, multiplierText(m)));
      });
      tbody.appendChild(row);
    });
    table.appendChild(tbody);
    var scroll = el("div", "table-scroll");
    scroll.appendChild(table);
    s.appendChild(scroll);
    return s;
  }

  function abilitySection(chosen) {
    var s = section("compare-abilities", t("compare_abilities"));
    var grid = el("div", "compare-columns");
    var counts = {};
    chosen.forEach(function (r) { data.abil[r].forEach(function (a) { var at = a < 0 ? -a - 1 : a; counts[at] = (counts[at] || 0) + 1; }); });
    chosen.forEach(function (r, i) {
      var col = el("div", "compare-column series-" + (i + 1));
      col.appendChild(el("h3", "", rows[r].n));
      var ul = el("ul", "plain");
      data.abil[r].forEach(function (a) {
        var at = a < 0 ? -a - 1 : a, ability = data.abilities[at];
        var li = el("li", counts[at] === chosen.length ? "is-shared" : "");
        var link = el("a", "", ability[1]);
        link.href = ui.searchHref("ability:" + ability[0]);
        li.appendChild(link);
        if (a < 0) li.appendChild(el("span", "tag", t("search_hiddenAbility")));
        ul.appendChild(li);
      });
      col.appendChild(ul);
      grid.appendChild(col);
    });
    s.appendChild(grid);
    return s;
  }

  function moveSection(chosen) {
    var shared = [], only = chosen.map(function () { return 0; });
    data.learn.forEach(function (text, at) {
      if (!text) return;
      var learners = S.decodePostings(text);
      var has = chosen.map(function (r) { return learners.indexOf(r) >= 0; });
      var n = has.filter(Boolean).length;
      if (n === chosen.length) shared.push(at);
      else if (n === 1) only[has.indexOf(true)]++;
    });
    shared.sort(function (a, b) { return data.moves[a][1].localeCompare(data.moves[b][1], ui.language); });
    var s = section("compare-moves", ui.plural("compare_sharedMoves", shared.length));
    if (!shared.length) s.appendChild(el("p", "", t("compare_noShared")));
    var ul = el("ul", "move-chips");
    shared.forEach(function (at) {
      var move = data.moves[at];
      var li = el("li");
      var a = el("a", "move-chip" + (move[2] >= 0 ? " type-" + data.types[move[2]][0] : ""), move[1]);
      a.href = ui.searchHref("move:" + move[0]);
      li.appendChild(a);
      ul.appendChild(li);
    });
    s.appendChild(ul);
    var note = el("ul", "plain compare-only");
    chosen.forEach(function (r, i) {
      note.appendChild(el("li", "series-" + (i + 1), ui.plural("compare_onlyMoves", only[i], { name: rows[r].n })));
    });
    s.appendChild(note);
    return s;
  }

  function render() {
    var list = slugs();
    body.textContent = "";
    var chosen = [], unknown = [], kept = [];
    list.forEach(function (slug) {
      var r = resolve(slug);
      if (r < 0) unknown.push(slug);
      else if (chosen.indexOf(r) < 0) { chosen.push(r); kept.push(rows[r].s); }
    });
    var messages = el("div", "query-notes");
    unknown.forEach(function (slug) { messages.appendChild(el("p", "query-error", t("compare_unknown", { slug: slug }))); });
    if (chosen.length > MAX) { messages.appendChild(el("p", "query-error", t("compare_tooMany"))); chosen = chosen.slice(0, MAX); kept = kept.slice(0, MAX); }
    if (messages.firstChild) body.appendChild(messages);
    form.hidden = chosen.length >= MAX;
    if (chosen.length) body.appendChild(heads(chosen, kept));
    document.title = chosen.length ? t("compare_pageTitle", { names: chosen.map(function (r) { return rows[r].n; }).join(", ") }) : t("compare_title");
    if (chosen.length < 2) {
      status.textContent = chosen.length === 1 ? t("compare_one", { name: rows[chosen[0]].n }) : t("compare_none");
      return;
    }
    status.textContent = ui.plural("compare_count", chosen.length);
    body.appendChild(statsSection(chosen));
    body.appendChild(defenseSection(chosen));
    body.appendChild(abilitySection(chosen));
    body.appendChild(moveSection(chosen));
  }

  /* Adding: a name (or number) from the datalist of every Pokémon. */
  var names = document.getElementById("compare-names");
  var frag = document.createDocumentFragment();
  rows.forEach(function (row) { var o = document.createElement("option"); o.value = row.n; frag.appendChild(o); });
  names.appendChild(frag);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var r = resolve(input.value.trim());
    if (r < 0) { status.textContent = t("compare_unknown", { slug: input.value.trim() }); return; }
    var list = slugs().filter(function (s) { return resolve(s) !== r; });
    list.push(rows[r].s);
    input.value = "";
    setSlugs(list.slice(0, MAX));
  });
  form.hidden = false;
  render();
})();
