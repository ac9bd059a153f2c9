// An event's page: its standings (drawn by the server as the static site draws them) and
// its games by round, kept current: the page listens to /api/updates and, when the
// archive's generation changes, asks both again with the tags it has (an unchanged answer
// is a 304) and says when they last changed.
'use strict';

(function () {
  const MOST = 1000;
  const event = UI.subject;
  const standings = document.getElementById('standings');
  const rounds = document.getElementById('rounds');
  const status = document.getElementById('games-status');
  const notices = document.getElementById('notices');
  const updated = document.getElementById('updated');
  const tags = { standings: null, games: null };
  let generation = null;

  /** The players' names in the standings link to their pages. */
  function linkPlayers() {
    if (standings.textContent.trim() === '') {
      standings.replaceChildren(el('p', { class: 'note', text: L.noStandings }));
      return;
    }
    for (const row of standings.querySelectorAll('tr[data-player]')) {
      const name = row.getAttribute('data-player');
      for (const cell of row.cells) {
        const text = [...cell.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim() === name);
        if (text) {
          text.replaceWith(pageLink('players', name));
          break;
        }
      }
    }
  }

  function showGames(games) {
    const byRound = new Map();
    for (const g of games) {
      const round = g.round || '';
      if (!byRound.has(round)) byRound.set(round, []);
      byRound.get(round).push(g);
    }
    rounds.replaceChildren();
    for (const [round, list] of byRound) {
      const table = el('table', { class: 'games' });
      gamesTable(table, list);
      rounds.append(el('section', { class: 'round', 'data-round': round, 'data-games': list.length },
        el('h3', { text: round ? L.round + ' ' + round : L.noRound }),
        el('div', { class: 'table-wrap' }, table)));
    }
  }

  async function refreshStandings() {
    const headers = tags.standings ? { 'If-None-Match': tags.standings } : {};
    const response = await fetch('/events/' + encodeURIComponent(event) + '/standings', { headers: headers, cache: 'no-store' });
    if (response.status === 304) return false;
    if (response.status !== 200) return false;
    tags.standings = response.headers.get('ETag');
    const fragment = new DOMParser().parseFromString(await response.text(), 'text/html');
    standings.replaceChildren(...fragment.body.childNodes);
    linkPlayers();
    return true;
  }

  async function refreshGames() {
    const path = '/api/games?' + query([['event', event], ['sort', 'event'], ['limit', String(MOST)]]);
    const answer = await api(path, tags.games);
    if (answer.status === 304) return false;
    tags.games = answer.tag;
    if (sayAnswer(answer, status, notices)) showGames(answer.body.games);
    else rounds.replaceChildren();
    return true;
  }

  async function refresh() {
    const [a, b] = await Promise.all([refreshStandings(), refreshGames()]);
    if (a || b) {
      const now = new Date();
      const time = [now.getHours(), now.getMinutes(), now.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
      updated.textContent = fill(L.lastUpdated, { time: time });
      document.body.setAttribute('data-refreshed', String(Date.now()));
    }
  }

  linkPlayers();
  refreshGames();
  const updates = new EventSource('/api/updates');
  updates.addEventListener('state', (message) => {
    let state;
    try {
      state = JSON.parse(message.data);
    } catch (e) {
      return;
    }
    if (state.generation === generation) return;
    const first = generation === null;
    generation = state.generation;
    document.body.setAttribute('data-generation', String(generation));
    if (!first) refresh();
  });
  updates.addEventListener('error', () => {
    if (updates.readyState === EventSource.CLOSED) updated.textContent = L.liveLost;
  });
})();
