"""The unprivileged user Chromium runs as when the service may switch users, the environment it is given and the
profile directory it makes itself."""

from __future__ import annotations

import os
import pwd
import secrets
import tempfile
from dataclasses import dataclass
from pathlib import Path

from engine.browser.privileges import can_switch_users, drop_capabilities, run_as


def running_as_root() -> bool:
    return os.geteuid() == 0


class BrowserUserMissing(Exception):
    """The service may switch users (root, or the unit's capabilities) and Chromium's user does not exist."""


@dataclass(frozen=True)
class BrowserAccount:
    """The unprivileged user chromedriver and Chromium run as when the service may switch users: as root, or
    under the systemd unit with CAP_SETUID and CAP_SETGID (engine.browser.privileges).

    Chromium's sandbox needs an unprivileged user: as root it refuses to start
    without --no-sandbox, and then a renderer exploit owns the host. Apart from
    the service's own user, a browser that escaped its sandbox still cannot read
    the data directory's secrets.
    """

    name: str
    uid: int
    gid: int

    @classmethod
    def for_service(cls, name: str) -> BrowserAccount | None:
        """The account to drop to, or None when the service cannot switch users (Chromium runs as the service)."""
        if not can_switch_users():
            return None
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            raise BrowserUserMissing(
                f"the service may switch users, and Chromium must run as the unprivileged user {name!r}, which "
                f"does not exist: create it (./bootstrap.sh does: useradd --system --user-group --no-create-home "
                f"--shell /usr/sbin/nologin {name}), set chromium_user, or run the service unprivileged") from None
        if entry.pw_uid == 0:
            raise BrowserUserMissing(f"chromium_user {name!r} is root; Chromium needs an unprivileged user")
        return cls(name, entry.pw_uid, entry.pw_gid)


# What the driver and the browser see of our environment: never the CAPTURE_* settings (payload keys among them).
_PASSED_ENVIRONMENT = ("PATH", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "HOME")


def browser_environment(home: str | None) -> dict[str, str]:
    env = {name: os.environ[name] for name in _PASSED_ENVIRONMENT if name in os.environ}
    if home is not None:
        env["HOME"] = home  # the account has no home of its own; Chromium keeps its few files beside the profile
    return env


class OwnProfile:
    """A profile directory the browser user makes itself, when the service is not root and so cannot hand
    it one (no CAP_CHOWN): a new name in the temporary directory, made by `make` in the forked child after
    its switch to the account (mkdir never follows a name planted there before), removed as the account."""

    def __init__(self, account: BrowserAccount) -> None:
        self.account = account
        self.name = str(Path(tempfile.gettempdir()) / f"capture-chromium-{secrets.token_hex(8)}")

    def make(self) -> None:
        drop_capabilities()
        os.mkdir(self.name, 0o700)

    def cleanup(self) -> None:
        run_as(self.account.uid, self.account.gid, "rm", "-rf", "--", self.name)
