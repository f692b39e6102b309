// End-to-end: the AI lab (/lab) in a real browser against a real `banco
// serve`: the algorithm race, the search tree stepped and hovered, and
// "Why this move?" from a game. Screenshots go to $E2E_OUTPUT.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer, chromiumPath } from './server.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const output = resolve(process.env.E2E_OUTPUT || join(here, 'output'));
mkdirSync(output, { recursive: true });

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox'] });
});

after(async () => {
  await browser?.close();
  server?.stop();
});

async function open(path) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  watchErrors(page);
  await page.goto(server.url + path);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.jsErrors = errors;
}

/** A number as the table shows it: `12,345` or `12,345+`. */
const count = (text) => Number(text.replace(/[,+\s]/g, ''));

async function raceCell(page, algorithm, column) {
  return (await page.textContent(`#race-body tr[data-algorithm="${algorithm}"] [data-col="${column}"]`)).trim();
}

test('lab: the race gives scores from White\'s side, as the game page does, when Black is to move', async () => {
  // White has an extra queen; Black is to move.
  const fen = '4k3/8/8/8/8/8/8/3QK3 b - - 0 1';
  const page = await open(`/lab?game=chess&depth=2&run=race&position=${encodeURIComponent(fen)}`);
  await page.waitForSelector('body[data-race="done"], body[data-race="error"]', { timeout: 60000 });
  assert.equal(await page.getAttribute('body', 'data-race'), 'done', await page.textContent('#race-status'));
  assert.equal(await page.textContent('#race-score-head'), 'Score (White)');
  const score = await raceCell(page, 'alphabeta', 'score');
  assert.match(score, /^\+\d+\.\d\d$/, `White is a queen up: ${score}`);
  assert.ok(Number(score) > 5, score);
  await page.context().close();
});

