// The auditor's forms on a game page (kifu serve, audit edition with --token-file): a
// decision on each finding (confirm or dismiss, with a reason) and a correction of the
// game's result, POSTed to /api/decisions with the auditor's token (entered once, kept in
// sessionStorage) and the server's CSRF token; the entry written is shown at once.
//
// The page says where: an element `data-kifu-game="ID"` (and `data-kifu-kind="renju"`,
// `xiangqi`, `territorial` or `chouchou`, for the results a correction offers) holding the
// findings, each an element `.finding[data-code]` (the site's `<li class="finding"
// data-code>`). The words come first in this script (KIFU_DECIDE_WORDS), in the server's
// language. No inline script or style: the CSP allows none.
(function () {
  "use strict";
  const WORDS = KIFU_DECIDE_WORDS;
  const TOKEN_KEY = "kifu-audit-token";
  const BY_KEY = "kifu-audit-by";
  const RESULTS = {
    renju: ["black", "white", "draw"],
    xiangqi: ["red", "black", "draw"],
    territorial: ["black", "white", "draw"],
    chouchou: ["P1", "P2", "P3", "P4", "draw"],
  };
  let csrf = null;

  function el(tag, attrs, children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      e.setAttribute(k, v);
    }
    for (const c of children || []) {
      e.append(c);
    }
    return e;
  }

  function fill(text, slots) {
    return text.replace(/\{(\w+)\}/g, (m, k) => (k in slots ? String(slots[k]) : m));
  }

  function token() {
    return sessionStorage.getItem(TOKEN_KEY) || "";
  }

  // The token panel: entered once per browser session, or forgotten.
  function tokenPanel() {
    const panel = el("div", { class: "decide-token" });
    function draw() {
      panel.replaceChildren();
      const by = el("input", {
        type: "text",
        name: "by",
        maxlength: "200",
        "aria-label": WORDS.by,
        placeholder: WORDS.by,
      });
      by.value = sessionStorage.getItem(BY_KEY) || "";
      by.addEventListener("change", () => sessionStorage.setItem(BY_KEY, by.value.trim()));
      if (token()) {
        const forget = el("button", { type: "button", class: "decide-forget" }, [
          WORDS.forgetToken,
        ]);
        forget.addEventListener("click", () => {
          sessionStorage.removeItem(TOKEN_KEY);
          csrf = null;
          draw();
        });
        panel.append(by, forget);
      } else {
        const input = el("input", {
          type: "password",
          name: "token",
          autocomplete: "off",
          "aria-label": WORDS.token,
          placeholder: WORDS.token,
        });
        const use = el("button", { type: "button", class: "decide-use" }, [WORDS.useToken]);
        use.addEventListener("click", () => {
          if (input.value.trim()) {
            sessionStorage.setItem(TOKEN_KEY, input.value.trim());
            csrf = null;
            draw();
          }
        });
        panel.append(input, use, by);
      }
    }
    draw();
    return panel;
  }

  async function csrfToken() {
    if (csrf) {
      return csrf;
    }
    const response = await fetch("/api/csrf", {
      headers: { Authorization: "Bearer " + token() },
      credentials: "same-origin",
      cache: "no-store",
    });
    const body = await response.json();
    if (!response.ok) {
      throw new Error(body.error || String(response.status));
    }
    csrf = body.csrf;
    return csrf;
  }

  // POSTs one entry; the status element says what was written, or why not.
  async function send(entry, status, done) {
    status.replaceChildren();
    if (!token()) {
      status.textContent = WORDS.needToken;
      return;
    }
    entry.by = sessionStorage.getItem(BY_KEY) || "";
    try {
      const response = await fetch("/api/decisions", {
        method: "POST",
        headers: {
          Authorization: "Bearer " + token(),
          "X-CSRF-Token": await csrfToken(),
          "Content-Type": "application/json",
        },
        body: JSON.stringify(entry),
        credentials: "same-origin",
        cache: "no-store",
      });
      const body = await response.json();
      if (!response.ok) {
        status.append(fill(WORDS.refused, { error: body.error || response.status }));
        status.setAttribute("data-decide-state", "refused");
        return;
      }
      status.append(
        fill(WORDS.written, { line: body.line }),
        el("pre", { class: "decide-entry" }, [body.toml]),
      );
      status.setAttribute("data-decide-state", "written");
      done(body);
      document.dispatchEvent(new CustomEvent("kifu-decided", { detail: body }));
    } catch (e) {
      status.textContent = fill(WORDS.refused, { error: e.message });
      status.setAttribute("data-decide-state", "refused");
    }
  }

  function gameOf(root) {
    const id = Number(root.getAttribute("data-kifu-game"));
    return Number.isInteger(id) && id > 0 ? id : root.getAttribute("data-kifu-game");
  }

  // Confirm or dismiss a finding's code, with a reason.
  function findingForm(root, finding) {
    const code = finding.getAttribute("data-code");
    const reason = el("input", {
      type: "text",
      name: "reason",
      maxlength: "4000",
      "aria-label": WORDS.reason,
      placeholder: WORDS.reason,
    });
    const status = el("div", { class: "decide-status", role: "status" });
    const form = el("div", { class: "decide-finding", "data-code": code }, [reason]);
    for (const [decision, label] of [
      ["confirmed", WORDS.confirm],
      ["dismissed", WORDS.dismiss],
    ]) {
      const button = el("button", { type: "button", "data-decision": decision }, [label]);
      button.addEventListener("click", () =>
        send(
          {
            entry: "decision",
            game: gameOf(root),
            code: code,
            decision: decision,
            reason: reason.value.trim() || null,
          },
          status,
          () => finding.setAttribute("data-decided", decision),
        ),
      );
      form.append(button);
    }
    form.append(status);
    return form;
  }

  // Correct the game's result, with a reason.
  function correctionForm(root) {
    const kind = root.getAttribute("data-kifu-kind") || "";
    const select = el("select", { name: "result", "aria-label": WORDS.result });
    for (const r of RESULTS[kind] || ["black", "white", "red", "draw", "P1", "P2", "P3", "P4"]) {
      select.append(el("option", { value: r }, [r]));
    }
    const reason = el("input", {
      type: "text",
      name: "reason",
      maxlength: "4000",
      "aria-label": WORDS.reason,
      placeholder: WORDS.reason,
    });
    const button = el("button", { type: "button", class: "decide-correct" }, [WORDS.correct]);
    const status = el("div", { class: "decide-status", role: "status" });
    button.addEventListener("click", () =>
      send(
        {
          entry: "result",
          game: gameOf(root),
          result: select.value,
          reason: reason.value.trim() || null,
        },
        status,
        () => root.setAttribute("data-corrected", select.value),
      ),
    );
    return el("div", { class: "decide-result" }, [select, reason, button, status]);
  }

  function start() {
    const roots = document.querySelectorAll("[data-kifu-game]");
    if (roots.length === 0) {
      return;
    }
    roots[0].prepend(tokenPanel());
    for (const root of roots) {
      for (const finding of root.querySelectorAll(".finding[data-code]")) {
        finding.append(findingForm(root, finding));
      }
      root.append(correctionForm(root));
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
