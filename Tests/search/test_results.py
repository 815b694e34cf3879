"""Search results on the shared mirror against answers computed independently.

The engine (Public/search.js, run by node) answers each query over the index that
scripts/make-search-index writes; each answer here is computed straight from the mirror's
PokeAPI JSON, without the generator's code. Skipped when the mirror or node is absent.

    python3 -m pytest -q Tests/search/
    POKEDEX_SHARED=/path/to/shared python3 -m pytest -q Tests/search/
"""
import glob
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED = pathlib.Path(os.environ.get("POKEDEX_SHARED", ROOT.parent / "shared"))
MIRROR = SHARED / "pokeapi-mirror"
API = MIRROR / "api" / "v2"

pytestmark = pytest.mark.skipif(not API.is_dir() or not shutil.which("node"),
                                reason=f"needs the shared mirror ({MIRROR}) and node")

RUNNER = r"""
const S = require(process.argv[1]);
const fs = require("fs"), vm = require("vm");
const ctx = { window: {} }; vm.createContext(ctx);
for (const f of ["search-index.js", "search-data.js"]) vm.runInContext(fs.readFileSync(process.argv[2] + "/" + f, "utf8"), ctx);
const w = ctx.window;
const db = S.createDatabase(w.POKEDEX_INDEX, w.POKEDEX_DATA, w.POKEDEX_TYPES);
const out = {};
for (const q of JSON.parse(fs.readFileSync(0, "utf8"))) {
  const r = S.search(db, q);
  out[q] = { slugs: r.rows.map((i) => db.rows[i].s), errors: r.errors.map((e) => e.code) };
}
process.stdout.write(JSON.stringify(out));
"""


def load(resource, ident):
    with open(API / resource / str(ident) / "index.json", encoding="utf-8") as handle:
        return json.load(handle)


def last_id(url):
    return int(url.rstrip("/").split("/")[-1])


class Mirror:
    """Every pokemon of the mirror with the facts the queries ask about."""

    def __init__(self):
        self.pokemon = {}
        # Who evolves further, worked out here from the chains' JSON: a step naming its base
        # form is that variety's, one naming none is the species' default variety's.
        evolving_defaults, evolving_varieties = set(), set()
        for path in glob.glob(str(API / "evolution-chain" / "*" / "index.json")):
            with open(path, encoding="utf-8") as handle:
                stack = [json.load(handle)["chain"]]
            while stack:
                node = stack.pop()
                for child in node["evolves_to"]:
                    for detail in child["evolution_details"] or [{}]:
                        if detail.get("base_form"):
                            evolving_varieties.add(detail["base_form"]["name"])
                        else:
                            evolving_defaults.add(node["species"]["name"])
                stack.extend(node["evolves_to"])
        for path in glob.glob(str(API / "pokemon-species" / "*" / "index.json")):
            with open(path, encoding="utf-8") as handle:
                species = json.load(handle)
            for variety in species["varieties"]:
                pid = last_id(variety["pokemon"]["url"])
                if not (API / "pokemon" / str(pid)).is_dir():
                    continue
                p = load("pokemon", pid)
                form = load("pokemon-form", last_id(p["forms"][0]["url"])) if p["forms"] else {}
                stats = {s["stat"]["name"]: s["base_stat"] for s in p["stats"]}
                self.pokemon[p["name"]] = {
                    "number": species["id"], "default": variety["is_default"],
                    "types": [t["type"]["name"] for t in p["types"]],
                    "gen": last_id(species["generation"]["url"]),
                    "abilities": {a["ability"]["name"] for a in p["abilities"]},
                    "moves": {m["move"]["name"] for m in p["moves"] if m["version_group_details"]},
                    "eggs": {e["name"] for e in species["egg_groups"]},
                    "legendary": species["is_legendary"], "mythical": species["is_mythical"], "baby": species["is_baby"],
                    "fe": not (p["name"] in evolving_varieties or (variety["is_default"] and species["name"] in evolving_defaults)),
                    "mega": bool(form.get("is_mega")),
                    "hp": stats["hp"], "atk": stats["attack"], "def": stats["defense"], "spa": stats["special-attack"],
                    "spd": stats["special-defense"], "spe": stats["speed"], "bst": sum(stats.values()),
                }

    def where(self, test):
        return {slug for slug, p in self.pokemon.items() if test(p)}


@pytest.fixture(scope="module")
def mirror():
    return Mirror()


@pytest.fixture(scope="module")
def index_dir():
    folder = os.environ.get("SEARCH_INDEX_DIR")
    if folder:
        yield pathlib.Path(folder)
        return
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "make-search-index"), "--api", str(MIRROR), "--output", out],
                       check=True, capture_output=True)
        yield pathlib.Path(out)


