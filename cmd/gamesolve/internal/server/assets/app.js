// gamesolve explorer: talks to the JSON API, draws policies, plays games.
'use strict';

const $ = (id) => document.getElementById(id);

// Kindlmann's extended perceptual colour map (the one the plot command
// uses), 17 stops from 0 to 1.
const STOPS = [[0,0,0],[27,10,49],[42,6,96],[38,41,87],[3,66,67],[17,84,45],[7,103,13],[76,114,9],[120,124,8],[189,119,48],[248,107,85],[255,127,162],[250,149,241],[243,182,247],[233,212,253],[244,234,255],[255,255,255]];
function colour(x) {
  x = Math.min(1, Math.max(0, x)) * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(x)), f = x - i;
  const c = STOPS[i].map((v, k) => Math.round(v + f * (STOPS[i + 1][k] - v)));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

// A seeded random source, so that a page opened with #seed=N replays.
let seed = Number((location.hash.match(/seed=(\d+)/) || [])[1] || 0);
function random() {
  if (!seed) return Math.random();
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}

async function api(path, init) {
  const res = await fetch(path, init);
  let body;
  try { body = await res.json(); } catch (e) { throw new Error(`HTTP ${res.status}`); }
  if (!res.ok) throw new Error(body.error || `HTTP ${res.status}`);
  return body;
}

// run shows an action's error in the section's error line.
async function run(section, fn) {
  const err = $(section + '-error');
  err.textContent = '';
  try {
    await fn();
  } catch (e) {
    err.textContent = e.message;
    const out = $(section + '-result');
    if (out && out.textContent === 'solving…') out.textContent = '';
  }
}

// solve runs a form's request: only the latest one of a section shows its
// answer (a tab's default solve may still be on its way when the user asks
// again), and an error clears the old answer, so that nothing on the page
// belongs to another question. clear undoes the section's pictures.
const latest = {};
function solve(section, fn, clear) {
  const gen = (latest[section] = (latest[section] || 0) + 1);
  const live = () => latest[section] === gen;
  const err = $(section + '-error'), out = $(section + '-result');
  err.textContent = '';
  out.textContent = 'solving…';
  return fn(live).catch((e) => {
    if (!live()) return;
    err.textContent = e.message;
    out.replaceChildren();
    if (clear) clear();
  });
}

function fmt(x, digits = 8) { return Number(x).toFixed(digits); }

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

// ticks returns about five round values from first to first+n-1.
function ticks(first, n) {
  const span = Math.max(1, n - 1);
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].find((s) => span / s <= 6) || Math.ceil(span / 5);
  const out = [];
  for (let v = Math.ceil(first / step) * step; v <= first + n - 1; v += step) out.push(v);
  if (out[0] !== first) out.unshift(first);
  return out;
}

// heatmap draws grid[i][j] (x: i, y: j upward) with colours over [lo, hi],
// with ticks and the axes' titles: axes.x and axes.y give each a label and
// the value of index 0. Cells for which skip(v) holds are grey.
const MARGIN = { left: 44, bottom: 38, top: 6, right: 8 };
function heatmap(canvas, grid, lo, hi, skip, axes) {
  const ctx = canvas.getContext('2d');
  const n = grid.length, m = grid[0].length;
  const W = canvas.width - MARGIN.left - MARGIN.right, H = canvas.height - MARGIN.top - MARGIN.bottom;
  const x0 = MARGIN.left, y0 = MARGIN.top + H; // the map's lower left corner
  const w = W / n, h = H / m;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      const v = grid[i][j];
      ctx.fillStyle = skip && skip(v) ? '#c8c8c8' : colour(hi > lo ? (v - lo) / (hi - lo) : 0);
      ctx.fillRect(Math.floor(x0 + i * w), Math.floor(y0 - (j + 1) * h), Math.ceil(w), Math.ceil(h));
    }
  }
  ctx.fillStyle = ctx.strokeStyle = '#222';
  ctx.font = '11px sans-serif';
  ctx.lineWidth = 1;
  const xs = ticks(axes.x.first, n), ys = ticks(axes.y.first, m);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (const v of xs) {
    const x = Math.round(x0 + (v - axes.x.first + 0.5) * w) + 0.5;
    ctx.beginPath(); ctx.moveTo(x, y0); ctx.lineTo(x, y0 + 4); ctx.stroke();
    ctx.fillText(String(v), x, y0 + 6);
  }
  ctx.fillText(axes.x.label, x0 + W / 2, y0 + 21);
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const v of ys) {
    const y = Math.round(y0 - (v - axes.y.first + 0.5) * h) + 0.5;
    ctx.beginPath(); ctx.moveTo(x0, y); ctx.lineTo(x0 - 4, y); ctx.stroke();
    ctx.fillText(String(v), x0 - 6, y);
  }
  ctx.save();
  ctx.translate(11, MARGIN.top + H / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = 'center';
  ctx.fillText(axes.y.label, 0, 0);
  ctx.restore();
  canvas.dataset.drawn = String(n * m);
  canvas.dataset.ticks = `${axes.x.label}: ${xs.join(' ')}; ${axes.y.label}: ${ys.join(' ')}`;
}

