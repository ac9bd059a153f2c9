// kifu event site: the index's search box. Filters the games table in the page (no
// request): each word typed must occur (folded: case, widths, Traditional or Simplified characters) in the row's round, players,
// result or opening; rows that do not match get the `hidden` attribute. `#shown` counts
// the rows shown, `#no-match` says when none is.
(function () {
  'use strict';
  var input = document.getElementById('search');
  var table = document.getElementById('games');
  if (!input || !table) { return; }
  // Case, widths and Traditional/Simplified characters folded as kifu folds names
  // (assets/fold.js); case alone without it.
  var fold = typeof kifuFold === 'function' ? kifuFold : function (t) { return t.toLowerCase(); };
  var shown = document.getElementById('shown');
  var none = document.getElementById('no-match');
  var fields = ['round', 'players', 'result', 'opening'];
  var rows = Array.prototype.map.call(table.querySelectorAll('tr.game'), function (tr) {
    var text = fold(fields.map(function (f) {
      var cell = tr.querySelector('td.' + f);
      return cell ? cell.textContent : '';
    }).join('\n'));
    return { tr: tr, text: text };
  });
  function apply() {
    // Each word folded alone: folding drops the spaces beside CJK characters.
    var words = input.value.split(/\s+/).map(fold).filter(function (w) { return w; });
    var count = 0;
    rows.forEach(function (row) {
      var match = words.every(function (w) { return row.text.indexOf(w) >= 0; });
      if (match) { count += 1; row.tr.removeAttribute('hidden'); }
      else { row.tr.setAttribute('hidden', ''); }
    });
    if (shown) { shown.textContent = String(count); }
    if (none) {
      if (count === 0) { none.removeAttribute('hidden'); } else { none.setAttribute('hidden', ''); }
    }
  }
  input.addEventListener('input', apply);
  // `index.html#search=words` opens the index searched (a link can share a search); a
  // value kept by the browser on going back is applied at once too.
  var given = /^#search=(.*)$/.exec(window.location.hash);
  if (given) {
    try { input.value = decodeURIComponent(given[1]); } catch (e) { input.value = given[1]; }
  }
  apply();
  document.body.setAttribute('data-search-ready', '1');
  // Printing shows every game and the whole audit: no row hidden, no list folded.
  window.addEventListener('beforeprint', function () {
    rows.forEach(function (row) { row.tr.removeAttribute('hidden'); });
    Array.prototype.forEach.call(document.querySelectorAll('details'), function (d) {
      d.setAttribute('open', '');
    });
  });
  window.addEventListener('afterprint', apply);
}());
