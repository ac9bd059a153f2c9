// The home page: the search form's fields are the API's parameters, so the page's address
// is the question; the answer is listed a page at a time (each page after the last game
// of the one before: the API's `next`), with the API's refusal or notices said as they
// come.
'use strict';

(function () {
  const PAGE = 100;
  const form = document.getElementById('search-form');
  const asked = new URLSearchParams(location.search);
  for (const field of form.elements) {
    if (field.name && asked.has(field.name)) field.value = asked.get(field.name);
  }
  const status = document.getElementById('games-status');
  const notices = document.getElementById('notices');
  const table = document.getElementById('games');
  const more = document.getElementById('more');
  let shown = [];
  let next = null;

  async function search(after) {
    status.textContent = L.loading;
    const pairs = [...new FormData(form).entries()];
    pairs.push(['limit', String(PAGE)]);
    if (after !== null) pairs.push(['after', String(after)]);
    const answer = await api('/api/games?' + query(pairs));
    const listed = sayAnswer(answer, status, notices);
    if (!listed) {
      if (after === null) table.replaceChildren();
      more.hidden = true;
      return;
    }
    shown = after === null ? answer.body.games : shown.concat(answer.body.games);
    gamesTable(table, shown);
    status.textContent = fill(L.showing, { shown: shown.length, total: answer.body.total });
    next = answer.body.next === undefined ? null : answer.body.next;
    more.hidden = next === null;
  }

  more.addEventListener('click', () => search(next));
  search(null);
})();
