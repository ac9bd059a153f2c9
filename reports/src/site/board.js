// kifu boards: one position of any of the four games drawn on an <svg>, from the empty
// boards, colours and piece names in KIFU_BOARDS (generated before this script); shared by
// the site's game pages and the server's explorer. It draws; it never judges a move.
var KIFU_BOARD = (function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";

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

  // A view of `svg` holding the empty board `boardKey` (a key of KIFU_BOARDS.boards) of
  // the game `kind`, for a page in `lang`: three layers (under the pieces, the pieces,
  // over them) and the drawing of pieces and marks at cells.
  function create(svg, kind, boardKey, lang) {
    var geo = KIFU_BOARDS.boards[boardKey];
    var colours = KIFU_BOARDS.colours;
    var M = geo.margin, C = geo.cell;
    // ChouChou's board side, from its key (`chouchou3`).
    var side = kind === "chouchou" ? parseInt(boardKey.slice(8), 10) || 3 : 0;

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

    // The cell at a point of the board's own coordinates, or null off the board (the
    // inverse of xy: Renju and Xiangqi play on the lines' crossings, the others in squares).
    function cellAt(x, y) {
      var col, row;
      switch (kind) {
        case "renju":
          col = Math.round((x - M) / C); row = Math.round((y - M) / C);
          return col >= 0 && col < 15 && row >= 0 && row < 15 ? String.fromCharCode(97 + col) + (15 - row) : null;
        case "xiangqi":
          col = Math.round((x - M) / C); row = Math.round((y - M) / C);
          return col >= 0 && col < 9 && row >= 0 && row < 10 ? String.fromCharCode(97 + col) + (9 - row) : null;
        case "territorial":
          col = Math.floor((x - M) / C); row = Math.floor((y - M) / C);
          return col >= 0 && col < 8 && row >= 0 && row < 8 ? String.fromCharCode(97 + col) + (8 - row) : null;
        default:
          col = Math.floor((x - M) / C); row = Math.floor((y - M) / C);
          return col >= 0 && col < side && row >= 0 && row < side ? String(col + 1) + String.fromCharCode(65 + row) : null;
      }
    }

    svg.innerHTML = geo.svg;
    var under = el("g", { id: "under" }, svg);
    var pieces = el("g", { id: "pieces" }, svg);
    var over = el("g", { id: "over" }, svg);

    // A Xiangqi piece's character, Traditional on a zh-Hant or Japanese page.
    function pieceName(content) {
      var name = KIFU_BOARDS.chinese[content] || content;
      return lang === "zh-Hant" || lang === "ja" ? KIFU_BOARDS.traditional[name] || name : name;
    }

    // The piece `content` on `cell`; a Renju stone shows its move number if given.
    function drawPiece(cell, content, number) {
      var p = xy(cell), x = p[0], y = p[1];
      var g = el("g", { "data-at": cell, "data-piece": content, "class": "piece" }, pieces);
      var t = el("title", {}, g);
      // A Chinese board names no cells: its files are numbered 九…一 and 1…9 around it.
      t.textContent = boardKey === "xiangqi-zh" ? pieceName(content) : cell + " " + content;
      if (kind === "renju") {
        var black = content === "X";
        el("circle", { cx: x, cy: y, r: (C * 0.46).toFixed(1),
          fill: black ? colours.black : colours.white, stroke: "#1b1b1b", "stroke-width": 1 }, g);
        if (number > 0) label(g, x, y, number >= 100 ? 9.5 : 11.5, black ? "#fff" : "#1b1b1b", String(number));
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

    // The cells a move concerns: the point placed, a move's origin and destination.
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

    // A Renju point forbidden to Black (`kindName`: double-three, double-four, overline),
    // titled `title`.
    function drawForbidden(cell, kindName, title) {
      var p = xy(cell), d = C * 0.28, x = p[0], y = p[1];
      var g = el("g", { "class": "forbidden", "data-forbidden": cell, "data-forbidden-kind": kindName }, over);
      el("title", {}, g).textContent = title;
      el("line", { x1: x - d, y1: y - d, x2: x + d, y2: y + d, stroke: colours.mark, "stroke-width": 2 }, g);
      el("line", { x1: x - d, y1: y + d, x2: x + d, y2: y - d, stroke: colours.mark, "stroke-width": 2 }, g);
      var sym = { "double-three": "3", "double-four": "4", "overline": "6" }[kindName] || "\u00d7";
      label(g, x + d + 4, y - d - 2, 10, colours.mark, sym, true);
    }

    // Empties the three layers.
    function clear() {
      [under, pieces, over].forEach(function (g) { while (g.firstChild) g.removeChild(g.firstChild); });
    }

    return {
      geo: geo, colours: colours, cell: C, margin: M,
      under: under, pieces: pieces, over: over,
      el: el, label: label, xy: xy, cellAt: cellAt, pieceName: pieceName,
      drawPiece: drawPiece, ring: ring, square: square, drawMarks: drawMarks,
      drawForbidden: drawForbidden, clear: clear
    };
  }

  return { create: create };
})();
