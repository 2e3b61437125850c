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

function fmt(x, digits = 8) { return Number(x).toFixed(digits); }

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

// heatmap draws grid[i][j] (x: i, y: j upward) with colours over [lo, hi];
// cells for which skip(v) holds are grey.
function heatmap(canvas, grid, lo, hi, skip) {
  const ctx = canvas.getContext('2d');
  const n = grid.length, m = grid[0].length;
  const w = canvas.width / n, h = canvas.height / m;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      const v = grid[i][j];
      ctx.fillStyle = skip && skip(v) ? '#c8c8c8' : colour(hi > lo ? (v - lo) / (hi - lo) : 0);
      ctx.fillRect(Math.floor(i * w), Math.floor(canvas.height - (j + 1) * h), Math.ceil(w), Math.ceil(h));
    }
  }
  canvas.dataset.drawn = String(n * m);
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
for (const b of document.querySelectorAll('#tabs button')) {
  b.addEventListener('click', () => {
    document.querySelectorAll('#tabs button').forEach((x) => x.classList.toggle('active', x === b));
    document.querySelectorAll('.tab').forEach((t) => t.classList.toggle('active', t.id === b.dataset.tab));
  });
}

// ---- race ----
const race = { q: null, res: null, a: 0, b: 0, turn: 'coin' };

$('race-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  run('race', async () => {
    const target = $('race-target').value.trim();
    const q = new URLSearchParams({ target, first: $('race-first').value });
    if ($('race-exact').checked) q.set('exact', 'true');
    const withPolicy = Number(target) >= 1 && Number(target) <= 300 && !$('race-exact').checked;
    if (withPolicy) q.set('policy', 'true');
    $('race-result').textContent = 'solving…';
    const r = await api('/api/race?' + q);
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
      heatmap($('race-heatmap'), r.policy, 0.5, maxT + 0.5);
      // rescale: heatmap maps lo..hi linearly, levels are 1..maxT
      const entries = [];
      for (let t = 1; t <= maxT; t++) entries.push([`T=${t}: ${r.menu[t - 1]}`, colour((t - 0.5) / maxT)]);
      legend($('race-legend'), 'optimal gamble (x: coin needs, y: chooser needs)', entries);
      $('race-play').hidden = false;
      newRace();
    } else {
      $('race-play').hidden = true;
    }
  });
});

function newRace() {
  race.a = race.res.coin_target;
  race.b = race.res.chooser_target;
  race.turn = race.res.first;
  $('race-log').replaceChildren();
  $('race-coin').textContent = '';
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
        $('race-coin').textContent = heads ? '🪙 heads' : '🪙 tails';
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
      $('race-coin').textContent = win ? `🎲 T=${t}: scores ${gain}` : `🎲 T=${t}: misses`;
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
const FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

// slice2 takes the first two levels of a policy indexed by every player's
// score, the later players at score 0.
function slice2(policy) {
  return policy.map((row) => row.map((v) => { while (Array.isArray(v)) v = v[0]; return v; }));
}

$('pig-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  run('pig', async () => {
    const target = $('pig-target').value.trim();
    const players = $('pig-players').value;
    $('pig-result').textContent = 'solving…';
    const r = await api('/api/pig?' + new URLSearchParams({ target, players, policy: 'true' }));
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
    heatmap($('pig-heatmap'), grid, lo, hi, (v) => v === 0);
    const entries = [];
    const levels = [...new Set([0, 1, 2, 3, 4].map((k) => Math.round(lo + (k * (hi - lo)) / 4)))];
    if (holds.length) for (const v of levels) entries.push([`hold at ${v}`, colour(hi > lo ? (v - lo) / (hi - lo) : 0)]);
    entries.push(['roll on until you win', '#c8c8c8']);
    const axes = r.players > 2 ? 'x: my score, y: the next player\'s, the others at 0' : 'x: my score, y: yours';
    legend($('pig-legend'), `turn total at which to hold (${axes})`, entries);
    $('pig-play').hidden = false;
    newPig();
  });
});

function newPig() {
  Object.assign(pig, { scores: new Array(pig.players).fill(0), total: 0, turn: 0, busy: false });
  $('pig-log').replaceChildren();
  $('pig-die').textContent = '';
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
  $('pig-die').textContent = FACES[face] + ' ' + face;
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
  run('chefs', async () => {
    const q = new URLSearchParams();
    const skills = $('chefs-skills').value.trim();
    if (skills) q.set('skills', skills); else q.set('n', $('chefs-n').value.trim());
    if ($('chefs-exact').checked) q.set('exact', 'true');
    const r = await api('/api/chefs?' + q);
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
  });
});

// ---- cookies ----
$('cookies-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  run('cookies', async () => {
    const r = await api('/api/cookies?' + new URLSearchParams({ n: $('cookies-n').value.trim() }));
    $('cookies-result').replaceChildren(el('span', `C(${r.n}) = `), el('span', r.count, 'big'));
  });
});

// ---- cgt ----
$('cgt-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  run('cgt', async () => {
    const game = $('cgt-game').value;
    const q = game ? { game, position: $('cgt-position').value } : { expr: $('cgt-expr').value };
    const r = await api('/api/cgt?' + new URLSearchParams(q));
    const wall = (ps) => ps.map(([t, v]) => `(${t}, ${v})`).join(' ');
    $('cgt-result').replaceChildren(el('div', 'value '), el('div', r.value, 'big'), el('div', 'outcome ' + r.outcome),
      el('div', `stops ${r.left_stop} (Left), ${r.right_stop} (Right); mean ${r.mean}; temperature ${r.temperature}`),
      el('div', 'atomic weight ' + (r.atomic_weight === null ? 'undefined (not an infinitesimal)' : r.atomic_weight)),
      el('div', `thermograph from t = -1: left wall ${wall(r.thermograph.left)}; right wall ${wall(r.thermograph.right)}`));
  });
});

// ---- model ----
$('model-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  run('model', async () => {
    const q = new URLSearchParams();
    if ($('model-exact').checked) q.set('exact', 'true');
    const c = $('model-const').value.trim();
    if (c) q.set('const', c);
    const props = $('model-props').value.trim();
    if (props) q.set('props', props);
    const r = await api('/api/solve?' + q, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: $('model-text').value });
    const pre = el('pre', JSON.stringify(r, null, 1));
    $('model-result').replaceChildren(pre);
  });
});
