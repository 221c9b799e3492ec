"""What of a free text may be written down: URLs without userinfo, query or fragment, secrets masked.

Error messages name URLs (`could not load http://u:pw@host/p?token=…`), and a URL's userinfo and query
often are credentials: signed links, tokens, passwords. `redact` is applied to every log line (engine.operations.logs)
and to every free text an event keeps (a job's error message; the whole one is sealed beside it). Secrets
are masked by their prefix: API keys (`cap_`), webhook secrets (`whsec_`), render-link signing secrets
(`rsk_`); ids with the same prefixes (`cap_` and 20 hex digits) are shorter and stay.
"""

from __future__ import annotations

import re

# The prefixes of engine.records.keys.KEY_PREFIX, engine.records.webhooks.SECRET_PREFIX and
# engine.records.render_links.SECRET_PREFIX (tests/test_logs.py pins that they are all here;
# importing them would pull pydantic into the log setup).
SECRET_PREFIXES = ("cap_", "whsec_", "rsk_")
_SCHEME = r"\b[a-zA-Z][a-zA-Z0-9+.-]*://"
# userinfo ends at the last `@` before the host's end (`/`, `?`, `#`, `\`), as browsers split it
_USERINFO = re.compile(rf"({_SCHEME})[^\s/?#\\\"'<>@]*(?:@[^\s/?#\\\"'<>@]*)*@")
_URL_TAIL = re.compile(rf"({_SCHEME}[^\s?#\"'<>]*)[?#][^\s\"'<>]*")
# a relative reference's query (`/api/render/…?url=…`): a path, then `?name=`
_PATH_QUERY = re.compile(r"((?:^|(?<=[\s\"'(=]))/[^\s?#\"'<>]*)\?[^\s\"'<>=]*=[^\s\"'<>]*")
_SECRETS = re.compile(rf"\b({'|'.join(p.removesuffix('_') for p in SECRET_PREFIXES)})_[A-Za-z0-9+/=_-]{{30,}}")


def redact(text: str) -> str:
    """`text` with every URL cut to its scheme, host and path (userinfo, query and fragment become `…`),
    and every secret to its prefix."""
    text = _USERINFO.sub(r"\1…@", text)
    text = _URL_TAIL.sub(r"\1?…", text)
    text = _PATH_QUERY.sub(r"\1?…", text)
    return _SECRETS.sub(lambda m: m[1] + "_…", text)
