"""Service settings: a TOML file (`--config` or CAPTURE_CONFIG) overridden by CAPTURE_* variables."""

from __future__ import annotations

import ipaddress
import os
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from engine.operations.proxies import ProxyRegion, parse_regions
from engine.operations.storage import StorageDestination, parse_destinations

ENV_PREFIX = "CAPTURE_"
# The binary itself: Debian's /usr/bin/chromium-headless-shell is a script that runs it as a child, not by exec, so
# the process chromedriver started (and the service signals, renices and watches) would not be the browser.
HEADLESS_SHELL = Path("/usr/lib/chromium/chromium-headless-shell")
FULL_CHROMIUM = Path("/usr/bin/chromium")


def preferred_chromium() -> Path:
    """The default `chromium_path`: the headless shell when installed, else the full browser."""
    return HEADLESS_SHELL if HEADLESS_SHELL.exists() else FULL_CHROMIUM


class SettingsError(ValueError):
    """A setting has the wrong form; the message names it."""


@dataclass(frozen=True)
class EgressAllowance:
    """One CAPTURE_EGRESS_ALLOW entry: an exact ip:port, or a CIDR (any port)."""

    network: ipaddress.IPv4Network | ipaddress.IPv6Network
    port: int | None = None

    @classmethod
    def parse(cls, text: str) -> EgressAllowance:
        text = text.strip()
        try:
            if "/" in text:
                return cls(ipaddress.ip_network(text, strict=False))
            host, _, port = text.rpartition(":")
            host = host.strip("[]")
            return cls(ipaddress.ip_network(host), int(port))
        except ValueError as exc:
            raise SettingsError(f"CAPTURE_EGRESS_ALLOW entry {text!r}: {exc}") from exc

    def permits(self, address: ipaddress.IPv4Address | ipaddress.IPv6Address, port: int | None) -> bool:
        if address not in self.network:
            return False
        return self.port is None or port is None or self.port == port


