"""What every browser test does with a served notebook: open it and wait for its widgets, and
read a value once it has settled (widgets update asynchronously, through the kernel)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest


def open_app(page, url: str, selectors, *, screenshot: Path, log: Path, timeout_ms: int, what: str) -> None:
    """Go to ``url`` and wait until every selector is there; else fail with a screenshot.

    ``selectors``: CSS selectors that must be visible, or ``(selector, state)`` pairs
    (``state="attached"`` for hidden widgets)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    page.goto(url, wait_until="domcontentloaded", timeout=timeout_ms)
    try:
        for item in selectors:
            selector, state = (item, "visible") if isinstance(item, str) else item
            page.wait_for_selector(selector, state=state, timeout=timeout_ms)
        return
    except PlaywrightTimeoutError:
        page.screenshot(path=screenshot, full_page=True)
    pytest.fail(f"{what} did not appear within {timeout_ms / 1000:.0f} s; see {screenshot} and {log}", pytrace=False)


def settled(read, quiet_s: float = 1.0, limit_s: float = 10.0):
    """``read()`` once it has not changed for ``quiet_s`` seconds (or after ``limit_s``)."""
    value, since, start = read(), time.monotonic(), time.monotonic()
    while time.monotonic() - since < quiet_s and time.monotonic() - start < limit_s:
        time.sleep(0.1)
        now = read()
        if now != value:
            value, since = now, time.monotonic()
    return value


def settled_text(locator, quiet_s: float = 1.0, limit_s: float = 10.0) -> str:
    """The locator's text once it has not changed for ``quiet_s`` seconds (or after ``limit_s``)."""
    return settled(locator.inner_text, quiet_s, limit_s)
