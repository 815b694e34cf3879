"""Browser checks over a built pokedex site: real Chromium through selenium, axe-core.

Run by .ci/e2e/run with E2E_SITE_DIR (the built site), E2E_SITE_URL (the same folder
served on loopback) and E2E_ARTIFACTS (where screenshots go).
"""
import contextlib
import functools
import html.parser
import json
import os
import pathlib
import re
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from e2e_browser import ARTIFACTS, BASES, SITE, SITE_NAME, axe_violations, tab_through


def index():
    return json.loads((SITE / "pokedex.json").read_text())


def pokemon_entries():
    data = index()
    return data["pokemon"] if isinstance(data, dict) else data


def detail_page(slug):
    for entry in pokemon_entries():
        if entry["slug"] == slug:
            return entry["page"]
    raise AssertionError(f"{slug} is not in pokedex.json")


def pages():
    """The pages the issue names, as paths relative to the site root."""
    found = {"home": "index.html", "detail": detail_page("pikachu"), "404": "404.html"}
    found.update(discover_pages())
    return found


def hosted():
    """Whether the site is built for a host (with a base URL: its pages name their address)."""
    return '<link rel="canonical" href="http' in (SITE / "index.html").read_text()


def open_page(driver, base, path):
    # A host shows 404.html (at any missing address), never a disk: built for its host, its
    # links are absolute, and from disk its stylesheet is another origin's, which CSP blocks.
    if base == "file" and path.split("/")[-1] == "404.html" and hosted():
        base = "http"
    driver.get(BASES[base] + path)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    driver.get_log("browser")  # drain what an earlier page left


def console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]


def assert_no_console_errors(driver, where):
    errors = console_errors(driver)
    assert not errors, f"console errors on {where}: {errors}"


def visible_text_links(driver, css="a"):
    return [element for element in driver.find_elements(By.CSS_SELECTOR, css) if element.is_displayed()]


# Every page kind; the keyboard walk skips the long reference pages (a move's page links to
# hundreds of Pokémon: the walk would only repeat what the shorter pages already prove).
KINDS = ["home", "list", "detail", "type", "favorites", "mine", "404", "move", "ability", "item", "egg-group",
         "type-chart", "pokemon-moves", "growth-rates", "credits", "move-index"]
KEYBOARD_KINDS = ["home", "list", "detail", "type", "favorites", "mine", "404", "ability", "item", "type-chart", "credits"]


@pytest.mark.parametrize("base", ["file", "http"])
@pytest.mark.parametrize("name", KINDS)
def test_page_has_no_console_error(driver, base, name):
    path = pages()[name]
    open_page(driver, base, path)  # drains what an earlier page logged
    time.sleep(0.2)
    assert_no_console_errors(driver, f"{base}:{path}")


@pytest.mark.parametrize("name", KINDS)
def test_axe_finds_no_serious_violation(driver, name):
    path = pages()[name]
    open_page(driver, "http", path)
    violations, axe = axe_violations(driver)
    serious = [v for v in violations if v.get("impact") in ("serious", "critical")]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"axe-{SITE_NAME}-{name}.json").write_text(json.dumps(violations, indent=2))
    assert not serious, f"axe on {path}:\n" + axe.report(serious)


@pytest.mark.parametrize("name", KEYBOARD_KINDS)
def test_keyboard_reaches_every_control(driver, name):
    path = pages()[name]
    open_page(driver, "file", path)
    controls = driver.execute_script(
        """
        const selector = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]),'
          + ' select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]),'
          + ' summary, audio[controls]';
        // A closed <details> hides its content with content-visibility, which keeps boxes:
        // checkVisibility() says what a person can see and reach.
        const visible = e => { if (e.checkVisibility && !e.checkVisibility({ visibilityProperty: true })) return false;
          const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
          return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
        const all = [...document.querySelectorAll(selector)].filter(visible);
        all.forEach((e, i) => e.setAttribute('data-e2e-control', String(i)));
        return all.length;
        """
    )
    # From the top of the document, as a person arriving on the page starts. Scrollable
    # tables and a player's own buttons are tab stops too: allow for them.
    reached = tab_through(driver, controls, 2 * controls + 40)
    missing = controls - len(reached)
    assert missing == 0, f"{path}: keyboard reached {len(reached)} of {controls} controls"


def contrast(first, second):
    """WCAG contrast ratio of two computed colours ("rgb(r, g, b)")."""
    def luminance(text):
        channels = [int(part) / 255 for part in text[text.index("(") + 1:text.index(")")].replace(",", " ").split()[:3]]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_focus_ring_shows_on_the_header(driver, scheme):
    """Each header control's focus ring against the header (WCAG 1.4.11: 3:1), reached by Tab
    as a keyboard user reaches it; the blue ring on the light theme's red was 1.06:1."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        open_page(driver, "file", "index.html")
        driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
        seen = []
        for _ in range(30):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            ring = driver.execute_script("""
                const e = document.activeElement, header = document.querySelector('.site-header');
                if (!e || !header.contains(e)) return null;
                const s = getComputedStyle(e);
                return { what: e.outerHTML.slice(0, 60), style: s.outlineStyle, width: parseFloat(s.outlineWidth),
                         color: s.outlineColor, behind: getComputedStyle(header).backgroundColor,
                         visible: e.matches(':focus-visible') };""")
            if ring is None:
                if seen:
                    break
                continue  # the skip link first
            seen.append(ring)
        assert len(seen) >= 5, f"Tab reached {len(seen)} header controls"
        for ring in seen:
            assert ring["visible"] and ring["style"] != "none" and ring["width"] >= 2, f"{scheme}: no ring on {ring}"
            ratio = contrast(ring["color"], ring["behind"])
            assert ratio >= 3, f"{scheme}: the ring on {ring['what']} is {ratio:.2f}:1 against the header ({ring})"
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


@pytest.mark.parametrize("name", KINDS)
def test_screenshots(driver, name):
    path = pages()[name]
    folder = ARTIFACTS / "screenshots" / SITE_NAME
    folder.mkdir(parents=True, exist_ok=True)
    for width, height, label in ((390, 844, "phone"), (1280, 900, "desktop")):
        for scheme in ("light", "dark"):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": label == "phone"})
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            open_page(driver, "file", path)
            target = folder / f"{name}-{label}-{scheme}.png"
            driver.save_screenshot(str(target))
            assert target.stat().st_size > 1000, f"{target} looks empty"
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def discover_pages():
    """The list, type, favorites and "My Pokémon" pages, as the site's navigation links them."""
    return {
        "list": "pokedex/index.html",
        "type": "types/electric.html",
        "favorites": "favorites.html",
        "mine": "my-pokemon.html",
        "move": "moves/thunderbolt.html",
        "ability": "abilities/static.html",
        "item": "items/thunder-stone.html",
        "egg-group": "egg-groups/ground.html",
        "type-chart": "types/index.html",
        "pokemon-moves": "pokemon-moves/pikachu.html",
        "growth-rates": "growth-rates.html",
        "credits": "credits.html",
        "move-index": "moves/index.html",
    }


def search_results(driver, query):
    box = driver.find_element(By.ID, "site-search")
    box.clear()
    box.send_keys(query)
    WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results a"))
    return [link.text for link in driver.find_elements(By.CSS_SELECTOR, ".search-results a") if link.is_displayed()]