@dataclass(frozen=True)
class Settings:
    listen: str = "127.0.0.1:8080"
    data_dir: Path = Path("data")
    egress_allow: tuple[EgressAllowance, ...] = ()
    # Development and tests only: refuse every destination the allow list does not name,
    # and resolve names only from this hosts-format file, never through DNS.
    egress_allowlist_only: bool = False
    resolver_hosts_file: Path | None = None
    # Name lookups (engine/network/lookups.py): the nameservers asked, as (ip, port), empty: /etc/resolv.conf's (with
    # resolver_hosts_file set, empty means none: names from that file only); one lookup's deadline; and how many
    # lookups one capture, one owning account and the service may have in flight (engine/network/turns.py).
    resolver_nameservers: tuple[tuple[str, int], ...] = ()
    resolver_timeout_s: float = 3.0
    resolver_capture_lookups: int = 4
    resolver_account_lookups: int = 8
    resolver_lookups: int = 32
    plans_file: Path | None = None
    pool_size: int = 2
    captures_per_session: int = 200
    session_memory_mb: int = 1536  # resident memory of one Chromium tree (on a Grid: a page's JS heap); 0: off
    max_body_bytes: int = 5 * 1024 * 1024  # a request's body: an `html` document is at most this
    max_result_bytes: int = 50_000_000  # a larger capture fails with 422 result_too_large, costing no quota
    asset_wait_ms: int = 3000  # images and web fonts still loading: awaited this long at most before a capture
    mcp_inline_bytes: int = 16 * 1024 * 1024  # the largest capture an /mcp tool result carries (base64: +1/3)
    # width × height × fps × seconds of a video: more is refused (422) before a session; full HD, longest, fastest
    max_video_pixel_frames: int = 1920 * 1080 * 30 * 15
    queue_limit: int = 32  # synchronous captures waiting for a browser
    job_queue_limit: int = 10000  # durable jobs waiting, all workspaces together
    # The most one workspace holds: captures waiting or rendering (of queue_limit, + pool_size), jobs waiting
    workspace_capture_share: float = 0.5
    workspace_job_share: float = 0.25
    # The same shares hold for all the workspaces of one owning account together (engine/rules/shares.py), and for
    # the synchronous captures of these plans, per client address (an IPv6 /64) too.
    address_share_plans: tuple[str, ...] = ("free",)
    link_capture_places: int = 2  # render links waiting or rendering, per owning account, apart from its API's
    link_failure_ttl_s: float = 5.0  # a render link that failed answers the same failure this long, unrendered
    account_quota_plans: tuple[str, ...] = ("free",)  # their quota and request budget are one per owning account
    # Reverse proxies (CIDRs) whose X-Forwarded-For names the client (engine/rules/forwarded.py); empty: the peer
    trusted_proxies: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()
    max_keys_per_workspace: int = 100  # live API keys
    max_teams_per_user: int = 20  # team workspaces one person owns
    result_retention_s: int = 24 * 3600  # how long a job's result is kept
    retained_result_s: int = 30 * 24 * 3600  # ... with `retain: true` (plan feature retainedDownloads)
    result_url_ttl_s: int = 900  # a signed result URL's life, never past retention
    retention_sweep_s: float = 60.0
    cache_max_bytes: int = 2 * 1024**3  # the shelf (cached and json results)
    # The most of cache_max_bytes one owning account's workspaces hold together; past it their own least
    # recently used go, and past cache_max_bytes those of the account holding the most.
    cache_account_share: float = 0.5
    job_history_s: int = 30 * 24 * 3600  # a failed, cancelled or expired job is forgotten this long after
    archive_keep_months: int = 12  # run.py archive: months kept live before this one (at least 2)
    # Webhook deliveries: tries after the first, in seconds (jittered by ±webhook_retry_jitter of each), the
    # longest wait for an answer, and how many calls may be under way at once: in all, of one owning account,
    # and of one workspace to one receiver address (the resolved address, however many names point at it).
    webhook_retry_s: tuple[float, ...] = (5, 300, 1800, 7200, 18000, 36000, 36000)
    webhook_retry_jitter: float = 0.1
    webhook_timeout_s: float = 15.0
    webhook_concurrency: int = 64
    webhook_account_concurrency: int = 16
    webhook_host_concurrency: int = 8
    # Messages one workspace may have waiting: past it test events and resends are 503 (job events wait their turn)
    webhook_workspace_pending: int = 1000
    webhook_disable_after_s: int = 5 * 24 * 3600  # an endpoint without a successful call this long is disabled
    # Monitors' runs: how many at once (0: half the pool's sessions, at least one), and the clock their intervals
    # run on (60: a minute lasts a second, for tests and demonstrations; 1 in service)
    monitor_runners: int = 0
    monitor_clock_scale: float = 1.0
    # Regional upstream proxies, `proxy: {"region"}` (plan feature regionalProxies): a TOML table
    # [proxies.<region>] url = "socks5://…" (username, password), or CAPTURE_PROXIES="eu=http://…,us=…";
    # credentials also from CAPTURE_PROXY_<REGION>=user:password.
    proxies: tuple[ProxyRegion, ...] = ()
    # S3-compatible buckets for `store` (engine/operations/storage.py): TOML tables [storage.<name>] with endpoint,
    # bucket, region and prefix; credentials from CAPTURE_STORAGE_<NAME>_ACCESS_KEY_ID / _SECRET_ACCESS_KEY.
    storage: tuple[StorageDestination, ...] = ()
    public_url: str = ""  # base of statusUrl and resultUrl; empty: the request's own host
    lease_timeout_s: float = 10.0
    ready_min_free_disk_mb: int = 500  # /readyz fails below this much free space where the data lives
    # A Selenium Grid (hub or router URL) whose nodes render: the pool keeps pool_size remote sessions there
    # instead of launching Chromium here. Empty: local browsers.
    grid_url: str = ""
    # With a Grid: the host address of this machine the nodes reach the egress guard on (each capture's lane
    # listens there), and the node addresses (CIDRs) allowed to connect to it.
    egress_listen: str = "127.0.0.1"
    grid_nodes: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = (
        ipaddress.ip_network("127.0.0.0/8"), ipaddress.ip_network("::1/128"))
    # Chromium's headless shell where it is installed (Debian's chromium-headless-shell), else the full browser: the
    # shell opens no window UI per browser context and renders the same pixels for about half the CPU (issue 37).
    chromium_path: Path = field(default_factory=preferred_chromium)
    # The binary a Grid node's stereotype names (the nodes are other hosts, with their own packages).
    grid_chromium_path: Path = FULL_CHROMIUM
    chromedriver_path: Path = Path("/usr/bin/chromedriver")
    # The nice value of chromedriver and Chromium (renderers 5 above), never below the service's own. Chromium renders
    # 30-40 % slower at 5 or more, so keep it at 0 and give the service less (systemd Nice=-5).
    chromium_nice: int = 0
    # When the service runs as root, or with CAP_SETUID and CAP_SETGID (the systemd unit), chromedriver and Chromium
    # run as this unprivileged user, sandboxed (engine/browser/privileges.py).
    chromium_user: str = "capture-chromium"
    # Only for hosts where Chromium's namespace sandbox cannot work: a renderer exploit then owns the host.
    unsafe_disable_chromium_sandbox: bool = False
    # Sign-ups and logins (an argon2id hash each) per client address (an IPv6 /64), and for everyone.
    login_attempts_per_min: int = 20
    login_attempts_total_per_min: int = 120
    sql_timeout_s: float = 30.0  # an operator's `run.py sql` query is stopped after this long
    default_workspace: str = "local"
    default_plan: str = "business"
    log_level: str = "info"
    # json: one JSON object per line on stdout (what journald keeps); text: for a person at a terminal;
    # auto: text on a terminal, json otherwise.
    log_format: str = "auto"
    # Prometheus metrics (GET /metrics) listen here, apart from the API so they are never public by
    # accident; empty turns them off.
    metrics_listen: str = "127.0.0.1:9180"

    @property
    def database_path(self) -> Path:
        return self.data_dir / "capture.duckdb"

    @property
    def control_socket(self) -> Path:
        return self.data_dir / "control.sock"

    @property
    def payload_key_dir(self) -> Path:
        """The keys that seal queued jobs' secrets (engine.records.sealing), the newest current."""
        return self.data_dir / "secrets" / "payload-keys"

    def listen_host_port(self) -> tuple[str, int]:
        return _host_port("listen", self.listen)

    def metrics_host_port(self) -> tuple[str, int] | None:
        return _host_port("metrics_listen", self.metrics_listen) if self.metrics_listen else None

    def unit_limits(self) -> str:
        """The systemd drop-in that bounds the service by its pool: each session's memory limit and a
        generous thread budget (a Chromium tree runs about 100 tasks while it renders), plus the service."""
        memory_mb = self.pool_size * (self.session_memory_mb or 1536) + 1024
        tasks = self.pool_size * 256 + 256
        return f"[Service]\nMemoryMax={memory_mb}M\nTasksMax={tasks}\n"