function clearCanvas(c) {
  c.getContext('2d').clearRect(0, 0, c.width, c.height);
  for (const k of Object.keys(c.dataset)) delete c.dataset[k];
}

// Pictures drawn, not glyphs: a die's face and a coin need no emoji font.
const SVG = 'http://www.w3.org/2000/svg';
function svgEl(tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}
const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };
function dieFace(face) {
  const s = svgEl('svg', { width: 44, height: 44, viewBox: '0 0 40 40', role: 'img', 'aria-label': `a die showing ${face}` });
  s.append(svgEl('rect', { x: 1, y: 1, width: 38, height: 38, rx: 7, fill: '#fff', stroke: '#333', 'stroke-width': 2 }));
  for (const [i, j] of PIPS[face]) s.append(svgEl('circle', { cx: i * 10, cy: j * 10, r: 3.6, fill: face === 1 ? '#b00020' : '#222' }));
  return s;
}
function coinFace(heads) {
  const s = svgEl('svg', { width: 44, height: 44, viewBox: '0 0 40 40', role: 'img', 'aria-label': heads ? 'heads' : 'tails' });
  s.append(svgEl('circle', { cx: 20, cy: 20, r: 18, fill: heads ? '#e8c547' : '#c9c9c9', stroke: '#6b5a12', 'stroke-width': 2 }));
  const t = svgEl('text', { x: 20, y: 26, 'text-anchor': 'middle', 'font-size': 17, 'font-family': 'sans-serif', fill: '#333' });
  t.textContent = heads ? 'H' : 'T';
  s.append(t);
  return s;
}

function legend(box, title, entries) {
  box.replaceChildren(el('b', title));
  for (const [text, c] of entries) {
    const row = el('div');
    const sw = el('span', '', 'sw');
    sw.style.background = c;
    row.append(sw, el('span', text));
    box.append(row);
  }
}

// ---- tabs ----
// A tab shows its default question answered when first opened.
const opened = new Set();
function openTab(tab) {
  document.querySelectorAll('#tabs button').forEach((x) => x.classList.toggle('active', x.dataset.tab === tab));
  document.querySelectorAll('.tab').forEach((t) => t.classList.toggle('active', t.id === tab));
  if (!opened.has(tab)) {
    opened.add(tab);
    $(tab + '-form').requestSubmit();
  }
}
for (const b of document.querySelectorAll('#tabs button')) b.addEventListener('click', () => openTab(b.dataset.tab));

// ---- race ----
const race = { q: null, res: null, a: 0, b: 0, turn: 'coin' };