def name_of(slug):
    """The display name in the site's language (ピカチュウ on the Japanese site)."""
    return next(entry["name"] for entry in pokemon_entries() if entry["slug"] == slug)


@pytest.mark.parametrize("base", ["file", "http"])
@pytest.mark.parametrize("query", ["pika", "pikacu", "25"])
def test_search_finds_pikachu(driver, base, query):
    # English names and slugs find Pokémon on every language's site, shown by their names there.
    open_page(driver, base, "index.html")
    name = name_of("pikachu")
    found = search_results(driver, query)
    assert any(name in text for text in found), f"search for {query!r} showed {found}"
    assert name in found[0], f"{name} is not the first result for {query!r}: {found}"
    assert_no_console_errors(driver, f"{base}: search {query}")


@pytest.mark.parametrize("base", ["file", "http"])
def test_search_in_the_sites_language(driver, base):
    # The name in the page's own language finds it too (kana on the Japanese site).
    open_page(driver, base, "index.html")
    name = name_of("pikachu")
    found = search_results(driver, name[:3])
    assert found and name in found[0], f"search for {name[:3]!r} showed {found}"


@pytest.mark.parametrize("base", ["file", "http"])
def test_language_switcher_keeps_the_page(driver, base):
    switch = (SITE / "index.html").read_text()
    if "lang-switch" not in switch:
        pytest.skip("a site in one language has no switcher")
    open_page(driver, base, detail_page("pikachu"))
    driver.find_element(By.CSS_SELECTOR, ".lang-switch summary").click()
    links = [a for a in driver.find_elements(By.CSS_SELECTOR, ".lang-switch a") if a.get_attribute("aria-current") != "true"]
    assert links, "no other language in the switcher"
    target = links[0].get_attribute("data-lang")
    links[0].click()
    WebDriverWait(driver, 5).until(lambda d: d.execute_script("return document.documentElement.lang") == target)
    assert driver.current_url.endswith("/" + target + "/" + detail_page("pikachu")), driver.current_url
    assert driver.execute_script("return localStorage.getItem('pokedex-language')") == target
    assert_no_console_errors(driver, f"{base}: language switch")


@pytest.mark.parametrize("base", ["file", "http"])
def test_type_filter_and_all_types(driver, base):
    open_page(driver, base, pages()["list"])

    def shown():
        return [card for card in driver.find_elements(By.CSS_SELECTOR, ".js-list .card") if card.is_displayed()]

    before = [card.get_attribute("data-slug") for card in shown()]
    # With search-data.js the list's own type toggles (list.js) replace the links to type pages.
    tools = driver.find_elements(By.CSS_SELECTOR, "#list-tools:not([hidden])")
    electric = '.list-types [data-type="electric"]' if tools else '.filters [data-filter="electric"]'
    driver.find_element(By.CSS_SELECTOR, electric).click()
    WebDriverWait(driver, 5).until(lambda d: all("electric" in c.get_attribute("data-types").split() for c in shown()))
    electric = shown()
    assert electric, "the electric filter shows nothing"
    assert all("electric" in card.get_attribute("data-types").split() for card in electric)
    assert "pikachu" in [card.get_attribute("data-slug") for card in electric]
    driver.find_element(By.CSS_SELECTOR, ".list-clear" if tools else '.filters [data-filter=""]').click()
    WebDriverWait(driver, 5).until(lambda d: [c.get_attribute("data-slug") for c in shown()] == before)
    assert_no_console_errors(driver, f"{base}: type filter")


@pytest.mark.parametrize("base", ["file", "http"])
def test_capture_toggle_survives_a_reload(driver, base):
    path = detail_page("pikachu")
    open_page(driver, base, path)
    driver.execute_script("localStorage.clear()")
    driver.refresh()
    selector = '.js-toggle[data-store="captured"]'
    button = driver.find_element(By.CSS_SELECTOR, selector)
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    assert driver.find_element(By.CSS_SELECTOR, selector).get_attribute("aria-pressed") == "true"
    driver.refresh()
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, selector).get_attribute("aria-pressed") == "true")
    # Other pages show the mark too.
    open_page(driver, base, pages()["list"])
    card = driver.find_element(By.CSS_SELECTOR, '.card[data-slug="pikachu"]')
    assert "is-captured" in (card.get_attribute("class") or ""), card.get_attribute("outerHTML")[:300]
    open_page(driver, base, path)
    driver.find_element(By.CSS_SELECTOR, selector).click()
    driver.refresh()
    assert driver.find_element(By.CSS_SELECTOR, selector).get_attribute("aria-pressed") == "false"
    assert_no_console_errors(driver, f"{base}: capture toggle")


def test_caught_folded_form_marks_its_card(driver):
    """A form folded into its species' card on a type's page (Pikachu's caps), caught on its
    own page in this browser, marks that card as caught."""
    found = None
    for page in sorted((SITE / "types").glob("*.html")):
        match = re.search(r'data-slug="([^"]+)"[^>]* data-forms="([^" ]+)', page.read_text(encoding="utf-8"))
        if match:
            found = (page.relative_to(SITE).as_posix(), match.group(1), match.group(2))
            break
    if found is None:
        pytest.skip(f"{SITE_NAME}: no type page folds a form into its species' card")
    page, lead, form = found
    open_page(driver, "file", detail_page(form))
    driver.execute_script("localStorage.clear()")
    driver.refresh()
    selector = '.js-toggle[data-store="captured"]'
    driver.find_element(By.CSS_SELECTOR, selector).click()
    open_page(driver, "file", page)
    card = driver.find_element(By.CSS_SELECTOR, f'.card[data-slug="{lead}"]')
    assert "is-captured" in (card.get_attribute("class") or ""), f"{page}: {form} caught, its card {lead} unmarked"
    driver.execute_script("localStorage.clear()")


@pytest.mark.skipif(SITE_NAME != "sample" or not os.environ.get("E2E_POKEDEX"),
                    reason="runs once, on the sample site, with the pokedex binary (E2E_POKEDEX)")