def url_host(host: str) -> str:
    """`host` as it goes in a URL: IPv6 addresses in brackets."""
    return f"[{host}]" if ":" in host else host


def _host_port(name: str, address: str) -> tuple[str, int]:
    host, _, port = address.rpartition(":")
    try:
        return host.strip("[]") or "127.0.0.1", int(port)
    except ValueError as exc:
        raise SettingsError(f"{name} address {address!r} is not host:port") from exc


def _nameserver(text: str) -> tuple[str, int]:
    """`ip`, `ip:port` or `[ipv6]:port` as (ip, port); a name would need a resolver to find the resolver."""
    host, port = text, 53
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = int(rest.removeprefix(":")) if rest else 53
    elif text.count(":") == 1:
        host, _, number = text.partition(":")
        port = int(number)
    return str(ipaddress.ip_address(host)), port


def load_settings(config: Path | None = None, environ: dict[str, str] | None = None) -> Settings:
    environ = dict(os.environ if environ is None else environ)
    config = config or (Path(environ["CAPTURE_CONFIG"]) if environ.get("CAPTURE_CONFIG") else None)
    raw: dict[str, Any] = {}
    if config is not None:
        try:
            raw = tomllib.loads(config.read_text())
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise SettingsError(f"config {config}: {exc}") from exc
    for f in fields(Settings):
        value = environ.get(ENV_PREFIX + f.name.upper())
        if value is not None:
            raw[f.name] = value
    settings = _coerce(raw)
    regions = []
    for region in settings.proxies:
        credentials = environ.get(f"{ENV_PREFIX}PROXY_{region.name.upper().replace('-', '_')}")
        regions.append(replace(region, username=credentials.partition(":")[0],
                               password=credentials.partition(":")[2]) if credentials else region)
    storage = tuple(parse_destinations({d.name: {"endpoint": d.endpoint, "bucket": d.bucket, "region": d.region,
                                                 "prefix": d.prefix, "single_tenant": d.single_tenant}},
                                       environ)[0] for d in settings.storage)
    return replace(settings, proxies=tuple(regions), storage=storage)