function clearRace() {
  clearCanvas($('race-heatmap'));
  $('race-legend').replaceChildren();
  $('race-play').hidden = true;
}
$('race-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  solve('race', async (live) => {
    const target = $('race-target').value.trim();
    const q = new URLSearchParams({ target, first: $('race-first').value });
    if ($('race-exact').checked) q.set('exact', 'true');
    const withPolicy = Number(target) >= 1 && Number(target) <= 300 && !$('race-exact').checked;
    if (withPolicy) q.set('policy', 'true');
    const r = await api('/api/race?' + q);
    if (!live()) return;
    race.res = r;
    race.q = new URLSearchParams({ target, first: r.first });
    const out = $('race-result');
    out.replaceChildren(
      el('div', `coin player needs ${r.coin_target}, chooser needs ${r.chooser_target}, ${r.first} moves first`),
      el('span', 'chooser wins with probability '), el('span', fmt(r.win_probability), 'big'));
    out.lastChild.id = 'race-win';
    out.append(el('div', `full precision ${r.win_probability}` + (r.win_probability_exact ? `, exactly ${r.win_probability_exact}` : '')));
    if (r.policy) {
      const maxT = Math.max(...r.policy.flat());
      heatmap($('race-heatmap'), r.policy, 0.5, maxT + 0.5, null, { x: { label: 'points the coin player needs', first: 1 }, y: { label: 'points the chooser needs', first: 1 } });
      // rescale: heatmap maps lo..hi linearly, levels are 1..maxT
      const entries = [];
      for (let t = 1; t <= maxT; t++) entries.push([`T=${t}: ${r.menu[t - 1]}`, colour((t - 0.5) / maxT)]);
      legend($('race-legend'), 'the optimal gamble', entries);
      $('race-play').hidden = false;
      newRace();
    } else {
      clearRace();
    }
  }, clearRace);
});

function newRace() {
  race.a = race.res.coin_target;
  race.b = race.res.chooser_target;
  race.turn = race.res.first;
  $('race-log').replaceChildren();
  $('race-coin').replaceChildren();
  raceStep();
}

async function raceStep() {
  await run('race', async () => {
    const q = new URLSearchParams(race.q);
    q.set('a', race.a); q.set('b', race.b); q.set('turn', race.turn);
    const p = await api('/api/race/play?' + q);
    $('race-state').textContent = `coin player needs ${Math.max(race.a, 0)}, you need ${Math.max(race.b, 0)}` +
      (p.winner ? '' : ` — ${race.turn === 'chooser' ? 'your' : "the coin player's"} turn`);
    $('race-chance').textContent = fmt(p.chooser_win_probability, 6);
    const box = $('race-controls');
    box.replaceChildren();
    if (p.winner) {
      box.append(el('b', p.winner === 'chooser' ? 'You win!' : 'The coin player wins.'));
      return;
    }
    if (race.turn === 'coin') {
      const b = el('button', `Flip the coin (${p.coin.p_exact} to score ${p.coin.gain})`);
      b.id = 'race-flip';
      b.onclick = () => {
        const heads = random() < p.coin.p;
        $('race-coin').replaceChildren(coinFace(heads), el('span', heads ? ' heads' : ' tails'));
        if (heads) race.a -= p.coin.gain;
        $('race-log').append(el('li', `coin: ${heads ? 'heads, scores ' + p.coin.gain : 'tails'}`));
        race.turn = 'chooser';
        raceStep();
      };
      box.append(b);
      return;
    }
    const sel = el('select');
    sel.id = 'race-t';
    race.res.menu.forEach((m, i) => {
      const o = el('option', `T=${i + 1} (${m})` + (i + 1 === p.gamble.t ? ' — optimal' : ''));
      o.value = i + 1;
      sel.append(o);
    });
    sel.value = p.gamble.t;
    const go = el('button', 'Gamble');
    go.id = 'race-gamble';
    go.onclick = () => {
      const t = Number(sel.value);
      const [prob, gain] = race.res.menu[t - 1].split(':');
      const [num, den] = prob.split('/').map(Number);
      const win = random() < num / (den || 1);
      $('race-coin').replaceChildren(el('span', win ? `T=${t}: scores ${gain}` : `T=${t}: misses`));
      if (win) race.b -= Number(gain);
      $('race-log').append(el('li', `you: T=${t}, ${win ? 'scores ' + gain : 'misses'}`));
      race.turn = 'coin';
      raceStep();
    };
    box.append(el('span', 'your gamble: '), sel, go);
  });
}
$('race-new').addEventListener('click', newRace);

// ---- pig ----
// You are player 0 and roll first; the computers are players 1 to n-1.
const pig = { target: 0, players: 2, scores: [0, 0], total: 0, turn: 0, busy: false, gen: 0 };

// slice2 takes the first two levels of a policy indexed by every player's
// score, the later players at score 0.
function slice2(policy) {
  return policy.map((row) => row.map((v) => { while (Array.isArray(v)) v = v[0]; return v; }));
}

