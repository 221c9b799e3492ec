"""The dashboard's plumbing: its blueprint, sessions, CSRF, security headers and page rendering.

Sessions live in an HttpOnly, SameSite=Lax cookie (Secure behind TLS). Every
POST carries a CSRF token: the session's own once logged in, before that a
double-submit token from a cookie of its own. A workspace the user does not
belong to answers 404, as if it did not exist; an action the user's role does
not allow answers 403 `forbidden` (Memberships.acting decides both). No
page loads anything from another origin. The pages themselves are in
`api/dashboard/accounts.py` and `api/dashboard/playground.py`.
"""

from __future__ import annotations

import hmac
import secrets
from pathlib import Path
from typing import Any

from quart import Blueprint, Response, g, render_template, request

from api.pipeline import services
from engine.records.accounts import Workspace
from engine.records.users import SESSION_DAYS
from engine.rules.errors import Forbidden, ResourceError

blueprint = Blueprint("dashboard", __name__, template_folder="templates")  # the pages register on it
SESSION_COOKIE = "capture_session"
CSRF_COOKIE = "capture_csrf"
SECURE_PREFIX = "__Host-"  # behind TLS: no sibling subdomain can set or shadow the cookie
STYLESHEET = (Path(__file__).with_name("static") / "app.css").read_bytes()  # read once, never on the loop
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'none'; style-src 'self'; img-src 'self' data:; "
                               "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "cache-control": "no-store",
}


class CsrfRefused(Forbidden):
    def __init__(self) -> None:
        super().__init__("the form was stale or sent from another site; reload the page and try again")


# ---------------------------------------------------------------- plumbing


@blueprint.before_request
async def _load_user() -> Response | None:
    """The signed-in user, if any; pages that need one send the others to /login; every POST is CSRF-checked."""
    g.user = g.session = None
    token = session_token()
    if token:
        found = services().people.session(token)
        if found is not None:
            g.user, g.session = found
    if g.user is None and _needs_user():
        return see_other("/login")
    if request.method == "POST":
        form = await request.form
        expected = g.session.csrf if g.session is not None else request.cookies.get(cookie_name(CSRF_COOKIE), "")
        sent = form.get("csrf_token", "")
        if not expected or not hmac.compare_digest(sent.encode(), expected.encode()):
            raise CsrfRefused()
    return None


def _needs_user() -> bool:
    return request.path.startswith("/dashboard") or (request.method == "POST" and request.path.startswith("/invite/"))


@blueprint.after_request
async def _harden(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


@blueprint.errorhandler(ResourceError)
async def _refused(error: ResourceError) -> Response:
    return await page("error.html", error.status, error=error, code=error.code)


def secure() -> bool:
    return request.scheme == "https" or services().settings.public_url.startswith("https://")


def anonymous_csrf() -> str:
    return request.cookies.get(cookie_name(CSRF_COOKIE)) or secrets.token_urlsafe(24)


def cookie_name(name: str) -> str:
    """A cookie's name: with the `__Host-` prefix behind TLS, so the browser takes it only from this host."""
    return SECURE_PREFIX + name if secure() else name


async def page(template: str, status: int = 200, **context: Any) -> Response:
    if g.get("session") is None:
        csrf = anonymous_csrf()
        body = await render_template(template, user=None, csrf=csrf, **context)
        response = Response(body, status=status, content_type="text/html; charset=utf-8")
        response.set_cookie(cookie_name(CSRF_COOKIE), csrf, httponly=True, samesite="Strict", secure=secure(), path="/")
        return response
    return Response(await render_page(template, **context), status=status, content_type="text/html; charset=utf-8")


async def render_page(template: str, **context: Any) -> bytes:
    """A signed-in user's page."""
    return (await render_template(template, user=g.user, csrf=g.session.csrf, **context)).encode()


def session_token() -> str | None:
    return request.cookies.get(cookie_name(SESSION_COOKIE))


def signed_out(response: Response) -> Response:
    response.delete_cookie(cookie_name(SESSION_COOKIE), path="/", secure=secure())
    return response


def signed_in(response: Response, token: str) -> Response:
    response.set_cookie(cookie_name(SESSION_COOKIE), token, max_age=SESSION_DAYS * 86400, httponly=True, samesite="Lax",
                        secure=secure(), path="/")
    response.delete_cookie(cookie_name(CSRF_COOKIE), path="/", secure=secure())
    return response


def acting_in(workspace_id: str, action: str) -> tuple[Workspace, str]:
    """The signed-in user's workspace and role: 404 if they are not a member, 403 if the role may not `action`."""
    return services().memberships.acting(g.user.id, workspace_id, action)


def see_other(location: str) -> Response:
    return Response("", status=303, headers={"location": location})


@blueprint.get("/static/app.css")
async def stylesheet() -> Response:
    return Response(STYLESHEET, content_type="text/css; charset=utf-8",
                    headers={"cache-control": "public, max-age=3600"})


