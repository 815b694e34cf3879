"""Browser checks for search.html, the list's table view and compare.html: real Chromium
through selenium, from file:// and over HTTP, keyboard only, axe-core, console errors.

Run by .ci/e2e/run-search (or by hand) with E2E_SITE_DIR (a site with search.html,
compare.html, search-index.js and search-data.js: the Swift build's, or one that
.ci/e2e/assemble-search-site made) and E2E_SITE_URL (the same folder served on loopback).
"""
import json
import os
import pathlib
import time
import urllib.parse
import warnings

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.support.ui import WebDriverWait

from e2e_browser import ARTIFACTS, BASES, SITE, SITE_NAME, axe_violations, tab_through

SHOTS = pathlib.Path(os.environ.get("SEARCH_SHOTS", ARTIFACTS / "screenshots" / ("search-" + SITE_NAME)))
LIST = "pokedex/index.html"


def wait(driver, test, seconds=10):
    # A click that navigates swaps the page while the condition is polled: an element read
    # from the old page is stale, which means "not yet", not a failure.
    return WebDriverWait(driver, seconds, ignored_exceptions=(StaleElementReferenceException,)).until(test)


def open_page(driver, base, path):
    driver.get(BASES[base] + path)
    wait(driver, lambda d: d.execute_script("return document.readyState") == "complete")
    driver.get_log("browser")  # drain what an earlier page left, so errors are this page's


def settle(driver):
    """Waits until what the page draws in steps (the search results, the list's table) is whole.

    Both draw a screenful, then the rest in idle time, and mark the container data-complete
    when done. Counting controls (or running axe) before that races the drawing: on a slow
    machine a CI run counted the footer's links while rows were still arriving before them.
    """
    wait(driver, lambda d: d.execute_script(
        "return !document.querySelector('#results:not([data-complete]), table.list-table > tbody:not([data-complete])')"))


def console_errors(driver):
    return [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]


def query_of(driver):
    return urllib.parse.parse_qs(urllib.parse.urlparse(driver.current_url).query)


def results(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#results a.result-link")


def result_names(driver):
    return [a.find_element(By.CSS_SELECTOR, ".result-name").text for a in results(driver)]


def type_query(driver, text):
    box = driver.find_element(By.ID, "q")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    if text:
        box.send_keys(text)
    wait(driver, lambda d: d.execute_script("return document.getElementById('results').hasAttribute('data-complete')"))


def pokedex_rows():
    data = json.loads((SITE / "pokedex.json").read_text())
    return data["pokemon"] if isinstance(data, dict) else data


@pytest.mark.parametrize("base", ["file", "http"])
def test_search_page_reads_and_writes_the_address(driver, base):
    open_page(driver, base, "search.html?q=type:dragon+gen:4")
    assert driver.find_element(By.ID, "q").get_attribute("value") == "type:dragon gen:4"
    settle(driver)  # the count below is of every row, not the first screenful
    names = result_names(driver)
    assert "Garchomp" in names and "Dialga" in names
    assert "Dragonite" not in names, "gen:4 keeps generation I out"
    count = driver.find_element(By.ID, "result-count")
    assert count.get_attribute("role") == "status" and count.get_attribute("aria-live") == "polite"
    assert str(len(results(driver))) in count.text
    type_query(driver, "origin giratina")
    wait(driver, lambda d: query_of(d).get("q") == ["origin giratina"])  # written a moment after the last key
    assert result_names(driver) == ["Origin Giratina"]
    # The address round trip: reload the written address, same answer.
    driver.get(driver.current_url)
    wait(driver, lambda d: d.execute_script("return document.getElementById('results').hasAttribute('data-complete')"))
    assert driver.find_element(By.ID, "q").get_attribute("value") == "origin giratina"
    assert result_names(driver) == ["Origin Giratina"]
    assert not console_errors(driver)


@pytest.mark.parametrize("base", ["file", "http"])
def test_every_match_is_a_link_and_the_count_is_announced(driver, base):
    open_page(driver, base, "search.html")
    type_query(driver, "is:form")
    links = results(driver)
    assert len(links) > 0
    count = driver.find_element(By.ID, "result-count").text
    assert count.startswith(str(len(links))), (count, len(links))
    assert all(a.get_attribute("href") for a in links)
    type_query(driver, "")
    assert not results(driver) and driver.find_element(By.CSS_SELECTOR, ".query-help").get_attribute("open") is not None, \
        "an empty query shows the help"


def test_queries_explain_themselves(driver):
    open_page(driver, "file", "search.html?q=type:fire+type:fairy+gen:1")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".result-empty"))
    text = driver.find_element(By.CSS_SELECTOR, ".result-empty").text
    assert "Fire" in text and "Fairy" in text and "generation 1" in text, text
    type_query(driver, "ability:levitte")
    note = driver.find_element(By.CSS_SELECTOR, ".query-error")
    assert "Levitate" in note.text, note.text
    note.find_element(By.LINK_TEXT, "Levitate").click()
    wait(driver, lambda d: d.find_element(By.ID, "q").get_attribute("value") == "ability:levitate")
    wait(driver, lambda d: "Misdreavus" in result_names(d))
    type_query(driver, "prankster, thunder wave")
    readings = [p.text for p in driver.find_elements(By.CSS_SELECTOR, ".query-reading")]
    assert len(readings) == 2, readings
    type_query(driver, "thunder")
    # Moves, abilities and items named so are filled a step after the Pokémon.
    wait(driver, lambda d: "Thunderbolt" in d.find_element(By.ID, "other-results").text)
    others = driver.find_element(By.ID, "other-results")
    assert others.is_displayed()
    # The move's name opens its own page (which the build wrote); the filter is one link over.
    page = others.find_element(By.LINK_TEXT, "Thunderbolt").get_attribute("href")
    assert page.endswith("moves/thunderbolt.html"), page
    assert not console_errors(driver)
    driver.get(page)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "h1") and "Thunderbolt" in d.find_element(By.CSS_SELECTOR, "h1").text)


