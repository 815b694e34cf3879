// The query engine (Public/search.js) in node: parser, folding, evaluator, ranking.
// Runs on a small hand-made index in the format of docs/search-index.md, so it needs no data:
//   node --test Tests/js/
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const S = require("../../Public/search.js");

// ---------- A tiny index: rows (light) and data (heavy), aligned by row number ----------
const T = { fire: "Fire", flying: "Flying", dragon: "Dragon", ground: "Ground", electric: "Electric", fairy: "Fairy", psychic: "Psychic", normal: "Normal", water: "Water", dark: "Dark" };
function row(i, s, n, t, d = 1, a) {
  const r = { i, s, n, t, p: `pokemon/${s}.html`, g: `sprites/pokemon/${i}.png`, d };
  if (a) r.a = a;
  return r;
}
const rows = [
  row(6, "charizard", "Charizard", ["fire", "flying"], 1, ["Glurak"]),            // 0
  row(6, "charizard-mega-x", "Mega Charizard X", ["fire", "dragon"], 0),           // 1
  row(6, "charizard-mega-y", "Mega Charizard Y", ["fire", "flying"], 0),           // 2
  row(25, "pikachu", "Pikachu", ["electric"]),                                     // 3
  row(25, "pikachu-rock-star", "Pikachu Rock Star", ["electric"], 0),              // 4
  row(26, "raichu", "Raichu", ["electric"]),                                       // 5
  row(29, "nidoran-f", "Nidoran♀", ["normal"]),                                    // 6
  row(122, "mr-mime", "Mr. Mime", ["psychic", "fairy"]),                           // 7
  row(149, "dragonite", "Dragonite", ["dragon", "flying"]),                        // 8
  row(172, "pichu", "Pichu", ["electric"]),                                        // 9
  row(487, "giratina-altered", "Giratina", ["dragon"]),                            // 10
  row(487, "giratina-origin", "Origin Giratina", ["dragon"], 0),                   // 11
  row(669, "flabebe", "Flabébé", ["fairy"]),                                       // 12
  row(445, "garchomp", "Garchomp", ["dragon", "ground"]),                          // 13
  row(4, "charmander", "Charmander", ["fire"]),                                     // 14
];
const stats = {
  0: [78, 84, 78, 109, 85, 100], 1: [78, 130, 111, 130, 85, 100], 2: [78, 104, 78, 159, 115, 100],
  3: [35, 55, 40, 50, 50, 90], 4: [35, 55, 40, 50, 50, 90], 5: [60, 90, 55, 90, 80, 110], 6: [55, 47, 52, 40, 40, 41],
  7: [40, 45, 65, 100, 120, 90], 8: [91, 134, 95, 100, 100, 80], 9: [20, 40, 15, 35, 35, 60], 10: [150, 100, 120, 100, 120, 90],
  11: [150, 120, 100, 120, 100, 90], 12: [44, 38, 39, 61, 79, 42], 13: [108, 130, 95, 80, 85, 102], 14: [39, 52, 43, 60, 50, 65],
};
const data = {
  v: 1, count: rows.length, languages: ["en", "de"],
  stats: [["hp", "hp", "HP"], ["attack", "atk", "Attack"], ["defense", "def", "Defense"], ["special-attack", "spa", "Special Attack"], ["special-defense", "spd", "Special Defense"], ["speed", "spe", "Speed"]],
  base: rows.flatMap((_, r) => stats[r]),
  gen: [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 4, 4, 6, 4, 1],
  // legendary 1, mythical 2, baby 4, fully evolved 8, mega 16, form 32
  flags: [8, 8 | 16 | 32, 8 | 16 | 32, 0, 32, 8, 0, 8, 8, 4, 1 | 8, 1 | 8 | 32, 0, 8, 0],
  egg: [[0, 1], [0, 1], [0, 1], [2, 3], [2, 3], [2, 3], [0, 2], [4], [1, 5], [6], [6], [6], [3], [0, 1], [0, 1]],
  abil: [[0, -2], [3], [4], [5, -7], [5, -7], [5, -7], [8, -9], [10, 11, -12], [13, -14], [5, -7], [15, -16], [17], [18, -19], [20, -21], [0, -2]],
  types: Object.entries(T).map(([slug, name]) => [slug, name]),
  chart: Object.keys(T).map(() => "1".repeat(Object.keys(T).length)),
  abilities: ["blaze", "solar-power", "x", "tough-claws", "drought", "static", "lightning-rod", "rivalry", "soundproof", "filter", "technician",
    "inner-focus", "multiscale", "cute-charm", "pressure", "telepathy", "levitate", "flower-veil", "symbiosis", "sand-veil", "rough-skin", "swift-swim"]
    .map((slug) => [slug, slug.split("-").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ")]),
  moves: [["thunderbolt", "Thunderbolt", 4, 1, 90, 100, 15, "Donnerblitz"], ["thunder", "Thunder", 4, 1, 110, 70, 10],
    ["thunder-wave", "Thunder Wave", 4, 2, null, 90, 20], ["charm", "Charm", 5, 2, null, 100, 20], ["fly", "Fly", 1, 0, 90, 95, 15],
    ["outrage", "Outrage", 2, 0, 120, 100, 10]],
  items: [["light-ball", "Light Ball"], ["thunder-stone", "Thunder Stone"]],
  eggGroups: [["monster", "Monster"], ["dragon", "Dragon"], ["ground", "Field"], ["fairy", "Fairy"], ["humanshape", "Human-Like"], ["water1", "Water 1"], ["no-eggs", "Undiscovered"]],
  generations: [[1, "Generation I"], [2, "Generation II"], [4, "Generation IV"], [6, "Generation VI"]],
};
const learns = { thunderbolt: [3, 4, 5, 9, 10, 11], thunder: [3, 4, 5, 8, 10, 11], "thunder-wave": [3, 4, 5, 7, 8, 9], charm: [3, 4, 7, 9, 12], fly: [0, 1, 2, 8], outrage: [0, 1, 2, 8, 10, 11, 13] };
data.learn = data.moves.map((m) => S.encodePostings(learns[m[0]]));
data.held = [S.encodePostings([3, 4]), S.encodePostings([5])];
const db = S.createDatabase(rows, data, T);
const light = S.createDatabase(rows, null, T);
const slugs = (result) => result.rows.map((r) => rows[r].s);
const run = (q) => S.search(db, q);
const codes = (q) => S.parse(q).errors.map((e) => e.code);

// ---------- Folding ----------
test("fold drops accents, case and punctuation; gender signs become letters", () => {
  assert.equal(S.fold("Flabébé"), "flabebe");
  assert.equal(S.fold("Mr. Mime"), "mrmime");
  assert.equal(S.fold("Nidoran♀"), "nidoranf");
  assert.equal(S.fold("Farfetch’d"), "farfetchd");
  assert.equal(S.fold("Ho-Oh"), "hooh");
  assert.equal(S.fold("ピカチュウ"), "ピカチュウ");
  assert.equal(S.fold("ぴかちゅう"), "ピカチュウ", "hiragana as katakana");
  assert.equal(S.fold("ﾋﾟｶﾁｭｳ"), "ピカチュウ", "half-width katakana");
  assert.equal(S.fold("ＰＩＫＡ"), "pika", "full-width Latin");
  assert.equal(S.fold("ゔぁ"), "ヴァ");
  assert.deepEqual(S.tokens("Mr. Mime"), ["mr", "mime"]);
  assert.deepEqual(S.tokens("Nidoran♀"), ["nidoran", "f"]);
});

test("edit distance stops at its limit", () => {
  assert.equal(S.distance("pikacu", "pikachu", 2), 1);
  assert.equal(S.distance("kitten", "sitting", 3), 3);
  assert.equal(S.distance("abc", "xyzxyz", 1), 2);
});

test("posting lists round-trip, small and large gaps", () => {
  for (const list of [[], [0], [0, 1, 2, 3], [5, 40, 41, 1000, 70000], Array.from({ length: 300 }, (_, i) => i * 37)]) {
    assert.deepEqual(S.decodePostings(S.encodePostings(list)), list);
  }
  assert.equal(S.encodePostings([0, 1, 2]), "111");
  assert.equal(S.encodePostings([31]), "B0", "gap 32: a continuation digit, then the last");
});

// ---------- Parser: every term kind ----------
test("parser: words, quoted words and numbers", () => {
  const { terms } = S.parse('origin giratina "mr mime" 25 #6');
  assert.deepEqual(terms.map((t) => t.kind), ["word", "word", "word", "number", "number"]);
  assert.equal(terms[2].value, "mr mime");
  assert.equal(terms[2].quoted, true);
  assert.equal(terms[3].value, 25);
  assert.equal(terms[4].value, 6);
});

test("parser: type, gen (single, range, roman), ability, move, egg, item", () => {
  const { terms } = S.parse('type:fire gen:4 gen:1-3 gen:iv ability:"Swift Swim" move:thunder-wave egg:dragon item:light-ball');
  assert.deepEqual(terms.map((t) => t.kind), ["type", "gen", "gen", "gen", "ability", "move", "egg", "item"]);
  assert.deepEqual([terms[1].lo, terms[1].hi, terms[2].lo, terms[2].hi, terms[3].lo], [4, 4, 1, 3, 4]);
  assert.equal(terms[4].value, "Swift Swim");
  assert.equal(terms[5].value, "thunder-wave");
});

test("parser: stat comparisons with every operator, aliases and spaces", () => {
  const { terms } = S.parse("hp>100 atk>=90 def<50 spa<=60 spd=80 spe > 100 bst >= 600 speed>1 total<700");
  assert.deepEqual(terms.map((t) => [t.stat, t.op, t.value]), [
    ["hp", ">", 100], ["atk", ">=", 90], ["def", "<", 50], ["spa", "<=", 60], ["spd", "=", 80],
    ["spe", ">", 100], ["bst", ">=", 600], ["spe", ">", 1], ["bst", "<", 700]]);
});

test("parser: is: flags, negation, sort, commas", () => {
  const p = S.parse("is:legendary is:mythical is:baby is:fe is:nfe is:mega -is:form -type:flying, sort:spe");
  assert.deepEqual(p.terms.map((t) => t.flag || t.kind), ["legendary", "mythical", "baby", "fe", "nfe", "mega", "form", "type"]);
  assert.equal(p.terms[6].neg, true);
  assert.equal(p.terms[7].neg, true);
  assert.equal(p.terms[7].segment, 0);
  assert.equal(p.sort, "spe");
  assert.equal(S.parse("prankster, thunder wave").terms[1].segment, 1);
  for (const key of ["name", "number", "bst", "hp"]) assert.equal(S.parse("sort:" + key).sort, key);
});

test("parser errors: each kind has a code, with suggestions where a near value exists", () => {
  assert.deepEqual(codes("colr:red"), ["unknownKey"]);
  assert.deepEqual(S.parse("tipe:fire").errors[0].suggestions, ["type"]);
  assert.deepEqual(codes("type:"), ["emptyValue"]);
  assert.deepEqual(codes("gen:x1"), ["badGen"]);
  assert.deepEqual(codes("gen:5-2"), ["badGen"]);
  assert.deepEqual(codes("spe>fast"), ["badNumber"]);
  assert.deepEqual(codes("sped>100"), ["unknownStat"]);
  assert.deepEqual(codes("is:legend"), ["unknownIs"]);
  assert.deepEqual(S.parse("is:legend").errors[0].suggestions, ["legendary"]);
  assert.deepEqual(codes("sort:height"), ["unknownSort"]);
  assert.deepEqual(codes("-sort:spe"), ["negatedSort"]);
  assert.deepEqual(codes('type:fire gen:2 move:"thunder wave" -is:form'), []);
});

test("values that match nothing say so, with did you mean", () => {
  const result = run("ability:levitte");
  assert.equal(result.errors[0].code, "unknownValue");
  assert.equal(result.errors[0].suggestions[0].slug, "levitate");
  assert.equal(run("type:fier").errors[0].suggestions[0].slug, "fire");
  assert.equal(run("move:thundr").errors.length, 1);
});

// ---------- Evaluator ----------
test("words match names in any order, by prefix, forgiving typos", () => {
  assert.deepEqual(slugs(run("giratina origin")), ["giratina-origin"]);
  assert.deepEqual(slugs(run("origin giratina")), ["giratina-origin"]);
  assert.deepEqual(slugs(run("charizard mega")), ["charizard-mega-x", "charizard-mega-y"]);
  assert.deepEqual(slugs(run("mega charizard x")), ["charizard-mega-x"]);
  assert.equal(slugs(run("pikacu"))[0], "pikachu");
  assert.equal(slugs(run("garhcomp"))[0], "garchomp");
});

test("accents, case and punctuation are ignored; slugs and other languages' names match", () => {
  assert.deepEqual(slugs(run("flabebe")), ["flabebe"]);
  assert.deepEqual(slugs(run("FLABÉBÉ")), ["flabebe"]);
  assert.deepEqual(slugs(run("nidoran f")), ["nidoran-f"]);
  assert.deepEqual(slugs(run("mr mime")), ["mr-mime"]);
  assert.deepEqual(slugs(run("mr. mime")), ["mr-mime"]);
  assert.deepEqual(slugs(run("mrmime")), ["mr-mime"]);
  assert.deepEqual(slugs(run("glurak")), ["charizard"]);
  assert.deepEqual(slugs(run("charizard-mega-y")), ["charizard-mega-y"]);
});

test("numbers: 25 and #25 find the species, base variety first", () => {
  assert.deepEqual(slugs(run("25")), ["pikachu", "pikachu-rock-star"]);
  assert.deepEqual(slugs(run("#25")), ["pikachu", "pikachu-rock-star"]);
  assert.deepEqual(slugs(run("-25 type:electric")), ["raichu", "pichu"]);
});

test("ranking: base varieties above alternate forms, exact above prefix", () => {
  assert.deepEqual(slugs(run("pika")), ["pikachu", "pikachu-rock-star"]);
  assert.deepEqual(slugs(run("charizard")), ["charizard", "charizard-mega-x", "charizard-mega-y"]);
  const char = slugs(run("char"));
  assert.ok(char.indexOf("charmander") < char.indexOf("charizard-mega-x"));
  assert.ok(char.indexOf("charizard") < char.indexOf("charizard-mega-x"));
  assert.deepEqual(slugs(run("giratina")), ["giratina-altered", "giratina-origin"]);
});

test("parser: a minus as the hint shows it (non-breaking hyphen) or a keyboard gives it (hyphen, minus sign)", () => {
  const plain = S.parse("-is:form -type:flying").terms.map((t) => [t.kind, t.flag || t.value, t.neg]);
  for (const minus of ["\u2011", "\u2010", "\u2212"]) {
    const p = S.parse(minus + "is:form " + minus + "type:flying");
    assert.deepEqual(p.errors, []);
    assert.deepEqual(p.terms.map((t) => [t.kind, t.flag || t.value, t.neg]), plain);
  }
  // Inside a word it stays the word's: a name with a hyphen is not negated.
  assert.equal(S.parse("ho\u2011oh").terms[0].neg, false);
});

test("type, two types, negated type", () => {
  assert.deepEqual(slugs(run("type:electric")), ["pikachu", "raichu", "pichu", "pikachu-rock-star"]);
  assert.deepEqual(slugs(run("type:fire type:flying")), ["charizard", "charizard-mega-y"]);
  assert.deepEqual(slugs(run("type:Dragon -type:flying -is:form")), ["garchomp", "giratina-altered"]);
});

test("gen, ability (by name or slug), move, egg, item", () => {
  assert.deepEqual(slugs(run("gen:4")), ["garchomp", "giratina-altered", "giratina-origin"]);
  assert.deepEqual(slugs(run("gen:1-2 type:electric -is:form")), ["pikachu", "raichu", "pichu"]);
  assert.deepEqual(slugs(run('ability:"Rough Skin"')), ["garchomp"]);
  assert.deepEqual(slugs(run("ability:rough-skin")), ["garchomp"]);
  assert.deepEqual(slugs(run("ability:static -is:form")), ["pikachu", "raichu", "pichu"]);
  assert.deepEqual(slugs(run("ability:lightning-rod -is:form")), ["pikachu", "raichu", "pichu"], "hidden abilities count");
  assert.deepEqual(slugs(run("move:thunderbolt -is:form")), ["pikachu", "raichu", "pichu", "giratina-altered"]);
  assert.deepEqual(slugs(run("move:Donnerblitz -is:form")), ["pikachu", "raichu", "pichu", "giratina-altered"]);
  assert.deepEqual(slugs(run("egg:field -is:form")), ["pikachu", "raichu", "nidoran-f"]);
  assert.deepEqual(slugs(run("egg:ground -is:form")), ["pikachu", "raichu", "nidoran-f"]);
  assert.deepEqual(slugs(run("item:light-ball")), ["pikachu", "pikachu-rock-star"]);
});

test("stat comparisons and sort", () => {
  assert.deepEqual(slugs(run("bst>=600")), ["dragonite", "garchomp", "giratina-altered", "charizard-mega-x", "charizard-mega-y", "giratina-origin"]);
  assert.deepEqual(slugs(run("spe>100")), ["raichu", "garchomp"]);
  assert.deepEqual(slugs(run("spe=90 -is:form")), ["pikachu", "mr-mime", "giratina-altered"]);
  assert.deepEqual(slugs(run("type:dragon sort:atk")), ["dragonite", "garchomp", "charizard-mega-x", "giratina-origin", "giratina-altered"]);
  assert.equal(run("type:dragon sort:atk").shownStat, "atk");
  assert.equal(run("spe>100").shownStat, "spe");
  assert.deepEqual(slugs(run("type:electric sort:name")), ["pichu", "pikachu", "pikachu-rock-star", "raichu"]);
  assert.deepEqual(slugs(run("type:electric sort:number")), ["pikachu", "pikachu-rock-star", "raichu", "pichu"]);
});

test("is: flags", () => {
  assert.deepEqual(slugs(run("is:legendary")), ["giratina-altered", "giratina-origin"]);
  assert.deepEqual(slugs(run("is:baby")), ["pichu"]);
  assert.deepEqual(slugs(run("is:mega")), ["charizard-mega-x", "charizard-mega-y"]);
  assert.deepEqual(slugs(run("is:nfe -is:form")), ["charmander", "pikachu", "nidoran-f", "pichu", "flabebe"]);
  assert.deepEqual(slugs(run("is:fe type:electric")), ["raichu"]);
  assert.deepEqual(slugs(run("is:form type:electric")), ["pikachu-rock-star"]);
  assert.equal(run("is:mythical").rows.length, 0);
});

test("negated words exclude", () => {
  assert.deepEqual(slugs(run("charizard -mega")), ["charizard"]);
});

test("bare names of abilities, moves and types read as filters; Pokémon names win", () => {
  const r = run("rough skin, outrage");
  assert.deepEqual(r.readings.map((x) => x.kind + ":" + x.value), ["ability:rough-skin", "move:outrage"]);
  assert.deepEqual(slugs(r), ["garchomp"]);
  assert.deepEqual(run("thunder wave").readings.map((x) => x.value), ["thunder-wave"]);
  assert.deepEqual(run("charm").readings, [], "charm stays a word: Charmander starts with it");
  assert.equal(slugs(run("charm"))[0], "charmander");
  assert.deepEqual(run("charm, type:fairy").readings.map((x) => x.value), ["charm"], "a whole comma part always reads as a filter");
  assert.deepEqual(run("dragon, spe>100").readings.map((x) => x.kind), ["type"]);
  assert.deepEqual(slugs(run("dragon, spe>100")), ["garchomp"]);
  assert.deepEqual(run('"thunder"').readings, [], "quotes keep a word a word");
});

test("moves, abilities, items and types are found too", () => {
  const others = run("thunder").others;
  const moves = others.moves.map((at) => data.moves[at][0]);
  assert.ok(moves.includes("thunderbolt") && moves.includes("thunder") && moves.includes("thunder-wave"));
  assert.equal(moves[0], "thunder", "the exact name first");
  assert.deepEqual(others.items.map((at) => data.items[at][0]), ["thunder-stone"]);
  assert.deepEqual(run("drag").others.types.map((at) => data.types[at][0]), ["dragon"]);
  assert.deepEqual(run("levitate").others.abilities.map((at) => data.abilities[at][0]), ["levitate"]);
});

test("an empty result says why, and what each term alone would give", () => {
  const result = run("type:fire type:fairy gen:1");
  assert.equal(result.rows.length, 0);
  const strings = { query_d_types: "both {a} and {b}", query_d_gen: "in generation {gen}" };
  assert.equal(S.describe(db, result.terms, strings), "both Fire and Fairy in generation 1");
  const without = S.withoutEach(db, "type:fire type:fairy gen:1").map((c) => [c.term.raw, c.count]);
  assert.deepEqual(without, [["type:fire", 1], ["type:fairy", 4], ["gen:1", 0]]);
});

test("the header box runs on the light index alone: names, numbers, type and is:form", () => {
  assert.deepEqual(slugs(S.search(light, "pika", { namesOnly: true })), ["pikachu", "pikachu-rock-star"]);
  assert.deepEqual(slugs(S.search(light, "type:fire -is:form", { namesOnly: true })), ["charmander", "charizard"]);
  assert.equal(S.search(light, "spe>100", { namesOnly: true }).needsData, true);
  assert.equal(S.search(light, "ability:levitate").needsData, true);
});

test("the address keeps queries readable", () => {
  assert.equal(S.encodeQuery("type:dragon gen:4"), "type:dragon+gen:4");
  assert.equal(S.encodeQuery('ability:"Swift Swim", spe>100'), "ability:%22Swift+Swim%22,+spe%3E100");
  assert.equal(new URLSearchParams("q=" + S.encodeQuery('ability:"Swift Swim", spe>100')).get("q"), 'ability:"Swift Swim", spe>100');
});

test("plural forms come from the strings file through Intl.PluralRules", () => {
  const strings = { search_count_one: "{count} Pokémon found", search_count_other: "{count} Pokémon found in all" };
  assert.equal(S.plural(strings, "search_count", 1, "en"), "1 Pokémon found");
  assert.equal(S.plural(strings, "search_count", 2, "en"), "2 Pokémon found in all");
});