def test_browser_choices_round_trip_through_import(driver, tmp_path):
    """Marks made in the browser, exported by the button, merged by `pokedex import`."""
    import subprocess
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    open_page(driver, "file", detail_page("pichu"))
    driver.execute_script("localStorage.clear()")
    driver.refresh()
    driver.find_element(By.CSS_SELECTOR, '.js-toggle[data-store="captured"]').click()
    driver.find_element(By.CSS_SELECTOR, '.js-toggle[data-store="favorites"]').click()
    open_page(driver, "file", pages()["mine"])
    assert driver.find_element(By.CSS_SELECTOR, '.js-collection .card[data-slug="pichu"]').is_displayed()
    driver.find_element(By.CSS_SELECTOR, ".js-export-button").click()
    exported = downloads / "pokedex-choices.json"
    WebDriverWait(driver, 10).until(lambda d: exported.exists() and exported.stat().st_size > 0)
    choices = json.loads(exported.read_text())
    assert choices["format"] == "pokedex-choices" and choices["captured"] == ["pichu"] and choices["favorites"] == ["pichu"]
    collection = tmp_path / "pokedex-collection.toml"
    result = subprocess.run([os.environ["E2E_POKEDEX"], "import", str(exported), "--sample", "--collection", str(collection)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "+ caught Pichu (pichu" in result.stdout and "+ favorite pichu" in result.stdout, result.stdout
    text = collection.read_text()
    assert 'species = "pichu"' in text and 'favorites = ["pichu"]' in text, text
    driver.execute_script("localStorage.clear()")


@pytest.mark.skipif(SITE_NAME != "sample" or not os.environ.get("E2E_POKEDEX"),
                    reason="runs once, on the sample site, with the pokedex binary (E2E_POKEDEX)")
def test_captures_reach_home_when_the_file_has_catches(driver, tmp_path):
    """A site built from a collection with a catch: a capture made in the browser joins Home's
    captured row, a release leaves it, and My Pokémon lists both kinds."""
    import subprocess
    pokedex = os.environ["E2E_POKEDEX"]
    collection, site = tmp_path / "collection.toml", tmp_path / "site"
    for arguments in (["catch", "eevee", "--nickname", "Fluffy", "--sample", "--collection", str(collection)],
                      ["build", "--sample", "--quiet", "--collection", str(collection), "--output", str(site)]):
        result = subprocess.run([pokedex] + arguments, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stdout + result.stderr
    base = site.as_uri() + "/"
    driver.get(base + "index.html")
    driver.execute_script("localStorage.clear()")
    driver.get(base + "pokemon/pikachu.html")
    driver.find_element(By.CSS_SELECTOR, '.js-toggle[data-store="captured"]').click()
    driver.get(base + "index.html")
    row = lambda: [c.get_attribute("data-slug") for c in driver.find_elements(By.CSS_SELECTOR, ".row-captured .card") if c.is_displayed()]
    WebDriverWait(driver, 5).until(lambda d: set(row()) == {"eevee", "pikachu"})
    driver.get(base + "my-pokemon.html")
    assert driver.find_element(By.CSS_SELECTOR, ".js-individuals .individual").is_displayed(), "the file's Eevee"
    assert driver.find_element(By.CSS_SELECTOR, '.js-collection .card[data-slug="pikachu"]').is_displayed(), "this browser's Pikachu"
    assert driver.find_element(By.CSS_SELECTOR, ".js-export .note code").text.startswith("pokedex import"), "a command, not backticks"
    driver.get(base + "pokemon/eevee.html")
    driver.find_element(By.CSS_SELECTOR, '.js-toggle[data-store="captured"]').click()
    driver.get(base + "index.html")
    WebDriverWait(driver, 5).until(lambda d: row() == ["pikachu"])
    assert_no_console_errors(driver, "captures with a collection file")
    driver.execute_script("localStorage.clear()")


@pytest.mark.parametrize("base", ["file", "http"])
def test_detail_sections_link_and_play(driver, base):
    """Every section is reachable from the section bar; the cry is a player that waits."""
    open_page(driver, base, detail_page("pikachu"))
    targets = [a.get_attribute("hash") for a in driver.find_elements(By.CSS_SELECTOR, ".section-nav a")]
    for section in ("#about", "#training", "#breeding", "#stats", "#defenses", "#evolution", "#moves",
                    "#locations", "#entries", "#names", "#media"):
        assert section in targets, f"the section bar lacks {section}"
        assert driver.find_elements(By.CSS_SELECTOR, section), f"no element {section}"
    for audio in driver.find_elements(By.CSS_SELECTOR, "audio"):
        assert audio.get_attribute("preload") == "none" and not audio.get_attribute("autoplay")
    # The game switcher reaches another game's table without JavaScript.
    switch = driver.find_elements(By.CSS_SELECTOR, ".game-switch a:not([aria-current])")
    if switch:
        href = switch[0].get_attribute("href")
        driver.get(href)
        fragment = href.split("#", 1)[1]
        assert driver.find_elements(By.ID, fragment), f"{href} has no section {fragment}"


def test_desktop_section_bar_shows_every_section(driver):
    """On a desktop every section's chip is in sight (at most two rows, nothing past a bar to
    drag), and a section reached from the bar starts below the header and the bar."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    try:
        open_page(driver, "http", detail_page("pikachu"))
        bar = driver.execute_script("""
            const ul = document.querySelector('.section-nav ul'), box = ul.getBoundingClientRect();
            const chips = [...ul.querySelectorAll('a')].map(a => a.getBoundingClientRect());
            return { scroll: ul.scrollWidth - ul.clientWidth, rows: new Set(chips.map(r => Math.round(r.top))).size,
                     out: chips.filter(r => r.left < box.left - 1 || r.right > box.right + 1).length, count: chips.length };""")
        assert bar["count"] >= 8 and bar["scroll"] <= 1 and bar["out"] == 0, f"sections out of sight at 1280 px: {bar}"
        assert bar["rows"] <= 2, f"the section bar takes {bar['rows']} rows at 1280 px"
        links = driver.find_elements(By.CSS_SELECTOR, ".section-nav a")
        links[-1].click()
        time.sleep(0.4)
        gap = driver.execute_script("""
            const target = document.querySelector(arguments[0]);
            return target.getBoundingClientRect().top - document.querySelector('.section-nav').getBoundingClientRect().bottom;""",
            links[-1].get_attribute("hash"))
        assert gap >= 0, f"{links[-1].get_attribute('hash')} starts {-gap:.0f} px under the section bar"
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@contextlib.contextmanager
def device_width(driver, width):
    """The page laid out as on a device that wide (a phone below 600 px), then as before."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
    try:
        yield
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def assert_in_sight(shown, page, width):
    """What a fit-the-screen script measured: rows, none with a cell out of sight, no sideways scroll."""
    assert shown["rows"] > 0, f"{page}: the table has no rows"
    assert shown["overflow"] <= 1 and shown["page"] <= 1, f"{page} at {width} px: a table scrolls sideways ({shown})"
    assert shown["out"] == 0, f"{page} at {width} px: {shown['out']} rows have a cell out of sight ({shown})"


def encounters_page():
    """The detail page with the most rows of where its Pokémon is met (the longest texts
    come with them), or None."""
    most, found = 0, None
    for entry in pokemon_entries():
        text = (SITE / entry["page"]).read_text()
        start = text.find('class="moves encounters"')
        rows = text.count("<tr><td", start, text.find("</section>", start)) if start >= 0 else 0
        if rows > most:
            most, found = rows, entry["page"]
    return found


@pytest.mark.parametrize("width", [390, 1280])
def test_encounters_fit_the_screen(driver, width):
    """Where a Pokémon is met: on a phone each row is a card whose levels, chance and conditions
    are all in sight (five columns scrolled them away); on a desktop, a table of five columns."""
    page = encounters_page()
    if page is None:
        pytest.skip(f"{SITE_NAME}: no Pokémon of this site is met in the wild")
    with device_width(driver, width):
        open_page(driver, "file", page)
        shown = driver.execute_script("""
            var table = document.querySelector('#locations table.encounters'), scroll = table.closest('.table-scroll');
            var box = scroll.getBoundingClientRect(), rows = Array.from(table.tBodies[0].rows).slice(0, 20);
            var out = rows.filter(r => Array.from(r.cells).slice(0, 4).some(c => {
                var b = c.getBoundingClientRect(); return b.width === 0 || b.left < box.left - 0.5 || b.right > box.right + 0.5; }));
            var heads = Array.from(table.tHead.rows[0].cells).filter(c => c.getBoundingClientRect().width > 1).length;
            // The conditions' share of their row's width: a word-wide column made rows ten lines tall.
            var narrowest = Math.min.apply(null, rows.filter(r => r.cells[4].textContent.trim()).map(r =>
                r.cells[4].getBoundingClientRect().width / r.getBoundingClientRect().width).concat([1]));
            return {overflow: scroll.scrollWidth - scroll.clientWidth, out: out.length, rows: rows.length, heads: heads,
                    page: document.documentElement.scrollWidth - document.documentElement.clientWidth, narrowest: narrowest};
        """)
    assert_in_sight(shown, page, width)
    assert shown["heads"] == (4 if width < 600 else 5), f"{page} at {width} px: {shown['heads']} column headers shown"
    if width < 600:
        assert shown["narrowest"] > 0.8, f"{page} at {width} px: conditions take {shown['narrowest']:.0%} of a row's width"


# inSight(selector, lower, upper): over every row (the header's too) of every table the
# selector finds, how many have a cell out of their scroll box's sight or whose text runs
# out of the cell (over its neighbour), how far a box or the page scrolls sideways, and
# whether the first row's cell `lower` from the end stands below its cell `upper` from the end.
IN_SIGHT = """
function inSight(selector, lower, upper) {
    var tables = Array.from(document.querySelectorAll(selector)), out = 0, rows = 0, overflow = 0, first = null;
    tables.forEach(table => {
        var scroll = table.closest('.table-scroll'), box = scroll.getBoundingClientRect();
        overflow = Math.max(overflow, scroll.scrollWidth - scroll.clientWidth);
        Array.from(table.rows).forEach(r => {
            rows += 1;
            if (Array.from(r.cells).some(c => { var b = c.getBoundingClientRect();
                return b.width === 0 || b.left < box.left - 0.5 || b.right > box.right + 0.5
                    || c.scrollWidth > c.clientWidth + 1; })) {
                out += 1;
                first = first || r.textContent.trim().slice(0, 60);
            }
        });
    });
    var cells = tables[0] ? Array.from(tables[0].tBodies[0].rows[0].cells) : [];
    var below = cells.length >= upper && cells[cells.length - lower].getBoundingClientRect().top
        >= cells[cells.length - upper].getBoundingClientRect().bottom - 1;
    return {rows: rows, out: out, overflow: overflow, below: below, first: first,
            page: document.documentElement.scrollWidth - document.documentElement.clientWidth};
}
"""


def move_page_with_most(count):
    """The move page for which `count` (of its text) is largest and above 0, or None."""
    most, found = 0, None
    for page in sorted((SITE / "moves").glob("*.html")) if (SITE / "moves").is_dir() else []:
        counted = count(page.read_text(encoding="utf-8"))
        if counted > most:
            most, found = counted, page.relative_to(SITE).as_posix()
    return found


def widest_learners_page():
    """The move page whose who-learns table has the most rows with a game, or None."""
    return move_page_with_most(lambda text: text.count("<tr>", text.find("has-game")) if "has-game" in text else 0)


@pytest.mark.parametrize("width", [390, 1280])
def test_move_learners_fit_the_screen(driver, width):
    """Who learns a move: on a phone no cell of a row is out of sight (four columns hid the
    game and cut the types) and nothing scrolls sideways; on a desktop, four columns."""
    page = widest_learners_page()
    if page is None:
        pytest.skip(f"{SITE_NAME}: no move page lists who learns it")
    with device_width(driver, width):
        open_page(driver, "file", page)
        # The game under the Pokémon on a phone, beside it on a desktop.
        shown = driver.execute_script(IN_SIGHT + "return inSight('table.who.has-game', 1, 3);")
    assert_in_sight(shown, page, width)
    assert shown["below"] == (width < 600), f"{page} at {width} px: the game is {'' if shown['below'] else 'not '}below the Pokémon"


def page_with_folded_forms():
    """A move page where forms alike share their species' row, the one naming most forms."""
    return move_page_with_most(lambda text: text.count('class="who-forms"'))


@pytest.mark.parametrize("width", [390, 1280])
def test_folded_forms_sit_in_their_row(driver, width):
    """Forms folded into their species' row (Pikachu's caps under Pikachu): each name a link
    inside the row's Pokémon cell, in sight, under the name on a desktop; nothing scrolls
    sideways."""
    page = page_with_folded_forms()
    if page is None:
        pytest.skip(f"{SITE_NAME}: no move page folds a species' forms into one row")
    with device_width(driver, width):
        open_page(driver, "file", page)
        found = driver.execute_script("""
            const lines = [...document.querySelectorAll('.who-forms')], out = [], above = [];
            for (const line of lines) {
              const cell = line.closest('td'), box = cell.getBoundingClientRect();
              if (line.getBoundingClientRect().top < cell.querySelector('.who-name').getBoundingClientRect().bottom - 1)
                above.push(line.textContent);
              for (const a of line.querySelectorAll('a')) {
                const r = a.getBoundingClientRect();
                if (r.width === 0 || r.left < box.left - 1 || r.right > box.right + 1 || r.right > innerWidth) out.push(a.textContent);
              }
            }
            return {lines: lines.length, links: document.querySelectorAll('.who-forms a').length, out, above,
                    sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth};""")
    assert found["lines"] > 0 and found["links"] >= found["lines"], f"{page}: a forms line names no form"
    assert not found["out"], f"{page} at {width} px: forms out of their cell: {found['out'][:5]}"
    assert not found["above"], f"{page} at {width} px: forms not under the Pokémon's name: {found['above'][:3]}"
    assert found["sideways"] <= 0, f"{page} at {width} px: scrolls {found['sideways']} px sideways"


@pytest.mark.parametrize("width", [390, 1280])
def test_learnsets_fit_the_screen(driver, width):
    """A Pokémon's moves: on a phone every cell of a row in sight (seven columns hid the power,
    accuracy and PP), two lines a row; on a desktop one line a row."""
    page = next((entry["page"] for entry in pokemon_entries()
                 if 'class="moves learn has-first"' in (SITE / entry["page"]).read_text()), None)
    if page is None:
        pytest.skip(f"{SITE_NAME}: no Pokémon of this site learns a move by level")
    with device_width(driver, width):
        open_page(driver, "file", page)
        # The PP under the type on a phone, on the move's line on a desktop.
        shown = driver.execute_script(IN_SIGHT + "return inSight('table.learn:not(.compact)', 1, 5);")
    assert_in_sight(shown, page, width)
    assert shown["below"] == (width < 600), f"{page} at {width} px: the PP is {'' if shown['below'] else 'not '}below the type"


def hero_crops():
    """(page, sprite file, [x, y, w, h, canvas w, canvas h]) of every detail page whose hero is cropped."""
    import re
    found = []
    for entry in pokemon_entries():
        page = SITE / entry["page"]
        tag = re.search(r'<img class="sprite sprite-large[^>]*>', page.read_text())
        crop = tag and re.search(r'data-crop="([0-9 ]+)"', tag.group(0))
        if crop:
            src = re.search(r'src="([^"]+)"', tag.group(0)).group(1)
            found.append((entry["page"], (page.parent / src).resolve(), [int(n) for n in crop.group(1).split()]))
    return found


def test_hero_crop_is_where_the_sprite_is():
    """The build's idea of where each hero sprite's Pokémon stands agrees with Pillow's, on every page."""
    from PIL import Image
    crops = hero_crops()
    if not crops:
        pytest.skip(f"{SITE_NAME}: no hero is a pixel-art sprite (emblems or artwork only), nothing is cropped")
    for page, sprite, (x, y, w, h, cw, ch) in crops:
        with Image.open(sprite) as image:
            assert image.size == (cw, ch), f"{page}: the canvas is {image.size}, the page says {cw}x{ch}"
            box = image.convert("RGBA").getchannel("A").getbbox()
        assert box == (x, y, x + w, y + h), f"{page}: Pillow finds the Pokémon at {box}, the page says {(x, y, x + w, y + h)}"


@pytest.mark.parametrize("base", ["file", "http"])
def test_hero_is_large_and_whole(driver, base):
    """A cropped hero shows its Pokémon larger than the whole canvas would, on a phone and a desktop,
    and cuts none of it."""
    crops = hero_crops()
    if not crops:
        pytest.skip(f"{SITE_NAME}: no hero is a pixel-art sprite, nothing is cropped")
    page, _, (x, y, w, h, cw, ch) = crops[0]
    try:
        for width in (1280, 390):
            driver.set_window_size(width, 900)
            open_page(driver, base, page)
            shown = driver.execute_script("""
                var img = document.querySelector('.detail-art img[data-crop]'), art = img.parentNode;
                var a = art.getBoundingClientRect(), i = img.getBoundingClientRect();
                return {cropped: art.classList.contains('is-cropped'), art: [a.left, a.top, a.width, a.height], img: [i.left, i.top, i.width, i.height]};
            """)
            assert shown["cropped"], f"{page} at {width} px: the hero is not cropped"
            left, top, art_w, art_h = shown["art"]
            img_left, img_top, img_w, img_h = shown["img"]
            k = img_w / cw
            assert abs(k - round(k)) < 0.01 and round(k) >= 2, f"{page} at {width} px: the canvas is scaled by {k}, not a whole number of at least 2"
            assert k > min(art_w / cw, art_h / ch), f"{page} at {width} px: no larger than the whole canvas"
            content = (img_left + k * x, img_top + k * y, img_left + k * (x + w), img_top + k * (y + h))
            assert content[0] >= left - 0.5 and content[1] >= top - 0.5 and content[2] <= left + art_w + 0.5 and content[3] <= top + art_h + 0.5, \
                f"{page} at {width} px: the Pokémon {content} is cut by the box {shown['art']}"
    finally:
        driver.set_window_size(1280, 900)


def site_root():
    """The folder the site starts at: the language's parent in a site of several languages."""
    return SITE.parent if (SITE.parent / "sw.js").exists() and not (SITE / "sw.js").exists() else SITE


def test_offline_after_a_first_visit(driver):
    """Hosted (over HTTP, built with --base-url), a visited page and the core pages load with
    the server gone; from file:// nothing registers and nothing complains."""
    import socket
    import subprocess
    root = site_root()
    if not (root / "sw.js").exists():
        pytest.skip("built without --base-url: no service worker")
    prefix = "" if root == SITE else SITE.name + "/"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(["python3", "-m", "http.server", "--bind", "127.0.0.1", str(port), "--directory", str(root)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/{prefix}"
    try:
        for _ in range(50):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.1)
        driver.get(base + "index.html")
        driver.set_script_timeout(20)
        driver.execute_async_script("var done = arguments[arguments.length - 1]; navigator.serviceWorker.ready.then(function () { done(true); });")
        driver.get(base + detail_page("pikachu"))
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
        title = driver.find_element(By.CSS_SELECTOR, "h1").text
        # The worker stores the page after answering: stop the server only once it is stored.
        WebDriverWait(driver, 10).until(lambda d: d.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            " caches.match(location.href).then(function (hit) { done(!!hit); }, function () { done(false); });"))
    finally:
        server.terminate()
        server.wait()
    driver.get(base + detail_page("pikachu"))
    assert driver.find_element(By.CSS_SELECTOR, "h1").text == title, "the visited page, from the cache"
    driver.get(base + "search.html")
    assert driver.find_elements(By.CSS_SELECTOR, "#site-search"), "a core page precached on the first visit"
    driver.execute_async_script("var done = arguments[arguments.length - 1]; navigator.serviceWorker.getRegistrations()"
                                " .then(function (all) { return Promise.all(all.map(function (r) { return r.unregister(); })); })"
                                " .then(function () { done(true); }, function () { done(false); });")
    open_page(driver, "file", "index.html")
    assert not driver.execute_script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)")
    assert_no_console_errors(driver, "file:// with a service worker in the site")


@pytest.mark.parametrize("base", ["file", "http"])
def test_theme_switch_is_remembered(driver, base):
    """System, light, dark: each press the next; the choice holds on the next page, before it paints."""
    open_page(driver, base, detail_page("pikachu"))
    driver.execute_script("localStorage.removeItem('pokedex-theme')")
    driver.refresh()
    button = driver.find_element(By.CSS_SELECTOR, ".js-theme")
    assert button.is_displayed() and button.get_attribute("data-current") == "system"
    theme = lambda: driver.execute_script("return document.documentElement.getAttribute('data-theme')")
    background = lambda: driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    button.click()
    assert theme() == "light"
    light = background()
    button.click()
    assert theme() == "dark" and background() != light
    open_page(driver, base, "index.html")
    assert theme() == "dark", "the choice reaches the next page"
    assert driver.find_element(By.CSS_SELECTOR, ".js-theme").get_attribute("data-current") == "dark"
    driver.find_element(By.CSS_SELECTOR, ".js-theme").click()
    assert theme() is None and driver.execute_script("return localStorage.getItem('pokedex-theme')") is None
    assert_no_console_errors(driver, f"{base}: theme switch")


def test_share_copies_the_pages_address(driver):
    open_page(driver, "http", detail_page("pikachu"))
    driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    button = driver.find_element(By.CSS_SELECTOR, ".js-share")
    assert button.is_displayed()
    expected = button.get_attribute("data-url") or driver.current_url.split("#")[0]
    if driver.execute_script("return typeof navigator.share === 'function'"):
        pytest.skip("this browser has a share sheet; the copy path is not taken")
    button.click()
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, ".share-status").text)
    copied = driver.execute_async_script("var done = arguments[arguments.length - 1]; navigator.clipboard.readText().then(done, function (e) { done('error: ' + e); });")
    assert copied == expected, copied
    assert_no_console_errors(driver, "share")



