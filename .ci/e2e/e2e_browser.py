"""What test_site.py and test_search.py share: the site they check (from the environment),
the browser they check it in, and what they both do there: run axe-core, and Tab through a
page. pytest puts this folder on the import path of the tests beside it; the `driver`
fixture is in conftest.py."""
import os
import pathlib

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

SITE = pathlib.Path(os.environ["E2E_SITE_DIR"]).resolve()
SITE_NAME = os.environ.get("E2E_SITE_NAME", SITE.name)
HTTP = os.environ["E2E_SITE_URL"].rstrip("/") + "/"
ARTIFACTS = pathlib.Path(os.environ.get("E2E_ARTIFACTS", "e2e-artifacts"))
BASES = {"file": SITE.as_uri() + "/", "http": HTTP}


def make_driver():
    """Headless Chromium with the browser console kept, 1280x900."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1280,900", "--allow-file-access-from-files"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)

# Tab presses sent in one WebDriver action: a round trip per press (and another to ask
# where the focus went) made the keyboard checks minutes of the gate.
TAB_BATCH = 25


def axe_violations(driver):
    """axe-core's violations on the page as it stands, and the Axe object for its report.

    Only violations are asked for in full (`resultTypes`): axe still runs every rule on
    every node and lists every node that fails, but builds a selector for one node of each
    passing rule instead of all of them, which took 41 of the 46 seconds on the page
    listing every move."""
    axe = Axe(driver)
    axe.inject()
    # The largest pages take axe seconds on a loaded 2-core machine; an earlier test may
    # have left the session's script timeout shorter.
    driver.set_script_timeout(180)
    return axe.run(options='{resultTypes: ["violations"]}')["violations"], axe


def tab_through(driver, controls, presses):
    """Presses Tab from the top of the page, at most `presses` times, until every one of
    `controls` elements marked `data-e2e-control` has had the focus; returns the markers
    that had it. A listener notes where the focus rests as each Tab key comes back up (focus
    moves on the key going down), so Tab goes in batches and the page is asked once per
    batch. Only where a press leaves the focus counts: an element that had it for a moment
    (one that passes it on, or one a script focused) does not."""
    # Every page has links: none found means the selector or the page broke, not a pass.
    assert controls > 0, "the page has no control to reach with Tab"
    driver.execute_script("""
        window.e2eReached = new Set();
        document.addEventListener('keyup', event => {
          if (event.key !== 'Tab') return;
          const focused = document.activeElement;
          const marker = focused && focused.getAttribute('data-e2e-control');
          if (marker !== null) window.e2eReached.add(marker);
        }, true);
        document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);""")
    reached = set()
    sent = 0
    while sent < presses and len(reached) < controls:
        batch = min(TAB_BATCH, presses - sent)
        ActionChains(driver).send_keys(Keys.TAB * batch).perform()
        sent += batch
        reached = set(driver.execute_script("return [...window.e2eReached]"))
    return reached
