// The home page: the search form's fields are the API's parameters, so the page's address
// is the question; the answer is listed a page at a time (`limit` grows: the API has no
// offset), with the API's refusal or notices said as they come.
'use strict';

(function () {
  const PAGE = 100;
  const MOST = 1000;
  const form = document.getElementById('search-form');
  const asked = new URLSearchParams(location.search);
  for (const field of form.elements) {
    if (field.name && asked.has(field.name)) field.value = asked.get(field.name);
  }
  const status = document.getElementById('games-status');
  const notices = document.getElementById('notices');
  const table = document.getElementById('games');
  const more = document.getElementById('more');
  let limit = PAGE;

  async function search() {
    status.textContent = L.loading;
    const pairs = [...new FormData(form).entries()];
    pairs.push(['limit', String(limit)]);
    const answer = await api('/api/games?' + query(pairs));
    const listed = sayAnswer(answer, status, notices);
    if (!listed) {
      table.replaceChildren();
      more.hidden = true;
      return;
    }
    gamesTable(table, answer.body.games);
    more.hidden = answer.body.games.length >= answer.body.total || limit >= MOST;
  }

  more.addEventListener('click', () => {
    limit = Math.min(limit + PAGE, MOST);
    search();
  });
  search();
})();