STRINGS = pathlib.Path(__file__).resolve().parents[2] / "Templates" / "strings"
HEADER_WORDS = ["nav_home", "nav_list", "nav_search", "nav_favorites", "nav_mine", "search_button", "search_placeholder"]


PLACEHOLDER_FIT = """
var box = document.getElementById(arguments[0]), style = getComputedStyle(box);
var context = document.createElement('canvas').getContext('2d');
context.font = style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
return {text: box.placeholder, needs: context.measureText(box.placeholder).width,
        room: box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)};
"""


def placeholder_fit(driver, box_id):
    """A search box's placeholder, the width it needs in the box's own font, and the room inside the box."""
    return driver.execute_script(PLACEHOLDER_FIT, box_id)


def shipped_languages():
    """Every shipped strings file's language, sorted."""
    languages = sorted(path.stem for path in STRINGS.glob("*.json"))
    assert len(languages) >= 9, f"no strings files under {STRINGS}"
    return languages


def use_header_words(driver, language):
    """The open page's header in `language`'s words (the menu, the button's, the hint), or as
    it is for None: what shares the header's line, beside the language switch when the
    site has several."""
    if not language:
        return
    table = json.loads((STRINGS / f"{language}.json").read_text())
    driver.execute_script("""
        var words = arguments[0], box = document.getElementById('site-search');
        var links = document.querySelectorAll('.site-nav a');
        for (var i = 0; i < links.length && i < 5; i++) links[i].textContent = words[i];
        box.form.querySelector('button .visually-hidden').textContent = words[5];
        box.placeholder = words[6];""", [table[key] for key in HEADER_WORDS])


