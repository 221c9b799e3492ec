"""Settings: TOML file, CAPTURE_* variables over it, and errors that name the setting."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.operations.settings import Settings, SettingsError, load_settings


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
