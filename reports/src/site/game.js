// kifu game page: draws the position at each ply from the frames the rules engine wrote
// into the page (#game-data); it never judges a move. Plain script, no network.
(function () {
  "use strict";
  var body = document.body;
  // `?embed` (embed.html): the board, its buttons and the players only.
  if (/(^|[?&])embed(&|$)/.test(location.search.slice(1))) body.classList.add("embed");
  var data = JSON.parse(document.getElementById("game-data").textContent);
  var kind = body.getAttribute("data-kind");
  var plies = parseInt(body.getAttribute("data-plies"), 10) || 0;
  var svg = document.getElementById("board");
  var current = -1;
  // The page's language gives the texts the script writes (from kifu's message table).
  var lang = document.documentElement.lang;
  var L = KIFU_BOARDS.labels[lang] || KIFU_BOARDS.labels.en;
  // The board drawing the site and the explorer share (board.js).
  var view = KIFU_BOARD.create(svg, kind, data.board, lang);
  var geo = view.geo, colours = view.colours, M = view.margin, C = view.cell;
  var el = view.el, label = view.label, xy = view.xy;
  var under = view.under, over = view.over;
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

  function drawForbidden(n) {
    var list = (data.forbidden && data.forbidden[String(n)]) || [];
    list.forEach(function (f) {
      view.drawForbidden(f[0], f[1], fill(L.forbidden, { kind: L.kinds[f[1]] || f[1] }));
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
        view.square(under, cell, { "class": "territory", "data-territory": t[0], "data-square": cell,
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
    view.clear();
    if (!v && kind === "territorial" && n === plies) drawTerritories();
    var marks = v ? (v.marks ? v.marks.split(" ") : []) : marksAt(n);
    view.drawMarks(marks);
    Object.keys(state.cells).forEach(function (cell) {
      view.drawPiece(cell, state.cells[cell], kind === "renju" ? state.placed[cell] : 0);
    });
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