@pytest.mark.parametrize("width", [390, 1280])
def test_header_search_hint_fits(driver, width):
    """The header box's placeholder is read whole on a phone and a desktop: the site's own
    header, then its words swapped for each shipped language's (the menu, the button and
    the placeholder: all that shares the header's line, beside the language switch when
    the site has several)."""
    with device_width(driver, width):
        for language in [None] + shipped_languages():
            open_page(driver, "file", "index.html")
            use_header_words(driver, language)
            fit = placeholder_fit(driver, "site-search")
            what = language or "the site's own"
            assert fit["text"], f"{what}: the header search box has no placeholder"
            # A few pixels to spare: drawn, the text takes a little more than measured (an
            # ellipsis measured 0.1 px inside the box was drawn cut).
            assert fit["needs"] + 4 <= fit["room"], f"index.html at {width} px, {what} words: the placeholder is cut ({fit})"
            if width >= 641:
                # At its least width too, which a fuller header (another language's menu, a
                # language switch) leaves it: the box may shrink to it before it wraps.
                driver.execute_script("var form = document.getElementById('site-search').form; form.style.maxWidth = getComputedStyle(form).minWidth;")
                least = placeholder_fit(driver, "site-search")
                assert least["needs"] + 4 <= least["room"], f"index.html at {width} px, {what} words, the box at its least width: the placeholder is cut ({least})"


