// kifu site: a table wider than the screen (a phone) is stacked rather than scrolled
// sideways: each row a block, each cell said with its column's heading (`data-label`,
// from the table's own header row). A crosstable's cells carry their rounds from the
// page and stack by the style sheet alone.
(function () {
  'use strict';
  // `events/N.html?embed`: an archive event's standings alone, for another site's
  // iframe (as `embed-standings.html` is a one-event site's); links open in the whole
  // window.
  if (document.body.classList.contains('event') &&
      /(^|[?&])embed(&|$)/.test(location.search.slice(1))) {
    document.body.classList.add('embed');
    var top = document.createElement('base');
    top.target = '_top';
    document.head.appendChild(top);
  }
  function fit() {
    var tables = document.querySelectorAll('.table-wrap > table:not(.crosstable)');
    Array.prototype.forEach.call(tables, function (table) {
      table.classList.remove('stacked');
      if (table.hidden || table.getBoundingClientRect().right <= window.innerWidth) { return; }
      var heads = table.tHead ? table.tHead.rows[0].cells : [];
      Array.prototype.forEach.call(table.tBodies, function (body) {
        Array.prototype.forEach.call(body.rows, function (row) {
          Array.prototype.forEach.call(row.cells, function (cell, i) {
            if (!cell.hasAttribute('data-label') && heads[i]) {
              cell.setAttribute('data-label', heads[i].textContent);
            }
          });
        });
      });
      table.classList.add('stacked');
    });
  }
  window.kifuFitTables = fit;
  fit();
  window.addEventListener('resize', fit);
})();
