// What every page's script shares: the page's words (read from #ui-data, written by the
// server in its language), the API's reads, and the table of games the pages list.
'use strict';

const UI = JSON.parse(document.getElementById('ui-data').textContent);
const L = UI.labels;

/** `text` with its `{slot}`s filled from `slots`. */
function fill(text, slots) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in slots ? String(slots[key]) : whole));
}

/** A count's text: `one|many` forms chosen by `n` (one form where the language has one). */
function count(text, n) {
  const forms = text.split('|');
  return fill(forms.length > 1 && n !== 1 ? forms[1] : forms[0], { n: n });
}

/** An element with attributes (`text` sets its text) and children. */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

/** A link to a player's or event's page, or a game's. */
function pageLink(kind, name, text) {
  return el('a', { href: '/' + kind + '/' + encodeURIComponent(name), text: text || name });
}

/**
 * The API's answer to `path`: `{status, body, tag}`; with `tag` (an earlier answer's ETag)
 * an unchanged answer is `{status: 304}`. A refusal's body holds its `error`.
 */
async function api(path, tag) {
  const headers = tag ? { 'If-None-Match': tag } : {};
  const response = await fetch(path, { headers: headers, cache: 'no-store' });
  const answer = { status: response.status, tag: response.headers.get('ETag'), body: null };
  if (response.status !== 304) {
    try {
      answer.body = await response.json();
    } catch (e) {
      answer.body = { error: String(e) };
    }
  }
  return answer;
}

/** The query of an API address from `params` (pairs whose value is empty are left out). */
function query(params) {
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    if (value !== '' && value !== null && value !== undefined) out.append(key, value);
  }
  return out.toString();
}

/** A side's name (`black`, `white`, `red`; a ChouChou seat `P1` as it is). */
function sideName(side) {
  return L[side] || side;
}

/** The result that counts, in words. */
function resultText(result) {
  if (!result) return L.noResult;
  if (result === 'draw') return L.draw;
  return fill(L.seatWins, { seat: sideName(result) });
}

/** Says the API's refusal or the empty answer's notices in `status` and `notices`. */
function sayAnswer(answer, status, notices) {
  notices.replaceChildren();
  if (answer.status !== 200) {
    status.textContent = fill(L.serverSaid, { message: (answer.body && answer.body.error) || answer.status });
    status.className = 'error';
    return false;
  }
  status.className = '';
  for (const notice of answer.body.notices || []) notices.append(el('li', { text: notice }));
  if (!answer.body.games || answer.body.games.length === 0) {
    status.textContent = L.noGames;
    if (answer.body.nothing && answer.body.nothing !== 'no games match') {
      notices.append(el('li', { text: answer.body.nothing }));
    }
    return false;
  }
  status.textContent = fill(L.showing, { shown: answer.body.games.length, total: answer.body.total });
  return true;
}

/** Fills `table` with `games`: number, kind, date, event, round, players, result, plies
 *  (the audit edition adds the findings). */
function gamesTable(table, games) {
  const heads = [L.game, L.kind, L.date, L.event, L.round, L.players, L.result, L.plies];
  if (UI.audit) heads.push(L.findings);
  table.replaceChildren(el('thead', {}, el('tr', {}, ...heads.map((h) => el('th', { text: h })))));
  const body = el('tbody');
  for (const g of games) {
    const players = el('td');
    g.players.forEach((p, i) => {
      if (i > 0) players.append(' – ');
      players.append(pageLink('players', p.name));
      players.append(el('span', { class: 'side', text: ' (' + sideName(p.side) + ')' }));
    });
    const row = el('tr', { class: 'game', 'data-game': g.id },
      el('td', { class: 'num' }, el('a', { href: '/games/' + g.id, text: '#' + g.id })),
      el('td', { text: UI.kinds[g.kind] || g.kind }),
      el('td', { text: g.date || '' }),
      el('td', {}, g.event ? pageLink('events', g.event) : ''),
      el('td', { text: g.round || '' }),
      players,
      el('td', { text: resultText(g.counted_result) }),
      el('td', { class: 'num', text: g.plies }));
    if (UI.audit) {
      const f = g.findings || {};
      row.append(el('td', { class: 'num', text: [f.error || 0, f.warning || 0, f.info || 0].join(' / ') }));
    }
    body.append(row);
  }
  table.append(body);
}
