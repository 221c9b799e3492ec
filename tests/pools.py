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
