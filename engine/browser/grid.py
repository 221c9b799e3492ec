"""A Selenium Grid's side of a remote Chromium: a session on the Grid, its CDP endpoint reached at the Grid's own
address."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from selenium.webdriver.chrome.options import Options as ChromeOptions
from selenium.webdriver.remote.client_config import ClientConfig
from selenium.webdriver.remote.webdriver import WebDriver as Remote


def open_grid_session(grid_url: str, options: ChromeOptions, timeout_s: int) -> tuple[Remote, str]:
    """A new session on the Grid at `grid_url` and its DevTools address, through the Grid's own CDP endpoint
    (`se:cdp`); GridWithoutCdp when the Grid gives none. Blocking: the pool runs it in a thread."""
    config = ClientConfig(grid_url, timeout=timeout_s)
    driver = Remote(command_executor=grid_url, options=options, client_config=config)
    cdp_url = driver.capabilities.get("se:cdp")
    if not cdp_url:
        driver.quit()
        raise GridWithoutCdp(f"the Grid at {grid_url} gave a session without se:cdp (Selenium Grid 4 "
                             "with a Chromium node is needed)")
    return driver, grid_cdp_url(grid_url, cdp_url)


def grid_cdp_url(grid_url: str, se_cdp: str) -> str:
    """The session's se:cdp path at grid_url's address. A Grid reports its endpoint under the address it
    thinks it has (by default an interface address and port 4444, whatever it listens on), which the
    control host may not reach, or must not: only grid_url is the operator's word."""
    grid, cdp = urlsplit(grid_url), urlsplit(se_cdp)
    return urlunsplit(("wss" if grid.scheme == "https" else "ws", grid.netloc, cdp.path, cdp.query, ""))


class GridWithoutCdp(Exception):
    """The Grid's session has no CDP endpoint: the pool cannot drive it."""
