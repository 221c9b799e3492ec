#!/usr/bin/env bash
# One command for the whole set-up on a fresh Debian 12 machine, then the task:
#   ./bootstrap.sh serve   install what is missing, start the service (data in ./data)
#   ./bootstrap.sh test    install what is missing, run ruff, mypy and the test suite
# Anything after the task is passed on (e.g. ./bootstrap.sh test -k quota).
set -euo pipefail
cd "$(dirname "$0")"

debian_packages=(chromium chromium-driver fonts-noto-color-emoji fonts-noto-cjk fonts-noto-core fonts-dejavu-core)

install_debian_packages() {
    local missing=()
    for p in "${debian_packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return
    echo "bootstrap: installing Debian packages: ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
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

install_python_env() {
    local stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
    [ -f "$stamp" ] && return
    echo "bootstrap: creating .venv with the project and its test tools" >&2
    python3 -m venv .venv
    .venv/bin/pip install -q --upgrade pip >&2
    .venv/bin/pip install -q -e '.[dev]' >&2
    rm -f .venv/.installed-* && touch "$stamp"
}

task=${1:-serve}
shift || true
install_debian_packages
ensure_chromium_user
install_python_env
case "$task" in
    serve)
        exec .venv/bin/python run.py serve "$@" ;;
    test)
        .venv/bin/ruff check engine actors api tests benchmarks run.py
        .venv/bin/mypy
        exec .venv/bin/pytest "$@" ;;
    *)
        echo "usage: ./bootstrap.sh serve|test [args…]" >&2; exit 2 ;;
esac
