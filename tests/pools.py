"""Run a test module against both pools: the service's own browsers, and remote sessions on a Selenium Grid.

    from tests.pools import service_on_both_pools  # noqa: F401 - every test of the module runs twice

The fixture takes the name `service` for that module, so `pro`, `free` and the rest follow it.
"""

from __future__ import annotations

import pytest

from tests.conftest import Service


@pytest.fixture(scope="module", params=["local", "grid"], name="service")
def service_on_both_pools(request: pytest.FixtureRequest, service: Service) -> Service:
    """The session's service, or the one whose browsers are on the Grid (grid_url)."""
    if request.param == "local":
        return service
    grid_service: Service = request.getfixturevalue("grid_service")
    return grid_service


@pytest.fixture(scope="module", params=["local", "grid", "remote"], name="service")
def service_on_every_pool(request: pytest.FixtureRequest, service: Service) -> Service:
    """As `service_on_both_pools`, and a third time with the Grid's node on another host (`remote_grid_service`:
    a network namespace of its own, the lanes on a non-loopback address)."""
    if request.param == "local":
        return service
    other: Service = request.getfixturevalue("grid_service" if request.param == "grid" else "remote_grid_service")
    return other