function clearPig() {
  clearCanvas($('pig-heatmap'));
  $('pig-legend').replaceChildren();
  $('pig-play').hidden = true;
}
$('pig-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  solve('pig', async (live) => {
    const target = $('pig-target').value.trim();
    const players = $('pig-players').value;
    const r = await api('/api/pig?' + new URLSearchParams({ target, players, policy: 'true' }));
    if (!live()) return;
    pig.target = r.target;
    pig.players = r.players;
    const out = $('pig-result');
    const chances = r.win_probabilities.map((w, i) => `player ${i + 1}: ${fmt(w)}`).join(', ');
    out.replaceChildren(el('span', 'the first player wins with probability '), el('span', fmt(r.win_probability), 'big'),
      el('div', r.players > 2 ? `${chances}; equilibrium ${r.equilibrium}` : ''),
      el('div', `expected rolls ${r.expected_rolls.toFixed(4)}; ${r.states} states, ${r.components} components`));
    const grid = slice2(r.policy);
    const holds = grid.flat().filter((k) => k > 0);
    const lo = holds.length ? Math.min(...holds) : 0, hi = holds.length ? Math.max(...holds) : 1;
    const yLabel = r.players > 2 ? "the next player's score" : 'your score';
    heatmap($('pig-heatmap'), grid, lo, hi, (v) => v === 0, { x: { label: 'my score', first: 0 }, y: { label: yLabel, first: 0 } });
    const entries = [];
    const levels = [...new Set([0, 1, 2, 3, 4].map((k) => Math.round(lo + (k * (hi - lo)) / 4)))];
    if (holds.length) for (const v of levels) entries.push([`hold at ${v}`, colour(hi > lo ? (v - lo) / (hi - lo) : 0)]);
    entries.push(['roll on until you win', '#c8c8c8']);
    legend($('pig-legend'), r.players > 2 ? 'turn total at which to hold (the later players at 0)' : 'turn total at which to hold', entries);
    $('pig-play').hidden = false;
    newPig();
  }, clearPig);
});

function newPig() {
  Object.assign(pig, { scores: new Array(pig.players).fill(0), total: 0, turn: 0, busy: false });
  $('pig-log').replaceChildren();
  $('pig-die').replaceChildren();
  pigShow();
}

const who = (i) => (i === 0 ? 'you' : pig.players > 2 ? `computer ${i}` : 'the computer');

// position fetches the current position, seen from the mover: every
// player's chance from the mover on, and the mover's optimal action.
function position() {
  const n = pig.players, m = pig.turn;
  const scores = pig.scores.slice(m).concat(pig.scores.slice(0, m));
  return api('/api/pig/play?' + new URLSearchParams({ target: pig.target, players: n, scores: scores.join(','), total: pig.total }));
}

// pigShow shows the position and, on a computer's turn, schedules its
// move. Only the latest call acts: an earlier one still waiting for its
// answer (a click came meanwhile) must not schedule a second move.
async function pigShow() {
  const gen = ++pig.gen;
  await run('pig', async () => {
    const winner = pig.scores.findIndex((x) => x >= pig.target);
    const over = winner >= 0;
    $('pig-state').textContent = pig.scores.map((x, i) => `${who(i)} ${x}`).join(', ') + `; target ${pig.target}; turn total ${pig.total}`;
    $('pig-roll').disabled = $('pig-hold').disabled = over || pig.turn !== 0 || pig.busy;
    if (over) {
      $('pig-turn').textContent = winner === 0 ? 'You win!' : `${who(winner)} wins.`.replace(/^t/, 'T').replace(/^c/, 'C');
      $('pig-chance').textContent = winner === 0 ? '1' : '0';
      $('pig-hint').textContent = '';
      return;
    }
    $('pig-turn').textContent = pig.turn === 0 ? 'your turn' : `${who(pig.turn)}'s turn`;
    const p = await position();
    if (gen !== pig.gen) return;
    const mine = p.win_probabilities[(pig.players - pig.turn) % pig.players];
    $('pig-chance').textContent = fmt(mine, 6);
    $('pig-hint').textContent = pig.turn === 0 ? `(optimal: ${p.action})` : '';
    if (pig.turn !== 0) setTimeout(computerMove, 350);
  });
}