def test_a_query_cleared_at_once_leaves_nothing_behind(driver):
    """The other results and the title come a step after the rows: a query cleared before that
    step must not get them back (they once came back over the help)."""
    open_page(driver, "file", "search.html")
    title = driver.title
    state = driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1], q = document.getElementById('q');
        q.value = 'thunder'; q.dispatchEvent(new Event('input'));
        q.value = ''; q.dispatchEvent(new Event('input'));
        // Timers of the same delay run in the order they were set: this one runs after the
        // step the first query left, if one is left.
        setTimeout(() => done({ hidden: document.getElementById('other-results').hidden, title: document.title }), 0);
        """)
    assert state == {"hidden": True, "title": title}, state


def test_sort_shows_the_stat(driver):
    open_page(driver, "http", "search.html?q=type:dragon+sort:spe")
    wait(driver, lambda d: results(d))
    stats = [int(s.text.split()[-1]) for s in driver.find_elements(By.CSS_SELECTOR, "#results .result-stat")]
    assert stats and stats == sorted(stats, reverse=True)


WHOLE = ("contain", "scale-down")
FITS = "return Array.from(document.querySelectorAll(arguments[0])).map(i => getComputedStyle(i).objectFit)"


def test_drawn_emblems_show_whole_in_every_list(driver):
    # A box sprite is shown cropped to where the Pokémon stands; an emblem (drawn for a Pokémon
    # the data has no picture of) is a disc of 84 px that must be scaled into the 40 px box,
    # not cropped to its bottom middle.
    emblems = [row for row in pokedex_rows() if row.get("sprite", "").startswith("emblems/")]
    if not emblems:
        pytest.skip(f"{SITE_NAME}: every Pokémon has a picture, no emblem is drawn")
    name = emblems[0]["name"]
    open_page(driver, "http", "search.html?q=" + urllib.parse.quote(f'"{name}"'))
    settle(driver)
    fits = driver.execute_script(FITS, "#results img.is-emblem")
    assert fits and all(fit in WHOLE for fit in fits), (name, fits)
    open_page(driver, "http", "index.html")  # the header's box (search.html has its own)
    box = driver.find_element(By.ID, "site-search")
    box.send_keys(name)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results img.is-emblem"))
    fits = driver.execute_script(FITS, ".search-results img.is-emblem")
    assert all(fit in WHOLE for fit in fits), (name, fits)
    # The table lists one row per species (its default form), drawn whole once settled.
    open_page(driver, "http", LIST + "?view=table")
    settle(driver)
    fits = driver.execute_script(FITS, "#list-table img.is-emblem")
    if not fits:  # said in pytest's summary, which a print on a passing test is not
        warnings.warn(f"{SITE_NAME}: no species' default form is drawn as an emblem; the table's rule is unchecked")
    assert all(fit in WHOLE for fit in fits), fits


@pytest.mark.parametrize("base", ["file", "http"])
def test_keyboard_only(driver, base):
    open_page(driver, base, "index.html")
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys("/")
    assert driver.switch_to.active_element.get_attribute("id") == "site-search", "/ focuses the header box"
    driver.switch_to.active_element.send_keys("type:electric" + Keys.ENTER)
    wait(driver, lambda d: "search.html" in d.current_url)
    wait(driver, lambda d: results(d))
    assert query_of(driver)["q"] == ["type:electric"]
    ActionChains(driver).send_keys("/").perform()
    assert driver.switch_to.active_element.get_attribute("id") == "q", "/ focuses the page's box"
    ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
    first = driver.switch_to.active_element
    assert first.get_attribute("class") == "result-link"
    ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
    second = driver.switch_to.active_element
    assert second.get_attribute("href") == results(driver)[1].get_attribute("href")
    ActionChains(driver).send_keys(Keys.ARROW_UP).perform()
    assert driver.switch_to.active_element.get_attribute("href") == first.get_attribute("href")
    target = first.get_attribute("href")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait(driver, lambda d: d.current_url.split("?")[0] == target.split("?")[0])
    assert not console_errors(driver)


def test_header_box_on_every_page(driver):
    open_page(driver, "http", "index.html")
    box = driver.find_element(By.ID, "site-search")
    box.send_keys("pika")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".search-results a"))
    links = [a.text for a in driver.find_elements(By.CSS_SELECTOR, ".search-results a")]
    assert "Pikachu" in links[0]
    assert "pika" in links[-1], "the last link opens the search page for the query"
    box.send_keys(Keys.ENTER)
    wait(driver, lambda d: "search.html" in d.current_url)
    assert query_of(driver)["q"] == ["pika"]


def test_search_page_header_keeps_its_place(driver):
    """The search page hides the header's box (it has its own): the header's last control
    (the theme switch, or the language switch beside it) still ends at the header's right
    edge, where every other page has it."""
    def controls_right(page):
        open_page(driver, "file", page)
        return driver.execute_script("""return Math.max.apply(null, Array.from(
            document.querySelectorAll('.site-header .theme-switch, .site-header .lang-switch')).map(function (control) {
              return control.getBoundingClientRect().right; }));""")
    home, search = controls_right("index.html"), controls_right("search.html?q=fire")
    assert abs(home - search) <= 1, f"the header's controls end at x {search} on search.html, at {home} on the home page"


@pytest.mark.parametrize("base", ["file", "http"])
def test_list_table_sort_and_filters_live_in_the_address(driver, base):
    open_page(driver, base, LIST)
    tools = driver.find_element(By.ID, "list-tools")
    assert tools.is_displayed()
    tools.find_element(By.CSS_SELECTOR, '[data-view="table"]').click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#list-table tbody tr"))
    assert query_of(driver)["view"] == ["table"]
    tools.find_element(By.CSS_SELECTOR, '.list-types [data-type="dragon"]').click()
    tools.find_element(By.CSS_SELECTOR, '.list-types [data-type="flying"]').click()
    wait(driver, lambda d: query_of(d).get("type") == ["dragon,flying"])
    settle(driver)
    rows = driver.find_elements(By.CSS_SELECTOR, "#list-table tbody tr")
    assert rows and all("Dragon" in r.text and "Flying" in r.text for r in rows)
    header = driver.find_element(By.CSS_SELECTOR, '#list-table button[data-sort="spe"]')
    header.click()
    wait(driver, lambda d: query_of(d).get("sort") == ["spe"])
    settle(driver)
    th = driver.find_element(By.CSS_SELECTOR, "#list-table th.col-spe")
    assert th.get_attribute("aria-sort") == "descending"
    speeds = [int(td.text) for td in driver.find_elements(By.CSS_SELECTOR, "#list-table tbody td:nth-child(10)")]
    assert speeds == sorted(speeds, reverse=True)
    driver.find_element(By.CSS_SELECTOR, '#list-table button[data-sort="spe"]').click()
    wait(driver, lambda d: query_of(d).get("dir") == ["asc"])
    settle(driver)
    speeds = [int(td.text) for td in driver.find_elements(By.CSS_SELECTOR, "#list-table tbody td:nth-child(10)")]
    assert speeds == sorted(speeds)
    # The address alone brings the same view back.
    address = driver.current_url
    driver.get(address)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#list-table tbody tr"))
    settle(driver)
    assert [int(td.text) for td in driver.find_elements(By.CSS_SELECTOR, "#list-table tbody td:nth-child(10)")] == speeds
    assert driver.find_element(By.CSS_SELECTOR, '.list-types [data-type="dragon"]').get_attribute("aria-pressed") == "true"
    assert not console_errors(driver)


def test_list_pager_follows_the_filter(driver):
    open_page(driver, "file", LIST)
    server_pager = driver.find_elements(By.CSS_SELECTOR, ".pager:not(#list-pager)")
    driver.find_element(By.CSS_SELECTOR, '.list-types [data-type="ice"]').click()
    wait(driver, lambda d: query_of(d).get("type") == ["ice"])
    assert all(not p.is_displayed() for p in server_pager), "the server's pager would say 1 / N of the whole list"
    cards = driver.find_elements(By.CSS_SELECTOR, ".js-list .card")
    assert cards and all("ice" in c.get_attribute("data-types").split() for c in cards)
    pager = driver.find_element(By.ID, "list-pager")
    assert not pager.is_displayed() or "Page 1 of" in pager.text
    if not pager.is_displayed():
        assert driver.find_element(By.CSS_SELECTOR, ".summary").text.startswith(str(len(cards)))
    driver.find_element(By.CSS_SELECTOR, "#list-gen option[value='1']").click()
    wait(driver, lambda d: query_of(d).get("gen") == ["1"])
    driver.find_element(By.CSS_SELECTOR, ".list-clear").click()
    wait(driver, lambda d: "type" not in query_of(d) and "gen" not in query_of(d))
    assert all(p.is_displayed() for p in server_pager)


BEST_CONTRAST = """
function rgb(text) { var m = text.match(/[\\d.]+/g).map(Number); return m.length > 3 ? m : m.concat([1]); }
function lum(c) { return [0, 1, 2].map(function (i) { var v = c[i] / 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
  .reduce(function (sum, v, i) { return sum + v * [0.2126, 0.7152, 0.0722][i]; }, 0); }
function behind(node) {
  for (; node; node = node.parentElement) { var c = rgb(getComputedStyle(node).backgroundColor); if (c[3] >= 1) return c; }
  return [255, 255, 255, 1];
}
return Array.from(document.querySelectorAll('.is-best .stat-number')).map(function (number) {
  var a = lum(rgb(getComputedStyle(number).color)), b = lum(behind(number));
  return {text: number.textContent, ratio: Math.round((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) * 100) / 100};
});
"""


@pytest.mark.parametrize("base", ["file", "http"])
def test_compare_page(driver, base):
    open_page(driver, base, "compare.html?p=garchomp,salamence,dragonite")
    wait(driver, lambda d: d.find_elements(By.ID, "compare-stats"))
    heads = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".compare-head .card-name")]
    assert heads == ["Garchomp", "Salamence", "Dragonite"]
    assert "Comparing 3" in driver.find_element(By.ID, "compare-status").text
    stats = driver.find_element(By.ID, "compare-stats").text
    assert "108" in stats and "Speed" in stats
    defenses = driver.find_elements(By.CSS_SELECTOR, "#compare-defenses tbody tr")
    assert len(defenses) == len(json.loads((SITE / "search-data.js").read_text().split("=", 1)[1].rstrip().rstrip(";"))["types"])
    assert "is-different" in defenses[0].get_attribute("class"), "differences come first"
    # Rows alike for all recede, but each row's type badge is drawn whole: white on its
    # colour, never faded under 3:1 by an opacity on the row.
    faded = driver.execute_script("""
        return Array.from(document.querySelectorAll('#compare-defenses tbody tr')).filter(function (row) {
          var badge = row.querySelector('.type'), opacity = 1;
          for (var node = badge; node; node = node.parentElement) opacity *= parseFloat(getComputedStyle(node).opacity);
          return opacity < 1;
        }).map(function (row) { return row.className + ': ' + row.textContent; });""")
    assert any("is-same" in d.get_attribute("class") for d in defenses), "no row alike for all three to check"
    assert not faded, f"type badges drawn faded: {faded}"
    # Of the rows alike, the plain 1x ones recede; a weakness all three share stays whole.
    alike = driver.execute_script("""
        return Array.from(document.querySelectorAll('#compare-defenses tr.is-same td.mult')).map(function (cell) {
          return [cell.className, parseFloat(getComputedStyle(cell).opacity)]; });""")
    assert any("is-neutral" in c and o < 1 for c, o in alike), f"no plain row recedes: {alike}"
    shared = [(c, o) for c, o in alike if "is-neutral" not in c]
    assert shared, "no weakness or resistance shared by all three to check"
    assert all(o == 1 for _, o in shared), f"a shared weakness or resistance faded: {shared}"
    assert driver.find_elements(By.CSS_SELECTOR, "#compare-moves .move-chip")
    # Each best stat is said in its Pokémon's colour, readable (4.5:1) on what is behind it.
    best = driver.execute_script(BEST_CONTRAST)
    assert best, "no best stat marked"
    low = [b for b in best if b["ratio"] < 4.5]
    assert not low, f"best stats under 4.5:1: {low}"
    # Remove one, add one back by name: the address follows.
    driver.find_element(By.CSS_SELECTOR, '.compare-remove[aria-label="Remove Salamence"]').click()
    wait(driver, lambda d: query_of(d)["p"] == ["garchomp,dragonite"])
    box = driver.find_element(By.ID, "compare-input")
    box.send_keys("Flygon" + Keys.ENTER)
    wait(driver, lambda d: query_of(d)["p"] == ["garchomp,dragonite,flygon"])
    assert not console_errors(driver)


def test_compare_fits_a_phone(driver):
    """Three Pokémon on a 390 px phone: the stats and defenses tables fit (each stat named short,
    "SpA", its full name still there for screen readers); on a desktop the names are whole."""
    for width, short in ((390, True), (1280, False)):
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": width < 600})
        try:
            open_page(driver, "http", "compare.html?p=garchomp,salamence,dragonite")
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#compare-stats tbody th"))
            shown = driver.execute_script("""
                const boxes = [...document.querySelectorAll('#compare-stats .table-scroll, #compare-defenses .table-scroll')];
                const box = { scrollWidth: Math.max(...boxes.map(b => b.scrollWidth - b.clientWidth)), clientWidth: 0 };
                const heads = [...document.querySelectorAll('#compare-stats tbody th')];
                const seen = h => [...h.children].filter(c => c.getBoundingClientRect().width > 1).map(c => c.textContent).join('');
                return { over: box.scrollWidth - box.clientWidth, seen: heads.map(seen),
                         full: heads.map(h => (h.querySelector('.stat-long') || h).textContent) };""")
        finally:
            driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        assert shown["over"] <= 1, f"at {width} px a table (stats, defenses) scrolls sideways by {shown['over']} px"
        assert "Speed" in shown["full"] and "Special Attack" in shown["full"], shown
        if short:
            assert "SpA" in shown["seen"] and "Special Attack" not in shown["seen"], f"at {width} px: {shown['seen']}"
        else:
            assert "Special Attack" in shown["seen"], f"at {width} px: {shown['seen']}"


def test_compare_reached_from_detail_and_results(driver):
    page = next(r["page"] for r in pokedex_rows() if r["slug"] == "garchomp")
    open_page(driver, "file", page)
    driver.find_element(By.CSS_SELECTOR, "a.compare-link").click()
    wait(driver, lambda d: "compare.html" in d.current_url and query_of(d)["p"] == ["garchomp"])
    open_page(driver, "file", "search.html?q=type:dragon+is:fe+-is:form")
    wait(driver, lambda d: results(d))
    boxes = driver.find_elements(By.CSS_SELECTOR, "#results .result-compare input")
    boxes[0].click()
    boxes[1].click()
    tray = driver.find_element(By.ID, "compare-tray")
    assert tray.is_displayed()
    tray.find_element(By.CSS_SELECTOR, ".compare-go").click()
    wait(driver, lambda d: "compare.html" in d.current_url and d.find_elements(By.ID, "compare-stats"))
    assert len(query_of(driver)["p"][0].split(",")) == 2


ARROW_OVER_BOXES = """
var label = document.getElementById('compare-boxes'), box = document.querySelector('#results .result-compare');
var text = label.firstChild, range = document.createRange();
range.selectNodeContents(label);
var all = range.getBoundingClientRect(), column = box.getBoundingClientRect();
// The arrow is drawn by ::after: the label's text ends where it begins.
range.selectNodeContents(text);
var word = range.getBoundingClientRect(), style = getComputedStyle(label, '::after');
return {arrowFrom: word.right, arrowTo: label.getBoundingClientRect().right - parseFloat(getComputedStyle(label).paddingRight),
        columnLeft: column.left, columnRight: column.right, labelBottom: all.bottom, columnTop: column.top, after: style.content};
"""


@pytest.mark.parametrize("query", ["type:dragon+is:fe+-is:form", "fire"])
def test_the_boxes_column_is_named(driver, query):
    """Above the results' boxes, "Compare ↓", its arrow over them: beside the other results
    (types, moves... a word names) too; gone when a query finds no Pokémon."""
    open_page(driver, "file", "search.html?q=" + query)
    wait(driver, lambda d: results(d))
    settle(driver)
    label = driver.find_element(By.ID, "compare-boxes")
    assert label.is_displayed() and label.text.strip()
    at = driver.execute_script(ARROW_OVER_BOXES)
    assert at["columnLeft"] <= at["arrowFrom"] and at["arrowTo"] <= at["columnRight"], f"{query}: the arrow is not over the boxes ({at})"
    assert at["labelBottom"] <= at["columnTop"] + 1, f"{query}: the label is not above the boxes ({at})"
    type_query(driver, "zzqqxxj")
    assert not results(driver)
    assert not label.is_displayed(), "a query with no Pokémon still names the boxes' column"


@pytest.mark.parametrize("path", ["search.html?q=type:dragon", LIST + "?view=table&type=fire", "compare.html?p=garchomp,salamence",
                                  "pokemon/pikachu.html", "index.html"])
def test_no_console_errors_and_csp_holds(driver, path):
    for base in ("file", "http"):
        open_page(driver, base, path)
        settle(driver)
        time.sleep(0.3)
        assert not console_errors(driver), f"{base}:{path}: {console_errors(driver)}"
        csp = driver.find_elements(By.CSS_SELECTOR, 'meta[http-equiv="Content-Security-Policy"]')
        assert csp and "script-src 'self'" in csp[0].get_attribute("content")
        # A sprite's size and a bar's length (img, td, span), and the header's height on the
        # root (site.js: --header-h), are set by scripts; nothing else carries a style.
        styled = driver.execute_script("""
            return Array.from(document.querySelectorAll('[style]:not(img):not(td):not(span)'))
                .filter(e => Array.from(e.style).some(name => !name.startsWith('--')))
                .map(e => e.tagName + ' ' + e.getAttribute('style'));""")
        assert not styled, f"only script-set custom properties may carry a style: {styled}"


@pytest.mark.parametrize("path", ["search.html?q=type:dragon+sort:spe", "search.html?q=thunder", LIST + "?view=table&type=dragon",
                                  LIST + "?type=fire", "compare.html?p=garchomp,salamence,dragonite"])
def test_axe_finds_no_serious_violation(driver, path):
    open_page(driver, "http", path)
    settle(driver)
    violations, axe = axe_violations(driver)
    serious = [v for v in violations if v.get("impact") in ("serious", "critical")]
    assert not serious, f"axe on {path}:\n" + axe.report(serious)


@pytest.mark.parametrize("path", ["search.html?q=gen:1+type:water", LIST + "?view=table", "compare.html?p=garchomp,salamence"])
def test_tab_reaches_every_control(driver, path):
    open_page(driver, "file", path)
    settle(driver)
    controls = driver.execute_script(
        """
        const selector = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]),'
          + ' select:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
        // A closed <details> hides its content with content-visibility, which keeps boxes:
        // checkVisibility() says what a person can see and reach.
        const visible = e => { if (e.checkVisibility && !e.checkVisibility({ visibilityProperty: true })) return false;
          const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
          return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
        // A closed <details> keeps its content laid out but out of the Tab order.
        const shown = e => e.tagName === 'SUMMARY' || !e.closest('details:not([open])');
        const all = [...document.querySelectorAll(selector)].filter(visible).filter(shown);
        all.forEach((e, i) => e.setAttribute('data-e2e-control', String(i)));
        return all.length;
        """)
    # Every control to the page's footer; room for tab stops the selector does not count
    # (a scrolling box).
    reached = tab_through(driver, controls, controls + 40)
    assert len(reached) == controls, f"{path}: Tab reached {len(reached)} of {controls}"


SHOT_PAGES = {"search": "search.html?q=type:dragon+sort:spe", "list-table": LIST + "?view=table&type=dragon",
              "compare": "compare.html?p=garchomp,salamence,dragonite"}


@pytest.mark.parametrize("name", list(SHOT_PAGES))
def test_screenshots(driver, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height, label in ((390, 844, "phone"), (1280, 900, "desktop")):
        for scheme in ("light", "dark"):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": label == "phone"})
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            open_page(driver, "file", SHOT_PAGES[name])
            settle(driver)
            time.sleep(0.2)
            target = SHOTS / f"{name}-{label}-{scheme}.png"
            driver.save_screenshot(str(target))
            assert target.stat().st_size > 1000
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
