// A player's page: the games (with the player's outcome in each), the results by year and
// by event counted from them, and the rating history per kind drawn as an SVG line.
'use strict';

(function () {
  const MOST = 1000;
  const player = UI.subject;
  const status = document.getElementById('games-status');
  const notices = document.getElementById('notices');
  const SVG = 'http://www.w3.org/2000/svg';

  /** A tally table: one row per key, wins, draws, losses, games, score. */
  function tallyTable(table, head, tallies) {
    const heads = [head, L.games, L.wins, L.draws, L.losses, L.score];
    table.replaceChildren(el('thead', {}, el('tr', {}, ...heads.map((h) => el('th', { text: h })))));
    const body = el('tbody');
    for (const [key, t] of tallies) {
      const decided = t.won + t.draw + t.lost;
      const score = decided ? ((t.won + t.draw / 2) / decided * 100).toFixed(1) + '%' : '';
      body.append(el('tr', { 'data-key': key, 'data-games': t.games },
        el('td', {}, head === L.event && key ? pageLink('events', key) : key),
        el('td', { class: 'num', text: t.games }),
        el('td', { class: 'num', text: t.won }),
        el('td', { class: 'num', text: t.draw }),
        el('td', { class: 'num', text: t.lost }),
        el('td', { class: 'num', text: score })));
    }
    table.append(body);
  }

  function tally(games, keyOf) {
    const out = new Map();
    for (const g of games) {
      const key = keyOf(g) || '';
      const t = out.get(key) || { games: 0, won: 0, draw: 0, lost: 0 };
      t.games += 1;
      const outcome = playerOutcome(g, player);
      if (outcome && outcome !== 'none') t[outcome] += 1;
      out.set(key, t);
    }
    return out;
  }

  /** One kind's rating history as a line over time (plain SVG, no library). */
  function ratingChart(kind, points) {
    const box = el('figure', { class: 'rating-chart', 'data-kind': kind });
    box.append(el('figcaption', { text: UI.kinds[kind] || kind }));
    if (points.length === 0) {
      box.append(el('p', { text: fill(L.noRating, { kind: UI.kinds[kind] || kind }) }));
      return box;
    }
    const W = 600, H = 200, P = 36;
    const ys = points.map((p) => p.rating);
    const lo = Math.min(...ys), hi = Math.max(...ys);
    const span = hi - lo || 1;
    const x = (i) => P + (points.length === 1 ? (W - 2 * P) / 2 : i * (W - 2 * P) / (points.length - 1));
    const y = (r) => H - P - (r - lo) / span * (H - 2 * P);
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', L.rating);
    const add = (tag, attrs, text) => {
      const node = document.createElementNS(SVG, tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      if (text !== undefined) node.textContent = text;
      svg.append(node);
      return node;
    };
    add('line', { x1: P, y1: H - P, x2: W - P, y2: H - P, stroke: 'currentColor', 'stroke-opacity': '0.4' });
    // Close ratings keep a decimal, so the two ends read apart.
    const digits = hi - lo < 10 ? 1 : 0;
    add('text', { x: 2, y: y(hi) + 4, 'font-size': '11', fill: 'currentColor' }, hi.toFixed(digits));
    add('text', { x: 2, y: y(lo) + 4, 'font-size': '11', fill: 'currentColor' }, lo.toFixed(digits));
    add('text', { x: P, y: H - 8, 'font-size': '11', fill: 'currentColor' }, points[0].label);
    add('text', { x: W - P, y: H - 8, 'font-size': '11', fill: 'currentColor', 'text-anchor': 'end' }, points[points.length - 1].label);
    add('polyline', {
      points: points.map((p, i) => x(i).toFixed(1) + ',' + y(p.rating).toFixed(1)).join(' '),
      fill: 'none', stroke: 'currentColor', 'stroke-width': '2',
    });
    points.forEach((p, i) => {
      const dot = add('circle', { cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: '3', fill: 'currentColor', class: 'point' });
      const tip = document.createElementNS(SVG, 'title');
      tip.textContent = p.label + ': ' + Math.round(p.rating);
      dot.append(tip);
    });
    box.append(svg);
    return box;
  }

  /** The history's points (`kifu ratings --history --format json`'s `history`). */
  function historyPoints(body) {
    return (body.history || [])
      .filter((r) => typeof r.rating === 'number')
      .map((r) => ({ rating: r.rating, label: r.date || '' }));
  }

  async function ratings(kinds) {
    const charts = document.getElementById('rating-charts');
    charts.replaceChildren();
    for (const kind of kinds) {
      const answer = await api('/api/ratings?' + query([['game', kind], ['player', player], ['history', 'true']]));
      // A player no game of the kind rates is refused (400): no history to draw.
      const points = answer.status === 200 ? historyPoints(answer.body) : [];
      charts.append(ratingChart(kind, points));
    }
  }

  async function load() {
    status.textContent = L.loading;
    const answer = await api('/api/games?' + query([['player', player], ['sort', 'date'], ['limit', String(MOST)]]));
    if (!sayAnswer(answer, status, notices)) return;
    const games = answer.body.games;
    gamesTable(document.getElementById('games'), games, player);
    tallyTable(document.querySelector('#by-year table'), L.year, tally(games, (g) => (g.date || '').slice(0, 4)));
    tallyTable(document.querySelector('#by-event table'), L.event, tally(games, (g) => g.event));
    // The spellings the archive has of this name (the search folds case and width).
    const spellings = new Set();
    for (const g of games) {
      for (const p of g.players) {
        if (p.name.toLowerCase() === player.toLowerCase() && p.name !== player) spellings.add(p.name);
      }
    }
    if (spellings.size > 0) {
      const line = document.getElementById('spellings');
      line.querySelector('span').textContent = [...spellings].join(', ');
      line.hidden = false;
    }
    const kinds = [...new Set(games.map((g) => g.kind))].filter((k) => k !== 'chouchou');
    await ratings(kinds);
  }
  load();
})();