function roll(i) {
  const face = 1 + Math.floor(random() * 6);
  $('pig-die').replaceChildren(dieFace(face), el('span', ' ' + face));
  if (face === 1) {
    $('pig-log').append(el('li', `${who(i)}: rolls 1, loses ${pig.total}`));
    pig.total = 0;
    return false;
  }
  pig.total += face;
  $('pig-log').append(el('li', `${who(i)}: rolls ${face}, turn total ${pig.total}`));
  return true;
}

function pass() {
  pig.total = 0;
  pig.turn = (pig.turn + 1) % pig.players;
}

function hold(i) {
  pig.scores[i] += pig.total;
  $('pig-log').append(el('li', `${who(i)}: holds, banks ${pig.total}`));
  pass();
}

// step rolls for player i: a 1 passes the turn, reaching the target wins.
function step(i) {
  if (!roll(i)) pass();
  else if (pig.scores[i] + pig.total >= pig.target) { pig.scores[i] += pig.total; pig.total = 0; }
}

$('pig-roll').addEventListener('click', () => {
  if (pig.turn !== 0) return;
  step(0);
  pigShow();
});
$('pig-hold').addEventListener('click', () => {
  if (pig.turn !== 0 || pig.total === 0) return;
  hold(0);
  pigShow();
});
$('pig-new').addEventListener('click', newPig);

async function computerMove() {
  const i = pig.turn;
  if (i === 0 || pig.busy || pig.scores.some((x) => x >= pig.target)) return;
  pig.busy = true;
  await run('pig', async () => {
    const p = await position();
    if (p.action === 'hold' && pig.total > 0) hold(i);
    else step(i);
  });
  pig.busy = false;
  pigShow();
}

// ---- chefs ----
$('chefs-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  solve('chefs', async (live) => {
    const q = new URLSearchParams();
    const skills = $('chefs-skills').value.trim();
    if (skills) q.set('skills', skills); else q.set('n', $('chefs-n').value.trim());
    if ($('chefs-exact').checked) q.set('exact', 'true');
    const r = await api('/api/chefs?' + q);
    if (!live()) return;
    const t = el('table', undefined, 'values');
    const head = el('tr');
    ['chef', 'skill', 'win probability'].concat(r.win_probabilities_exact ? ['exact'] : []).forEach((h) => head.append(el('th', h)));
    t.append(head);
    r.skills.forEach((s, i) => {
      const row = el('tr');
      [String(i + 1), s, fmt(r.win_probabilities[i])].concat(r.win_probabilities_exact ? [r.win_probabilities_exact[i]] : []).forEach((c) => row.append(el('td', c)));
      t.append(row);
    });
    $('chefs-result').replaceChildren(t, el('p', `expected dishes ${r.expected_dishes}` + (r.expected_dishes_exact ? ` (exactly ${r.expected_dishes_exact})` : '')));
    const c = $('chefs-bars'), ctx = c.getContext('2d');
    ctx.clearRect(0, 0, c.width, c.height);
    const max = Math.max(...r.win_probabilities), w = c.width / r.skills.length;
    r.win_probabilities.forEach((p, i) => {
      const h = (p / max) * (c.height - 40);
      ctx.fillStyle = colour(0.35);
      ctx.fillRect(i * w + w * 0.15, c.height - 20 - h, w * 0.7, h);
      ctx.fillStyle = '#222';
      ctx.font = '11px sans-serif';
      ctx.fillText(`${i + 1}`, i * w + w * 0.45, c.height - 5);
    });
  }, () => clearCanvas($('chefs-bars')));
});

// ---- cookies ----
$('cookies-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  solve('cookies', async (live) => {
    const r = await api('/api/cookies?' + new URLSearchParams({ n: $('cookies-n').value.trim() }));
    if (!live()) return;
    $('cookies-result').replaceChildren(el('span', `C(${r.n}) = `), el('span', r.count, 'big'));
  });
});

