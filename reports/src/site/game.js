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
  // The page's language gives the texts the script writes (from kifu's message table).
  var lang = document.documentElement.lang;
  var L = KIFU_BOARDS.labels[lang] || KIFU_BOARDS.labels.en;
  function fill(text, slots) {
    for (var k in slots) text = text.split("{" + k + "}").join(String(slots[k]));
    return text;
  }
  var moveList = document.getElementById("moves");
  // The page writes the main line's items bare (most of its bytes): each gets its class
  // and its ply here, in order; a `branch` item holds variations and is no move.
  (function () {
    var ply = 0;
    for (var li = moveList && moveList.firstElementChild; li; li = li.nextElementSibling) {
      if (li.classList.contains("branch")) continue;
      li.classList.add("move");
      li.setAttribute("data-ply", String(++ply));
    }
  })();
  // A move's text without the pair number the list writes before it.
  function moveTextOf(li) {
    return li && li.lastChild ? li.lastChild.textContent.trim() : "";
  }
  // The current move scrolled into view inside the move list only: scrolling the window
  // would take a phone's reader away from the board.
  function showInList(li) {
    if (!li || !moveList || moveList.scrollHeight <= moveList.clientHeight) return;
    var item = li.getBoundingClientRect(), box = moveList.getBoundingClientRect();
    if (item.top < box.top) moveList.scrollTop += item.top - box.top;
    else if (item.bottom > box.bottom) moveList.scrollTop += item.bottom - box.bottom;
  }

  // The state after ply n's changes to `prev`: the occupied cells, and (Renju) the ply
  // each stone was placed at.
  function applied(prev, changes, n) {
    var cells = {}, placed = {}, k;
    for (k in prev.cells) { cells[k] = prev.cells[k]; placed[k] = prev.placed[k]; }
    // "e2=C h2=": cell=content, an emptied cell with nothing after "="; "h2>e2": the piece
    // on h2 moved to e2.
    var move = changes.split(">");
    if (move.length === 2) {
      cells[move[1]] = cells[move[0]]; placed[move[1]] = n;
      delete cells[move[0]]; delete placed[move[0]];
      return { cells: cells, placed: placed };
    }
    changes.split(" ").forEach(function (part) {
      if (!part) return;
      var c = part.split("=");
      if (c[1] === "") { delete cells[c[0]]; delete placed[c[0]]; }
      else { cells[c[0]] = c[1]; placed[c[0]] = n; }
    });
    return { cells: cells, placed: placed };
  }

  var states = [];
  (function () {
    var state = { cells: {}, placed: {} };
    for (var n = 0; n < data.changes.length; n++) {
      // "*": the game starts from Xiangqi's standard position.
      state = applied(state, n === 0 && data.changes[0] === "*" ? KIFU_BOARDS.xiangqiStart : data.changes[n], n);
      states.push(state);
    }
  })();

  // Variation moves, each [node, parent (0: the main line), ply, changes from the board
  // before it, marks, played (1 or 0)], in node order; the first child of a node
  // continues its line.
  var nodes = {}, firstChild = {}, currentNode = 0;
  (data.variations || []).forEach(function (v) {
    nodes[v[0]] = { node: v[0], parent: v[1], ply: v[2], changes: v[3], marks: v[4], played: v[5] === 1 };
    if (v[1] && !(v[1] in firstChild)) firstChild[v[1]] = v[0];
  });
  function stateOf(id) {
    var v = nodes[id];
    if (!v.state) {
      var before = v.parent ? stateOf(v.parent) : states[Math.max(0, Math.min(v.ply - 1, states.length - 1))];
      v.state = applied(before, v.changes, v.ply);
    }
    return v.state;
  }
  // The first move of the outermost variation `id` is in, and the end of its line.
  function rootOf(id) { while (nodes[id].parent) id = nodes[id].parent; return id; }
  function endOf(id) { while (firstChild[id]) id = firstChild[id]; return id; }

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
    // A Chinese board names no cells: its files are numbered 九…一 and 1…9 around it.
    t.textContent = data.board === "xiangqi-zh" ? pieceName(content) : cell + " " + content;
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
      label(g, x, y + 1, 20, ink, pieceName(content), true);
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

  // A Xiangqi piece's character, Traditional on a zh-Hant or Japanese page.
  function pieceName(content) {
    var name = KIFU_BOARDS.chinese[content] || content;
    return lang === "zh-Hant" || lang === "ja" ? KIFU_BOARDS.traditional[name] || name : name;
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

  // A ply's marks: as the data says where it says, else a move's two cells or the one
  // cell a placement fills.
  function marksAt(n) {
    var m = data.marks && data.marks[n];
    if (m !== undefined) return m ? m.split(" ") : [];
    var c = data.changes[n] || "";
    if (c.indexOf(">") >= 0) return c.split(">");
    var parts = c.split(" ");
    return parts.length === 1 && /=./.test(parts[0]) ? [parts[0].split("=")[0]] : [];
  }

  function drawMarks(marks) {
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
      el("title", {}, g).textContent = fill(L.forbidden, { kind: L.kinds[f[1]] || f[1] });
      el("line", { x1: x - d, y1: y - d, x2: x + d, y2: y + d, stroke: colours.mark, "stroke-width": 2 }, g);
      el("line", { x1: x - d, y1: y + d, x2: x + d, y2: y - d, stroke: colours.mark, "stroke-width": 2 }, g);
      var sym = { "double-three": "3", "double-four": "4", "overline": "6" }[f[1]] || "\u00d7";
      label(g, x + d + 4, y - d - 2, 10, colours.mark, sym, true);
    });
    var text = document.getElementById("forbidden");
    if (text) {
      text.textContent = list.length ? fill(L.forbiddenList, { list:
        list.map(function (f) { return f[0] + " " + (L.kinds[f[1]] || f[1]); }).join(", ") }) : "";
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

  // Ply n of the main line, or variation move v (at its ply n).
  function draw(n, v) {
    var state = v ? stateOf(v.node) : states[Math.min(n, states.length - 1)];
    [under, pieces, over].forEach(function (g) { while (g.firstChild) g.removeChild(g.firstChild); });
    if (!v && kind === "territorial" && n === plies) drawTerritories();
    var marks = v ? (v.marks ? v.marks.split(" ") : []) : marksAt(n);
    drawMarks(marks);
    Object.keys(state.cells).forEach(function (cell) { drawPiece(cell, state.cells[cell], state); });
    if (kind === "renju" && !v) drawForbidden(n);
    var forbiddenText = document.getElementById("forbidden");
    if (kind === "renju" && v && forbiddenText) {
      forbiddenText.textContent = L.forbiddenOnMainLine;
    }
    var word = fill(kind === "chouchou" ? L.action : L.move, { n: n });
    if (v) {
      var li = document.querySelector('li.variation-move[data-node="' + v.node + '"] .t');
      note.textContent = fill(L.note, { at: word + " (" + L.variation + ")", move: li ? li.textContent : "" }) +
        (v.played ? "" : " \u2014 " + L.notPlayable);
    } else {
      var moveText = n > 0 ? moveTextOf(document.querySelector('li.move[data-ply="' + n + '"]')) : "";
      note.textContent = n > 0 ? fill(L.note, { at: word, move: moveText }) : L.start;
    }
    // A finding is about a main-line move, or (data-node) a variation move.
    var listed = document.querySelectorAll("li.finding");
    for (var i = 0; i < listed.length; i++) {
      var f = listed[i], node = f.getAttribute("data-node");
      var here = v ? node === String(v.node) : node === null && f.getAttribute("data-ply") === String(n);
      f.classList.toggle("current", here);
      if (here && marks.length) {
        var cell = marks[marks.length - 1], p = xy(cell);
        el("rect", { "class": "finding-mark", "data-finding": f.getAttribute("data-code"),
          x: p[0] - C / 2, y: p[1] - C / 2, width: C, height: C, fill: "none",
          stroke: "#e07000", "stroke-width": 3, "stroke-dasharray": "6 3" }, over);
      }
    }
  }

  // Class texts come with their repeated stretches written short.
  function expand(text) {
    KIFU_BOARDS.abbreviations.forEach(function (a) { text = text.split(a[0]).join(a[1]); });
    return text;
  }

  function panels(n, v) {
    var at = document.getElementById("at");
    // A variation may go on past the main line's end: its ply alone.
    if (at) at.textContent = v ? n + " \u00b7 " + L.variation : n + " / " + plies;
    var e;
    if (v) {
      // The side panels are the main line's; a variation's board speaks for itself.
      ["classes", "hands", "score", "captured", "captures"].forEach(function (id) {
        if ((e = document.getElementById(id))) e.textContent = "";
      });
      return;
    }
    if ((e = document.getElementById("classes"))) e.textContent = n > 0 && data.classes && data.classTexts ? expand(data.classTexts[data.classes[n - 1]]) : "";
    // The two lines as `kifu show` prints them, one under the other (white-space: pre-line).
    if ((e = document.getElementById("hands"))) e.textContent = ((data.hands && data.hands[n]) || []).join("\n");
    if ((e = document.getElementById("score"))) e.textContent = n === plies ? data.score || "" : "";
    if ((e = document.getElementById("captured"))) e.textContent = (data.captured && data.captured[n]) || "";
    if ((e = document.getElementById("captures"))) e.textContent = n > 0 && data.captures ? data.captures[n - 1] : "";
  }

  var mainLine = document.getElementById("main-line");

  // Leaves the variation shown, if one is.
  function leaveVariation() {
    if (!currentNode) return;
    currentNode = 0;
    body.removeAttribute("data-node");
    var shown = document.querySelectorAll("li.variation-move.current");
    for (var i = 0; i < shown.length; i++) shown[i].classList.remove("current");
    if (mainLine) mainLine.hidden = true;
  }

  function goNode(id, keepHash) {
    var v = nodes[id];
    if (!v) return;
    if (id !== currentNode) {
      leaveVariation();
      currentNode = id;
      current = -1;
      body.setAttribute("data-node", String(id));
      body.setAttribute("data-ply", String(v.ply));
      draw(v.ply, v);
      panels(v.ply, v);
      byPly("li.move", -1, function (li, here) { li.classList.toggle("current", here); });
      byPly(".comment", -1, function (c, here) { c.classList.toggle("current", here); });
      var li = document.querySelector('li.variation-move[data-node="' + id + '"]');
      if (li) {
        li.classList.add("current");
        showInList(li);
      }
      var now = document.getElementById("comment-now");
      var said = document.querySelector('li.variation-comment[data-node="' + id + '"]:not(.before)');
      if (now) now.textContent = said ? said.textContent : "";
      var ending = document.getElementById("ending");
      if (ending) ending.hidden = true;
      if (mainLine) mainLine.hidden = false;
    }
    if (!keepHash && location.hash !== "#node=" + id) {
      try { history.replaceState(null, "", "#node=" + id); } catch (err) { location.hash = "node=" + id; }
    }
  }

  function go(n, keepHash) {
    n = Math.max(0, Math.min(plies, n | 0));
    if (n !== current || currentNode) {
      leaveVariation();
      current = n;
      body.setAttribute("data-ply", String(n));
      draw(n);
      panels(n);
      byPly("li.move", n, function (li, here) {
        li.classList.toggle("current", here);
        if (here) showInList(li);
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

  // `#ply=N` on the main line, `#node=N` in a variation.
  function fromHash() {
    var m = /^#(ply|node)=(\d+)$/.exec(location.hash);
    return m ? { node: m[1] === "node", n: parseInt(m[2], 10) } : null;
  }
  function goHash(h, keepHash) {
    if (h.node && nodes[h.n]) goNode(h.n, keepHash);
    else if (!h.node) go(h.n, keepHash);
  }

  // The buttons and keys walk the main line, or along the variation shown: back to the
  // move it follows (the main line before its first move), on to its line's next move.
  var steps = {
    first: function () { if (currentNode) goNode(rootOf(currentNode)); else go(0); },
    prev: function () {
      var v = nodes[currentNode];
      if (!v) go(current - 1);
      else if (v.parent) goNode(v.parent);
      else go(v.ply - 1);
    },
    next: function () {
      if (!currentNode) go(current + 1);
      else if (firstChild[currentNode]) goNode(firstChild[currentNode]);
    },
    last: function () { if (currentNode) goNode(endOf(currentNode)); else go(plies); }
  };
  ["first", "prev", "next", "last"].forEach(function (id) {
    document.getElementById(id).addEventListener("click", steps[id]);
  });
  if (mainLine) {
    // Back to the main line at the move the variation replaces.
    mainLine.addEventListener("click", function () {
      if (currentNode) go(nodes[rootOf(currentNode)].ply);
    });
  }
  document.addEventListener("keydown", function (ev) {
    var t = ev.target && ev.target.tagName;
    if (t === "INPUT" || t === "TEXTAREA" || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var step = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[ev.key];
    if (step === undefined) return;
    ev.preventDefault();
    steps[step]();
  });
  document.getElementById("moves").addEventListener("click", function (ev) {
    if (!ev.target.closest) return;
    var v = ev.target.closest("li.variation-move");
    if (v) { goNode(parseInt(v.getAttribute("data-node"), 10)); return; }
    var li = ev.target.closest("li.move");
    if (li) go(parseInt(li.getAttribute("data-ply"), 10));
  });
  var findings = document.getElementById("findings");
  if (findings) {
    findings.addEventListener("click", function (ev) {
      var li = ev.target.closest && ev.target.closest("li.finding");
      if (!li) return;
      var node = li.getAttribute("data-node");
      if (node !== null) goNode(parseInt(node, 10));
      else if (li.getAttribute("data-ply") !== "") go(parseInt(li.getAttribute("data-ply"), 10));
    });
  }
  window.addEventListener("hashchange", function () {
    var h = fromHash();
    if (h !== null) goHash(h, true);
  });
  var start = fromHash();
  if (start === null) go(plies, true);
  else goHash(start, false);
  if (current < 0 && !currentNode) go(plies, true); // a #node= the page does not list
})();