@pytest.mark.parametrize("width", [390, 1280])
def test_search_page_hint_fits(driver, width):
    """The search page's own box reads its example query whole beside its button, on a phone
    and a desktop, in the site's words and then in each shipped language's (the button's
    word and the example): at 390 px French's was cut ("ex. : type:dragor") beside its
    "Rechercher" button, which a phone now shows as a magnifier."""
    with device_width(driver, width):
        for language in [None] + shipped_languages():
            open_page(driver, "file", "search.html")
            if language:
                table = json.loads((STRINGS / f"{language}.json").read_text())
                driver.execute_script("""
                    var box = document.getElementById('q');
                    box.form.querySelector('.query-go-word').textContent = arguments[0];
                    box.placeholder = arguments[1];""", table["search_button"], table["search_pagePlaceholder"])
            fit = placeholder_fit(driver, "q")
            what = language or "the site's own"
            assert fit["text"], f"{what}: the search page's box has no placeholder"
            assert fit["needs"] + 4 <= fit["room"], f"search.html at {width} px, {what} words: the example is cut ({fit})"
            # The button still says what it does to a screen reader, whatever it shows, and
            # on a desktop shows its word beside the magnifier.
            button = driver.find_element(By.CSS_SELECTOR, "#query-form button[type=submit]")
            word = button.find_element(By.CSS_SELECTOR, ".query-go-word")
            assert button.accessible_name.strip() == word.get_attribute("textContent").strip() != "", \
                f"search.html at {width} px, {what} words: the search button's name is {button.accessible_name!r}"
            if width >= 641:
                shown = driver.execute_script("var r = arguments[0].getBoundingClientRect(); return r.width > 8 && r.height > 8;", word)
                assert shown, f"search.html at {width} px, {what} words: the button's word is not shown beside its magnifier"
            # Each filter the hint names stays on one line: at 390 px "-is:form" broke after
            # its "-", leaving "is:form", the opposite filter, alone at the start of a line.
            split = driver.execute_script("""
                var hint = document.getElementById('query-hint');
                if (arguments[0]) hint.textContent = arguments[0];
                var node = hint.firstChild, text = node.textContent, split = [], found = 0, match;
                var filter = /[-\u2011]?[a-z]+(:|>=)[a-z0-9-]+/gi;
                while ((match = filter.exec(text))) {
                  found++;
                  var range = document.createRange();
                  range.setStart(node, match.index);
                  range.setEnd(node, match.index + match[0].length);
                  var lines = {};
                  Array.prototype.forEach.call(range.getClientRects(), function (r) { if (r.width > 0) lines[Math.round(r.top)] = true; });
                  if (Object.keys(lines).length > 1) split.push(match[0]);
                }
                return found ? split : null;""", table["search_hint"] if language else None)
            assert split is not None, f"search.html, {what} words: the hint names no filter"
            assert split == [], f"search.html at {width} px, {what} words: the hint breaks {split} across lines"


def test_header_is_one_row_on_a_desktop(driver):
    """At 1280 px the header is one row in every shipped language's words: the brand, the
    menu, the search box and the switches side by side (French's menu and "Rechercher"
    button once sent the box and the switches to a second row)."""
    with device_width(driver, 1280):
        for language in [None] + shipped_languages():
            open_page(driver, "file", "index.html")
            use_header_words(driver, language)
            rows = driver.execute_script("""
                return ['.brand', '.site-nav', '.header-end'].map(function (part) {
                  var box = document.querySelector('.site-header ' + part).getBoundingClientRect();
                  return [part, Math.round(box.top), Math.round(box.bottom)]; });""")
            what = language or "the site's own"
            tops = {top for _, top, _ in rows}
            bottoms = [bottom for _, _, bottom in rows]
            # One row: each part starts above where every other ends.
            assert all(top < min(bottoms) for top in tops), f"index.html at 1280 px, {what} words: the header takes two rows ({rows})"


def test_language_menu_opens_on_screen(driver):
    """The language switch's list opens inside the window at every desktop width, in every
    shipped language's words: where a long menu pushed the switch alone to the start of a
    second header row, its list (aligned to the switch's right) opened off the left edge."""
    open_page(driver, "file", "index.html")
    if not driver.find_elements(By.CSS_SELECTOR, ".lang-switch"):
        pytest.skip(f"{SITE_NAME}: a site in one language has no language switch")
    languages = shipped_languages()
    checked = 0
    for width in (700, 800, 900, 1000, 1100, 1200, 1280, 1440):
        with device_width(driver, width):
            for language in [None] + languages:
                open_page(driver, "file", "index.html")
                use_header_words(driver, language)
                box = driver.execute_script("""
                    var s = document.querySelector('.lang-switch'); s.open = true;
                    var r = s.querySelector('ul').getBoundingClientRect();
                    return {left: r.left, right: r.right, width: document.documentElement.clientWidth};""")
                what = language or "the site's own"
                assert box["left"] >= 0 and box["right"] <= box["width"], f"at {width} px, {what} words: the language list spans x {box['left']:.0f}-{box['right']:.0f} of {box['width']}"
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("width", [390, 700, 1000, 1280])
def test_growth_rate_tiles_make_even_rows(driver, width):
    """The growth rates' tiles come in rows of one length, the last at most one short (six
    were five and one at 1280 px)."""
    if not (SITE / "growth-rates.html").exists():
        pytest.skip(f"{SITE_NAME}: no growth-rates.html")
    with device_width(driver, width):
        open_page(driver, "file", "growth-rates.html")
        tops = driver.execute_script("""
            return Array.from(document.querySelectorAll('.tile-list.rates > li')).map(function (tile) {
              return Math.round(tile.getBoundingClientRect().top); });""")
    assert len(tops) > 1, "growth-rates.html: fewer than two rates"
    rows = [tops.count(top) for top in sorted(set(tops))]
    assert max(rows) - min(rows) <= 1, f"growth-rates.html at {width} px: {len(tops)} rates in rows of {rows}"