test('lab: the race on the chess start position: alpha-beta finds minimax\'s score with far fewer nodes', async () => {
  const page = await open('/lab');
  await page.selectOption('#lab-game', 'chess');
  await page.click('#lab-start-position');
  await page.selectOption('#lab-depth', '4');
  await page.selectOption('#lab-evaluator', 'strong');
  await page.click('#race-run');
  await page.waitForSelector('body[data-race="done"], body[data-race="error"]', { timeout: 120000 });
  assert.equal(await page.getAttribute('body', 'data-race'), 'done', await page.textContent('#race-status'));

  const minimaxScore = await raceCell(page, 'minimax', 'score');
  const alphabetaScore = await raceCell(page, 'alphabeta', 'score');
  assert.match(minimaxScore, /^[+-]\d+\.\d\d$|^#-?\d+$/);
  assert.equal(alphabetaScore, minimaxScore, 'alpha-beta and minimax agree on the score');
  const minimaxNodes = count(await raceCell(page, 'minimax', 'nodes'));
  const alphabetaNodes = count(await raceCell(page, 'alphabeta', 'nodes'));
  assert.ok(minimaxNodes > 0 && alphabetaNodes > 0, `both node counts are shown (${minimaxNodes}, ${alphabetaNodes})`);
  assert.ok(alphabetaNodes * 5 < minimaxNodes, `alpha-beta (${alphabetaNodes}) needs far fewer nodes than minimax (${minimaxNodes})`);
  assert.equal(await page.locator('#race-body tr.disagrees').count(), 0, 'no value-preserving row disagrees with minimax');
  // Every row has a bar in the chart, and each row explains itself.
  const rows = await page.locator('#race-body tr').count();
  assert.ok(rows >= 2);
  assert.equal(await page.locator('#race-chart .bar').count(), rows);
  assert.match(await page.getAttribute('#race-body tr[data-algorithm="alphabeta"] th', 'title'), /cut-off/);
  // The address reproduces the view.
  const url = new URL(page.url());
  assert.equal(url.pathname, '/lab');
  assert.equal(url.searchParams.get('game'), 'chess');
  assert.equal(url.searchParams.get('depth'), '4');
  assert.match(url.searchParams.get('run'), /race/);
  await page.screenshot({ path: join(output, 'lab-race.png'), fullPage: true });
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('lab: the search tree steps forward and back, and a node shows its position on hover', async () => {
  const page = await open('/lab?game=chess');
  await page.selectOption('#tree-depth', '2');
  await page.selectOption('#tree-algorithm', 'alphabeta');
  await page.click('#tree-run');
  await page.waitForSelector('body[data-tree="done"], body[data-tree="error"]', { timeout: 60000 });
  assert.equal(await page.getAttribute('body', 'data-tree'), 'done', await page.textContent('#tree-status'));
  const steps = Number(await page.getAttribute('#step-slider', 'max')) + 1;
  assert.ok(steps > 20, `a depth-2 chess tree has many nodes (${steps})`);
  // It opens on the whole search: the last step.
  assert.equal(await page.getAttribute('body', 'data-tree-step'), String(steps - 1));

  // Step with the keys and the buttons.
  await page.keyboard.press('Home');
  await page.waitForSelector('body[data-tree-step="0"]');
  assert.ok(await page.locator('#tree-scroll g.node.future').count() > 0, 'nodes not visited yet are drawn faint');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('body[data-tree-step="2"]');
  assert.equal(await page.getAttribute('#tree-scroll g.node.current', 'data-id'), '2');
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('body[data-tree-step="1"]');
  await page.click('#step-forward');
  await page.waitForSelector('body[data-tree-step="2"]');
  assert.match(await page.textContent('#step-text'), /^Step 3 of \d+: After .* · (MAX|MIN)/);
  await page.click('#step-back');
  await page.waitForSelector('body[data-tree-step="1"]');

  // Hovering a node shows its position on a small board: one move played.
  await page.hover('#tree-scroll g.node[data-id="1"]');
  await page.waitForSelector('#node-preview:not([hidden])');
  assert.equal(await page.locator('#preview-board [data-piece]').count(), 32);
  assert.match(await page.textContent('#preview-text'), /After /);
  await page.screenshot({ path: join(output, 'lab-tree-hover.png'), fullPage: true });

  // At the end the principal variation is unfolded and highlighted, and the
  // cut-offs and the moves they spared are marked.
  await page.click('#step-last');
  await page.waitForSelector(`body[data-tree-step="${steps - 1}"]`);
  assert.equal(await page.locator('#tree-scroll g.node.pv').count(), 3, 'the principal variation is highlighted');
  await page.click('#tree-expand');
  assert.ok(await page.locator('#tree-scroll g.node.cutoff').count() > 0, 'cut-offs are marked');
  assert.ok(await page.locator('#tree-scroll g.node.pruned').count() > 0, 'pruned moves are drawn');
  // Focus shows the position too (keyboard users).
  await page.focus('#tree-scroll g.node[data-id="0"]');
  await page.waitForSelector('#node-preview[data-node="0"]:not([hidden])');
  assert.match(new URL(page.url()).searchParams.get('run'), /tree/);

  // The other games draw their trees and positions as well; the link alone reproduces the view.
  for (const [game, query] of [['xiangqi', 'game=xiangqi'], ['gomoku', 'game=gomoku&position=h8%20i9']]) {
    await page.goto(`${server.url}/lab?${query}&tree_depth=2&algorithm=alphabeta&run=tree`);
    await page.waitForSelector('body[data-tree="done"], body[data-tree="error"]', { timeout: 60000 });
    assert.equal(await page.getAttribute('body', 'data-tree'), 'done', `${game}: ${await page.textContent('#tree-status')}`);
    await page.hover('#tree-scroll g.node[data-id="1"]');
    await page.waitForSelector('#node-preview:not([hidden])');
    assert.equal(await page.getAttribute('#preview-board', 'data-kind'), game);
    await page.screenshot({ path: join(output, `lab-tree-${game}.png`) });
  }
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('lab: a depth-3 tree is complete by default, in pawns; one cut short gives no value', async () => {
  // The default cap holds the whole tree: the value agrees with the race's units.
  const page = await open('/lab?game=chess&tree_depth=3&algorithm=alphabeta&run=tree');
  await page.waitForSelector('body[data-tree="done"], body[data-tree="error"]', { timeout: 120000 });
  assert.equal(await page.getAttribute('body', 'data-tree'), 'done', await page.textContent('#tree-status'));
  const summary = await page.textContent('#tree-summary');
  assert.match(summary, /value [+−]\d+\.\d\d for White/, summary);
  assert.doesNotMatch(summary, /stopped/, summary);
  assert.ok(await page.locator('#tree-scroll g.node.pv').count() > 0, 'the best line is drawn');

  // With a cap the search cannot finish under, it says so and draws no best line.
  await page.goto(`${server.url}/lab?game=chess&tree_depth=3&algorithm=alphabeta&max_nodes=500&run=tree`);
  await page.waitForSelector('body[data-tree="done"], body[data-tree="error"]', { timeout: 120000 });
  const cut = await page.textContent('#tree-summary');
  assert.match(cut, /stopped after .* no value and no best line/, cut);
  assert.doesNotMatch(cut, /value [+−]/, cut);
  assert.equal(await page.locator('#tree-scroll g.node.pv').count(), 0, 'no best line from a search cut short');
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

/** Clicks the middle of a board element as it is now (the board is redrawn on updates). */
async function clickAt(page, selector) {
  let box = null;
  for (let tries = 0; !box && tries < 20; tries += 1) {
    box = await page.locator(selector).boundingBox();
    if (!box) await page.waitForTimeout(50);
  }
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

async function playMove(page, from, to, pliesAfter) {
  await clickAt(page, `#board [data-key="${from}"]`);
  await clickAt(page, `#board [data-dest="${to}"]`);
  await page.waitForFunction((n) => document.body.dataset.plies === String(n), pliesAfter, { timeout: 20000 });
  await page.waitForSelector('body[data-turn="human"]');
}

test('lab: "Why this move?" after a computer move opens the lab on the position it chose in', async () => {
  const created = await fetch(`${server.url}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      game: 'chess',
      players: { first: { type: 'human' }, second: { type: 'computer', level: 3, movetime_ms: 250 } },
    }),
  });
  const { id } = await created.json();
  const page = await open(`/#game=${id}`);
  await page.waitForFunction((gameId) => document.body.dataset.gameId === String(gameId), id);
  assert.ok(await page.isHidden('#why-button'), 'no computer move yet');
  await playMove(page, 'e2', 'e4', 2);
  await page.waitForSelector('#why-button:not([hidden])');
  await playMove(page, 'd2', 'd4', 4);

  // A person's move has no "why"; the computer's earlier move, picked in the list, has.
  await page.click('#move-list .move[data-ply="3"]');
  await page.waitForSelector('#why-button', { state: 'hidden' });
  await page.click('#move-list .move[data-ply="2"]');
  await page.waitForSelector('#why-button:not([hidden])');
  const href = new URL(await page.getAttribute('#why-button', 'href'), server.url);
  assert.equal(href.pathname, '/lab');
  assert.equal(href.searchParams.get('game_id'), String(id));
  assert.equal(href.searchParams.get('ply'), '1');
  assert.equal(href.searchParams.get('evaluator'), 'simple', 'level 3 plays with the simple evaluator');
  assert.equal(href.searchParams.get('depth'), '2', 'level 3 searches two plies');
  const played = (await page.textContent('#move-list .move[data-ply="2"]')).trim();

  const [lab] = await Promise.all([page.context().waitForEvent('page'), page.click('#why-button')]);
  watchErrors(lab);
  await lab.waitForSelector('body[data-ready="true"]');
  await lab.waitForSelector('body[data-race="done"], body[data-race="error"]', { timeout: 60000 });
  await lab.waitForSelector('body[data-tree="done"], body[data-tree="error"]', { timeout: 60000 });
  assert.equal(await lab.getAttribute('body', 'data-race'), 'done', await lab.textContent('#race-status'));
  assert.equal(await lab.getAttribute('body', 'data-tree'), 'done', await lab.textContent('#tree-status'));
  // The position after 1. e4, Black to move, and the move the computer played.
  const game = await (await fetch(`${server.url}/api/games/${id}`)).json();
  assert.equal(await lab.inputValue('#lab-position'), game.snapshots[1]);
  assert.match(await lab.textContent('#lab-board-caption'), /^Black to move/);
  assert.match(await lab.textContent('#lab-origin'), new RegExp(`${played.replace(/[+#]/g, '\\$&')}`));
  assert.equal(await lab.inputValue('#lab-depth'), '2');
  assert.equal(await lab.inputValue('#lab-evaluator'), 'simple');
  assert.equal(await lab.locator('#tree-scroll g.node .played').count(), 1, 'the tree marks the move played');
  assert.ok(await lab.locator('#race-body tr').count() >= 2);
  await lab.screenshot({ path: join(output, 'lab-why-this-move.png'), fullPage: true });
  assert.deepEqual(lab.jsErrors, []);

  // From the lab to the search map and the evaluation of the same position, on the game's page.
  await lab.click('#lab-searchmap-link');
  await lab.waitForSelector('body[data-ready="true"]');
  await lab.waitForSelector('#searchmap-panel[open]');
  await lab.waitForFunction(() => Number(document.body.dataset.searchMap) > 1, null, { timeout: 20000 });
  assert.equal(await lab.getAttribute('#move-list .move[aria-current="true"]', 'data-ply'), '1', 'the position the computer chose in');
  await lab.keyboard.press('l');
  await lab.waitForSelector('body[data-analysis="off"]');
  await lab.goBack();
  await lab.waitForSelector('#lab-evaluation-link');
  await lab.click('#lab-evaluation-link');
  await lab.waitForSelector('#eval-panel[open]');
  await lab.waitForFunction(() => document.body.dataset.explainedAt?.split(':')[1] === '1');
  assert.deepEqual(lab.jsErrors, []);
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});
