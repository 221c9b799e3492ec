"""Cookie domains: a cookie must domain-match the target host (RFC 6265 §5.1.3) and may not
be set on a public suffix (co.uk, github.io), where it would reach other people's sites."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from functools import cache

from publicsuffixlist import PublicSuffixList

from engine.rules.errors import CookieDomainMismatch, FieldError
from engine.rules.options import Cookie


@cache
def _suffixes() -> PublicSuffixList:
    return PublicSuffixList()  # the list bundled with the package; nothing is fetched


def domain_matches(host: str, domain: str) -> bool:
    host, domain = host.lower().rstrip("."), domain.lower().lstrip(".").rstrip(".")
    if host == domain:
        return True
    if _is_ip(host):
        return False
    return host.endswith("." + domain)


def check_cookie_domains(cookies: Iterable[Cookie], host: str) -> None:
    errors = []
    for index, cookie in enumerate(cookies):
        if not cookie.domain:
            continue
        domain = cookie.domain.lower().strip(".")
        if not domain_matches(host, domain):
            errors.append(FieldError(f"cookies[{index}].domain", CookieDomainMismatch.code,
                                     f"{cookie.domain} does not domain-match {host}"))
        elif not _is_ip(domain) and _suffixes().is_public(domain):
            errors.append(FieldError(f"cookies[{index}].domain", CookieDomainMismatch.code,
                                     f"{cookie.domain} is a public suffix"))
    if errors:
        raise CookieDomainMismatch(errors[0].message, errors=tuple(errors))


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True
