// kifu site of a whole archive: the events index's search over every game. The index of
// games is loaded only when the box is first used, as <script> elements (a page opened
// from file:// may not fetch() local files): assets/search-events.js and the shards
// assets/search-K.js call kifuSearch.events and kifuSearch.games. Each word typed must
// occur (folded: case, widths, Traditional or Simplified characters) in the game's event, round, players, result or opening; the
// first matches fill table#games (tr.game[data-game]), #shown counts every match and
// #no-match says when none is.
(function () {
  'use strict';
  var input = document.getElementById('search');
  var table = document.getElementById('games');
  if (!input || !table) { return; }
  // Case, widths and Traditional/Simplified characters folded as kifu folds names
  // (assets/fold.js); case alone without it.
  var fold = typeof kifuFold === 'function' ? kifuFold : function (t) { return t.toLowerCase(); };
  var body = table.tBodies[0];
  var shown = document.getElementById('shown');
  var none = document.getElementById('no-match');
  var loading = document.getElementById('search-loading');
  var more = document.getElementById('search-more');
  var LIMIT = 500;
  var shards = parseInt(input.getAttribute('data-shards'), 10) || 0;
  var events = [];
  var games = [];
  var texts = [];
  var pending = -1;

  function loaded() {
    pending -= 1;
    if (pending === 0) {
      texts = games.map(function (g) {
        var e = events[g[1] - 1] || ['', ''];
        return fold([e[0], g[2], g[3], g[4], g[5]].join('\n'));
      });
      if (loading) { loading.setAttribute('hidden', ''); }
      document.body.setAttribute('data-search-ready', '1');
      apply();
    }
  }
  window.kifuSearch = {
    events: function (list) { events = list; loaded(); },
    games: function (rows) { Array.prototype.push.apply(games, rows); loaded(); }
  };
  function load() {
    if (pending >= 0) { return; }
    pending = shards + 1;
    if (loading) { loading.removeAttribute('hidden'); }
    var files = ['search-events.js'];
    for (var k = 1; k <= shards; k += 1) { files.push('search-' + k + '.js'); }
    files.forEach(function (f) {
      var s = document.createElement('script');
      s.src = 'assets/' + f;
      document.head.appendChild(s);
    });
  }
  function cell(tr, text, cls) {
    var td = document.createElement('td');
    if (cls) { td.className = cls; }
    td.textContent = text;
    tr.appendChild(td);
    return td;
  }
  function link(td, href, text) {
    td.textContent = '';
    var a = document.createElement('a');
    a.href = href;
    a.textContent = text;
    td.appendChild(a);
  }
  function apply() {
    if (pending !== 0) { return; }
    // Each word folded alone: folding drops the spaces beside CJK characters.
    var words = input.value.split(/\s+/).map(fold).filter(function (w) { return w; });
    body.textContent = '';
    if (words.length === 0) {
      table.setAttribute('hidden', '');
      if (shown) { shown.textContent = ''; }
      if (none) { none.setAttribute('hidden', ''); }
      if (more) { more.setAttribute('hidden', ''); }
      return;
    }
    var count = 0;
    for (var i = 0; i < games.length; i += 1) {
      var text = texts[i];
      if (!words.every(function (w) { return text.indexOf(w) >= 0; })) { continue; }
      count += 1;
      if (count > LIMIT) { continue; }
      var g = games[i];
      var tr = document.createElement('tr');
      tr.className = 'game';
      tr.setAttribute('data-game', String(g[0]));
      link(cell(tr, '', 'num'), 'games/' + g[0] + '.html', String(g[0]));
      // An event without a page of its own (one game, nothing curated) links to that game.
      var event = events[g[1] - 1] || [''];
      link(cell(tr, '', 'event'), event[2] === 0 ? 'games/' + g[0] + '.html' : 'events/' + g[1] + '.html', event[0]);
      cell(tr, g[2], 'round');
      cell(tr, g[3], 'players');
      cell(tr, g[4], 'result');
      cell(tr, g[5], 'opening');
      body.appendChild(tr);
    }
    if (shown) { shown.textContent = String(count); }
    if (count === 0) { table.setAttribute('hidden', ''); } else { table.removeAttribute('hidden'); }
    // The rows found may be wider than a phone's screen (assets/tables.js).
    if (window.kifuFitTables) { window.kifuFitTables(); }
    if (none) {
      if (count === 0) { none.removeAttribute('hidden'); } else { none.setAttribute('hidden', ''); }
    }
    if (more) {
      if (count > LIMIT) {
        more.textContent = table.getAttribute('data-more').replace('{shown}', String(LIMIT));
        more.removeAttribute('hidden');
      } else { more.setAttribute('hidden', ''); }
    }
  }
  input.addEventListener('focus', load);
  input.addEventListener('input', function () { load(); apply(); });
  // `index.html#search=words` opens the index searched.
  var given = /^#search=(.*)$/.exec(window.location.hash);
  if (given) {
    try { input.value = decodeURIComponent(given[1]); } catch (e) { input.value = given[1]; }
  }
  if (input.value) { load(); }
}());
