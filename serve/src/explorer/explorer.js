// kifu explorer: the position in the page's address (?game=…&moves=…&player=…), drawn with
// the site's board (board.js); the next moves from /api/explore, the games reaching it from
// /api/position. A click on the board or on a row plays a move; back, forward and the
// browser's history walk the line. It judges no move: the API says what is legal.
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("explorer-data").textContent);
  var T = D.text;
  var lang = document.documentElement.lang;
  var svg = document.getElementById("board");
  var form = document.getElementById("query");
  var statusLine = document.getElementById("status");
  var table = document.getElementById("continuations");
  var gamesTable = document.getElementById("games");
  // The API parameters the form maps 1:1 (the CLI's flags), and the kinds each is for.
  var FILTERS = ["player", "event", "from", "to", "ruleset", "variant", "players", "pairs"];
  var ONLY_FOR = { ruleset: "renju", variant: "chouchou", players: "chouchou", pairs: "chouchou" };
  var GAMES_LISTED = 10;

  // The line played (`line`, each move as the API's `moves` reads it, and `labels`, as
  // the table wrote it) and how much of it is on the board (`ply`): moves past `ply`
  // are the ones `forward` replays.
  var state = { game: "renju", line: [], labels: [], ply: 0, filters: {}, lang: null };
  var view = null, viewKey = "", selected = null, answer = null, asked = 0;

  function fill(text, slots) {
    for (var k in slots) text = text.split("{" + k + "}").join(String(slots[k]));
    return text;
  }
  function make(name, text, parent) {
    var e = document.createElement(name);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (parent) parent.appendChild(e);
    return e;
  }
  function clearChildren(e) { while (e.firstChild) e.removeChild(e.firstChild); }

  // The state an address gives; the moves already in the line beyond it are kept, so the
  // browser's back button keeps `forward` working.
  function fromAddress() {
    var q = new URLSearchParams(location.search);
    var game = q.get("game") || "renju";
    if (!D.kinds[game]) game = "renju";
    var moves = (q.get("moves") || "").split(/\s+/).filter(Boolean);
    var filters = {};
    FILTERS.forEach(function (name) {
      var v = q.get(name);
      if (v === null || (v === "" && name !== "pairs")) return;
      if (ONLY_FOR[name] && ONLY_FOR[name] !== game) return;
      filters[name] = v;
    });
    var sameLine = game === state.game && JSON.stringify(filters) === JSON.stringify(state.filters) &&
      moves.every(function (m, i) { return state.line[i] === m; });
    if (sameLine) {
      state.ply = moves.length;
    } else {
      state.line = moves;
      state.labels = moves.slice();
      state.ply = moves.length;
    }
    state.game = game;
    state.filters = filters;
    state.lang = q.get("lang");
  }

  function played() { return state.line.slice(0, state.ply); }

  // The page's address for the state: what a link or a reload shows again.
  function address() {
    var q = new URLSearchParams();
    q.set("game", state.game);
    if (state.ply) q.set("moves", played().join(" "));
    for (var k in state.filters) q.set(k, state.filters[k]);
    if (state.lang) q.set("lang", state.lang);
    return "/explore?" + q.toString();
  }

  // The API's query for the state: the same pairs but the page's language.
  function apiQuery(extra) {
    var q = new URLSearchParams();
    q.set("game", state.game);
    if (state.ply) q.set("moves", played().join(" "));
    for (var k in state.filters) q.set(k, state.filters[k]);
    for (var e in extra) q.set(e, extra[e]);
    return q.toString();
  }

  function remember() {
    var to = address();
    if (location.pathname + location.search !== to) history.pushState(null, "", to);
  }

  // ---- the form ---------------------------------------------------------------------
  function showFieldsOf(game) {
    var labels = form.querySelectorAll("label[data-for]");
    for (var i = 0; i < labels.length; i++) {
      var mine = labels[i].getAttribute("data-for") === game;
      labels[i].hidden = !mine;
      var controls = labels[i].querySelectorAll("input, select");
      for (var j = 0; j < controls.length; j++) controls[j].disabled = !mine;
    }
  }
  function fillForm() {
    form.elements.game.value = state.game;
    form.elements.moves.value = played().join(" ");
    FILTERS.forEach(function (name) {
      var field = form.elements[name];
      if (!field) return;
      if (field.type === "checkbox") field.checked = name in state.filters;
      else if (name in state.filters) field.value = state.filters[name];
      else if (field.tagName === "SELECT") field.selectedIndex = 0;
      else field.value = "";
    });
    showFieldsOf(state.game);
  }
  form.elements.game.addEventListener("change", function () { showFieldsOf(form.elements.game.value); });
  // An empty field is no parameter (the API would read `player=` as a flag without its
  // value); the page's language goes along.
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var q = new URLSearchParams();
    var fields = form.querySelectorAll("input[name], select[name]");
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i];
      if (f.disabled || (f.type === "checkbox" && !f.checked)) continue;
      if (f.value.trim() === "" && f.type !== "checkbox") continue;
      q.set(f.name, f.type === "checkbox" ? "" : f.value.trim());
    }
    if (state.lang) q.set("lang", state.lang);
    history.pushState(null, "", "/explore?" + q.toString());
    state.line = []; state.labels = [];
    fromAddress();
    load();
  });

  // ---- the board ----------------------------------------------------------------------
  function boardKey() {
    if (state.game === "chouchou") return D.chouchouBoards[state.filters.variant || "3x3"] || "chouchou3";
    return D.kinds[state.game].board;
  }
  function ensureView() {
    var key = boardKey();
    if (key === viewKey && view) return;
    var geo = KIFU_BOARDS.boards[key];
    svg.setAttribute("viewBox", "0 0 " + geo.w + " " + geo.h);
    svg.setAttribute("data-board", key);
    view = KIFU_BOARD.create(svg, state.game, key, lang);
    viewKey = key;
  }

  // The cells the last move played concerns (as the game pages mark them).
  function lastMarks() {
    var last = state.ply ? state.line[state.ply - 1] : "";
    if (state.game === "renju" && /^[a-o]\d+$/.test(last)) return [last];
    if (state.game === "xiangqi" && /^[a-i]\d[a-i]\d$/.test(last)) return [last.slice(0, 2), last.slice(2)];
    if (state.game === "territorial" && last.indexOf("@") > 0) return [last.split("@")[1]];
    return [];
  }

  function drawBoard() {
    ensureView();
    view.clear();
    if (!answer) return;
    var numbers = {};
    if (state.game === "renju") played().forEach(function (m, i) { numbers[m] = i + 1; });
    view.drawMarks(lastMarks());
    Object.keys(answer.cells || {}).forEach(function (cell) {
      view.drawPiece(cell, answer.cells[cell], numbers[cell] || 0);
    });
    var forbidden = state.filters.ruleset === "freestyle" ? [] : answer.forbidden || [];
    forbidden.forEach(function (f) {
      view.drawForbidden(f[0], f[1], fill(T.forbidden, { kind: T.forbiddenKinds[f[1]] || f[1] }));
    });
    document.getElementById("forbidden").textContent = forbidden.length ? fill(T.forbiddenList, { list:
      forbidden.map(function (f) { return f[0] + " " + (T.forbiddenKinds[f[1]] || f[1]); }).join(", ") }) : "";
    if (selected) view.ring(view.over, selected, view.cell * 0.42 + 3, "selected");
  }

  // Whose piece a Xiangqi cell holds: the side to move's (FEN upper case is Red's)?
  function ownPiece(cell) {
    var p = answer && answer.cells && answer.cells[cell];
    if (!p) return false;
    return (answer.to_move === "Red") === (p === p.toUpperCase());
  }

  svg.addEventListener("click", function (ev) {
    if (!view || !answer) return;
    var pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    var at = pt.matrixTransform(svg.getScreenCTM().inverse());
    var cell = view.cellAt(at.x, at.y);
    if (!cell) return;
    if (state.game === "renju") {
      if (!answer.cells[cell]) play(cell);
    } else if (state.game === "xiangqi") {
      if (ownPiece(cell)) selected = cell === selected ? null : cell;
      else if (selected) { var from = selected; selected = null; play(from + cell); return; }
      drawBoard();
    } else {
      // A placement's cell: the one continuation placing there, if the table has one.
      var here = (answer.moves || []).filter(function (m) {
        return (state.game === "territorial" ? m.play.split("@")[1] : m.play) === cell;
      });
      if (here.length === 1) play(here[0].play, here[0].move);
    }
  });

  // ---- moving along the line ----------------------------------------------------------
  // The move `move` (as the API reads it) played from the position shown; `label` as the
  // table writes it.
  function play(move, label) {
    if (!label && answer) {
      (answer.moves || []).forEach(function (m) { if (m.play === move) label = m.move; });
    }
    if (state.line[state.ply] !== move) {
      state.line = state.line.slice(0, state.ply);
      state.labels = state.labels.slice(0, state.ply);
      state.line.push(move);
      state.labels.push(label || move);
    }
    go(state.ply + 1);
  }
  function go(n) {
    state.ply = Math.max(0, Math.min(state.line.length, n));
    selected = null;
    remember();
    load();
  }
  document.getElementById("start").addEventListener("click", function () { go(0); });
  document.getElementById("back").addEventListener("click", function () { go(state.ply - 1); });
  document.getElementById("forward").addEventListener("click", function () { go(state.ply + 1); });
  document.addEventListener("keydown", function (ev) {
    var t = ev.target && ev.target.tagName;
    if (t === "INPUT" || t === "SELECT" || t === "TEXTAREA" || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.key === "ArrowLeft") { ev.preventDefault(); go(state.ply - 1); }
    else if (ev.key === "ArrowRight") { ev.preventDefault(); go(state.ply + 1); }
  });
  window.addEventListener("popstate", function () { fromAddress(); selected = null; load(); });

  function drawLine() {
    var ol = document.getElementById("line");
    clearChildren(ol);
    state.line.forEach(function (m, i) {
      var li = make("li", state.labels[i] || m, ol);
      li.setAttribute("data-ply", String(i + 1));
      li.setAttribute("data-play", m);
      if (i === state.ply - 1) li.classList.add("current");
      if (i >= state.ply) li.classList.add("ahead");
    });
  }
  document.getElementById("line").addEventListener("click", function (ev) {
    var li = ev.target.closest && ev.target.closest("li[data-ply]");
    if (li) go(parseInt(li.getAttribute("data-ply"), 10));
  });

  // ---- the answers --------------------------------------------------------------------
  function ask(path) {
    return fetch(path, { headers: { Accept: "application/json" } }).then(function (r) {
      return r.json().then(function (body) { return { ok: r.ok, body: body }; },
        function () { return { ok: false, body: { error: r.status + " " + r.statusText } }; });
    });
  }

  function say(text, isError) {
    statusLine.textContent = text;
    statusLine.classList.toggle("error", !!isError);
  }

  function resultColumns() {
    var present = (answer && answer.by_result) || {};
    return D.kinds[state.game].results.filter(function (r) { return r[0] in present; });
  }

  function drawTable() {
    var head = table.tHead.rows[0], body = table.tBodies[0];
    clearChildren(head); clearChildren(body);
    var columns = resultColumns();
    make("th", T.move, head);
    make("th", T.games, head);
    columns.forEach(function (c) { make("th", c[1], head).setAttribute("data-result", c[0]); });
    make("th", D.kinds[state.game].score, head);
    make("th", T.plies, head);
    make("th", T.continuation, head);
    (answer.moves || []).forEach(function (m) {
      var tr = make("tr", null, body);
      tr.setAttribute("data-play", m.play);
      tr.setAttribute("data-move", m.move);
      tr.setAttribute("data-games", String(m.games));
      tr.tabIndex = 0;
      make("td", m.move, tr).className = "move";
      make("td", m.games, tr).className = "n";
      columns.forEach(function (c) {
        var td = make("td", m.by_result[c[0]] || 0, tr);
        td.className = "n";
        td.setAttribute("data-result", c[0]);
      });
      make("td", m.first_mover_score === null ? "-" : m.first_mover_score.toFixed(3) + " [" +
        m.wilson_low.toFixed(3) + ", " + m.wilson_high.toFixed(3) + "]", tr).className = "n";
      make("td", m.mean_plies.toFixed(1), tr).className = "n";
      make("td", m.continuation ? m.continuation.move + " (" + m.continuation.games + ")" : "-", tr);
    });
    table.hidden = !(answer.moves || []).length;
  }
  table.addEventListener("click", function (ev) {
    var tr = ev.target.closest && ev.target.closest("tbody tr[data-play]");
    if (tr) play(tr.getAttribute("data-play"), tr.getAttribute("data-move"));
  });
  table.addEventListener("keydown", function (ev) {
    var tr = ev.target.closest && ev.target.closest("tbody tr[data-play]");
    if (tr && ev.key === "Enter") play(tr.getAttribute("data-play"), tr.getAttribute("data-move"));
  });

  function drawNotices(list) {
    var ul = document.getElementById("notices");
    clearChildren(ul);
    (list || []).forEach(function (n) { make("li", n, ul); });
  }

  function drawGames(reply) {
    var body = gamesTable.tBodies[0], note = document.getElementById("games-status");
    clearChildren(body);
    if (!reply.ok) {
      note.textContent = fill(T.refused, { message: reply.body.error || "" });
      note.classList.add("error");
      gamesTable.hidden = true;
      return;
    }
    note.classList.remove("error");
    var found = reply.body, matches = found.matches || [];
    matches.forEach(function (m) {
      var tr = make("tr", null, body);
      tr.setAttribute("data-game", String(m.game));
      var a = make("a", m.game, make("td", null, tr));
      a.href = "/games/" + encodeURIComponent(m.game);
      make("td", m.ply, tr).className = "n";
      make("td", m.date || "", tr);
      make("td", (m.players || []).map(function (p) { return p.name; }).join(" \u2013 "), tr);
      make("td", m.event || "", tr);
      make("td", m.result, tr);
    });
    gamesTable.hidden = !matches.length;
    note.textContent = !found.games ? T.noGame
      : found.games > matches.length ? fill(T.moreGames, { n: found.games - matches.length }) : "";
  }

  function load() {
    var mine = ++asked;
    fillForm();
    drawLine();
    document.getElementById("help").textContent = D.kinds[state.game].help;
    say(T.loading);
    var explored = ask("/api/explore?" + apiQuery({}));
    var games = ask("/api/position?" + apiQuery({ limit: GAMES_LISTED }));
    explored.then(function (reply) {
      if (mine !== asked) return;
      if (!reply.ok) {
        answer = null;
        drawBoard();
        clearChildren(table.tHead.rows[0]); clearChildren(table.tBodies[0]);
        table.hidden = true;
        drawNotices([]);
        document.getElementById("to-move").textContent = "";
        say(fill(T.refused, { message: reply.body.error || "" }), true);
        return;
      }
      answer = reply.body;
      drawBoard();
      drawTable();
      drawNotices(answer.notices);
      document.getElementById("to-move").textContent =
        (state.ply ? "" : T.start + " \u00b7 ") + fill(T.toMove, { side: D.sides[answer.to_move] || answer.to_move });
      say(answer.games ? fill(T.reached, { n: answer.games, ended: answer.ended }) : T.noGame);
      document.body.setAttribute("data-loaded", String(mine));
    }, function (err) {
      if (mine === asked) say(fill(T.refused, { message: String(err) }), true);
    });
    games.then(function (reply) { if (mine === asked) drawGames(reply); });
  }

  fromAddress();
  load();
})();
