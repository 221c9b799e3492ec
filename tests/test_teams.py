"""Team workspaces over HTTP: invitations, roles, transfer, deletion, and every refused cell of the matrix."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from tests.conftest import Service
from tests.dashboard_client import Browser
from tests.fixture_site import FixtureServer

INVITE = re.compile(r'<code id="invite-link">[^<]*(/invite/[^<]+)</code>')


@dataclass
class Team:
    workspace: str
    owner: Browser
    admin: Browser
    member: Browser
    ids: dict[str, str]  # role → user id

    def of(self, role: str) -> Browser:
        browser: Browser = getattr(self, role)
        return browser


def invite_link(owner: Browser, workspace: str, role: str = "member") -> str:
    owner.get(f"/dashboard/w/{workspace}")
    answer = owner.post(f"/dashboard/w/{workspace}/invites", role=role)
    assert answer.status_code == 201, answer.text
    found = INVITE.search(answer.text)
    assert found is not None
    return found[1]


def join(browser: Browser, link: str) -> None:
    """Open the link signed out, sign up from there, and accept."""
    page = browser.get(link)
    assert page.status_code == 200
    assert "Create an account" in page.text
    signup = browser.get("/signup", next=link)
    assert f'value="{link}"' in signup.text
    answer = browser.post("/signup", email=f"{link[-6:].lower()}-{id(browser)}@example.com",
                          password="correct horse battery staple", next=link)
    assert answer.status_code == 303
    assert answer.headers["location"] == link
    browser.get(link)
    accepted = browser.post(link)
    assert accepted.status_code == 303, accepted.text


def member_ids(browser: Browser, workspace: str) -> dict[str, str]:
    page = browser.get(f"/dashboard/w/{workspace}").text
    return dict(re.findall(r'/members/(usr_[0-9a-f]+)/role"[^>]*>\s*<input[^>]*>\s*<input type="hidden" '
                           r'name="role" value="(\w+)"', page))


@pytest.fixture(scope="module")
def team(service: Service) -> Iterator[Team]:
    owner, admin, member = Browser(service), Browser(service), Browser(service)
    owner.signup()
    owner.get("/dashboard")
    created = owner.post("/dashboard/teams", name="Matrix team")
    workspace = created.headers["location"].rsplit("/", 1)[1]
    join(admin, invite_link(owner, workspace))
    (admin_id,) = member_ids(owner, workspace)
    join(member, invite_link(owner, workspace))
    (member_id,) = set(member_ids(owner, workspace)) - {admin_id}
    owner.get(f"/dashboard/w/{workspace}")
    assert owner.post(f"/dashboard/w/{workspace}/members/{admin_id}/role", role="admin").status_code == 303
    roles = {row["role"]: row["user_id"] for row in service.sql(
        f"SELECT user_id, role FROM memberships WHERE workspace_id = '{workspace}'")}
    assert roles["admin"] == admin_id
    assert roles["member"] == member_id
    yield Team(workspace, owner, admin, member, roles)
    for browser in (owner, admin, member):
        browser.http.close()


def test_an_invitation_works_once_and_a_personal_workspace_takes_no_one(team: Team, service: Service) -> None:
    link = invite_link(team.owner, team.workspace)
    newcomer = Browser(service)
    try:
        join(newcomer, link)
        assert "Matrix team" in newcomer.get("/dashboard").text
        assert newcomer.get(link).status_code == 404  # used
        (personal,) = [w for w in re.findall(r"/dashboard/w/(ws_[0-9a-f]+)", newcomer.get("/dashboard").text)
                       if w != team.workspace]
        newcomer.get(f"/dashboard/w/{personal}")
        refused = newcomer.post(f"/dashboard/w/{personal}/invites", role="member")
        assert refused.status_code == 403
        assert "forbidden" in refused.text
        assert newcomer.post(f"/dashboard/w/{team.workspace}/leave").status_code == 303
        assert newcomer.get(f"/dashboard/w/{team.workspace}").status_code == 404  # gone with the membership
    finally:
        newcomer.http.close()


# One row per refused cell of the matrix: (role, what it tries, path, form fields).
REFUSED = [
    ("member", "generate a key", "/dashboard/keys", {"workspace": "{ws}", "name": "nope"}),
    ("member", "invite", "/dashboard/w/{ws}/invites", {"role": "member"}),
    ("member", "change a role", "/dashboard/w/{ws}/members/{admin}/role", {"role": "member"}),
    ("member", "remove a member", "/dashboard/w/{ws}/members/{admin}/remove", {}),
    ("admin", "transfer ownership", "/dashboard/w/{ws}/transfer", {"member": "{admin}"}),
    ("member", "transfer ownership", "/dashboard/w/{ws}/transfer", {"member": "{member}"}),
    ("admin", "delete the workspace", "/dashboard/w/{ws}/delete", {}),
    ("member", "delete the workspace", "/dashboard/w/{ws}/delete", {}),
    ("owner", "leave", "/dashboard/w/{ws}/leave", {}),
    ("admin", "demote the owner", "/dashboard/w/{ws}/members/{owner}/role", {"role": "member"}),
    ("admin", "remove the owner", "/dashboard/w/{ws}/members/{owner}/remove", {}),
    ("admin", "make someone owner", "/dashboard/w/{ws}/members/{member}/role", {"role": "owner"}),
    ("member", "rotate the webhook signing secret", "/dashboard/w/{ws}/webhooks/rotate-secret", {}),
    ("member", "add a webhook endpoint", "/dashboard/w/{ws}/webhooks/endpoints", {"url": "https://fixture.test/h"}),
    ("member", "resend a webhook", "/dashboard/w/{ws}/webhooks/messages/msg_x/resend", {}),
]


@pytest.mark.parametrize(("role", "attempt", "path", "fields"), REFUSED, ids=[f"{r}-{a}" for r, a, _, _ in REFUSED])
def test_the_server_refuses_what_a_role_may_not_do(team: Team, service: Service, role: str, attempt: str,
                                                  path: str, fields: dict[str, str]) -> None:
    values = {"ws": team.workspace, **team.ids}
    browser = team.of(role)
    browser.get("/dashboard")  # a fresh CSRF token of its own session: only the role is wrong
    before = _state(service, team.workspace)
    answer = browser.post(path.format(**values), **{k: v.format(**values) for k, v in fields.items()})
    assert answer.status_code == 403, (attempt, answer.status_code, answer.text[:300])
    assert "forbidden" in answer.text
    assert _state(service, team.workspace) == before  # no member, key, invitation or workspace changed


def _state(service: Service, workspace: str) -> list[list[dict[str, object]]]:
    return [service.sql(query.format(ws=workspace)) for query in (
        "SELECT user_id, role FROM memberships WHERE workspace_id = '{ws}' ORDER BY 1",
        "SELECT id, revoked_at FROM api_keys WHERE workspace_id = '{ws}' ORDER BY 1",
        "SELECT token_hash FROM invites WHERE workspace_id = '{ws}' ORDER BY 1",
        "SELECT kind FROM workspaces WHERE id = '{ws}'",
        "SELECT seq FROM events WHERE workspace_id = '{ws}' AND type LIKE 'webhook.%' ORDER BY 1")]


def test_a_member_sees_but_cannot_manage_keys(team: Team) -> None:
    key = team.admin.new_key(team.workspace, name="admin-made")
    listing = team.member.get("/dashboard/keys", workspace=team.workspace)
    assert listing.status_code == 200
    assert key[:12] in listing.text
    assert key not in listing.text
    assert "Generate key" not in listing.text
    key_id = re.search(r"key_[0-9a-f]+", team.admin.get("/dashboard/keys", workspace=team.workspace).text)
    assert key_id is not None
    team.member.get("/dashboard")
    assert team.member.post(f"/dashboard/keys/{key_id[0]}/revoke", workspace=team.workspace).status_code == 403
    assert team.owner.service.client.get("/api/usage", headers={"x-api-key": key}).status_code == 200  # still live


def test_a_member_sees_webhook_deliveries_but_not_the_signing_secret(team: Team) -> None:
    owners = team.owner.get(f"/dashboard/w/{team.workspace}/webhooks")
    secret = re.search(r'<code class="signing-secret">(whsec_[^<]+)</code>', owners.text)
    assert secret is not None
    members = team.member.get(f"/dashboard/w/{team.workspace}/webhooks")
    assert members.status_code == 200
    assert "Latest delivery attempts" in members.text
    assert secret[1] not in members.text
    assert "signing-secret" not in members.text
    assert "Rotate secret" not in members.text


def test_a_member_captures_in_the_playground_and_sees_the_usage(team: Team, site: FixtureServer) -> None:
    """`capture` and `view` are every role's: a member runs the playground and finds it in the team's chart."""
    path = f"/dashboard/w/{team.workspace}/playground"
    assert team.member.get(path).status_code == 200
    before = _attempts(team.owner, team.workspace)
    answer = team.member.post(path, url=f"{site.base}/simple?t=member-playground", format="png",
                              width="800", height="600")
    assert answer.status_code == 200, answer.text[:300]
    assert 'id="result-image"' in answer.text
    assert _attempts(team.owner, team.workspace) == before + 1  # the owner sees the member's capture
    assert team.member.get(f"/dashboard/w/{team.workspace}/jobs").status_code == 200


def _attempts(browser: Browser, workspace: str) -> int:
    found = re.search(r'<svg id="usage-chart"[^>]*data-total="(\d+)"', browser.get(f"/dashboard/w/{workspace}").text)
    assert found is not None
    return int(found[1])


def test_ownership_moves_and_the_owner_deletes(service: Service) -> None:
    owner, heir = Browser(service), Browser(service)
    try:
        owner.signup()
        owner.get("/dashboard")
        workspace = owner.post("/dashboard/teams", name="Short-lived").headers["location"].rsplit("/", 1)[1]
        join(heir, invite_link(owner, workspace))
        key = owner.new_key(workspace)
        (heir_id,) = member_ids(owner, workspace)
        owner.get(f"/dashboard/w/{workspace}")
        assert owner.post(f"/dashboard/w/{workspace}/transfer", member=heir_id).status_code == 303
        assert "you are admin" in owner.get(f"/dashboard/w/{workspace}").text
        assert "you are owner" in heir.get(f"/dashboard/w/{workspace}").text
        assert owner.post(f"/dashboard/w/{workspace}/delete").status_code == 403  # no longer the owner
        assert heir.post(f"/dashboard/w/{workspace}/delete").status_code == 303
        assert heir.get(f"/dashboard/w/{workspace}").status_code == 404
        assert owner.get(f"/dashboard/w/{workspace}").status_code == 404
        assert service.client.get("/api/usage", headers={"x-api-key": key}).status_code == 401  # keys died with it
    finally:
        owner.http.close()
        heir.http.close()
