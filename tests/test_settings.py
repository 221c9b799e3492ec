"""Settings: TOML file, CAPTURE_* variables over it, and errors that name the setting."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.browser.chromium import HEADLESS_FLAG, chrome_options
from engine.operations import settings as settings_module
from engine.operations.settings import Settings, SettingsError, load_settings
from tests.conftest import ROOT


def test_variables_override_the_file_and_take_the_default_type(tmp_path: Path) -> None:
    config = tmp_path / "capture.toml"
    config.write_text('pool_size = 3\nchromium_nice = 5\nlisten = "127.0.0.1:9000"\n')
    settings = load_settings(config, {"CAPTURE_POOL_SIZE": "4", "CAPTURE_EGRESS_ALLOWLIST_ONLY": "yes"})
    assert (settings.pool_size, settings.chromium_nice, settings.listen) == (4, 5, "127.0.0.1:9000")
    assert settings.egress_allowlist_only is True
    assert load_settings(None, {}) == Settings()


@pytest.mark.parametrize(("environ", "named"), [
    ({"CAPTURE_CHROMIUM_NICE": "-21"}, "chromium_nice"),
    ({"CAPTURE_CHROMIUM_NICE": "20"}, "chromium_nice"),
    ({"CAPTURE_POOL_SIZE": "two"}, "pool_size"),
])
def test_a_bad_value_is_refused_with_the_setting_named(environ: dict[str, str], named: str) -> None:
    with pytest.raises(SettingsError, match=named):
        load_settings(None, environ)


def test_an_unknown_key_in_the_file_is_refused(tmp_path: Path) -> None:
    config = tmp_path / "capture.toml"
    config.write_text("pool_sise = 3\n")
    with pytest.raises(SettingsError, match="unknown settings: pool_sise"):
        load_settings(config, {})


def test_chromium_is_the_headless_shell_where_it_is_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shell = tmp_path / "chromium-headless-shell"
    monkeypatch.setattr(settings_module, "HEADLESS_SHELL", shell)
    assert Settings().chromium_path == settings_module.FULL_CHROMIUM  # not installed: the full browser
    shell.touch()
    assert Settings().chromium_path == shell
    chosen = load_settings(None, {"CAPTURE_CHROMIUM_PATH": "/usr/bin/chromium"})
    assert chosen.chromium_path == Path("/usr/bin/chromium")
    assert Settings().grid_chromium_path == settings_module.FULL_CHROMIUM  # a Grid node's binary is the node's own


@pytest.mark.parametrize("binary", ["/usr/lib/chromium/chromium-headless-shell", "/opt/chrome/chrome-headless-shell"])
def test_the_headless_shell_is_asked_for_by_name_and_needs_no_headless_flag(binary: str) -> None:
    options = chrome_options(Path(binary), ("--user-data-dir=/x",))
    assert options.to_capabilities()["browserName"] == "chrome-headless-shell"
    assert HEADLESS_FLAG not in options.arguments
    assert "--user-data-dir=/x" in options.arguments
    full = chrome_options(Path("/usr/bin/chromium"), ())
    assert full.to_capabilities()["browserName"] == "chrome"
    assert HEADLESS_FLAG in full.arguments


def test_an_https_public_url_without_trusted_proxies_is_warned_about(tmp_path: Path,
                                                                     caplog: pytest.LogCaptureFixture) -> None:
    """Issue 52 item 10: behind a proxy, every free caller is the proxy's address unless trusted_proxies says so;
    deploy/capture.toml shows the setting, and uncommented it is read."""
    from api.cli.startup import warn_about

    with caplog.at_level("WARNING"):
        warn_about(Settings(public_url="https://capture.example.com"))
    assert any("trusted_proxies" in record.getMessage() for record in caplog.records)
    caplog.clear()
    deployed = (ROOT / "deploy" / "capture.toml").read_text()
    line = next(line for line in deployed.splitlines() if line.startswith("# trusted_proxies"))
    config = tmp_path / "capture.toml"
    config.write_text('public_url = "https://capture.example.com"\n' + line.removeprefix("# ") + "\n")
    with caplog.at_level("WARNING"):
        warn_about(load_settings(config, {}))
    assert not any("trusted_proxies" in record.getMessage() for record in caplog.records)