def test_growth_table_rows_line_up(driver):
    """The growth table's level (a row heading) has its cells' border, not the column
    headings' thicker one: each row's line is one line."""
    if not (SITE / "growth-rates.html").exists():
        pytest.skip(f"{SITE_NAME}: no growth-rates.html")
    open_page(driver, "file", "growth-rates.html")
    rows = driver.execute_script("""
        return Array.from(document.querySelectorAll('table.growth tbody tr')).map(function (row) {
          var head = getComputedStyle(row.querySelector('th')), cell = getComputedStyle(row.querySelector('td'));
          return [head.borderBottomWidth, cell.borderBottomWidth, head.paddingTop, cell.paddingTop];
        });""")
    assert rows, "growth-rates.html has no table rows"
    uneven = [row for row in rows if row[0] != row[1] or row[2] != row[3]]
    assert not uneven, f"growth-rates.html: {len(uneven)} rows whose level is drawn unlike its cells ({uneven[0]})"


def longest_machine_page():
    """The move page whose who-learns table names the longest machine ("TM126"), or None."""
    import re
    longest, found = 0, None
    for page in sorted((SITE / "moves").glob("*.html")) if (SITE / "moves").is_dir() else []:
        text = page.read_text()
        start = text.find('class="who has-first has-game')
        if start < 0:
            continue
        for label in re.findall(r"<td[^>]*>([A-Z]{2}\d+)</td>", text[start:]):
            if len(label) > longest:
                longest, found = len(label), page.relative_to(SITE).as_posix()
    return found


ONE_LINE = """
// How many lines the text of each element matching arguments[0] takes (its line boxes' tops).
return Array.from(document.querySelectorAll(arguments[0])).map(function (element) {
  var range = document.createRange();
  range.selectNodeContents(element);
  var tops = new Set(Array.from(range.getClientRects()).map(function (rect) { return Math.round(rect.top); }));
  return [element.textContent.trim(), tops.size];
}).filter(function (seen) { return seen[0] && seen[0].indexOf(' ') < 0; });
"""


@pytest.mark.parametrize("width", [390, 1280])
def test_words_are_never_cut(driver, width):
    """A machine number ("TM126") in who learns a move, a name in a Pokémon's names (ピカチュウ):
    one line each, not broken inside (the narrow column broke "TM12" from "6")."""
    learners = longest_machine_page() or widest_learners_page()
    names = next((entry["page"] for entry in pokemon_entries()
                  if 'class="names-name"' in (SITE / entry["page"]).read_text()), None)
    checked = 0
    with device_width(driver, width):
        for page, css in [(learners, "table.who.has-first tbody td:first-child"), (names, ".names-name")]:
            if page is None:
                continue
            open_page(driver, "file", page)
            seen = driver.execute_script(ONE_LINE, css)
            broken = [text for text, lines in seen if lines > 1]
            assert not broken, f"{page} at {width} px: {len(broken)} of {len(seen)} words broken across lines, e.g. {broken[:3]}"
            checked += len(seen)
    if not checked:
        pytest.skip(f"{SITE_NAME}: no move learners table and no names section")


@pytest.mark.parametrize("width", [390, 1280])
def test_not_found_search_hint_fits(driver, width):
    """The 404 page's own search box (narrower than the header's on a phone) shows its placeholder whole."""
    with device_width(driver, width):
        open_page(driver, "file", "404.html")
        fit = placeholder_fit(driver, "missing-search")
    assert fit["text"], "404.html: its search box has no placeholder"
    assert fit["needs"] + 4 <= fit["room"], f"404.html at {width} px: the placeholder is cut ({fit})"


@pytest.mark.skipif(not hosted(), reason="built without a base URL: its 404.html links lead from the root only")
@pytest.mark.parametrize("missing", ["no-such-page.html", "pokemon/no-such-pokemon.html", "types/no/such/page.html"])
def test_missing_page_in_a_folder_is_styled(driver, missing):
    """A host answers a missing address in a folder with the root's 404.html (.ci/e2e/pages-server
    does as GitHub Pages does): its stylesheet, picture and links still work there."""
    url = BASES["http"] + missing
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    state = driver.execute_script("""
        const sheet = [...document.querySelectorAll('link[rel=stylesheet]')].find(l => l.href.endsWith('/assets/site.css'));
        let rules = 0;
        try { rules = sheet && sheet.sheet ? sheet.sheet.cssRules.length : 0; } catch (e) { rules = -1; }
        const picture = document.querySelector('.empty-state img');
        return { rules, picture: !!picture && picture.complete && picture.naturalWidth > 0,
                 links: [...document.querySelectorAll('main a[href], .brand')].map(a => a.href),
                 search: document.querySelector('#missing-search') && document.querySelector('#missing-search').form.action };
    """)
    assert state["rules"] > 0, f"{missing}: the stylesheet did not load ({state})"
    assert state["picture"], f"{missing}: the picture did not load"
    assert state["links"] and state["search"], f"{missing}: no links ({state})"
    for link in state["links"] + [state["search"]]:
        status = driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; fetch(arguments[0]).then(r => done(r.status), () => done(0));", link)
        assert status == 200, f"{missing}: {link} answers {status}"
    own = url.split("?")[0]
    errors = [entry for entry in console_errors(driver) if own not in entry["message"]]
    assert not errors, f"console errors on {missing}: {errors}"


def language_folder():
    """The site's language when the site is one language's folder of a site in several built
    with a base URL (the root holds the hosts' 404.html and the shared assets), else None."""
    root = SITE.parent
    if not ((root / "404.html").is_file() and (root / "assets").is_dir() and hosted()):
        return None
    return html_lang(SITE / "index.html")


def html_lang(path):
    text = path.read_text()
    start = text.index('<html lang="') + len('<html lang="')
    return text[start:text.index('"', start)]


def heading(path):
    text = path.read_text()
    return html.unescape(text[text.index("<h1>") + 4:text.index("</h1>")])


def test_missing_page_speaks_its_folders_language(driver):
    """A host shows the root's 404.html, the first language's, for a missing address in any
    language's folder: the page goes on to that folder's language (and, outside every folder,
    to the language chosen last)."""
    lang = language_folder()
    if lang is None:
        pytest.skip("not a language's folder of a site in several languages built with a base URL")
    expected = heading(SITE / "404.html")
    root = BASES["http"].rstrip("/").rsplit("/", 1)[0] + "/"
    asked = [BASES["http"] + "pokemon/no-such-pokemon.html", BASES["http"] + "no/such/page.html",
             "remembered", root + "no-such-page.html"]
    for url in asked:
        if url == "remembered":  # the switcher's memory of the visitor's choice
            driver.execute_script("window.localStorage.setItem('pokedex-language', arguments[0])", lang)
            continue
        driver.get(url)
        try:
            WebDriverWait(driver, 10).until(lambda d: d.execute_script(
                "return document.readyState === 'complete' && document.documentElement.lang") == lang)
        except Exception:
            raise AssertionError(f"{url}: the 404 page stayed in {driver.execute_script('return document.documentElement.lang')!r}, "
                                 f"not the folder's {lang!r} ({driver.current_url})")
        shown = driver.find_element(By.CSS_SELECTOR, "h1").text
        assert shown == expected, f"{url}: heading {shown!r}, not {expected!r}"
        sheet = driver.execute_script(
            "const s = [...document.styleSheets].find(s => s.href && s.href.endsWith('/assets/site.css')); return s ? s.cssRules.length : 0")
        assert sheet > 0, f"{url}: unstyled"
    driver.execute_script("window.localStorage.removeItem('pokedex-language')")
    errors = [entry for entry in console_errors(driver) if not any(url in entry["message"] for url in asked)]
    assert not errors, f"console errors on the 404 pages: {errors}"


