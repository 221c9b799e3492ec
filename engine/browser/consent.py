"""removeElements' rules layer (cookieBanners): autoconsent in every frame from the start, our bridge answering
its `init` with the rules and collecting its reports in the top frame, and the wait for it to finish."""

from __future__ import annotations

import orjson

from engine.browser.rule_sets import RuleSets

CONSENT_WAIT_S = 2.5  # at most this long for a consent platform found on the page to be dismissed
CONSENT_START_S = 0.3  # and this long for autoconsent to start looking at all
FRAMES_REPORT_S = 1.5  # and this long for the cross-site frames given it to report (only when there are)
BUSY = frozenset({"cmpDetected", "openPopupDetected", "runningOptOut"})
# "started": detecting, its first look not yet done (a cross-site frame on a busy host); bounded by START_MS
STARTING = frozenset({"loading", "waitingForInitResponse", "initialized", "started"})
# Autoconsent looks once, when the document has loaded (its async consent scripts have run by then), not at
# DOMContentLoaded with retries every 500 ms: the capture waits for its first look to end, and a retry would
# come after that wait (and act while the page is being rendered). What shows later is the model's (the
# late-overlay watch, engine.browser.watching).
AUTOCONSENT_CONFIG = {
    "enabled": True, "autoAction": "optOut", "disabledCmps": [], "enablePrehide": False,
    "enableCosmeticRules": True, "enableGeneratedRules": True, "enableHeuristicDetection": False,
    "detectRetries": 0, "isMainWorld": True, "prehideTimeout": 2000, "visualTest": False,
    "logs": {"lifecycle": False, "rulesteps": False, "detectionsteps": False, "evals": False, "errors": False,
             "messages": False, "waits": False},
}


def consent_script(rule_sets: RuleSets, url: str) -> str:
    """The bridge and autoconsent with the rules for `url`: the generic ones and those of its site only (a
    page parses 200 rules, not 800)."""
    rules = [*rule_sets.generic_rules, *(text for pattern, text in rule_sets.site_rules if pattern.search(url))]
    bridge = CONSENT_BRIDGE.replace("CONFIG", orjson.dumps(AUTOCONSENT_CONFIG).decode()).replace(
        "RULES", orjson.dumps("[" + ",".join(rules) + "]").decode())
    # Once per document (a cross-site frame may be given it twice); a frame's first, empty one needs none.
    # Autoconsent would start looking once the page is idle, which may be after our capture: it starts as
    # soon as the document has loaded (its own `requestIdleCallback` shadowed; the page's untouched). Its
    # timers are not the page's: it is given the timers engine.browser.watching does not count.
    return (f"if (!window.__captureConsentBridge && location.href !== 'about:blank') {{\n{bridge}\n"
            f"const timers = (window.__captureWatch && window.__captureWatch.native)"
            f" || {{setTimeout: setTimeout.bind(window), clearTimeout: clearTimeout.bind(window)}};\n"
            f"const loaded = (run) => document.readyState === 'complete' ? timers.setTimeout(run, 0)"
            f" : addEventListener('load', () => timers.setTimeout(run, 0), {{once: true}});\n"
            f"((requestIdleCallback, setTimeout, clearTimeout) => {{\n{rule_sets.autoconsent}\n}})("
            f"loaded, timers.setTimeout, timers.clearTimeout);\n}}")


def wait_expression(expected: int) -> str:
    """The page's own wait (its timers look every 10 ms) while autoconsent is starting or dismissing what it found
    in `expected` frames; it resolves to what was dismissed."""
    return (CONSENT_WAIT.replace("EXPECTED", str(expected))
            .replace("BUSY", orjson.dumps(sorted(BUSY)).decode())
            .replace("STARTING", orjson.dumps(sorted(STARTING)).decode())
            .replace("WAIT_MS", str(int(CONSENT_WAIT_S * 1000)))
            .replace("START_MS", str(int(CONSENT_START_S * 1000)))
            .replace("REPORT_MS", str(int(FRAMES_REPORT_S * 1000))))


# Main world, every frame, before the page's scripts: autoconsent's messages answered and collected.
CONSENT_BRIDGE = """(() => {
  window.__captureConsentBridge = true;
  const KEY = '__captureConsent', top = window.top === window;
  let note = () => {};
  if (top) {
    const state = {lifecycles: {}, done: [], popups: []};
    Object.defineProperty(window, KEY, {value: state, configurable: false, enumerable: false, writable: false});
    note = (m) => {
      if (m.instance && typeof m.lifecycle === 'string' && Object.keys(state.lifecycles).length < 100) {
        state.lifecycles[m.instance] = m.lifecycle;
      }
      if (m.done && state.done.length < 20) state.done.push(String(m.done));
      if (m.popup && state.popups.length < 20) state.popups.push(String(m.popup));
    };
    window.addEventListener('message', (event) => {
      const m = event.data && typeof event.data === 'object' && event.data[KEY];
      if (m && typeof m === 'object') note(m);
    });
  }
  const report = (m) => {
    if (top) note(m); else try { window.top.postMessage({[KEY]: m}, '*'); } catch (e) { /* gone */ }
  };
  window.autoconsentSendMessage = (message) => {
    if (!message || typeof message !== 'object') return;
    if (message.type === 'init') {
      const answer = {type: 'initResp', config: CONFIG, rules: {autoconsent: JSON.parse(RULES)}};
      queueMicrotask(() => window.autoconsentReceiveMessage(answer));
    } else if (message.type === 'report') {
      report({instance: message.instanceId, lifecycle: message.state && message.state.lifecycle});
    } else if (message.type === 'autoconsentDone') {
      report({done: message.cmp});
    } else if (message.type === 'popupFound') {
      report({popup: message.cmp});
    }
  };
})();"""

CONSENT_WAIT = """new Promise((resolve) => {
  const started = performance.now(), busy = BUSY, starting = STARTING;
  const look = () => {
    const state = window.__captureConsent, waited = performance.now() - started;
    const now = state ? Object.values(state.lifecycles) : [];
    if ((now.some((l) => busy.includes(l)) && waited < WAIT_MS)
        || (now.length < EXPECTED && waited < (EXPECTED > 1 ? REPORT_MS : START_MS))
        || (now.some((l) => starting.includes(l)) && waited < START_MS)) {
      setTimeout(look, 10);
    } else {
      resolve(state ? {done: state.done.slice(0, 20)} : null);
    }
  };
  look();
})"""