// ---- cgt ----
$('cgt-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  solve('cgt', async (live) => {
    const game = $('cgt-game').value.trim();
    const q = game ? { game, position: $('cgt-position').value } : { expr: $('cgt-expr').value };
    const r = await api('/api/cgt?' + new URLSearchParams(q));
    if (!live()) return;
    const wall = (ps) => ps.map(([t, v]) => `(${t}, ${v})`).join(' ');
    $('cgt-result').replaceChildren(el('div', 'value '), el('div', r.value, 'big'), el('div', 'outcome ' + r.outcome),
      el('div', `stops ${r.left_stop} (Left), ${r.right_stop} (Right); mean ${r.mean}; temperature ${r.temperature}`),
      el('div', 'atomic weight ' + (r.atomic_weight !== null ? r.atomic_weight : String(r.left_stop) === '0' && String(r.right_stop) === '0' ? 'undefined (not atomic)' : 'undefined (not an infinitesimal)')),
      el('div', `thermograph from t = -1: left wall ${wall(r.thermograph.left)}; right wall ${wall(r.thermograph.right)}`));
  });
});

// ---- poker ----
// The server deals and plays the other seat; a hand is its seed and our
// moves so far, and each step asks for the position after them.
const poker = { game: 'kuhn', you: 1, seed: 0, moves: [], total: 0, hands: 0 };

function pokerURL() {
  return `/api/equilibrium/play?game=${poker.game}&you=${poker.you}&seed=${poker.seed}&moves=${encodeURIComponent(poker.moves.join(','))}`;
}

async function pokerStep() {
  const h = await api(pokerURL());
  $('poker-state').dataset.step = String(Number($('poker-state').dataset.step || 0) + 1);
  $('poker-value').textContent = h.value_exact.includes('/') && h.value_exact.length < 12 ? h.value_exact : fmt(h.value, 6);
  const controls = $('poker-controls');
  controls.replaceChildren();
  if (h.over) {
    $('poker-state').textContent = `hand over: you ${h.payoff >= 0 ? 'win' : 'lose'} ${Math.abs(h.payoff)}`;
    $('poker-log').replaceChildren(...h.history.map((m) => el('li', m)));
    poker.total += h.payoff;
    poker.hands += 1;
    $('poker-total').textContent = String(poker.total);
    $('poker-hands').textContent = String(poker.hands);
    return;
  }
  $('poker-state').textContent = h.infoset;
  for (const a of h.actions) {
    const b = el('button', `${a.name} (equilibrium ${a.probability_exact || fmt(a.probability, 3)})`);
    b.dataset.action = a.name;
    b.addEventListener('click', () => run('poker', async () => {
      poker.moves.push(a.name);
      $('poker-log').append(el('li', 'you: ' + a.name));
      await pokerStep();
    }));
    controls.append(b);
  }
}

function newPokerHand() {
  poker.seed = Math.floor(random() * 2147483647);
  poker.moves = [];
  $('poker-log').replaceChildren();
  return pokerStep();
}

$('poker-new').addEventListener('click', () => run('poker', newPokerHand));

$('poker-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  poker.game = $('poker-game').value;
  poker.you = Number($('poker-you').value);
  poker.total = 0;
  poker.hands = 0;
  $('poker-total').textContent = '0';
  $('poker-hands').textContent = '0';
  solve('poker', async (live) => {
    const r = await api(`/api/equilibrium?game=${poker.game}`);
    if (!live()) return;
    $('poker-result').replaceChildren(
      el('div', `${r.game}: ${r.method}; exploitability ${r.exploitability_exact === '0' ? '0 (certified)' : fmt(r.exploitability, 9)}`),
      table('poker-values', ['player', 'value', 'exact'], r.values.map((v, i) => [r.players[i], fmt(v), r.values_exact[i]])));
    $('poker-play').hidden = false;
    await newPokerHand();
  }, () => { $('poker-play').hidden = true; });
});

// ---- model ----
// table builds a table of a header row and rows of cells, in a box that
// scrolls sideways on a narrow screen; name tells it apart (data-table).
function table(name, head, rows) {
  const t = el('table', undefined, 'values');
  const h = el('tr');
  head.forEach((x) => h.append(el('th', x)));
  t.append(h);
  for (const r of rows) {
    const tr = el('tr');
    r.forEach((x) => tr.append(el('td', x === undefined || x === null ? '' : String(x))));
    t.append(tr);
  }
  const box = el('div', undefined, 'scroll');
  box.dataset.table = name;
  box.append(t);
  return box;
}

