// A player's page: the player's record (/api/players/NAME, `kifu player`'s): the games
// (with the player's outcome in each), the results by year and by event, the other
// spellings, and the rating history per kind drawn as an SVG line.
'use strict';

(function () {
  const MOST = 1000;
  const player = UI.subject;
  const status = document.getElementById('games-status');
  const notices = document.getElementById('notices');
  const SVG = 'http://www.w3.org/2000/svg';

  /** A results table: one row per line of the record (`kifu player`'s `by_year`,
   *  `by_event`), its games, wins, draws, losses and score as the server counted them. */
  function resultsTable(table, head, lines, keyOf) {
    const heads = [head, L.games, L.wins, L.draws, L.losses, L.score];
    table.replaceChildren(el('thead', {}, el('tr', {}, ...heads.map((h) => el('th', { text: h })))));
    const body = el('tbody');
    for (const line of lines) {
      const key = keyOf(line) || '';
      const score = typeof line.score === 'number' ? (line.score * 100).toFixed(1) + '%' : '';
      body.append(el('tr', { 'data-key': key, 'data-games': line.games },
        el('td', {}, head === L.event && key ? pageLink('events', key) : key),
        el('td', { class: 'num', text: line.games }),
        el('td', { class: 'num', text: line.wins }),
        el('td', { class: 'num', text: line.draws }),
        el('td', { class: 'num', text: line.losses }),
        el('td', { class: 'num', text: score })));
    }
    table.append(body);
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

  /** The history's points (the record's `ratings[].history`). */
  function historyPoints(rating) {
    return ((rating && rating.history) || [])
      .filter((r) => typeof r.rating === 'number')
      .map((r) => ({ rating: r.rating, label: r.date || '' }));
  }

  /** A chart per game the player has games of (ChouChou has no rating). */
  function ratings(record) {
    const charts = document.getElementById('rating-charts');
    charts.replaceChildren();
    const kinds = record.by_kind.map((l) => l.kind).filter((k) => k && k !== 'chouchou');
    for (const kind of kinds) {
      const rating = record.ratings.find((r) => r.kind === kind);
      charts.append(ratingChart(kind, historyPoints(rating)));
    }
  }

  async function load() {
    status.textContent = L.loading;
    const path = '/api/players/' + encodeURIComponent(player) + '?' + query([['limit', String(MOST)]]);
    const answer = await api(path);
    if (!sayAnswer(answer, status, notices)) return;
    const record = answer.body;
    gamesTable(document.getElementById('games'), record.games, player);
    resultsTable(document.querySelector('#by-year table'), L.year, record.by_year, (l) => l.year);
    resultsTable(document.querySelector('#by-event table'), L.event, record.by_event, (l) => l.event);
    // The other spellings the records give this player (case, width, curated aliases).
    const spellings = record.spellings.map((l) => l.spelling).filter((s) => s && s !== player);
    if (spellings.length > 0) {
      const line = document.getElementById('spellings');
      line.querySelector('span').textContent = spellings.join(', ');
      line.hidden = false;
    }
    ratings(record);
  }
  load();
})();
