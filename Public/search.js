/* Pokédex search: the query language and its engine (pure, usable from node with require),
   the search page (search.html) and the header box on every page.

   Reads window.POKEDEX_INDEX (search-index.js, every page) and, where a page loads it,
   window.POKEDEX_DATA (search-data.js: stats, abilities, moves...). No fetch(): works from file://.
   docs/search-index.md describes both files and the query language. */
(function (global, factory) {
  "use strict";
  var engine = factory();
  if (typeof module === "object" && module.exports) { module.exports = engine; return; }
  global.PokedexSearch = engine;
  if (typeof document !== "undefined") engine.startPage(global);
})(typeof window !== "undefined" ? window : this, function () {
  "use strict";

  /* ---------- Folding: no accents, case or punctuation ---------- */

  var COMBINING = /[\u0300-\u036f]/g;
  var NOT_WORD = /[^\p{L}\p{N}\p{M}]+/gu;
  var HIRAGANA = /[\u3041-\u3096\u309d\u309e]/g;
  function base(text) {
    /* Width first (NFKC: ﾋﾟｶ and ＰＩＫＡ as ピカ and PIKA), hiragana as katakana (ぴか finds
       ピカチュウ); only Latin accents go, NFC putting other marks back on their letters (ピ stays ピ). */
    return String(text).normalize("NFKC").toLowerCase().replace(/♀/g, " f").replace(/♂/g, " m")
      .replace(HIRAGANA, function (c) { return String.fromCharCode(c.charCodeAt(0) + 0x60); })
      .normalize("NFD").replace(COMBINING, "").normalize("NFC");
  }
  /** "Flabébé" -> "flabebe", "Mr. Mime" -> "mrmime", "Nidoran♀" -> "nidoranf", "ぴかちゅう" -> "ピカチュウ". */
  function fold(text) { return base(text).replace(NOT_WORD, ""); }
  /** "Mr. Mime" -> ["mr", "mime"]; "Farfetch’d" -> ["farfetch", "d"]. */
  function tokens(text) { return base(text).split(NOT_WORD).filter(Boolean); }

  /** Edit distance, or limit + 1 as soon as it must exceed limit. */
  function distance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var prev = new Array(b.length + 1), cur = new Array(b.length + 1), i, j;
    for (j = 0; j <= b.length; j++) prev[j] = j;
    for (i = 1; i <= a.length; i++) {
      cur[0] = i;
      var best = i;
      for (j = 1; j <= b.length; j++) {
        var v = prev[j - 1] + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1);
        if (prev[j] + 1 < v) v = prev[j] + 1;
        if (cur[j - 1] + 1 < v) v = cur[j - 1] + 1;
        cur[j] = v;
        if (v < best) best = v;
      }
      if (best > limit) return limit + 1;
      var swap = prev; prev = cur; cur = swap;
    }
    return prev[b.length];
  }
  /** Typos forgiven: none up to 3 letters, one up to 6, two beyond. */
  function typoLimit(word) { return word.length <= 3 ? 0 : word.length <= 6 ? 1 : 2; }

  /* ---------- Posting lists (docs/search-index.md) ---------- */

  var FINAL = "0123456789abcdefghijklmnopqrstuv";
  var CONTINUE = "ABCDEFGHIJKLMNOPQRSTUVWXYZwxyz+/";
  function decodePostings(text) {
    var rows = [], value = 0, previous = -1;
    for (var i = 0; i < text.length; i++) {
      var c = text.charAt(i), at = FINAL.indexOf(c);
      if (at < 0) { value = value * 32 + CONTINUE.indexOf(c); continue; }
      previous += value * 32 + at;
      rows.push(previous);
      value = 0;
    }
    return rows;
  }
  function encodePostings(rows) {
    var out = "", previous = -1;
    rows.slice().sort(function (a, b) { return a - b; }).forEach(function (row) {
      if (row === previous) return;
      var gap = row - previous, digits = [];
      previous = row;
      do { digits.unshift(gap & 31); gap = Math.floor(gap / 32); } while (gap);
      for (var i = 0; i < digits.length - 1; i++) out += CONTINUE.charAt(digits[i]);
      out += FINAL.charAt(digits[digits.length - 1]);
    });
    return out;
  }

  /* ---------- The query language ---------- */

  var STATS = ["hp", "atk", "def", "spa", "spd", "spe"];
  var STAT_ALIASES = {
    hp: "hp", atk: "atk", attack: "atk", def: "def", defense: "def", defence: "def",
    spa: "spa", spatk: "spa", satk: "spa", spd: "spd", spdef: "spd", sdef: "spd",
    spe: "spe", speed: "spe", bst: "bst", total: "bst"
  };
  var KEYS = {
    type: "type", t: "type", gen: "gen", g: "gen", generation: "gen",
    ability: "ability", ab: "ability", move: "move", learns: "move", egg: "egg", egggroup: "egg",
    item: "item", holds: "item", is: "is", sort: "sort"
  };
  var KEY_NAMES = ["type", "gen", "ability", "move", "egg", "item", "is", "sort"];
  var IS = {
    legendary: "legendary", mythical: "mythical", mythic: "mythical", baby: "baby",
    fe: "fe", fullyevolved: "fe", nfe: "nfe", notfullyevolved: "nfe", mega: "mega", form: "form"
  };
  var IS_NAMES = ["legendary", "mythical", "baby", "fe", "nfe", "mega", "form"];
  var SORTS = { name: "name", number: "number", num: "number", dex: "number" };
  var SORT_NAMES = ["hp", "atk", "def", "spa", "spd", "spe", "bst", "name", "number"];
  var ROMAN = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8, ix: 9, x: 10 };
  var FLAG = { legendary: 1, mythical: 2, baby: 4, fe: 8, mega: 16, form: 32 };
  var OPS = [">=", "<=", ">", "<", "="];
  /* What negates a term: a minus as typed, as the hint shows it (a non-breaking hyphen), or as
     a phone's keyboard or a copied text gives it (a hyphen, a minus sign). */
  var MINUS = "[-\u2010\u2011\u2212]", LEADING_MINUS = new RegExp("^" + MINUS);

  /** Splits a query into raw tokens: {text, neg, quoted, segment, start, end}. Commas end a segment. */
  function tokenize(query) {
    var out = [], i = 0, segment = 0, q = String(query);
    while (i < q.length) {
      var c = q.charAt(i);
      if (c === "," ) { segment++; i++; continue; }
      if (/\s/.test(c)) { i++; continue; }
      var start = i, neg = false, quoted = false, text = "";
      if (LEADING_MINUS.test(c) && i + 1 < q.length && !/[\s,]/.test(q.charAt(i + 1))) { neg = true; i++; }
      if (q.charAt(i) === "\"") {
        quoted = "word"; i++;
        while (i < q.length && q.charAt(i) !== "\"") text += q.charAt(i++);
        i++;
      } else {
        while (i < q.length && !/[\s,]/.test(q.charAt(i))) {
          if (q.charAt(i) === "\"" && text.charAt(text.length - 1) === ":") {
            i++;
            var value = "";
            while (i < q.length && q.charAt(i) !== "\"") value += q.charAt(i++);
            i++;
            text += value;
            quoted = "value";
            break;
          }
          text += q.charAt(i++);
        }
        /* "spe > 100", "bst >= 600": a stat name, then an operator and a number after spaces. */
        var lower = text.toLowerCase();
        if (STAT_ALIASES[lower] || /^[a-z]+(>=|<=|>|<|=)$/.test(lower)) {
          var rest = /^\s*(>=|<=|>|<|=)?\s*(\d+)?/.exec(q.slice(i));
          if (rest && (rest[1] || /[<>=]$/.test(text)) && rest[2]) {
            text += (rest[1] || "") + rest[2];
            i += rest[0].length;
          }
        }
      }
      out.push({ text: text, neg: neg, quoted: quoted, segment: segment, start: start, end: i });
    }
    return out;
  }

  /** Up to `limit` candidates close to value; `folded` (optional) holds the candidates already folded. */
  function suggest(value, candidates, limit, folded) {
    var v = fold(value);
    var scored = [];
    candidates.forEach(function (candidate, at) {
      var c = folded ? folded[at] : fold(candidate);
      var d = c.indexOf(v) === 0 ? 0.5 : distance(v, c, Math.max(2, typoLimit(v) + 1));
      if (d <= Math.max(2, typoLimit(v) + 1)) scored.push([d, candidate]);
    });
    scored.sort(function (a, b) { return a[0] - b[0] || (a[1] < b[1] ? -1 : 1); });
    return scored.slice(0, limit || 3).map(function (s) { return s[1]; });
  }

  /** Parses a query into terms and errors; no data needed. Term kinds: word, number, type, gen,
      ability, move, egg, item, stat, is, sort. Errors: {code, text, key?, value?, suggestions}. */
  function parse(query) {
    var terms = [], errors = [], sort = null;
    tokenize(query).forEach(function (token) {
      var text = token.text, neg = token.neg;
      var term = { neg: neg, raw: query.slice(token.start, token.end), segment: token.segment, start: token.start, end: token.end };
      var comparison = token.quoted ? null : /^([a-z]+)(>=|<=|>|<|=)(.*)$/i.exec(text);
      var keyed = token.quoted !== "word" ? /^([a-z]+):(.*)$/i.exec(text) : null;
      if (comparison && STAT_ALIASES[comparison[1].toLowerCase()]) {
        var stat = STAT_ALIASES[comparison[1].toLowerCase()];
        if (!/^\d+$/.test(comparison[3])) {
          errors.push({ code: "badNumber", text: term.raw, key: stat, value: comparison[3], suggestions: [] });
          return;
        }
        term.kind = "stat"; term.stat = stat; term.op = comparison[2]; term.value = Number(comparison[3]);
      } else if (comparison && !keyed) {
        errors.push({ code: "unknownStat", text: term.raw, key: comparison[1], suggestions: suggest(comparison[1], Object.keys(STAT_ALIASES)) });
        return;
      } else if (keyed) {
        var key = KEYS[keyed[1].toLowerCase()];
        var value = keyed[2].trim();
        if (!key) {
          errors.push({ code: "unknownKey", text: term.raw, key: keyed[1], suggestions: suggest(keyed[1], KEY_NAMES) });
          return;
        }
        if (!value) { errors.push({ code: "emptyValue", text: term.raw, key: key, suggestions: [] }); return; }
        term.kind = key; term.value = value;
        if (key === "gen") {
          var range = /^(\d+|[ivx]+)(?:-(\d+|[ivx]+))?$/i.exec(value);
          var lo = range && (/\d/.test(range[1]) ? Number(range[1]) : ROMAN[range[1].toLowerCase()]);
          var hi = range && (range[2] === undefined ? lo : /\d/.test(range[2]) ? Number(range[2]) : ROMAN[range[2].toLowerCase()]);
          if (!range || !lo || !hi || lo > hi) {
            errors.push({ code: "badGen", text: term.raw, key: key, value: value, suggestions: [] });
            return;
          }
          term.lo = lo; term.hi = hi;
        } else if (key === "is") {
          var flag = IS[fold(value)];
          if (!flag) { errors.push({ code: "unknownIs", text: term.raw, key: key, value: value, suggestions: suggest(value, IS_NAMES) }); return; }
          term.flag = flag;
        } else if (key === "sort") {
          var by = STAT_ALIASES[fold(value)] || SORTS[fold(value)];
          if (!by) { errors.push({ code: "unknownSort", text: term.raw, key: key, value: value, suggestions: suggest(value, SORT_NAMES) }); return; }
          if (neg) { errors.push({ code: "negatedSort", text: term.raw, key: key, value: value, suggestions: [] }); return; }
          sort = by;
          return;
        }
      } else if (token.quoted !== "word" && /^#?\d+$/.test(text)) {
        term.kind = "number"; term.value = Number(text.replace("#", ""));
      } else {
        var folded = fold(text);
        if (!folded) return;
        term.kind = "word"; term.value = text; term.folded = folded;
        term.quoted = token.quoted === "word";
        term.words = tokens(text);
        if (!term.words.length) term.words = [folded];
      }
      terms.push(term);
    });
    return { terms: terms, errors: errors, sort: sort };
  }

  /* ---------- The database: light rows plus, where loaded, the heavy data ---------- */

  function nameEntry(text) {
    return { tokens: tokens(text), joined: fold(text) };
  }
  function table(rows, altFrom) {
    var index = {};
    var entries = rows.map(function (row, at) {
      var names = [row[1], row[0]].concat(row.slice(altFrom));
      names.forEach(function (name) {
        if (typeof name !== "string") return;
        var key = fold(name);
        if (key && index[key] === undefined) index[key] = at;
      });
      return { slug: row[0], name: row[1], row: row, names: names.filter(function (n) { return typeof n === "string"; }).map(nameEntry) };
    });
    return { entries: entries, index: index };
  }

  /** light: window.POKEDEX_INDEX rows; heavy: window.POKEDEX_DATA or null. */
  function createDatabase(light, heavy, typeNames) {
    var rows = light || [];
    var db = {
      rows: rows, count: rows.length, heavy: null, typeNames: typeNames || {},
      names: rows.map(function (row) {
        var list = [nameEntry(row.n), nameEntry(row.s)];
        (row.a || []).forEach(function (alt) { list.push(nameEntry(alt)); });
        return list;
      }),
      bySlug: {}
    };
    rows.forEach(function (row, at) { db.bySlug[row.s] = at; });
    if (heavy && heavy.count === rows.length) {
      var h = { data: heavy, postingCache: {} };
      h.types = table(heavy.types, 2);
      h.abilities = table(heavy.abilities, 2);
      h.moves = table(heavy.moves, 7);
      h.items = table(heavy.items, 2);
      h.eggGroups = table(heavy.eggGroups, 2);
      h.generations = heavy.generations;
      h.typeSlugs = heavy.types.map(function (t) { return t[0]; });
      db.heavy = h;
    }
    return db;
  }

  function postings(db, kind, at) {
    var key = kind + at, cache = db.heavy.postingCache;
    if (!cache[key]) {
      var mask = new Uint8Array(db.count);
      decodePostings(db.heavy.data[kind === "move" ? "learn" : "held"][at]).forEach(function (row) { if (row < mask.length) mask[row] = 1; });
      cache[key] = mask;
    }
    return cache[key];
  }

  function stat(db, row, which) {
    var b = db.heavy.data.base, o = row * 6;
    if (which === "bst") return b[o] + b[o + 1] + b[o + 2] + b[o + 3] + b[o + 4] + b[o + 5];
    return b[o + STATS.indexOf(which)];
  }

  /* ---------- Matching words against names ---------- */

  /** How well one folded word matches a name: 0 exact, 1 prefix, 2 + typos, 4 inside; -1 none. */
  function wordScore(word, name, fuzzy) {
    var toks = name.tokens, best = -1, i;
    if (name.joined === word) return 0;
    for (i = 0; i < toks.length; i++) {
      if (toks[i] === word) return 0;
      if (best !== 1 && toks[i].lastIndexOf(word, 0) === 0) best = 1;
    }
    if (best < 0 && name.joined.lastIndexOf(word, 0) === 0) best = 1;
    if (best >= 0) return best;
    var limit = fuzzy ? typoLimit(word) : 0;
    if (limit > 0) {
      var d = limit + 1;
      for (i = 0; i < toks.length && d > 0; i++) {
        var t = toks[i];
        if (Math.abs(t.length - word.length) <= limit) d = Math.min(d, distance(word, t, limit));
        if (t.length > word.length) d = Math.min(d, distance(word, t.slice(0, word.length), limit));
      }
      if (name.joined.length > word.length) d = Math.min(d, distance(word, name.joined.slice(0, word.length), limit));
      if (d <= limit) return 2 + d;
    }
    if (fuzzy && word.length >= 3 && name.joined.indexOf(word) > 0) return 4 + (word.length < 4 ? 1 : 0);
    return -1;
  }

  /** The best score of a list of names for all the words (each word must match the same name); -1 none. */
  function namesScore(words, names, fuzzy) {
    var best = -1;
    for (var n = 0; n < names.length; n++) {
      var total = 0;
      for (var w = 0; w < words.length; w++) {
        var s = wordScore(words[w], names[n], fuzzy);
        if (s < 0) { total = -1; break; }
        total += s;
      }
      if (total >= 0 && (best < 0 || total < best)) best = total;
    }
    return best;
  }

  /** The words of a word term: "mr. mime" -> ["mr", "mime"]; a lone word is its fold ("farfetch'd"). */
  function termWords(term) {
    return term.words.length > 1 && !term.quoted ? [term.folded] : term.words.length > 1 ? term.words : [term.folded];
  }

  /* ---------- Resolving values and reading bare words as filters ---------- */

  var VALUE_TABLES = { type: "types", ability: "abilities", move: "moves", egg: "eggGroups", item: "items" };

  function lookup(db, kind, value) {
    var t = db.heavy[VALUE_TABLES[kind]], key = fold(value);
    if (t.index[key] !== undefined) return { at: t.index[key] };
    var starts = [];
    t.entries.forEach(function (entry, at) {
      if (entry.names.some(function (n) { return n.joined.lastIndexOf(key, 0) === 0; })) starts.push(at);
    });
    if (starts.length === 1 && key.length >= 3) return { at: starts[0] };
    var names = t.entries.map(function (e) { return e.name; });
    var close = suggest(value, names, 3, t.entries.map(function (e) { return e.names[0].joined; }));
    starts.slice(0, 3).forEach(function (at) { if (close.indexOf(names[at]) < 0 && close.length < 5) close.push(names[at]); });
    return { at: -1, suggestions: close.map(function (name) { return { name: name, slug: t.entries[names.indexOf(name)].slug }; }) };
  }

  var READ_ORDER = ["type", "ability", "move", "egg", "item"];

  /** Any Pokémon name the words match without typos. */
  function someName(db, words) {
    for (var r = 0; r < db.count; r++) if (namesScore(words, db.names[r], false) >= 0) return true;
    return false;
  }

  /** Bare words that name a type, ability, move, egg group or item become that filter:
      "prankster, thunder wave", "thunder". A whole comma-separated part always does; other
      runs only when no Pokémon name starts with them ("charm" stays a word: Charmander). */
  function readFilters(parsed, db) {
    var terms = parsed.terms, out = [], readings = [];
    var commas = terms.some(function (t) { return t.segment > 0; });
    var i = 0;
    while (i < terms.length) {
      var term = terms[i];
      if (term.kind !== "word" || term.neg || term.quoted) { out.push(term); i++; continue; }
      var found = null;
      for (var len = Math.min(4, terms.length - i); len >= 1 && !found; len--) {
        var run = terms.slice(i, i + len);
        if (run.some(function (t) { return t.kind !== "word" || t.neg || t.quoted || t.segment !== term.segment; })) continue;
        var joined = run.map(function (t) { return t.folded; }).join("");
        var wholePart = commas && terms.filter(function (t) { return t.segment === term.segment; }).length === len;
        for (var k = 0; k < READ_ORDER.length && !found; k++) {
          var t = db.heavy[VALUE_TABLES[READ_ORDER[k]]];
          var at = t.index[joined];
          if (at === undefined) continue;
          var words = run.map(function (w) { return w.folded; });
          if (!wholePart && someName(db, words)) continue;
          found = { kind: READ_ORDER[k], at: at, len: len, value: t.entries[at].slug };
        }
      }
      if (found) {
        var first = terms[i], last = terms[i + found.len - 1];
        var filter = { kind: found.kind, at: found.at, value: found.value, neg: false, read: true,
                       raw: first.raw === last.raw ? first.raw : null, start: first.start, end: last.end, segment: first.segment };
        filter.words = terms.slice(i, i + found.len).map(function (w) { return w.value; }).join(" ");
        readings.push(filter);
        out.push(filter);
        i += found.len;
      } else { out.push(term); i++; }
    }
    return { terms: out, readings: readings };
  }

  /* ---------- Evaluating ---------- */

  /* A collator is costly to make (tens of milliseconds on a slow phone): one per language, when sorting by name. */
  var collators = {};
  function collatorFor(language) {
    var key = language || "";
    if (!collators[key] && typeof Intl !== "undefined") collators[key] = new Intl.Collator(language || undefined, { sensitivity: "base" });
    return collators[key] || null;
  }

  function compare(value, op, target) {
    switch (op) {
      case ">": return value > target;
      case ">=": return value >= target;
      case "<": return value < target;
      case "<=": return value <= target;
      default: return value === target;
    }
  }

  /** Whether a row passes one non-word term (heavy data where the term needs it). */
  function passes(db, term, row) {
    var r = db.rows[row], h = db.heavy, ok;
    switch (term.kind) {
      case "number": ok = r.i === term.value || namesScore([String(term.value)], db.names[row], false) === 0; break;
      case "type": ok = r.t.indexOf(term.value) >= 0; break;
      case "gen": ok = h.data.gen[row] >= term.lo && h.data.gen[row] <= term.hi; break;
      case "ability":
        ok = h.data.abil[row].some(function (a) { return (a < 0 ? -a - 1 : a) === term.at; }); break;
      case "egg": ok = h.data.egg[row].indexOf(term.at) >= 0; break;
      case "move": ok = postings(db, "move", term.at)[row] === 1; break;
      case "item": ok = postings(db, "item", term.at)[row] === 1; break;
      case "stat": ok = compare(stat(db, row, term.stat), term.op, term.value); break;
      case "is":
        var f = h ? h.data.flags[row] : (r.d ? 0 : FLAG.form);
        ok = term.flag === "nfe" ? !(f & FLAG.fe) : (f & FLAG[term.flag]) !== 0; break;
      default: ok = true;
    }
    return term.neg ? !ok : ok;
  }

  var NEEDS_HEAVY = { gen: 1, ability: 1, egg: 1, move: 1, item: 1, stat: 1 };

  /** Runs a query. Returns {rows (ordered row numbers), scores, terms, errors, readings, sort,
      shownStat, needsData, others: {types, abilities, moves, items, eggGroups}}. */
  function search(db, query, options) {
    options = options || {};
    var parsed = typeof query === "string" ? parse(query) : query;
    var errors = parsed.errors.slice(), readings = [], terms = parsed.terms;
    var plainWords = terms.filter(function (t) { return t.kind === "word" && !t.neg; });
    var needsData = false;
    if (db.heavy && !options.namesOnly) {
      var read = readFilters(parsed, db);
      terms = read.terms; readings = read.readings;
    }
    var usable = [];
    terms.forEach(function (term) {
      if (term.kind === "word" || term.kind === "number") { usable.push(term); return; }
      if (term.kind === "is" || (term.kind === "type" && !db.heavy)) {
        if (term.kind === "type") {
          var key = fold(term.value), slug = null;
          Object.keys(db.typeNames).forEach(function (s) { if (fold(s) === key || fold(db.typeNames[s]) === key) slug = s; });
          if (!slug) { needsData = true; return; }
          term = Object.assign({}, term, { value: slug });
        }
        if (term.kind === "is" && !db.heavy && term.flag !== "form") { needsData = true; return; }
        usable.push(term);
        return;
      }
      if (!db.heavy) { needsData = true; return; }
      if (NEEDS_HEAVY[term.kind] === undefined && term.kind !== "type") { usable.push(term); return; }
      if (VALUE_TABLES[term.kind] && term.at === undefined) {
        var found = lookup(db, term.kind, term.value);
        if (found.at < 0) {
          errors.push({ code: "unknownValue", text: term.raw, key: term.kind, value: term.value, suggestions: found.suggestions });
          return;
        }
        term = Object.assign({}, term, { at: found.at, value: db.heavy[VALUE_TABLES[term.kind]].entries[found.at].slug });
      }
      usable.push(term);
    });
    if (parsed.sort && parsed.sort !== "name" && parsed.sort !== "number" && !db.heavy) needsData = true;

    var words = [], filters = [], negWords = [];
    usable.forEach(function (t) {
      if (t.kind === "word") (t.neg ? negWords : words).push(termWords(t));
      else filters.push(t);
    });
    var flatWords = [].concat.apply([], words);
    var scores = new Int32Array(db.count);
    var matched = [];
    for (var row = 0; row < db.count; row++) {
      var ok = true;
      for (var f = 0; f < filters.length && ok; f++) ok = passes(db, filters[f], row);
      if (!ok) continue;
      var score = 0;
      if (flatWords.length) {
        score = namesScore(flatWords, db.names[row], true);
        if (score < 0) continue;
      }
      for (var n = 0; n < negWords.length && ok; n++) ok = namesScore(negWords[n], db.names[row], false) < 0;
      if (!ok) continue;
      scores[row] = score;
      matched.push(row);
    }
    var sort = db.heavy || parsed.sort === "name" || parsed.sort === "number" ? parsed.sort : null;
    var rows = db.rows;
    var collator = sort === "name" ? collatorFor(options.language) : null;
    var statSort = sort && sort !== "name" && sort !== "number";
    var statValues = statSort ? new Int32Array(db.count) : null;
    if (statSort) matched.forEach(function (r) { statValues[r] = stat(db, r, sort); });
    matched.sort(function (a, b) {
      if (statSort && statValues[a] !== statValues[b]) return statValues[b] - statValues[a];
      if (sort === "name") {
        var c = collator ? collator.compare(rows[a].n, rows[b].n) : (rows[a].n < rows[b].n ? -1 : rows[a].n > rows[b].n ? 1 : 0);
        if (c) return c;
      }
      if (sort === "number") return rows[a].i - rows[b].i || rows[b].d - rows[a].d || a - b;
      return rows[b].d - rows[a].d || scores[a] - scores[b] || rows[a].i - rows[b].i || a - b;
    });
    var shownStat = statSort ? sort : null;
    if (!shownStat) usable.some(function (t) { if (t.kind === "stat") { shownStat = t.stat; return true; } return false; });
    var result = {
      rows: matched, scores: scores, terms: usable, errors: errors, readings: readings, sort: sort,
      shownStat: shownStat, needsData: needsData
    };
    /* Computed when read: the search page shows it after the first screenful. */
    var found;
    Object.defineProperty(result, "others", { enumerable: true, get: function () {
      if (found === undefined) found = db.heavy && !options.namesOnly ? others(db, plainWords) : null;
      return found;
    } });
    return result;
  }

  /** The folder each kind's pages live in, and a slug as the build names its file. */
  var PAGE_FOLDERS = { types: "types", abilities: "abilities", moves: "moves", eggGroups: "egg-groups", items: "items" };
  function fileName(slug) { return String(slug).toLowerCase().replace(/[^a-z0-9-]/g, "-"); }

  /** Types, abilities, moves, egg groups and items whose names the plain words match. */
  function others(db, wordTerms) {
    var out = {};
    var words = [].concat.apply([], wordTerms.map(termWords));
    ["types", "abilities", "moves", "eggGroups", "items"].forEach(function (kind) {
      var found = [];
      if (words.length) {
        db.heavy[kind].entries.forEach(function (entry, at) {
          var s = namesScore(words, entry.names, words.join("").length >= 4);
          if (s >= 0) found.push([s, at, entry]);
        });
      }
      found.sort(function (a, b) { return a[0] - b[0] || (a[2].name < b[2].name ? -1 : 1); });
      out[kind] = found.map(function (f) { return f[1]; });
    });
    return out;
  }

  /** Counts without each term, to say which one empties the result. */
  function withoutEach(db, query) {
    var parsed = parse(query);
    return parsed.terms.map(function (term) {
      var rest = parsed.terms.filter(function (t) { return t !== term; });
      return { term: term, count: search(db, { terms: rest, errors: [], sort: parsed.sort }).rows.length };
    });
  }

  /* ---------- Putting queries and results into words (strings from the strings file) ---------- */

  function format(text, values) {
    return String(text || "").replace(/\{(\w+)\}/g, function (all, key) { return values[key] !== undefined ? values[key] : all; });
  }
  function plural(strings, key, count, language, values) {
    var form = "other";
    try { form = new Intl.PluralRules(language || "en").select(count); } catch (e) { /* old browser */ }
    var text = strings[key + "_" + form] !== undefined ? strings[key + "_" + form] : strings[key + "_other"];
    return format(text, Object.assign({ count: count.toLocaleString(language || undefined) }, values || {}));
  }

  /** A term's value as people read it: the type's, move's... display name. */
  function valueName(db, term) {
    var kinds = VALUE_TABLES[term.kind];
    if (kinds && db.heavy && term.at !== undefined) return db.heavy[kinds].entries[term.at].name;
    if (term.kind === "type") return db.typeNames[term.value] || term.value;
    return term.value;
  }

  function statLabel(strings, key) { return strings["search_stat_" + key] || key; }

  /** "both Fire and Fairy in generation 1 with Levitate": the query as a phrase. */
  function describe(db, terms, strings) {
    var parts = [], types = [], notTypes = [];
    terms.forEach(function (t) {
      if (t.kind === "type") (t.neg ? notTypes : types).push(valueName(db, t));
    });
    if (types.length === 1) parts.push(format(strings.query_d_type, { type: types[0] }));
    if (types.length === 2) parts.push(format(strings.query_d_types, { a: types[0], b: types[1] }));
    if (types.length > 2) parts.push(format(strings.query_d_typesMany, { list: types.join(", ") }));
    notTypes.forEach(function (name) { parts.push(format(strings.query_d_notType, { type: name })); });
    terms.forEach(function (t) {
      var key = null, values = {};
      switch (t.kind) {
        case "gen": key = t.lo === t.hi ? "query_d_gen" : "query_d_gens"; values = { gen: t.lo, lo: t.lo, hi: t.hi }; break;
        case "ability": key = "query_d_ability"; values = { ability: valueName(db, t) }; break;
        case "move": key = "query_d_move"; values = { move: valueName(db, t) }; break;
        case "egg": key = "query_d_egg"; values = { egg: valueName(db, t) }; break;
        case "item": key = "query_d_item"; values = { item: valueName(db, t) }; break;
        case "stat": key = "query_d_stat"; values = { stat: statLabel(strings, t.stat), op: strings["query_op_" + { ">": "gt", ">=": "ge", "<": "lt", "<=": "le", "=": "eq" }[t.op]] || t.op, value: t.value }; break;
        case "is": key = "query_d_is_" + t.flag; break;
        case "word": key = "query_d_word"; values = { word: t.value }; break;
        case "number": key = "query_d_number"; values = { number: t.value }; break;
        default: break;
      }
      if (!key) return;
      var text = format(strings[key] || key, values);
      parts.push(t.neg && t.kind !== "type" ? format(strings.query_d_not, { what: text }) : text);
    });
    return parts.join(" ");
  }

  function describeError(error, strings) {
    var kindName = strings["query_kind_" + error.key] || error.key;
    var text = format(strings["query_error_" + error.code] || error.code, {
      key: error.key, value: error.value, text: error.text, kind: kindName,
      keys: KEY_NAMES.map(function (k) { return k + ":"; }).join(" "), flags: IS_NAMES.map(function (k) { return "is:" + k; }).join(" "),
      sorts: SORT_NAMES.map(function (k) { return "sort:" + k; }).join(" ")
    });
    return text;
  }

  /* ---------- Address: the query in search.html?q=... ---------- */

  function encodeQuery(query) {
    return encodeURIComponent(query).replace(/%20/g, "+").replace(/%3A/gi, ":").replace(/%2C/gi, ",").replace(/%22/g, "%22");
  }
  function replaceTerm(query, error, replacement) {
    var at = query.indexOf(error.text);
    if (at < 0) return query;
    return query.slice(0, at) + replacement + query.slice(at + error.text.length);
  }

  /* =================================================================================
     Browser: the header box on every page, the search page, and helpers list.js and
     compare.js share (window.PokedexSearch.ui).
     ================================================================================= */

  var ui = {};

  function startPage(win) {
    var doc = win.document;
    var strings = win.POKEDEX_STRINGS || {};
    var language = doc.documentElement.getAttribute("lang") || "en";
    var root = doc.body ? doc.body.getAttribute("data-root") || "" : "";
    var db = null;
    /* Built on first use, and again once search-data.js has run (it loads after this file). */
    function database() {
      if (!db || (!db.heavy && win.POKEDEX_DATA)) db = createDatabase(win.POKEDEX_INDEX || [], win.POKEDEX_DATA || null, win.POKEDEX_TYPES || {});
      return db;
    }
    function t(key, values) { return format(strings[key] !== undefined ? strings[key] : key, values || {}); }

    function el(tag, className, text) {
      var node = doc.createElement(tag);
      if (className) node.className = className;
      if (text !== undefined && text !== null) node.textContent = text;
      return node;
    }
    /* The Poké Ball placeholder and the drawn emblems, wherever the site keeps them
       ("assets/", or "../assets/" in a site of several languages). */
    function isPlaceholder(g) { return g.indexOf("assets/pokeball.svg") !== -1 && /(^|\/)assets\/pokeball\.svg$/.test(g); }
    function isEmblem(g) { return g.indexOf("emblems/") === 0; }
    function pad(n) { var s = String(n); while (s.length < 3) s = "0" + s; return "#" + s; }
    function sprite(row, className, size) {
      var img = doc.createElement("img");
      var names = [className];
      if (row.k === 1) names.push("is-canvas");
      if (row.k === 2) names.push(isEmblem(row.g) ? "is-emblem" : "is-art");
      if (isPlaceholder(row.g)) names.push("is-placeholder");
      img.className = names.join(" ").trim();
      img.src = root + row.g;
      img.alt = "";
      img.width = size; img.height = size;
      img.loading = "lazy";
      img.decoding = "async";
      if (row.w) img.classList.add("cv-" + row.w[0] + "x" + row.w[1]);
      return img;
    }
    function badges(row) {
      var span = el("span", "badges");
      row.t.forEach(function (slug) { span.appendChild(el("span", "type type-" + slug, (win.POKEDEX_TYPES || {})[slug] || slug)); });
      return span;
    }
    function searchHref(query) { return root + "search.html?q=" + encodeQuery(query); }
    /* A list's comma and a question's mark, as the page's language writes them
       (SiteLanguage.listSeparator on the build's side). */
    var primary = language.split("-")[0];
    var comma = primary === "ja" ? "、" : primary === "zh" ? "，" : ", ";
    var question = primary === "ja" || primary === "zh" ? "？" : primary === "fr" ? "\u202f?" : "?";
    ui = { el: el, pad: pad, sprite: sprite, badges: badges, t: t, database: database, strings: strings, language: language,
           root: root, searchHref: searchHref, plural: function (key, count, values) { return plural(strings, key, count, language, values); } };
    win.PokedexSearch.ui = ui;

    /* "/" focuses the search box from anywhere but a text field. */
    doc.addEventListener("keydown", function (event) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      var target = event.target;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      var box = doc.getElementById("q") || doc.getElementById("site-search");
      if (!box) return;
      event.preventDefault();
      box.focus();
      box.select();
    });

    /* After every deferred script (search-data.js comes after this file). */
    function bindAll() {
      doc.querySelectorAll("form.search").forEach(function (form) { bindHeader(form); });
      var page = doc.getElementById("query-form");
      if (page) bindSearchPage(page);
    }
    var bound = false;
    function once() { if (!bound) { bound = true; bindAll(); } }
    /* Deferred scripts run while readyState is already "interactive", before DOMContentLoaded. */
    if (doc.readyState === "complete") once();
    else { doc.addEventListener("DOMContentLoaded", once); win.addEventListener("load", once); }

    /* ----- The header box: names only, from the light index ----- */
    function bindHeader(form) {
      var input = form.querySelector("input[type=search]");
      var list = form.querySelector(".search-results");
      if (!input || !list) return;
      function render() {
        var query = input.value;
        list.textContent = "";
        if (!query.trim()) { list.hidden = true; return; }
        var result = search(database(), query, { namesOnly: true, language: language });
        var shown = result.needsData ? [] : result.rows.slice(0, 8);
        if (!shown.length && !result.needsData) list.appendChild(el("li", "muted", input.getAttribute("data-none") || t("search_none")));
        shown.forEach(function (row) {
          var entry = database().rows[row];
          var li = el("li");
          var a = el("a");
          a.href = root + entry.p;
          a.appendChild(sprite(entry, "", 40));
          a.appendChild(el("span", "", pad(entry.i) + " " + entry.n));
          li.appendChild(a);
          list.appendChild(li);
        });
        var all = el("li", "search-all");
        var link = el("a", "", t(result.needsData ? "search_runQuery" : "search_all", { query: query.trim(), count: result.rows.length }));
        link.href = searchHref(query.trim());
        all.appendChild(link);
        list.appendChild(all);
        list.hidden = false;
      }
      input.addEventListener("input", render);
      input.addEventListener("keydown", function (event) {
        if (event.key === "Escape") list.hidden = true;
        if (event.key === "ArrowDown" && !list.hidden) {
          var first = list.querySelector("a");
          if (first) { event.preventDefault(); first.focus(); }
        }
      });
      list.addEventListener("keydown", function (event) {
        var links = Array.prototype.slice.call(list.querySelectorAll("a"));
        var at = links.indexOf(doc.activeElement);
        if (event.key === "ArrowDown" && at < links.length - 1) { event.preventDefault(); links[at + 1].focus(); }
        if (event.key === "ArrowUp") { event.preventDefault(); (at > 0 ? links[at - 1] : input).focus(); }
        if (event.key === "Escape") { list.hidden = true; input.focus(); }
      });
      /* Enter: an exact name or number opens that Pokémon; anything else goes to search.html?q=. */
      form.addEventListener("submit", function (event) {
        var query = input.value.trim();
        event.preventDefault();
        if (!query) return;
        var result = search(database(), query, { namesOnly: true });
        var top = result.rows[0];
        var single = result.terms.length === 1 && (result.terms[0].kind === "word" || result.terms[0].kind === "number");
        if (top !== undefined && single && !result.needsData && result.scores[top] === 0) {
          win.location.href = root + database().rows[top].p;
        } else {
          win.location.href = searchHref(query);
        }
      });
      doc.addEventListener("click", function (event) { if (!form.contains(event.target)) list.hidden = true; });
      if (input.id === "missing-search") suggestFromAddress(form);
    }

    /* The 404 page at a missing Pokémon's address (a typo, an old name): the names closest to
       the address's words, as links under its search box. */
    function suggestFromAddress(form) {
      function decoded(text) { try { return decodeURIComponent(text); } catch (error) { return null; } }
      /* The address missed, or the one a site of several languages came from (missing.js). */
      var from = /[?&]missing=([^&#]*)/.exec(win.location.search);
      var path = from ? decoded(from[1]) : win.location.pathname;
      var match = path && /\/pokemon\/([^\/]+)\.html$/.exec(path);
      var name = match && decoded(match[1]);
      if (!name) return;
      var words = name.split(/[-_\s]+/).filter(Boolean);
      /* Names only: a word of no letters ("!!!") or one the search reads as a filter
         ("type:fire") would match every Pokémon, or a kind of them. */
      if (!words.length || words.some(function (word) { return !fold(word) || /[:<>=!"#]/.test(word); })) return;
      /* All the words, then fewer from the end ("mr-mime-galar-old": "mr mime galar"). */
      var rows = [];
      for (var count = words.length; count > 0 && !rows.length; count--) {
        var result = search(database(), words.slice(0, count).join(" "), { namesOnly: true, language: language });
        var plain = result.terms.every(function (term) { return term.kind === "word" || term.kind === "number"; });
        rows = !plain || result.needsData ? [] : result.rows.slice(0, 3);
      }
      if (!rows.length) return;
      /* As the search page asks it: "Did you mean Pikachu, Pichu?" */
      var line = el("p", "did-you-mean", t("query_didYouMean") + " ");
      rows.forEach(function (row, at) {
        var entry = database().rows[row];
        if (at) line.appendChild(doc.createTextNode(comma));
        var a = el("a", "", entry.n);
        a.href = root + entry.p;
        line.appendChild(a);
      });
      line.appendChild(doc.createTextNode(question));
      form.parentNode.insertBefore(line, form.nextSibling);
    }

    /* ----- The search page ----- */
    function bindSearchPage(form) {
      var input = doc.getElementById("q");
      var results = doc.getElementById("results");
      var count = doc.getElementById("result-count");
      var notes = doc.getElementById("query-notes");
      var othersBox = doc.getElementById("other-results");
      var tray = doc.getElementById("compare-tray");
      var compareHead = doc.getElementById("compare-boxes");
      var chosen = [];
      var pending = null;
      var prototype = null;
      var lastQuery = null;
      var afterwards = null;
      form.classList.add("is-live");

      function rowPrototype() {
        if (prototype) return prototype;
        var li = el("li", "result");
        var a = el("a", "result-link");
        var img = el("img", "result-sprite");
        img.alt = ""; img.width = 40; img.height = 40; img.loading = "lazy"; img.decoding = "async";
        a.appendChild(img);
        a.appendChild(el("span", "result-number"));
        a.appendChild(el("span", "result-name"));
        a.appendChild(el("span", "badges"));
        a.appendChild(el("span", "result-stat"));
        li.appendChild(a);
        var label = el("label", "result-compare");
        var box = el("input");
        box.type = "checkbox";
        label.appendChild(box);
        label.appendChild(el("span", "visually-hidden"));
        li.appendChild(label);
        prototype = li;
        return li;
      }
      var typeNames = win.POKEDEX_TYPES || {};
      /* Rows are kept once built (per stat shown): the next keystroke moves them, not rebuilds them. */
      var built = {};
      function resultRow(row, shownStat) {
        var key = row + (shownStat || ""), li = built[key];
        if (li) {
          var box0 = li.lastChild.firstChild;
          box0.checked = chosen.indexOf(box0.value) >= 0;
          return li;
        }
        li = built[key] = buildRow(row, shownStat);
        return li;
      }
      function buildRow(row, shownStat) {
        var d = database(), entry = d.rows[row];
        var li = rowPrototype().cloneNode(true);
        var a = li.firstChild;
        a.href = root + entry.p;
        var img = a.firstChild;
        var cls = "result-sprite";
        if (entry.k === 1) cls += " is-canvas";
        if (entry.k === 2) cls += isEmblem(entry.g) ? " is-emblem" : " is-art";
        if (isPlaceholder(entry.g)) cls += " is-placeholder";
        img.className = cls;
        img.src = root + entry.g;
        if (entry.w) img.classList.add("cv-" + entry.w[0] + "x" + entry.w[1]);
        var number = img.nextSibling, name = number.nextSibling, types = name.nextSibling, statBox = types.nextSibling;
        number.textContent = pad(entry.i);
        name.textContent = entry.n;
        if (!entry.d) li.classList.add("is-form");
        for (var i = 0; i < entry.t.length; i++) {
          var badge = doc.createElement("span");
          badge.className = "type type-" + entry.t[i];
          badge.textContent = typeNames[entry.t[i]] || entry.t[i];
          types.appendChild(badge);
        }
        if (shownStat && d.heavy) {
          var abbr = el("abbr", "", t("search_statShort_" + shownStat));
          abbr.title = t("search_stat_" + shownStat);
          statBox.appendChild(abbr);
          statBox.appendChild(doc.createTextNode(" " + stat(d, row, shownStat)));
        } else statBox.remove();
        var box = li.lastChild.firstChild;
        box.value = entry.s;
        box.checked = chosen.indexOf(entry.s) >= 0;
        li.lastChild.lastChild.textContent = t("search_compareOne", { name: entry.n });
        return li;
      }

      function cancelPending() { if (pending) { (win.cancelIdleCallback || win.clearTimeout)(pending); pending = null; } }
      function later(fn) {
        pending = win.requestIdleCallback ? win.requestIdleCallback(fn, { timeout: 200 }) : win.setTimeout(fn, 16);
      }
      /* The first screenful now; the rest in idle chunks, every match a link within a second. */
      function fill(rows, shownStat) {
        cancelPending();
        var first = Math.min(rows.length, Math.max(12, Math.ceil((win.innerHeight || 900) / 44) + 2));
        var frag = doc.createDocumentFragment();
        for (var i = 0; i < first; i++) frag.appendChild(resultRow(rows[i], shownStat));
        results.replaceChildren(frag);
        var at = first;
        function more(deadline) {
          pending = null;
          var chunk = doc.createDocumentFragment();
          var n = 0;
          /* Small steps: a key pressed meanwhile waits for the step under way, so keep it short. */
          var stop = win.performance.now() + (deadline && !deadline.didTimeout ? Math.min(6, deadline.timeRemaining()) : 2);
          while (at < rows.length && (n < 4 || win.performance.now() < stop)) {
            chunk.appendChild(resultRow(rows[at++], shownStat));
            n++;
          }
          results.appendChild(chunk);
          if (at < rows.length) later(more);
          else results.setAttribute("data-complete", "");
        }
        results.removeAttribute("data-complete");
        if (at < rows.length) later(more); else results.setAttribute("data-complete", "");
      }

      var shown = { rows: null, stat: null };
      function sameRows(rows, stat) {
        var before = shown.rows, same = before !== null && before.length === rows.length && shown.stat === stat;
        for (var i = 0; same && i < rows.length; i++) same = before[i] === rows[i];
        shown.rows = rows;
        shown.stat = stat;
        return same;
      }

      function link(text, query) {
        var a = el("a", "", text);
        a.href = searchHref(query);
        return a;
      }
      function showNotes(query, result) {
        notes.textContent = "";
        var d = database();
        result.errors.forEach(function (error) {
          var p = el("p", "query-error", describeError(error, strings));
          if (error.suggestions && error.suggestions.length) {
            p.appendChild(doc.createTextNode(" " + t("query_didYouMean") + " "));
            error.suggestions.forEach(function (s, i) {
              var name = typeof s === "string" ? s : s.name;
              var value = typeof s === "string" ? s : s.slug;
              var replacement = error.code === "unknownKey" ? value + ":" + (error.text.split(":")[1] || "")
                : error.code === "unknownStat" ? error.text.replace(new RegExp("^" + MINUS + "?" + error.key, "i"), function (m) { return (LEADING_MINUS.test(m) ? "-" : "") + value; })
                : (LEADING_MINUS.test(error.text) ? "-" : "") + error.key + ":" + (/\s/.test(value) ? "\"" + value + "\"" : value);
              if (i) p.appendChild(doc.createTextNode(comma));
              p.appendChild(link(name, replaceTerm(query, error, replacement)));
            });
            p.appendChild(doc.createTextNode(question));
          }
          notes.appendChild(p);
        });
        result.readings.forEach(function (reading) {
          var p = el("p", "query-reading", t("query_readAs", {
            words: reading.words, kind: t("query_kind_" + reading.kind), name: valueName(d, reading)
          }) + " ");
          var literal = query.slice(0, reading.start) + "\"" + reading.words + "\"" + query.slice(reading.end);
          p.appendChild(link(t("query_readAsName"), literal));
          notes.appendChild(p);
        });
        if (result.needsData) notes.appendChild(el("p", "query-error", t("search_noData")));
        notes.hidden = !notes.firstChild;
      }
      function showEmpty(query, result) {
        var d = database();
        var li = el("li", "result-empty");
        var described = describe(d, result.terms, strings);
        li.appendChild(el("p", "", described ? t("search_emptyBecause", { what: described }) : t("search_none")));
        if (result.terms.length > 1 && result.terms.length <= 6) {
          var counts = withoutEach(d, query).filter(function (c) { return c.count > 0; });
          if (counts.length) {
            var p = el("p", "", t("search_emptyWithout") + " ");
            counts.forEach(function (c, i) {
              if (i) p.appendChild(doc.createTextNode(", "));
              var rest = query.slice(0, c.term.start) + query.slice(c.term.end);
              p.appendChild(link(t("search_without", { term: c.term.raw, count: c.count }), rest.replace(/\s+/g, " ").trim()));
            });
            li.appendChild(p);
          }
        }
        results.appendChild(li);
      }
      function showOthers(result) {
        var body = othersBox.querySelector(".other-groups");
        body.textContent = "";
        var d = database(), any = false;
        var kinds = [["types", "type", "search_types"], ["abilities", "ability", "search_abilities"], ["moves", "move", "search_moves"],
                     ["eggGroups", "egg", "search_eggGroups"], ["items", "item", "search_items"]];
        kinds.forEach(function (kind) {
          var found = result.others ? result.others[kind[0]] : [];
          if (!found.length) return;
          any = true;
          var group = el("div", "other-group");
          group.appendChild(el("h3", "", t(kind[2])));
          var ul = el("ul", "other-list");
          found.slice(0, 12).forEach(function (at) {
            var entry = d.heavy[kind[0]].entries[at];
            var li = el("li");
            // The name opens the thing's own page; "Pokémon" runs the filter.
            var a = el("a", kind[0] === "types" ? "type type-" + entry.slug : "", entry.name);
            a.href = root + PAGE_FOLDERS[kind[0]] + "/" + fileName(entry.slug) + ".html";
            li.appendChild(a);
            li.appendChild(doc.createTextNode(" "));
            li.appendChild(link(t("search_whoHas"), kind[1] + ":" + entry.slug));
            if (kind[0] === "moves") {
              var move = entry.row;
              var facts = [];
              if (move[2] >= 0) facts.push(d.heavy.types.entries[move[2]].name);
              if (move[3] >= 0) facts.push(t("moves_class_" + ["physical", "special", "status"][move[3]]));
              if (move[4] !== null && move[4] !== undefined) facts.push(t("search_power", { power: move[4] }));
              li.appendChild(el("small", "", " " + facts.join(" · ")));
            }
            ul.appendChild(li);
          });
          if (found.length > 12) ul.appendChild(el("li", "muted", t("search_andMore", { count: found.length - 12 })));
          group.appendChild(ul);
          body.appendChild(group);
        });
        othersBox.hidden = !any;
        results.closest(".results-layout").classList.toggle("has-others", any);
      }

      /* The query goes into the address a moment after the last key, off the keystroke's
         path: replaceState costs milliseconds, and Chrome throttles many calls in a row. */
      var addressTimer = null, addressQuery = null;
      function flushAddress() {
        if (addressTimer) { win.clearTimeout(addressTimer); addressTimer = null; }
        if (addressQuery === null) return;
        var q = addressQuery;
        addressQuery = null;
        try {
          win.history.replaceState(null, "", q ? "?q=" + encodeQuery(q) : win.location.pathname);
        } catch (e) { /* some file:// setups refuse; the box still works */ }
      }
      function writeAddress(query) {
        addressQuery = query;
        if (addressTimer) win.clearTimeout(addressTimer);
        addressTimer = win.setTimeout(flushAddress, 300);
      }
      win.addEventListener("pagehide", flushAddress);
      results.addEventListener("click", flushAddress, true);

      function run(fromTyping) {
        var query = input.value;
        if (query === lastQuery) return;
        lastQuery = query;
        var started = win.performance ? win.performance.now() : 0;
        var d = database();
        var trimmed = query.trim();
        if (fromTyping) writeAddress(trimmed);
        var help = doc.querySelector(".query-help");
        if (help) help.open = !trimmed || help.open;
        if (!trimmed) {
          /* Nothing typed: the help, not the whole Pokédex (the list page has that). The last
             query's second step must not bring its other results and title back. */
          cancelPending();
          if (afterwards) { win.clearTimeout(afterwards); afterwards = null; }
          results.replaceChildren();
          shown.rows = null;
          results.setAttribute("data-complete", "");
          notes.hidden = true;
          othersBox.hidden = true;
          count.textContent = "";
          if (compareHead) compareHead.hidden = true;
          doc.title = t("search_pageTitle");
          return;
        }
        var result = search(d, trimmed, { language: language });
        var searched = win.performance ? win.performance.now() : 0;
        showNotes(trimmed, result);
        count.textContent = trimmed ? plural(strings, "search_count", result.rows.length, language) : plural(strings, "search_countAll", result.rows.length, language);
        /* A query whose every term is wrong or unfinished ("type:d", "bst>=") shows its notes, not
           the whole Pokédex; and the same rows as before are left in place. */
        var rows = result.errors.length && !result.terms.length && !result.sort ? [] : result.rows;
        if (rows.length !== result.rows.length) count.textContent = "";
        if (!sameRows(rows, result.shownStat)) fill(rows, result.shownStat);
        /* The boxes' column is named while it has a box (one result may join earlier picks). */
        if (compareHead) compareHead.hidden = rows.length === 0;
        /* For scripts/bench-search: the engine's share and the whole synchronous run. */
        win.__pokedexLastRun = { search: searched - started, total: (win.performance ? win.performance.now() : 0) - started };
        /* What is not the first screenful waits for the next task: the reason for an empty
           result, the moves, abilities... the words also name, and the title. */
        if (afterwards) win.clearTimeout(afterwards);
        afterwards = win.setTimeout(function () {
          afterwards = null;
          var stale = results.querySelector(".result-empty");
          if (stale) stale.remove();
          if (!result.rows.length && result.terms.length) showEmpty(trimmed, result);
          showOthers(result);
          doc.title = trimmed ? t("search_pageTitleQuery", { query: trimmed }) : t("search_pageTitle");
        }, 0);
      }
      ui.runSearch = run;

      /* Compare tray: up to four ticked Pokémon, to compare.html?p=a,b. */
      function showTray() {
        if (!tray) return;
        tray.hidden = chosen.length === 0;
        var go = tray.querySelector(".compare-go");
        go.textContent = t("search_compareGo", { count: chosen.length });
        go.href = root + "compare.html?p=" + chosen.map(encodeURIComponent).join(",");
        go.classList.toggle("is-disabled", chosen.length < 2);
        if (chosen.length < 2) go.setAttribute("aria-disabled", "true"); else go.removeAttribute("aria-disabled");
        tray.querySelector(".compare-names").textContent = chosen.map(function (slug) {
          var at = database().bySlug[slug]; return at === undefined ? slug : database().rows[at].n;
        }).join(", ");
        results.classList.toggle("is-full", chosen.length >= 4);
      }
      results.addEventListener("change", function (event) {
        var box = event.target;
        if (!box || box.type !== "checkbox") return;
        var at = chosen.indexOf(box.value);
        if (box.checked && at < 0) {
          if (chosen.length >= 4) { box.checked = false; count.textContent = t("search_compareMax"); return; }
          chosen.push(box.value);
        }
        if (!box.checked && at >= 0) chosen.splice(at, 1);
        showTray();
      });
      if (tray) {
        tray.querySelector(".compare-go").addEventListener("click", function (event) {
          if (chosen.length < 2) event.preventDefault();
        });
        tray.querySelector(".compare-clear").addEventListener("click", function () {
          chosen = [];
          results.querySelectorAll("input[type=checkbox]").forEach(function (box) { box.checked = false; });
          showTray();
        });
      }

      /* Keyboard: ArrowDown from the box to the results, arrows through them, Escape back. */
      input.addEventListener("keydown", function (event) {
        if (event.key === "ArrowDown") {
          var first = results.querySelector("a.result-link");
          if (first) { event.preventDefault(); first.focus(); }
        }
      });
      results.addEventListener("keydown", function (event) {
        var current = doc.activeElement;
        if (!current || !results.contains(current)) return;
        var item = current.closest("li");
        function go(li) {
          if (!li) return;
          var a = li.querySelector("a.result-link");
          if (a) { event.preventDefault(); a.focus(); }
        }
        if (event.key === "ArrowDown") go(item.nextElementSibling || null), event.preventDefault();
        else if (event.key === "ArrowUp") {
          event.preventDefault();
          if (item.previousElementSibling) go(item.previousElementSibling); else input.focus();
        } else if (event.key === "Home") go(results.firstElementChild);
        else if (event.key === "End") go(results.lastElementChild);
        else if (event.key === "Escape") { event.preventDefault(); input.focus(); }
      });
      input.addEventListener("input", function () { run(true); });
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        lastQuery = null;
        run(true);
        flushAddress();
        var first = results.querySelector("a.result-link");
        if (first) first.focus();
      });
      var q = new win.URLSearchParams(win.location.search).get("q") || "";
      input.value = q;
      var header = doc.getElementById("site-search");
      if (header) header.value = "";
      run(false);
      showTray();
      /* Warm the engine while idle, so the first key does not pay for compiling it. */
      (win.requestIdleCallback || win.setTimeout)(function () {
        ["a", "pikachu mega", "zzzz", "type:fire gen:1-3 spe>50 sort:spe", "thunder", "-is:form sort:name"].forEach(function (q) {
          search(database(), q, { language: language }).others; // eslint-disable-line no-unused-expressions
        });
        /* Then build every row (not in the page yet) a little at a time while the browser idles. */
        var next = 0, total = database().count;
        function prebuild(deadline) {
          var stop = win.performance.now() + 4;
          while (next < total && win.performance.now() < stop) resultRow(next++, null);
          if (next < total) (win.requestIdleCallback || win.setTimeout)(prebuild);
        }
        prebuild(null);
      });
    }
  }

  return {
    fold: fold, tokens: tokens, distance: distance, tokenize: tokenize, parse: parse,
    createDatabase: createDatabase, search: search, withoutEach: withoutEach, describe: describe,
    describeError: describeError, format: format, plural: plural, encodeQuery: encodeQuery,
    decodePostings: decodePostings, encodePostings: encodePostings, stat: stat, startPage: startPage,
    STATS: STATS, FLAG: FLAG, ui: ui
  };
});