# (query, the answer as a predicate over the mirror's facts)
TABLE = [
    ("type:dragon gen:4", lambda p: "dragon" in p["types"] and p["gen"] == 4),
    ("type:water type:flying", lambda p: {"water", "flying"} <= set(p["types"])),
    ("-type:flying type:dragon", lambda p: "dragon" in p["types"] and "flying" not in p["types"]),
    ("gen:1-3 is:fe -is:form", lambda p: 1 <= p["gen"] <= 3 and p["fe"] and p["default"]),
    ("gen:2 is:nfe", lambda p: p["gen"] == 2 and not p["fe"]),
    ("ability:levitate", lambda p: "levitate" in p["abilities"]),
    ('ability:"Swift Swim" type:grass', lambda p: "swift-swim" in p["abilities"] and "grass" in p["types"]),
    ("move:thunderbolt -type:electric", lambda p: "thunderbolt" in p["moves"] and "electric" not in p["types"]),
    ("move:thunder-wave is:legendary", lambda p: "thunder-wave" in p["moves"] and p["legendary"]),
    ("egg:dragon -is:form", lambda p: "dragon" in p["eggs"] and p["default"]),
    ("egg:Undiscovered is:baby", lambda p: "no-eggs" in p["eggs"] and p["baby"]),
    ("bst>=600 -is:legendary -is:mythical -is:form", lambda p: p["bst"] >= 600 and not p["legendary"] and not p["mythical"] and p["default"]),
    ("spe>100 type:fire", lambda p: p["spe"] > 100 and "fire" in p["types"]),
    ("hp<=30", lambda p: p["hp"] <= 30),
    ("atk=100 def>=100", lambda p: p["atk"] == 100 and p["def"] >= 100),
    ("spa<50 spd<50 gen:4", lambda p: p["spa"] < 50 and p["spd"] < 50 and p["gen"] == 4),
    ("is:mythical", lambda p: p["mythical"]),
    ("is:mega", lambda p: p["mega"]),
    ("is:form type:ghost", lambda p: not p["default"] and "ghost" in p["types"]),
    ("prankster, thunder wave", lambda p: "prankster" in p["abilities"] and "thunder-wave" in p["moves"]),
    ("dragon, spe>100", lambda p: "dragon" in p["types"] and p["spe"] > 100),
    ("25", lambda p: p["number"] == 25),
    ("#150", lambda p: p["number"] == 150),
    ("type:fire type:fairy gen:1", lambda p: False),
]


def run_queries(index_dir, queries):
    result = subprocess.run(["node", "-e", RUNNER, str(ROOT / "Public" / "search.js"), str(index_dir)],
                            input=json.dumps(queries), capture_output=True, text=True, check=True, timeout=120)
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def answers(index_dir):
    queries = [q for q, _ in TABLE] + ["giratina origin", "origin giratina", "mega charizard x", "charizard mega", "pika",
                                       "pikacu", "nidoran f", "mr mime", "farfetchd", "ho oh", "type:dragon sort:spe",
                                       "is:fe -is:form sort:bst", "type:electric sort:name", "gen:1 sort:number", "type:fir",
                                       "ability:levitat", "tipe:fire"]
    return run_queries(index_dir, queries)


@pytest.mark.parametrize("query,predicate", TABLE, ids=[q for q, _ in TABLE])
def test_filter_results_match_the_mirror(mirror, answers, query, predicate):
    got = answers[query]
    assert not got["errors"], got["errors"]
    expected = mirror.where(predicate)
    assert len(got["slugs"]) == len(set(got["slugs"])), "a Pokémon listed twice"
    missing, extra = expected - set(got["slugs"]), set(got["slugs"]) - expected
    assert not missing and not extra, f"{query}: missing {sorted(missing)[:10]}, extra {sorted(extra)[:10]}"
    # Base varieties come before alternate forms.
    flags = [mirror.pokemon[s]["default"] for s in got["slugs"]]
    assert flags == sorted(flags, reverse=True), f"{query}: a form ranks above a base variety"


@pytest.mark.parametrize("query,first,only", [
    ("giratina origin", "giratina-origin", True), ("origin giratina", "giratina-origin", True),
    ("mega charizard x", "charizard-mega-x", True), ("charizard mega", "charizard-mega-x", False),
    ("pika", "pikachu", False), ("pikacu", "pikachu", False), ("nidoran f", "nidoran-f", True),
    ("mr mime", "mr-mime", False), ("farfetchd", "farfetchd", False), ("ho oh", "ho-oh", False),
])
def test_names_find_the_pokemon_first(answers, query, first, only):
    slugs = answers[query]["slugs"]
    assert slugs and slugs[0] == first, f"{query}: {slugs[:5]}"
    if only:
        assert slugs == [first]


@pytest.mark.parametrize("query,key,descending", [("type:dragon sort:spe", "spe", True), ("is:fe -is:form sort:bst", "bst", True),
                                                  ("gen:1 sort:number", "number", False)])
def test_sorts_order_by_the_value(mirror, answers, query, key, descending):
    values = [mirror.pokemon[s][key] for s in answers[query]["slugs"]]
    assert values == sorted(values, reverse=descending)


def test_sort_by_name_is_alphabetical(answers):
    slugs = answers["type:electric sort:name"]["slugs"]
    assert slugs.index("jolteon") < slugs.index("pikachu") < slugs.index("zapdos")


def test_typos_in_values_are_errors_with_suggestions_or_unique_prefixes(answers, mirror):
    assert answers["type:fir"]["slugs"] and not answers["type:fir"]["errors"]  # a unique prefix is taken
    assert set(answers["ability:levitat"]["slugs"]) == mirror.where(lambda p: "levitate" in p["abilities"])
    assert answers["tipe:fire"]["errors"] == ["unknownKey"]