def test_missing_pokemon_page_suggests_names(driver):
    """A missing Pokémon's address (a typo) gets the names closest to it as links on the 404
    page, also after a site of several languages went on to the folder's own 404 page."""
    if not hosted():
        pytest.skip("built without a base URL: hosts show its 404 page unstyled in a folder")
    entry = next(e for e in pokemon_entries() if e["slug"].isalpha() and len(e["slug"]) >= 6)
    typo = entry["slug"][:2] + entry["slug"][3:]
    driver.get(BASES["http"] + f"pokemon/{typo}.html")
    try:
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".did-you-mean a"))
    except Exception:
        raise AssertionError(f"no suggestion on the 404 page for pokemon/{typo}.html ({driver.current_url})")
    links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, ".did-you-mean a")]
    assert any(link.endswith("/" + entry["page"]) for link in links), f"{typo}: {links} do not offer {entry['page']}"
    for link in links:
        status = driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; fetch(arguments[0]).then(r => done(r.status), () => done(0));", link)
        assert status == 200, f"{link} answers {status}"
    driver.get(BASES["http"] + "types/no-such-type.html")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    time.sleep(0.3)
    assert not driver.find_elements(By.CSS_SELECTOR, ".did-you-mean"), "Pokémon offered for a missing type page"
    # No name in the address (punctuation, a filter, an escape that is no UTF-8): nothing
    # offered, and the page's own search box still works.
    driver.get_log("browser")
    for odd in ["pokemon/%21%21%21.html", "pokemon/type:fire.html", "pokemon/flab%E9b%E9.html"]:
        driver.get(BASES["http"] + odd)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
        time.sleep(0.3)
        assert not driver.find_elements(By.CSS_SELECTOR, ".did-you-mean"), f"{odd}: Pokémon offered for no name"
        errors = [e for e in console_errors(driver) if "404" not in e["message"]]
        assert not errors, f"{odd}: {errors}"


class EvolutionScan(html.parser.HTMLParser):
    """Reads a page's evolution tree: whether it is laid out wide, and how many branches each
    branching list has (its own items, not those of the lists nested in them)."""
    VOID = {"img", "br", "input", "meta", "link", "source", "hr", "wbr"}

    def __init__(self):
        super().__init__()
        self.stack, self.wide, self.branches, self.stages = [], False, [], 0

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if "evo-tree" in classes:
            self.wide = "is-wide" in classes
        if "evo-stage" in classes:
            self.stages += 1
        if tag == "li" and self.stack and self.stack[-1][1] is not None:
            self.branches[self.stack[-1][1]] += 1
        if tag in self.VOID:
            return
        counter = None
        if tag == "ul" and "evo-next" in classes and "is-branching" in classes:
            counter = len(self.branches)
            self.branches.append(0)
        self.stack.append((tag, counter))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break


@functools.lru_cache(maxsize=None)
def evolution_trees():
    """Every Pokémon page with an evolution tree, read once a run: page -> (wide, branch
    counts of its branching lists, stages)."""
    trees = {}
    for entry in pokemon_entries():
        text = (SITE / entry["page"]).read_text(encoding="utf-8")
        start = text.find('<div class="evo-tree')
        if start < 0:
            continue
        scan = EvolutionScan()
        scan.feed(text[start:text.find("</section>", start)])
        trees[entry["page"]] = (scan.wide, tuple(scan.branches), scan.stages)
    return trees


def widest_branching_page():
    """The Pokémon page whose evolution splits the most ways, and how many."""
    best = (None, 0)
    for page, (_, branches, _) in evolution_trees().items():
        if branches and max(branches) > best[1]:
            best = (page, max(branches))
    return best


@pytest.mark.parametrize("width", [390, 560, 620, 700, 1000, 1280])
def test_many_branches_make_even_rows(driver, width):
    """An evolution that splits seven or eight ways (Eevee's; seven shown by taking one of its
    branches away) is laid out in rows of one length, the last at most one short: not six
    over two on a desktop, nor three, three and one on a small tablet."""
    page, count = widest_branching_page()
    if count < 7:
        pytest.skip(f"{SITE_NAME}: no evolution splits seven ways or more (at most {count})")
    with device_width(driver, width):
        for shown in sorted({count, 7}, reverse=True):
            open_page(driver, "file", page)
            tops = driver.execute_script("""
                var list = document.querySelector('.evo-tree .evo-next.is-branching');
                while (list.children.length > arguments[0]) list.lastElementChild.remove();
                var box = list.getBoundingClientRect();
                return Array.from(list.children).map(function (item) { var r = item.getBoundingClientRect();
                  return [Math.round(r.top), Math.round((r.left + r.right) / 2 - (box.left + box.right) / 2), Math.round(r.width)]; });""", shown)
            assert len(tops) == shown, f"{page}: {len(tops)} branches drawn, {shown} wanted"
            rows = [[t for t, _, _ in tops].count(top) for top in sorted({t for t, _, _ in tops})]
            assert max(rows) - min(rows) <= 1, f"{page} at {width} px: {shown} branches in rows of {rows}"
            # A card alone on the last row sits in the middle, as wide as the others.
            if len(rows) > 1 and rows[-1] == 1:
                _, offset, wide = tops[-1]
                assert abs(offset) <= 2 and abs(wide - tops[0][2]) <= 2, f"{page} at {width} px: the last card {offset} px off the middle, {wide} px wide against {tops[0][2]}"


def test_evolution_arrows_run_straight(driver):
    """On a desktop, where stages run left to right, every card is level with the middle of
    what follows it: Pichu beside Pikachu, who sits between its two Raichu (Pichu was at the
    top, the arrow to Pikachu leaving from empty space)."""
    trees = [(stages, page) for page, (wide, branches, stages) in evolution_trees().items() if not wide and branches]
    if not trees:
        pytest.skip(f"{SITE_NAME}: no evolution branches outside a wide grid")
    page = max(trees)[1]
    with device_width(driver, 1280):
        open_page(driver, "file", page)
        offsets = driver.execute_script("""
            return Array.from(document.querySelectorAll('.evo-tree .evo-stage')).filter(function (stage) {
              return stage.querySelector(':scope > .evo-next');
            }).map(function (stage) {
              var card = stage.querySelector(':scope > .evo-card').getBoundingClientRect();
              var next = stage.querySelector(':scope > .evo-next').getBoundingClientRect();
              return [stage.querySelector('.card-name').textContent, Math.round((card.top + card.bottom) / 2 - (next.top + next.bottom) / 2)];
            });""")
    assert offsets, f"{page}: no stage with a next stage"
    off = [(name, dy) for name, dy in offsets if abs(dy) > 2]
    assert not off, f"{page} at 1280 px: cards off the middle of what follows them by {off} px"