// bars draws one bar per value in [0, 1] (players' values, properties'
// probabilities), labelled below.
function bars(canvas, labels, values) {
  const ctx = canvas.getContext('2d');
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  const n = values.length, w = (canvas.width - 40) / n, H = canvas.height - 40;
  ctx.font = '11px sans-serif';
  ctx.fillStyle = ctx.strokeStyle = '#222';
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const v of [0, 0.5, 1]) {
    ctx.fillText(String(v), 30, 10 + H * (1 - v));
    ctx.beginPath(); ctx.moveTo(34, 10.5 + H * (1 - v)); ctx.lineTo(38, 10.5 + H * (1 - v)); ctx.stroke();
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  values.forEach((v, i) => {
    const x = 40 + i * w, h = Math.max(0, Math.min(1, v)) * H;
    ctx.fillStyle = colour(0.2 + 0.6 * (i / Math.max(1, n - 1)));
    ctx.fillRect(x + w * 0.15, 10 + H - h, w * 0.7, h);
    ctx.fillStyle = '#222';
    ctx.fillText(labels[i], x + w / 2, 14 + H);
  });
  canvas.dataset.bars = String(n);
}

// modelKind tells gamesolve's format, JANI and the PRISM language apart
// as the server does: by content.
function modelKind(text) {
  const t = text.trim();
  if (!t.startsWith('{')) return 'prism';
  try { return 'jani-version' in JSON.parse(t) ? 'jani' : 'json'; } catch (e) { return 'json'; }
}

$('model-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  solve('model', async (live) => {
    const text = $('model-text').value, kind = modelKind(text);
    const q = new URLSearchParams();
    if ($('model-exact').checked) q.set('exact', 'true');
    if (kind === 'json' && $('model-policy').checked) q.set('policy', 'true');
    const c = $('model-const').value.trim();
    if (c) q.set('const', c);
    const props = $('model-props').value.trim();
    if (props && kind === 'prism') q.set('props', props);
    const r = await api('/api/solve?' + q, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text });
    if (!live()) return;
    const out = [];
    const canvas = $('model-bars');
    if (r.properties) {
      out.push(el('p', `${r.model}: ${r.type}, ${r.states} states`));
      out.push(table('properties', ['property', 'kind', 'value', 'exact'], r.properties.map((p) =>
        [p.name, p.kind, p.skipped ? `skipped: ${p.skipped}` : p.infinite ? 'infinite' : (p.holds !== undefined ? String(p.holds) : p.value), p.value_exact])));
      const probs = r.properties.filter((p) => typeof p.value === 'number' && p.value >= 0 && p.value <= 1 && !p.skipped);
      if (probs.length) bars(canvas, probs.map((p) => p.name.length > 14 ? p.name.slice(0, 13) + '…' : p.name), probs.map((p) => p.value));
      else clearCanvas(canvas);
    } else {
      out.push(el('p', `${r.states} states, ${r.components} components`));
      const name = (i) => (r.players ? r.players[i] : `player ${i}`);
      out.push(table('values', ['player', 'value', 'exact'], r.values.map((v, i) => [r.players ? r.players[i] : i, v, r.values_exact ? r.values_exact[i] : ''])));
      out.push(el('p', 'expected reward ' + (r.expected_reward === null ? 'infinite (play may never end)' : r.expected_reward) +
        (r.expected_reward_exact ? `, exactly ${r.expected_reward_exact}` : '')));
      bars(canvas, r.values.map((_, i) => name(i)), r.values);
      if (r.policy) {
        const ids = Object.keys(r.policy);
        out.push(el('h4', `policy (${ids.length} decision states)`));
        out.push(table('policy', ['state', 'action'], ids.map((id) => [id, r.policy[id]])));
      }
    }
    const raw = el('details');
    raw.append(el('summary', 'JSON'), el('pre', JSON.stringify(r, null, 1)));
    out.push(raw);
    $('model-result').replaceChildren(...out);
  }, () => clearCanvas($('model-bars')));
});

// The race tab is open first: answer its default question.
openTab('race');
