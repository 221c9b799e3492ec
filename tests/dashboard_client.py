"""A cookie-keeping HTTP client that uses the dashboard the way its pages ask."""

from __future__ import annotations

import re
import secrets

import httpx

from tests.conftest import Service, Workspace

PASSWORD = "correct horse battery staple"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


class Browser:
    """A cookie-keeping client that fills in forms the way the pages ask."""

    def __init__(self, service: Service, source: str | None = None) -> None:
        """`source`: the loopback address to connect from (127.0.0.1 when None), a client of its own."""
        self.service = service
        transport = httpx.HTTPTransport(local_address=source) if source else None
        self.http = httpx.Client(base_url=service.url, follow_redirects=False, timeout=60, transport=transport)
        self.csrf = ""

    def get(self, path: str, **params: str) -> httpx.Response:
        answer = self.http.get(path, params=params)
        found = CSRF.search(answer.text)
        if found:
            self.csrf = found[1]
        return answer

    def post(self, path: str, csrf: bool = True, **fields: str) -> httpx.Response:
        data = {**fields, **({"csrf_token": self.csrf} if csrf else {})}
        return self.http.post(path, data=data)

    def signup(self, email: str | None = None) -> str:
        email = email or f"user-{secrets.token_hex(4)}@example.com"
        self.get("/signup")
        answer = self.post("/signup", email=email, password=PASSWORD)
        assert answer.status_code == 303, answer.text
        assert answer.headers["location"] == "/dashboard"
        self.get("/dashboard")
        return email

    def workspaces(self) -> list[str]:
        return re.findall(r'href="/dashboard/w/(ws_[0-9a-f]+)"', self.get("/dashboard").text)

    def new_key(self, workspace: str, name: str = "ci") -> str:
        self.get("/dashboard/keys", workspace=workspace)
        answer = self.post("/dashboard/keys", workspace=workspace, name=name)
        assert answer.status_code == 201, answer.text
        found = re.search(r'<code id="new-key">([^<]+)</code>', answer.text)
        assert found is not None
        return found[1]


def cookie_flags(answer: httpx.Response, name: str) -> set[str]:
    """The attributes of the Set-Cookie header that sets `name`: {"HttpOnly", "SameSite=Lax", …}."""
    for header in answer.headers.get_list("set-cookie"):
        value, *attributes = (part.strip() for part in header.split(";"))
        if value.startswith(f"{name}=") and value != f"{name}=":
            return {a if "=" not in a or a.lower().startswith("samesite") else a.split("=")[0] for a in attributes}
    raise AssertionError(f"no {name} cookie set: {answer.headers.get_list('set-cookie')}")


def one_owners(service: Service, count: int, plan: str = "pro", quota: int | None = None) -> list[Workspace]:
    """`count` workspaces of one person, as a person gets them: a sign-up's personal workspace, then teams
    started from the dashboard; each on `plan` (the operator's set-plan) with an API key (the operator's)."""
    owner = Browser(service)
    owner.signup()
    ids = owner.workspaces()
    for n in range(count - 1):
        owner.get("/dashboard")
        created = owner.post("/dashboard/teams", name=f"Team {n}")
        assert created.status_code == 303, created.text
        ids.append(created.headers["location"].rsplit("/", 1)[1])
    owner.http.close()
    found = []
    for workspace_id in ids[:count]:
        service.control("workspace.set-plan", {"workspace": workspace_id, "plan": plan, "quota": quota})
        [key] = service.control("key.create", {"workspace": workspace_id, "name": None})
        found.append(Workspace(workspace_id, key["key"], key["id"], service))
    return found
