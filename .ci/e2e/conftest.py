"""The browser both test files drive: one per test module."""
import pytest

from e2e_browser import make_driver


@pytest.fixture(scope="module")
def driver():
    browser = make_driver()
    yield browser
    browser.quit()