def _coerce(raw: dict[str, Any]) -> Settings:
    known = {f.name: f for f in fields(Settings)}
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise SettingsError(f"unknown settings: {', '.join(unknown)}")
    settings = Settings()
    values: dict[str, Any] = {}
    for name, value in raw.items():
        default = getattr(settings, name)
        try:
            values[name] = _convert(name, value, default)
        except (TypeError, ValueError) as exc:
            raise SettingsError(f"setting {name}: {exc}") from exc
    return replace(settings, **values)


def _convert(name: str, value: Any, default: Any) -> Any:
    if name == "egress_allow":
        items = value.split(",") if isinstance(value, str) else list(value)
        return tuple(EgressAllowance.parse(item) for item in items if item.strip())
    if name == "proxies":
        return parse_regions(value)
    if name == "storage":
        return parse_destinations(value, {})  # credentials: load_settings, from the environment
    if name in {"address_share_plans", "account_quota_plans"}:
        items = value.split(",") if isinstance(value, str) else list(value)
        return tuple(str(item).strip() for item in items if str(item).strip())
    if name in {"grid_nodes", "trusted_proxies"}:
        items = value.split(",") if isinstance(value, str) else list(value)
        return tuple(ipaddress.ip_network(item.strip(), strict=False) for item in items if item.strip())
    if name == "resolver_nameservers":
        items = value.split(",") if isinstance(value, str) else list(value)
        return tuple(_nameserver(item.strip()) for item in items if item.strip())
    if name in {"resolver_capture_lookups", "resolver_account_lookups", "resolver_lookups"} and int(value) < 1:
        raise ValueError(f"{value} is not a positive number of lookups")
    if name == "resolver_timeout_s" and not 0 < float(value) <= 60:
        raise ValueError(f"{value} is not a number of seconds from 0 to 60")
    if name == "egress_listen":
        return str(ipaddress.ip_address(str(value).strip("[]")))
    if name == "monitor_clock_scale" and not 0 < float(value) <= 3600:
        raise ValueError(f"{value} is not a scale from 0 (exclusive) to 3600")
    if name == "webhook_retry_s":
        delays = tuple(float(item) for item in (value.split(",") if isinstance(value, str) else value))
        if not delays or min(delays) < 0:
            raise ValueError("a non-empty list of delays in seconds, none negative")
        return delays
    if isinstance(default, Path) or name in {"plans_file", "resolver_hosts_file"}:
        return Path(value)
    if isinstance(default, bool):
        return str(value).lower() in {"1", "true", "yes", "on"}
    if isinstance(default, int):
        number = int(value)
        if name == "chromium_nice" and not -20 <= number <= 19:
            raise ValueError(f"{number} is not a nice value from -20 to 19")
        return number
    if isinstance(default, float):
        return float(value)
    if name == "log_format" and value not in {"auto", "json", "text"}:
        raise ValueError(f"{value!r} is not auto, json or text")
    return str(value)
