// kifu game page: draws the position at each ply from the frames the rules engine wrote
// into the page (#game-data); it never judges a move. Plain script, no network.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var body = document.body;
  var data = JSON.parse(document.getElementById("game-data").textContent);
  var kind = body.getAttribute("data-kind");
  var plies = parseInt(body.getAttribute("data-plies"), 10) || 0;
  var geo = KIFU_BOARDS.boards[data.board];
  var colours = KIFU_BOARDS.colours;
  var M = geo.margin, C = geo.cell;
  var svg = document.getElementById("board");
  var current = -1;

  // The occupied cells at each ply, and (Renju) the ply each stone was placed at.
  var states = [];
  (function () {
    var cells = {}, placed = {};
    for (var n = 0; n < data.changes.length; n++) {
      var next = {}, nextPlaced = {}, k;
      for (k in cells) { next[k] = cells[k]; nextPlaced[k] = placed[k]; }
      // "e2=C h2=": cell=content, an emptied cell with nothing after "=".
      data.changes[n].split(" ").forEach(function (part) {
        if (!part) return;
        var c = part.split("=");
        if (c[1] === "") { delete next[c[0]]; delete nextPlaced[c[0]]; }
        else { next[c[0]] = c[1]; nextPlaced[c[0]] = n; }
      });
      cells = next; placed = nextPlaced;
      states.push({ cells: cells, placed: placed });
    }
  })();

  function el(name, attrs, parent) {
    var e = document.createElementNS(SVG, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function label(parent, x, y, size, fill, t, bold) {
    var e = el("text", { x: x.toFixed(1), y: y.toFixed(1), "font-size": size, fill: fill,
      "text-anchor": "middle", "dominant-baseline": "central" }, parent);
    if (bold) e.setAttribute("font-weight", "bold");
    e.textContent = t;
    return e;
  }

  // The centre of a cell, by the geometry of the report's diagrams.
  function xy(cell) {
    var a = cell.charCodeAt(0), rest = cell.slice(1);
    switch (kind) {
      case "renju":
        return [M + (a - 97) * C, M + (14 - (parseInt(rest, 10) - 1)) * C];
      case "xiangqi":
        return [M + (a - 97) * C, M + (9 - parseInt(rest, 10)) * C];
      case "territorial":
        return [M + (a - 97) * C + C / 2, M + (7 - (parseInt(rest, 10) - 1)) * C + C / 2];
      default: // chouchou: column digit, row letter
        return [M + (a - 49) * C + C / 2, M + (cell.charCodeAt(1) - 65) * C + C / 2];
    }
  }

  svg.innerHTML = geo.svg;
  var under = el("g", { id: "under" }, svg);
  var pieces = el("g", { id: "pieces" }, svg);
  var over = el("g", { id: "over" }, svg);
  var note = label(svg, geo.w / 2, geo.h - 14, 13, "#333", "");
  note.setAttribute("id", "note-text");

  // ChouChou: a disc of each colour with what it stands for, below the board.
  if (data.legend) {
    var legendY = geo.h - M - 32, lx = M; // as the report's diagram places it
    data.legend.forEach(function (name, k) {
      el("circle", { cx: lx + 6, cy: legendY, r: 6, fill: colours.seats[k % 4] }, svg);
      var t = el("text", { x: lx + 16, y: legendY, "font-size": 12, fill: "#333",
        "dominant-baseline": "central" }, svg);
      t.textContent = name;
      lx += 64;
    });
  }

  function drawPiece(cell, content, state) {
    var p = xy(cell), x = p[0], y = p[1];
    var g = el("g", { "data-at": cell, "data-piece": content, "class": "piece" }, pieces);
    var t = el("title", {}, g);
    t.textContent = cell + " " + content;
    if (kind === "renju") {
      var black = content === "X";
      el("circle", { cx: x, cy: y, r: (C * 0.46).toFixed(1),
        fill: black ? colours.black : colours.white, stroke: "#1b1b1b", "stroke-width": 1 }, g);
      var num = state.placed[cell];
      if (num > 0) label(g, x, y, num >= 100 ? 9.5 : 11.5, black ? "#fff" : "#1b1b1b", String(num));
    } else if (kind === "xiangqi") {
      var red = content === content.toUpperCase();
      var ink = red ? colours.red : colours.black, rad = C * 0.42;
      el("circle", { cx: x, cy: y, r: rad.toFixed(1), fill: "#fdf3df", stroke: ink, "stroke-width": 2 }, g);
      el("circle", { cx: x, cy: y, r: (rad - 4).toFixed(1), fill: "none", stroke: ink, "stroke-width": 0.8 }, g);
      label(g, x, y + 1, 20, ink, KIFU_BOARDS.chinese[content] || content, true);
    } else if (kind === "territorial") {
      var white = content === content.toUpperCase();
      el("circle", { cx: x, cy: y, r: (C * 0.36).toFixed(1), fill: white ? colours.white : colours.black,
        stroke: "#1b1b1b", "stroke-width": 1.5 }, g);
      label(g, x, y + 1, 17, white ? "#1b1b1b" : "#ffffff", content.toUpperCase(), true);
    } else {
      var counts = content.split("\u00b7"), present = [];
      counts.forEach(function (c, k) { if (parseInt(c, 10) > 0) present.push([k, c]); });
      var slots = [[-0.2, -0.2], [0.2, -0.2], [-0.2, 0.2], [0.2, 0.2]];
      present.forEach(function (pc, j) {
        var s = present.length === 1 ? [0, 0] : slots[j % 4];
        var cx = x + s[0] * C, cy = y + s[1] * C;
        el("circle", { cx: cx.toFixed(1), cy: cy.toFixed(1), r: 15,
          fill: colours.seats[pc[0] % 4], stroke: "#222", "stroke-width": 1 }, g);
        label(g, cx, cy + 1, 14, "#fff", pc[1], true);
      });
    }
  }

  function ring(parent, cell, r, cls, dashed) {
    var p = xy(cell);
    var e = el("circle", { "class": cls, cx: p[0], cy: p[1], r: r.toFixed(1), fill: "none",
      stroke: colours.mark, "stroke-width": dashed ? 2 : 3, "data-mark": cell }, parent);
    if (dashed) e.setAttribute("stroke-dasharray", "4 3");
    return e;
  }

  function square(parent, cell, attrs) {
    var p = xy(cell);
    attrs.x = p[0] - C / 2; attrs.y = p[1] - C / 2; attrs.width = C; attrs.height = C;
    return el("rect", attrs, parent);
  }

  function marksAt(n) {
    return data.marks[n] ? data.marks[n].split(" ") : [];
  }

  function drawMarks(n) {
    var marks = marksAt(n);
    if (!marks.length) return;
    if (kind === "renju") {
      ring(over, marks[0], C * 0.46 + 3, "mark");
    } else if (kind === "xiangqi") {
      ring(under, marks[0], C * 0.42, "from", true);
      ring(over, marks[1], C * 0.42 + 3, "mark");
    } else if (kind === "territorial") {
      square(under, marks[0], { "class": "placed", fill: "#f7ec74", "fill-opacity": 0.7 });
      ring(over, marks[0], C * 0.36 + 3, "mark");
    } else if (marks.length === 1) {
      var p = xy(marks[0]);
      el("rect", { "class": "mark", x: p[0] - C / 2 + 4, y: p[1] - C / 2 + 4, width: C - 8, height: C - 8,
        fill: "none", stroke: colours.mark, "stroke-width": 4, "data-mark": marks[0] }, over);
    } else {
      var a = xy(marks[0]), b = xy(marks[1]);
      el("line", { "class": "mark", x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: colours.mark,
        "stroke-width": 4, "stroke-opacity": 0.85, "marker-end": "url(#cc-arrow)" }, over);
    }
  }

  function drawForbidden(n) {
    var list = (data.forbidden && data.forbidden[String(n)]) || [];
    list.forEach(function (f) {
      var p = xy(f[0]), d = C * 0.28, x = p[0], y = p[1];
      var g = el("g", { "class": "forbidden", "data-forbidden": f[0], "data-forbidden-kind": f[1] }, over);
      el("title", {}, g).textContent = "forbidden: " + f[1];
      el("line", { x1: x - d, y1: y - d, x2: x + d, y2: y + d, stroke: colours.mark, "stroke-width": 2 }, g);
      el("line", { x1: x - d, y1: y + d, x2: x + d, y2: y - d, stroke: colours.mark, "stroke-width": 2 }, g);
      var sym = { "double-three": "3", "double-four": "4", "overline": "6" }[f[1]] || "\u00d7";
      label(g, x + d + 4, y - d - 2, 10, colours.mark, sym, true);
    });
    var text = document.getElementById("forbidden");
    if (text) {
      text.textContent = list.length ? "Black's forbidden points: " +
        list.map(function (f) { return f[0] + " " + f[1]; }).join(", ") : "";
    }
  }

  function drawTerritories() {
    (data.territories || []).forEach(function (t) {
      var white = t[0] === "white";
      t[1].split(" ").forEach(function (cell) {
        square(under, cell, { "class": "territory", "data-territory": t[0], "data-square": cell,
          fill: white ? "#ffffff" : "#1b1b1b", "fill-opacity": white ? 0.55 : 0.35 });
      });
    });
  }

  function byPly(selector, n, fn) {
    var list = document.querySelectorAll(selector);
    for (var i = 0; i < list.length; i++) fn(list[i], list[i].getAttribute("data-ply") === String(n));
  }

  function draw(n) {
    var state = states[Math.min(n, states.length - 1)];
    [under, pieces, over].forEach(function (g) { while (g.firstChild) g.removeChild(g.firstChild); });
    if (kind === "territorial" && n === plies) drawTerritories();
    drawMarks(n);
    Object.keys(state.cells).forEach(function (cell) { drawPiece(cell, state.cells[cell], state); });
    if (kind === "renju") drawForbidden(n);
    var moveText = n > 0 ? (document.querySelector('li.move[data-ply="' + n + '"]') || {}).textContent : "";
    note.textContent = n > 0 ? (kind === "chouchou" ? "action " : "move ") + n + ": " + moveText
      : "start position";
    byPly("li.finding", n, function (li, here) {
      li.classList.toggle("current", here);
      var marks = marksAt(n);
      if (here && marks.length) {
        var cell = marks[marks.length - 1], p = xy(cell);
        el("rect", { "class": "finding-mark", "data-finding": li.getAttribute("data-code"),
          x: p[0] - C / 2, y: p[1] - C / 2, width: C, height: C, fill: "none",
          stroke: "#e07000", "stroke-width": 3, "stroke-dasharray": "6 3" }, over);
      }
    });
  }

  // Class texts come with their repeated stretches written short.
  function expand(text) {
    KIFU_BOARDS.abbreviations.forEach(function (a) { text = text.split(a[0]).join(a[1]); });
    return text;
  }

  function panels(n) {
    var at = document.getElementById("at");
    if (at) at.textContent = n + " / " + plies;
    var e;
    if ((e = document.getElementById("classes"))) e.textContent = n > 0 && data.classes ? expand(data.classTexts[data.classes[n - 1]]) : "";
    // The two lines as `kifu show` prints them, one under the other (white-space: pre-line).
    if ((e = document.getElementById("hands"))) e.textContent = ((data.hands && data.hands[n]) || []).join("\n");
    if ((e = document.getElementById("score"))) e.textContent = n === plies ? data.score || "" : "";
    if ((e = document.getElementById("captured"))) e.textContent = (data.captured && data.captured[n]) || "";
    if ((e = document.getElementById("captures"))) e.textContent = n > 0 && data.captures ? data.captures[n - 1] : "";
  }

  function go(n, keepHash) {
    n = Math.max(0, Math.min(plies, n | 0));
    if (n !== current) {
      current = n;
      body.setAttribute("data-ply", String(n));
      draw(n);
      panels(n);
      byPly("li.move", n, function (li, here) {
        li.classList.toggle("current", here);
        if (here && li.scrollIntoView) li.scrollIntoView({ block: "nearest" });
      });
      var said = [];
      byPly(".comment", n, function (c, here) {
        c.classList.toggle("current", here);
        if (here) said.push((c.querySelector(".text") || c).textContent);
      });
      var now = document.getElementById("comment-now");
      if (now) now.textContent = said.join(" ");
      var ending = document.getElementById("ending");
      if (ending) ending.hidden = n < parseInt(ending.getAttribute("data-ply"), 10);
    }
    if (!keepHash && location.hash !== "#ply=" + n) {
      try { history.replaceState(null, "", "#ply=" + n); } catch (err) { location.hash = "ply=" + n; }
    }
  }

  function fromHash() {
    var m = /^#ply=(\d+)$/.exec(location.hash);
    return m ? parseInt(m[1], 10) : null;
  }

  document.getElementById("first").addEventListener("click", function () { go(0); });
  document.getElementById("prev").addEventListener("click", function () { go(current - 1); });
  document.getElementById("next").addEventListener("click", function () { go(current + 1); });
  document.getElementById("last").addEventListener("click", function () { go(plies); });
  document.addEventListener("keydown", function (ev) {
    var t = ev.target && ev.target.tagName;
    if (t === "INPUT" || t === "TEXTAREA" || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: plies }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    go(to);
  });
  document.getElementById("moves").addEventListener("click", function (ev) {
    var li = ev.target.closest && ev.target.closest("li.move");
    if (li) go(parseInt(li.getAttribute("data-ply"), 10));
  });
  var findings = document.getElementById("findings");
  if (findings) {
    findings.addEventListener("click", function (ev) {
      var li = ev.target.closest && ev.target.closest("li.finding");
      if (li && li.getAttribute("data-ply") !== "") go(parseInt(li.getAttribute("data-ply"), 10));
    });
  }
  window.addEventListener("hashchange", function () {
    var n = fromHash();
    if (n !== null) go(n, true);
  });
  var start = fromHash();
  go(start === null ? plies : start, start === null);
})();
