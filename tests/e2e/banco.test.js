// End-to-end: a real browser (Debian's chromium, headless) against a real
// `banco serve`. Each game is played by clicking and dragging as a person
// would; screenshots of every board go to $E2E_OUTPUT (default ./output).

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

async function openPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.jsErrors = errors;
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

/** Starts a game through the New game dialog. */
async function newGame(page, { game, mode = 'hvc', side = 'first', level = '1', movetime = '250', rule, clock, opening }) {
  if (!(await page.locator('#new-dialog[open]').count())) await page.click('#new-game-button');
  await page.selectOption('#new-game-kind', game);
  if (rule) await page.selectOption('#new-rule', rule);
  if (game === 'gomoku') await page.selectOption('#new-opening', opening ?? '');
  await page.check(`input[name="mode"][value="${mode}"]`);
  if (mode === 'hvc') await page.selectOption('#new-side', side);
  if (clock) await pickClock(page, clock);
  if (mode !== 'hvh') {
    await page.locator('input[name="level1"]').fill(level);
    // With a clock the computer budgets its own time: no move time to pick.
    if (!clock) await page.selectOption('select[name="movetime"]', movetime);
  }
  const previous = await page.getAttribute('body', 'data-game-id');
  await page.click('#new-start');
  await page.waitForFunction((old) => document.body.dataset.gameId && document.body.dataset.gameId !== old, previous);
  await page.waitForSelector('#new-dialog[open]', { state: 'detached' });
}

async function plies(page) {
  return Number(await page.getAttribute('body', 'data-plies'));
}

async function waitPlies(page, count) {
  await page.waitForFunction((n) => document.body.dataset.plies === String(n), count, { timeout: 20000 });
}

/**
 * The box of a board element as it is now. The board is redrawn on every
 * update, so an element found a moment ago may be gone: ask again.
 */
async function boxOf(page, selector) {
  for (let tries = 0; tries < 40; tries += 1) {
    const locator = page.locator(selector);
    const box = (await locator.count()) ? await locator.first().boundingBox().catch(() => null) : null;
    if (box) return box;
    await page.waitForTimeout(50);
  }
  throw new Error(`no ${selector} on the page`);
}

/** Clicks the middle of a board element, as a person aims at a point. */
async function clickAt(page, selector) {
  const box = await boxOf(page, selector);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** A move made with two clicks: the piece, then its destination (shown as a
 * legal one); a gomoku stone (no `from`) with one click on its point. */
async function clickMove(page, from, to) {
  if (to === undefined) {
    await clickAt(page, `#board [data-square="${from}"]`);
    return;
  }
  await clickAt(page, `#board [data-key="${from}"]`);
  await clickAt(page, `#board [data-dest="${to}"]`);
}

/** A move made by dragging a piece to a point. */
async function dragMove(page, from, to) {
  const start = await boxOf(page, `#board [data-key="${from}"]`);
  const end = await pointBox(page, to);
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 8 });
  await page.mouse.up();
}

/** The screen position of a board point (chess squares have their own rects). */
async function pointBox(page, key) {
  // Xiangqi draws no target per point: a piece standing there will do.
  const selector = (await page.locator(`#board [data-square="${key}"]`).count())
    ? `#board [data-square="${key}"]`
    : `#board [data-key="${key}"]`;
  const box = await boxOf(page, selector);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function stat(page, name) {
  return (await page.textContent(`#search-facts [data-stat="${name}"]`))?.trim();
}

async function expectComputerAnswered(page, expectedPlies) {
  await waitPlies(page, expectedPlies);
  await page.waitForSelector('body[data-turn="human"]');
  for (const name of ['algorithm', 'depth', 'score', 'nodes', 'leaf_nodes', 'cutoffs', 'time', 'nps']) {
    const value = await stat(page, name);
    assert.ok(value && value !== '–', `the search panel shows ${name} (got ${value})`);
  }
  assert.ok(Number((await stat(page, 'nodes')).replace(/,/g, '')) > 0, 'nodes were counted');
  // One point of view on one screen: the panel's score is the bar's.
  const score = (await stat(page, 'score')).split(' ')[0];
  const bar = (await page.textContent('#eval-text')).trim();
  assert.equal(score, bar, 'the panel and the bar give the score from the same side');
}

const GAMES = [
  { game: 'chess', first: ['e2', 'e4'], second: ['d2', 'd4'] },
  { game: 'xiangqi', first: ['h2', 'e2'], second: ['b0', 'c2'] },
  { game: 'gomoku', first: ['h8'], second: ['g7'] },
];

for (const { game, first, second } of GAMES) {
  test(`${game}: play the computer by clicking, undo with Z, reset with R, reload and find the game`, async () => {
    const page = await openPage();
    await newGame(page, { game });
    assert.equal(await plies(page), 0);
    assert.equal(await page.getAttribute('#board', 'data-kind'), game);

    await clickMove(page, ...first);
    await expectComputerAnswered(page, 2);
    await page.screenshot({ path: join(output, `${game}-board.png`) });

    // Z takes back the computer's reply and the person's move.
    await page.keyboard.press('z');
    await waitPlies(page, 0);

    // Play again, then R asks before resetting: Esc keeps the game, Enter resets.
    await clickMove(page, ...second);
    await expectComputerAnswered(page, 2);
    await page.keyboard.press('r');
    await page.waitForSelector('#confirm-dialog[open]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#confirm-dialog', { state: 'hidden' });
    assert.equal(await plies(page), 2, 'Esc keeps the game');
    await page.keyboard.press('r');
    await page.waitForSelector('#confirm-dialog[open]');
    await page.keyboard.press('Enter');
    await waitPlies(page, 0);

    // A reload finds the game as it was.
    await clickMove(page, ...first);
    await expectComputerAnswered(page, 2);
    const moves = await page.locator('#move-list .move').allTextContents();
    const id = await page.getAttribute('body', 'data-game-id');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForFunction((gameId) => document.body.dataset.gameId === gameId, id);
    assert.equal(await plies(page), 2);
    assert.deepEqual(await page.locator('#move-list .move').allTextContents(), moves);

    // The move list reviews earlier positions with the arrow keys.
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('#move-list .move[data-ply="1"][aria-current="true"]');
    await page.keyboard.press('End');
    await page.waitForSelector('#move-list .move[data-ply="2"][aria-current="true"]');
    assert.deepEqual(page.jsErrors, []);
    await page.context().close();
  });
}

test('the level picker shows what a level does in the chosen game and how strong it measured', async () => {
  const page = await openPage();
  // A first visit opens the dialog by itself.
  if (!(await page.locator('#new-dialog[open]').count())) await page.click('#new-game-button');
  await page.selectOption('#new-game-kind', 'chess');
  await page.check('input[name="mode"][value="hvc"]');
  await page.locator('input[name="level1"]').fill('3');
  const info = page.locator('#level1-info');
  const details = () => info.getAttribute('title');
  await page.waitForFunction(() => document.querySelector('#level1-info').title.includes('depth 2'));
  // Words a player reads; the measurement's details in the tooltip.
  assert.match(await info.textContent(), /^Plays like (a|an) [a-z ]+ \((about [\d,]+|below 400) Elo\)\.$/);
  assert.match(await details(), /simple evaluation/);
  assert.match(await details(), /measured ≈ -?\d+ Elo ± \d+ \(\d+ games/);
  // Node caps depend on the game: gomoku's nodes cost more.
  await page.locator('input[name="level1"]').fill('9');
  const chessNodes = await details();
  await page.selectOption('#new-game-kind', 'gomoku');
  await page.waitForFunction((before) => document.querySelector('#level1-info').title !== before, chessNodes);
  assert.match(chessNodes, /125,000 nodes a move/);
  assert.match(await details(), /31,250 nodes a move/);
  // Gomoku is measured against a program, not on a rating: no Elo in the words.
  assert.match(await info.textContent(), /the course's caro program/);
  assert.doesNotMatch(await info.textContent(), /Elo|anchored/);
  await page.locator('input[name="level1"]').fill('10');
  assert.match(await details(), /full strength/);
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('on a phone the board stays put while the game goes on', async () => {
  const page = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await newGame(page, { game: 'chess' });
  const before = await page.evaluate(() => window.scrollY);
  for (const [from, to, plies] of [['e2', 'e4', 2], ['g1', 'f3', 4], ['b1', 'c3', 6]]) {
    await clickMove(page, from, to);
    await expectComputerAnswered(page, plies);
    assert.equal(await page.evaluate(() => window.scrollY), before, `after ${plies} plies the page has not scrolled`);
  }
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

/** The on-screen distance between two neighbouring gomoku points, in CSS pixels. */
async function gomokuPitch(page) {
  // The board is redrawn on every update: read both points from one drawing.
  return page.evaluate(() => {
    const box = (key) => document.querySelector(`#board [data-square="${key}"]`).getBoundingClientRect();
    return Math.abs(box('i8').x - box('h8').x);
  });
}

test('on a phone a tap on the gomoku board zooms in first, so a finger hits the point it aims at', async () => {
  const page = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await newGame(page, { game: 'gomoku' });
  const whole = await gomokuPitch(page);
  assert.ok(whole < 28, `a 15×15 board on a phone: ${whole} px between points`);
  await clickAt(page, '#board [data-square="h8"]');
  await page.waitForSelector('#board[data-zoomed="true"]');
  assert.equal(await plies(page), 0, 'the first tap only zooms');
  const zoomed = await gomokuPitch(page);
  assert.ok(zoomed >= 28, `zoomed in: ${zoomed} px between points`);
  await page.screenshot({ path: join(output, 'gomoku-phone-zoomed.png') });
  // "Whole board" zooms out without playing; the next tap zooms in again.
  await page.click('#zoom-out-button');
  await page.waitForSelector('#board[data-zoomed="false"]');
  await clickAt(page, '#board [data-square="h8"]');
  await page.waitForSelector('#board[data-zoomed="true"]');
  await clickAt(page, '#board [data-square="h8"]');
  await expectComputerAnswered(page, 2);
  assert.equal(await page.getAttribute('#board', 'data-zoomed'), 'false');
  assert.ok(await page.isHidden('#zoom-out-button'));
  assert.equal(await page.locator('#board [data-key="h8"].black').count(), 1, 'the stone went where the finger aimed');
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

/** A drag with the right mouse button from one board point to another (the same point: a click). */
async function rightDrag(page, from, to, modifiers = []) {
  const a = await pointBox(page, from);
  const b = await pointBox(page, to);
  for (const key of modifiers) await page.keyboard.down(key);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up({ button: 'right' });
  for (const key of modifiers) await page.keyboard.up(key);
}

test('arrows and circles drawn with the right button stay with their position, and a left click clears them', async () => {
  // (A straight arrow's box has no width, which the locator calls hidden: waits ask only that it is there.)
  const page = await openPage();
  await newGame(page, { game: 'chess', mode: 'hvh' });
  await rightDrag(page, 'e2', 'e4');
  await rightDrag(page, 'g1', 'f3', ['Shift']);
  await rightDrag(page, 'd4', 'd4');
  await page.waitForSelector('#board .annotations line.arrow.green[data-from="e2"][data-to="e4"]', { state: 'attached' });
  await page.waitForSelector('#board .annotations line.arrow.red[data-from="g1"][data-to="f3"]', { state: 'attached' });
  await page.waitForSelector('#board .annotations circle.circle.green[data-at="d4"]', { state: 'attached' });
  await page.screenshot({ path: join(output, 'chess-arrows.png') });
  // The same arrow again takes it away.
  await rightDrag(page, 'g1', 'f3', ['Shift']);
  assert.equal(await page.locator('#board .annotations .arrow.red').count(), 0);
  // A move: the new position has none; back at the start, they are there again.
  await page.fill('#move-input', 'e4');
  await page.press('#move-input', 'Enter');
  await waitPlies(page, 1);
  assert.equal(await page.locator('#board .annotations > *').count(), 0);
  await page.click('#back-button');
  await page.waitForSelector('#board .annotations line.arrow[data-from="e2"]', { state: 'attached' });
  assert.equal(await page.locator('#board .annotations > *').count(), 2);
  // A left click on the board clears them.
  await clickAt(page, '#board [data-square="a6"]');
  assert.equal(await page.locator('#board .annotations > *').count(), 0);
  // Xiangqi and gomoku boards take them too.
  await newGame(page, { game: 'xiangqi', mode: 'hvh' });
  await rightDrag(page, 'h2', 'h9');
  await page.waitForSelector('#board .annotations line.arrow[data-from="h2"][data-to="h9"]', { state: 'attached' });
  await newGame(page, { game: 'gomoku', mode: 'hvh' });
  await rightDrag(page, 'h8', 'h8');
  await page.waitForSelector('#board .annotations circle[data-at="h8"]', { state: 'attached' });
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('xiangqi: the pieces are drawn with the font Banco serves', async () => {
  const page = await openPage();
  await newGame(page, { game: 'xiangqi', mode: 'hvh' });
  await page.evaluate(() => document.fonts.ready);
  // The served face is loaded and has every piece's character.
  const loaded = await page.evaluate(async () => {
    const faces = await document.fonts.load('30px "Banco Xiangqi"', '帥將俥車楚河');
    return faces.length > 0 && document.fonts.check('30px "Banco Xiangqi"', '帥仕相傌俥炮兵將士象馬車砲卒楚河漢界');
  });
  assert.ok(loaded, 'the xiangqi font loads');
  const family = await page.evaluate(() => getComputedStyle(document.querySelector('#board .hanzi')).fontFamily);
  assert.match(family, /^"Banco Xiangqi"/);
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('moves typed on the keyboard, in every notation, and a position described for screen readers', async () => {
  const page = await openPage();
  await newGame(page, { game: 'chess', mode: 'hvh' });
  // M focuses the move box; Enter plays.
  await page.keyboard.press('m');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'move-input');
  await page.keyboard.type('e4');
  await page.keyboard.press('Enter');
  await waitPlies(page, 1);
  // The live channel may show the move before the move request's own answer
  // arrives, and the box empties on that answer: wait for it, not for the ply.
  await page.waitForFunction(() => document.querySelector('#move-input').value === '', null, { timeout: 5000 })
    .catch(() => {});
  assert.equal(await page.inputValue('#move-input'), '', 'the box empties after a move');
  await page.keyboard.type('g8f6');
  await page.keyboard.press('Enter');
  await waitPlies(page, 2);
  assert.equal(await page.textContent('#position-description'), 'Move 2: Black played Nf6. White to move.');
  // A refused move says why and changes nothing.
  await page.keyboard.type('d2d5');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#message').textContent.includes('illegal move'));
  assert.match(await page.textContent('#message'), /a pawn cannot move from d2 to d5/);
  assert.equal(await plies(page), 2);

  // Xiangqi takes WXF and ICCS, gomoku a point.
  await newGame(page, { game: 'xiangqi', mode: 'hvh' });
  assert.match(await page.getAttribute('#move-input', 'placeholder'), /C2\.5/);
  await page.fill('#move-input', 'C2.5');
  await page.press('#move-input', 'Enter');
  await waitPlies(page, 1);
  await page.fill('#move-input', 'h9g7');
  await page.press('#move-input', 'Enter');
  await waitPlies(page, 2);
  await newGame(page, { game: 'gomoku', mode: 'hvh' });
  await page.fill('#move-input', 'h8');
  await page.press('#move-input', 'Enter');
  await waitPlies(page, 1);
  assert.match(await page.textContent('#position-description'), /Black played h8\. White to move\./);
  // The refused move's 422 answer is logged by the browser; nothing else.
  assert.deepEqual(page.jsErrors.filter((e) => !e.includes('status of 422')), []);
  await page.context().close();
});

test('games are imported from a PGN, from WXF moves and from gomoku points; a bad move is named', async () => {
  const page = await openPage();
  await newGame(page, { game: 'chess', mode: 'hvh' });
  const importGame = async (game, record) => {
    await page.click('#import-button');
    await page.waitForSelector('#import-dialog[open]');
    await page.selectOption('#import-game', game);
    await page.fill('#import-text', record);
    await page.click('#import-start');
  };
  const pgn = '[Event "Casual"]\n[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n';
  await importGame('chess', pgn);
  await page.waitForSelector('#import-dialog[open]', { state: 'detached' });
  await waitPlies(page, 6);
  assert.equal(await page.getAttribute('body', 'data-kind'), 'chess');
  assert.deepEqual(await page.locator('#move-list .move').allTextContents(), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6']);

  await importGame('xiangqi', '1. C2.5 H8+7 2. H2+3');
  await page.waitForSelector('#import-dialog[open]', { state: 'detached' });
  await waitPlies(page, 3);
  assert.equal(await page.getAttribute('body', 'data-kind'), 'xiangqi');

  await importGame('gomoku', 'h8 i9 7,6');
  await page.waitForSelector('#import-dialog[open]', { state: 'detached' });
  await waitPlies(page, 3);

  // A bad move keeps the dialog open and says which and why.
  await importGame('chess', '1. e4 e5 2. Ke3');
  await page.waitForFunction(() => document.querySelector('#import-error').textContent.length > 0);
  assert.match(await page.textContent('#import-error'), /move 3 \('Ke3'\) cannot be played/);
  assert.ok(await page.isVisible('#import-dialog'));
  assert.deepEqual(page.jsErrors.filter((e) => !e.includes('status of 400')), []);
  await page.context().close();
});

test('with "confirm each move" set, a move waits for Enter', async () => {
  const page = await openPage();
  await newGame(page, { game: 'chess', mode: 'hvh' });
  await page.click('#settings-button');
  await page.check('#settings-form input[name="confirmMoves"]');
  await page.click('#settings-form button[type="submit"]');
  await clickMove(page, 'e2', 'e4');
  await page.waitForSelector('#confirm-dialog[open]');
  assert.match(await page.textContent('#confirm-title'), /Play e2e4\?/);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#confirm-dialog', { state: 'hidden' });
  // The dialog's close event is queued: the piece is let go when it comes.
  // A click before that would pick the still-selected piece up and drop it.
  await page.waitForFunction(() => !document.querySelector('#board [data-dest]'));
  assert.equal(await plies(page), 0);
  await clickMove(page, 'e2', 'e4');
  await page.waitForSelector('#confirm-dialog[open]');
  await page.keyboard.press('Enter');
  await waitPlies(page, 1);
  await page.evaluate(() => localStorage.clear());
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('with sounds on, moves, captures, checks and the end are heard', async () => {
  const page = await openPage();
  await newGame(page, { game: 'chess', mode: 'hvh' });
  await page.click('#settings-button');
  await page.check('#settings-form input[name="sound"]');
  await page.click('#settings-form button[type="submit"]');
  const play = async (move, plies, sound) => {
    await page.fill('#move-input', move);
    await page.press('#move-input', 'Enter');
    await waitPlies(page, plies);
    assert.equal(await page.getAttribute('body', 'data-sound'), sound, move);
  };
  await play('e4', 1, 'move');
  await play('d5', 2, 'move');
  await play('exd5', 3, 'capture');
  await play('Qxd5', 4, 'capture');
  await play('Nc3', 5, 'move');
  await play('Qe5+', 6, 'check');
  await newGame(page, { game: 'chess', mode: 'hvh' });
  await play('f3', 1, 'move');
  await play('e5', 2, 'move');
  await play('g4', 3, 'move');
  await play('Qh4#', 4, 'end');
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('a premove made while the computer thinks is played at once after its reply', async () => {
  const page = await openPage();
  // The computer plays first and thinks for up to ten seconds: time to
  // premove. (With a stable best move it may stop at about half its time, so
  // a one-second budget left a slow machine too little time to click.)
  await newGame(page, { game: 'chess', side: 'second', level: '10', movetime: '10000' });
  assert.equal(await page.getAttribute('body', 'data-turn'), 'computer');
  // No legal-move dots for the side not to move: aim at the squares.
  await clickAt(page, '#board [data-key="e7"]');
  await clickAt(page, '#board [data-square="e5"]');
  assert.match(await page.textContent('#message'), /Premove e7–e5/);
  assert.equal(await plies(page), 0, 'nothing is played before the reply');
  await waitPlies(page, 2);
  const moves = await page.locator('#move-list .move').allTextContents();
  assert.equal(moves[1], 'e5', `the premove was played: ${moves}`);
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('resigning asks first: Esc keeps playing, Enter resigns', async () => {
  const page = await openPage();
  await newGame(page, { game: 'chess' });
  await page.click('#resign-button');
  await page.waitForSelector('#confirm-dialog[open]');
  assert.match(await page.textContent('#confirm-title'), /Resign/);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#confirm-dialog', { state: 'hidden' });
  assert.ok(await page.isHidden('#game-over'), 'the game goes on');
  await page.click('#resign-button');
  await page.waitForSelector('#confirm-dialog[open]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#game-over:not([hidden])');
  assert.equal(await page.getAttribute('#game-over', 'data-reason'), 'resignation');
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('a question asked again at once after a cancel is answered by its own answer', async () => {
  const page = await openPage();
  await newGame(page, { game: 'chess' });
  await clickMove(page, 'e2', 'e4');
  await expectComputerAnswered(page, 2);
  // Cancel and ask again in one task, so the cancel's close event (queued)
  // arrives while the second question is open, as it can on a busy machine.
  await page.keyboard.press('r');
  await page.waitForSelector('#confirm-dialog[open]');
  await page.evaluate(() => {
    document.getElementById('confirm-cancel').click();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'r', bubbles: true }));
  });
  await page.waitForSelector('#confirm-dialog[open]');
  await page.waitForTimeout(100);
  await page.keyboard.press('Enter');
  await waitPlies(page, 0);
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

/** The analysis lines shown: first move code and score text of each. */
async function analysisLines(page) {
  return page.$$eval('#analysis-lines li', (items) => items.map((li) => ({
    move: li.dataset.move,
    score: li.querySelector('.line-score').textContent,
  })));
}

/** Waits until the analysis shows `count` lines searched to at least `depth`. */
async function waitAnalysis(page, count, depth) {
  await page.waitForFunction(([n, d]) => {
    const status = document.getElementById('analysis-status').textContent;
    const reached = Number((/Depth (\d+)/.exec(status) ?? [])[1] ?? 0);
    return document.querySelectorAll('#analysis-lines li').length === n && reached >= d;
  }, [count, depth], { timeout: 20000 });
}

function pawns(text) {
  return Number(text);
}

test('live analysis: three lines with different moves, scored from White\'s side, the best drawn, Space plays it', async () => {
  const page = await openPage();
  await newGame(page, { game: 'chess', mode: 'hvh' });
  await page.keyboard.press('l');
  await waitAnalysis(page, 3, 5);
  let lines = await analysisLines(page);
  assert.equal(new Set(lines.map((l) => l.move)).size, 3, `three different moves: ${JSON.stringify(lines)}`);
  for (const line of lines) assert.match(line.score, /^[+-]\d+\.\d\d$/);
  // White to move: the best line is White's best, so scores fall down the list.
  const white = lines.map((l) => pawns(l.score));
  assert.ok(white[0] >= white[1] && white[1] >= white[2], `best first for White: ${white}`);
  // The evaluation bar follows the analysis while it runs.
  await page.waitForFunction(() => document.getElementById('eval-text').textContent
    === document.querySelector('#analysis-lines li .line-score')?.textContent);
  const arrow = page.locator('#board .annotations .arrow.engine');
  await arrow.waitFor({ state: 'attached' }); // a straight arrow's box has no width: not 'visible'
  // The analysis goes on deepening: compare the arrow with the best line
  // shown at the same moment, not with the lines read above.
  const drawn = await page.evaluate(() => {
    const a = document.querySelector('#board .annotations .arrow.engine');
    return { arrow: `${a?.dataset.from}${a?.dataset.to}`, best: document.querySelector('#analysis-lines li')?.dataset.move?.slice(0, 4) };
  });
  assert.equal(drawn.arrow, drawn.best);

  // Hovering a move of a line shows the position after it on a small board.
  // The analysis redraws its lines under the still pointer as it deepens, so
  // the move under the pointer may change, or a gap take its place (a player
  // moves the pointer then, and so does the test, once): the preview is
  // always the position after the move under the pointer.
  await page.evaluate(() => document.addEventListener('pointermove', (e) => { window.testPointer = [e.clientX, e.clientY]; }));
  const move = '#analysis-lines li[data-line="0"] .line-move[data-index="1"]';
  await page.hover(move);
  const previewFollowsPointer = () => {
    const [x, y] = window.testPointer ?? [-1, -1];
    const under = document.elementFromPoint(x, y)?.closest('#analysis-lines .line-move');
    const popup = document.getElementById('preview');
    return !popup.hidden && under && popup.dataset.ply === String(Number(under.dataset.index) + 1);
  };
  try {
    await page.waitForFunction(previewFollowsPointer, null, { timeout: 10000 });
  } catch {
    await page.hover(move);
    await page.waitForFunction(previewFollowsPointer);
  }
  assert.ok(await page.locator('#preview-board [data-key]').count() >= 24, 'the small board has the pieces');
  await page.mouse.move(5, 5);
  await page.waitForSelector('#preview', { state: 'hidden' });

  // Space plays the best move (the analysis goes deeper meanwhile, so the
  // best of the moment: one of the lines' moves); the analysis follows.
  const candidates = (await analysisLines(page)).map((l) => l.move);
  await page.keyboard.press(' ');
  await waitPlies(page, 1);
  const best = await page.getAttribute('#move-list .move[data-ply="1"]', 'title');
  assert.ok(candidates.includes(best), `${best} is one of ${candidates}`);
  await page.waitForFunction((old) => {
    const first = document.querySelector('#analysis-lines li');
    return first && first.dataset.move !== old && !/^Waiting/.test(document.getElementById('analysis-status').textContent);
  }, best);
  await waitAnalysis(page, 3, 5);
  lines = await analysisLines(page);
  // Black to move: still White's side, so Black's best line has the lowest score.
  const black = lines.map((l) => pawns(l.score));
  assert.ok(black[0] <= black[1] && black[1] <= black[2], `best first for Black, scored for White: ${black}`);

  // Reviewing an earlier position analyses that one; L switches it off.
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => {
    const shown = [...document.querySelectorAll('#analysis-lines li')].map((li) => li.dataset.move);
    return shown.length === 3 && shown.every((m) => m[1] === '1' || m[1] === '2');
  });
  await page.keyboard.press('l');
  await page.waitForSelector('body[data-analysis="off"]');
  assert.equal(await page.locator('#analysis-lines li').count(), 0);
  assert.equal(await arrow.count(), 0);
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('game review: the evaluation over the game, the blunder marked for its side with the better move', async () => {
  const page = await openPage();
  await newGame(page, { game: 'chess', mode: 'hvh' });
  for (const [index, move] of ['f3', 'e5', 'g4', 'Qh4#'].entries()) {
    await page.fill('#move-input', move);
    await page.press('#move-input', 'Enter');
    await waitPlies(page, index + 1);
  }
  await page.click('#review-button');
  await page.waitForSelector('#review-panel:not([hidden]) .review-chart');
  // g4 (ply 3) let the queen mate: a blunder of White's, drawn on the chart and in the list.
  await page.waitForSelector('.review-chart .review-mark.blunder[data-ply="3"]', { state: 'attached' });
  assert.equal(await page.getAttribute('#move-list .move[data-ply="3"]', 'data-judgement'), 'blunder');
  assert.match(await page.textContent('#move-list .move[data-ply="3"]'), /g4\?\?/);
  const entry = page.locator('.review-move[data-ply="3"]');
  assert.match(await entry.textContent(), /White: g4\?\? \(blunder; better \S+\)/);
  const blunders = page.locator('.review-summary tr[data-count="blunders"] td');
  assert.equal(await blunders.nth(0).textContent(), '1');
  assert.equal(await blunders.nth(1).textContent(), '0');
  // A judged move goes to its position; the chart goes anywhere.
  await entry.click();
  await page.waitForSelector('#move-list .move[data-ply="3"][aria-current="true"]');
  const chart = await boxOf(page, '.review-chart');
  await page.mouse.click(chart.x + 2, chart.y + chart.height / 2);
  await page.waitForFunction(() => !document.querySelector('#move-list .move[aria-current="true"]'));
  assert.ok(await page.isDisabled('#review-button'), 'one review per state of the game');
  await page.screenshot({ path: join(output, 'chess-review.png') });
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('analysis board: a variation played, switched, commented, promoted, exported and imported; the game untouched', async () => {
  const page = await openPage();
  await newGame(page, { game: 'chess', mode: 'hvh' });
  for (const [index, move] of ['e4', 'e5', 'Nf3'].entries()) {
    await page.fill('#move-input', move);
    await page.press('#move-input', 'Enter');
    await waitPlies(page, index + 1);
  }
  const id = await page.getAttribute('body', 'data-game-id');
  // From the position after 1. e4, try the Sicilian (keys go to the page, not the move box).
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#move-list .move[data-ply="1"][aria-current="true"]');
  await page.keyboard.press('a');
  await page.waitForSelector('body[data-study="e2e4"][data-study-ready="true"]');
  await clickMove(page, 'c7', 'c5');
  await page.waitForSelector('body[data-study="e2e4 c7c5"][data-study-ready="true"]');
  assert.equal(await page.textContent('#study-tree .tree-line .tree-move'), '1... c5');
  await page.fill('#study-comment', 'the Sicilian');
  // Shift+arrows switch between the lines at the branching.
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Shift+ArrowLeft');
  await page.waitForSelector('body[data-study="e2e4 e7e5"]');
  await page.keyboard.press('Shift+ArrowRight');
  await page.waitForSelector('body[data-study="e2e4 c7c5"]');
  await page.click('#study-promote');
  await page.waitForFunction(() => document.querySelector('#study-tree > .tree-move:nth-of-type(2)')?.textContent === 'c5');

  await page.click('#study-text-button');
  await page.waitForSelector('#study-text-dialog[open]');
  const text = await page.inputValue('#study-text');
  assert.match(text, /\[Event "Banco analysis"\]/);
  assert.ok(text.includes('1. e4 c5 {the Sicilian} (1... e5 2. Nf3) *'), text);
  // A line added by hand comes back as a line of the tree.
  await page.fill('#study-text', text.replace('2. Nf3)', '2. Nf3 (2. Bc4 Nf6))'));
  await page.click('#study-text-import');
  await page.waitForSelector('#study-text-dialog', { state: 'hidden' });
  await page.waitForSelector('#study-tree .tree-move[data-code="f1c4"]');
  assert.equal(await page.textContent('#study-tree .tree-comment'), 'the Sicilian');
  await page.click('#study-tree .tree-move[data-code="g8f6"]');
  await page.waitForSelector('body[data-study="e2e4 e7e5 f1c4 g8f6"][data-study-ready="true"]');

  // Live analysis follows the analysis board.
  await page.keyboard.press('l');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-lines li').length > 0);
  await page.screenshot({ path: join(output, 'chess-analysis-board.png') });
  await page.keyboard.press('l');

  // The game itself did not change; A goes back to it.
  await page.keyboard.press('a');
  await page.waitForSelector('body[data-study=""]');
  assert.equal(await plies(page), 3);
  assert.deepEqual(await page.locator('#move-list .move').allTextContents(), ['e4', 'e5', 'Nf3']);

  // Opened again, the variations are still there. Play from here: a new
  // game against the computer from a variation's position.
  await page.keyboard.press('a');
  await page.waitForSelector('body[data-study="e2e4"][data-study-ready="true"]'); // where the game is shown
  await page.waitForSelector('#study-tree .tree-move[data-code="f1c4"]');
  await page.click('#study-tree .tree-move[data-code="c7c5"]');
  await page.waitForSelector('body[data-study="e2e4 c7c5"][data-study-ready="true"]');
  await page.click('#study-continue');
  await page.waitForFunction((old) => document.body.dataset.gameId !== old, id);
  assert.equal(await plies(page), 0);
  assert.equal(await page.getAttribute('body', 'data-study'), '');
  await page.waitForSelector('#board [data-key="c5"]');
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('analysis board in xiangqi and gomoku: a side line played, exported in the text form and imported back', async () => {
  const page = await openPage();
  const cases = {
    // After 1. C2.5, a side line 1... H2+3 beside the game's 1... H8+7.
    xiangqi: { game: [['h2', 'e2'], ['h9', 'g7']], side: ['b9', 'c7'], sideCode: 'b9c7', text: /1\. C2\.5 H8\+7 \(1\.\.\. H2\+3\) \*/ },
    // After 1. h8, a side line 2. j10 beside the game's 2. i9.
    gomoku: { game: [['h8'], ['i9']], side: ['j10'], sideCode: 'j10', text: /1\. h8 2\. i9 \(2\. j10\) \*/ },
  };
  for (const [game, { game: moves, side, sideCode, text: expected }] of Object.entries(cases)) {
    await newGame(page, { game, mode: 'hvh' });
    for (const [index, [from, to]] of moves.entries()) {
      await clickMove(page, from, to);
      await waitPlies(page, index + 1);
    }
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('#move-list .move[data-ply="1"][aria-current="true"]');
    await page.keyboard.press('a');
    await page.waitForSelector('body[data-study-ready="true"]');
    const base = await page.getAttribute('body', 'data-study');
    await clickMove(page, side[0], side[1]);
    await page.waitForSelector(`body[data-study="${base} ${sideCode}"][data-study-ready="true"]`);
    await page.click('#study-text-button');
    await page.waitForSelector('#study-text-dialog[open]');
    const text = await page.inputValue('#study-text');
    assert.match(text, expected, `${game}: ${text}`);
    assert.match(text, new RegExp(`\\[Game "${game}"\\]`));
    // Deleted, then imported back from the text: the side line returns.
    await page.click('#study-text-dialog [data-close]');
    await page.click('#study-delete');
    await page.waitForFunction((code) => !document.querySelector(`#study-tree .tree-move[data-code="${code}"]`), sideCode);
    await page.click('#study-text-button');
    await page.fill('#study-text', text);
    await page.click('#study-text-import');
    await page.waitForSelector('#study-text-dialog', { state: 'hidden' });
    await page.waitForSelector(`#study-tree .tree-move[data-code="${sideCode}"]`);
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('a');
    await page.waitForSelector('body[data-study=""]');
    assert.equal(await plies(page), moves.length, `${game}: the game untouched`);
  }
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('gomoku swap openings: a person opens and the computer chooses; the computer opens and a person takes black', async () => {
  const page = await openPage();
  await newGame(page, { game: 'gomoku', opening: 'swap2', level: '10' });
  await page.waitForSelector('body[data-opening="three"]');
  assert.match(await page.textContent('#opening-text'), /^Put the first three stones: black, white, black \(0 of 3 put\)/);
  for (const [index, point] of ['h8', 'h9', 'j10'].entries()) {
    await clickMove(page, point);
    await waitPlies(page, index + 1);
  }
  // The computer chooses: a colour (the opening is over), or two stones more and the choice is ours.
  await page.waitForSelector('body[data-opening="done"], body[data-opening="final_choice"]', { timeout: 20000 });
  if (await page.getAttribute('body', 'data-opening') === 'final_choice') {
    assert.equal(await plies(page), 5);
    assert.deepEqual(await page.locator('#opening-choices button').allTextContents(), ['Take black', 'Take white']);
    await page.click('#opening-choices [data-choice="white"]');
    await page.waitForSelector('body[data-opening="done"]');
  }
  assert.ok(await page.isHidden('#opening-panel'));
  await page.screenshot({ path: join(output, 'gomoku-swap2.png') });

  await newGame(page, { game: 'gomoku', opening: 'swap1', side: 'second', level: '10' });
  await page.waitForSelector('body[data-opening="choice"]', { timeout: 20000 });
  assert.equal(await plies(page), 3);
  assert.match(await page.textContent('#opening-text'), /^Choose: take black, or take white and play the fourth stone\.$/);
  assert.deepEqual(await page.locator('#opening-choices button').allTextContents(), ['Take black', 'Take white']);
  await page.screenshot({ path: join(output, 'gomoku-swap-choice.png') });
  await page.click('#opening-choices [data-choice="black"]');
  await page.waitForSelector('body[data-opening="done"]');
  // Now black, the person waits for the computer's white stone, then moves.
  await waitPlies(page, 4);
  await page.waitForSelector('body[data-turn="human"]');
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('search map: where the search spent its nodes, in the table and shaded on the board, for every game', async () => {
  const page = await openPage();
  for (const game of ['chess', 'xiangqi', 'gomoku']) {
    await newGame(page, { game, mode: 'hvh' });
    if (game === 'gomoku') {
      // The first stones come from the opening rule, not a search: a few first.
      for (const [index, point] of ['h8', 'i9', 'g9'].entries()) {
        await clickMove(page, point);
        await waitPlies(page, index + 1);
      }
    }
    if (!(await page.locator('#searchmap-panel[open]').count())) await page.click('#searchmap-panel summary');
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('l');
    await page.waitForFunction(() => Number(document.body.dataset.searchMap) > 1
      && document.querySelectorAll('#board .annotations .heat').length > 1, null, { timeout: 20000 });
    const shares = await page.$$eval('#board .annotations .heat', (els) => els.map((el) => Number(el.dataset.share)));
    const sum = shares.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 1) < 0.02, `${game}: the shades share the nodes: ${sum}`);
    const rows = await page.$$eval('#searchmap-table tr[data-code] td:nth-child(2)', (tds) => tds.map((td) => parseFloat(td.textContent)));
    assert.ok(rows.length > 1, `${game}: moves listed`);
    assert.ok(rows.every((v, i) => i === 0 || v <= rows[i - 1] + 0.05), `${game}: most nodes first: ${rows}`);
    await page.screenshot({ path: join(output, `${game}-search-map.png`) });
    await page.keyboard.press('l');
    await page.waitForSelector('body[data-analysis="off"]');
  }
  // The computer's own search, on the position it searched.
  await newGame(page, { game: 'chess', level: '5', movetime: '250' });
  await clickMove(page, 'e2', 'e4');
  await expectComputerAnswered(page, 2);
  assert.equal(await page.getAttribute('body', 'data-search-map'), '0', 'not on the position after its move');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => Number(document.body.dataset.searchMap) > 1);
  assert.match(await page.textContent('#searchmap-note'), /The computer's search \(level 5\)/);
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('evaluation explained: terms per group that add up to the value, shaded on the board, for every game and evaluator', async () => {
  const page = await openPage();
  const openings = {
    chess: [['e2', 'e4'], ['d7', 'd5'], ['e4', 'd5']],
    xiangqi: [['h2', 'e2'], ['h9', 'g7']],
    gomoku: [['h8'], ['i9'], ['g9'], ['j10']],
  };
  const picks = { chess: 'mobility', xiangqi: "general's safety", gomoku: 'patterns' };
  for (const [game, moves] of Object.entries(openings)) {
    await newGame(page, { game, mode: 'hvh' });
    for (const [index, [from, to]] of moves.entries()) {
      await clickMove(page, from, to);
      await waitPlies(page, index + 1);
    }
    await page.evaluate(() => document.activeElement?.blur());
    if (!(await page.locator('#eval-panel[open]').count())) await page.keyboard.press('e');
    for (const evaluator of ['strong', 'simple']) {
      if (await page.inputValue('#eval-evaluator') !== evaluator) await page.selectOption('#eval-evaluator', evaluator);
      await page.waitForSelector(`body[data-explained="${evaluator}"]`);
      await page.waitForFunction(() => document.querySelectorAll('#board .annotations .eval-shade').length > 1);
      // Every group's total, and the terms of no one point, add up to the value shown.
      const totals = await page.$$eval('#eval-table tr.group td.total', (tds) => tds.map((td) => parseFloat(td.textContent)));
      const value = parseFloat(await page.textContent('#eval-table [data-stat="eval-value"] td.total'));
      const sum = totals.reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - value) <= 0.06 * totals.length + 0.5, `${game} ${evaluator}: ${totals} add up to ${sum}, not ${value}`);
      assert.match(await page.textContent('#eval-score'), new RegExp(`^[+-]?[0-9.]+ for ${game === 'xiangqi' ? 'Red' : game === 'chess' ? 'White' : 'Black'}$`));
      const sides = await page.$$eval('#board .annotations .eval-shade', (els) => new Set(els.map((el) => el.classList[1])).size);
      assert.equal(sides, 2, `${game} ${evaluator}: both players' terms shaded`);
    }
    await page.selectOption('#eval-evaluator', 'strong');
    await page.waitForSelector('body[data-explained="strong"]');
    const all = await page.locator('#board .annotations .eval-shade').count();
    // One group picked: its terms listed, only its points shaded.
    await page.click(`#eval-table tr.group[data-group="${picks[game]}"]`);
    await page.waitForSelector(`#eval-table tr.group[data-group="${picks[game]}"][aria-selected="true"]`);
    assert.ok(await page.locator('#eval-table tr.term').count() > 0, `${game}: the group's terms listed`);
    const picked = await page.locator('#board .annotations .eval-shade').count();
    assert.ok(picked > 0 && picked <= all, `${game}: ${picked} of ${all} points for ${picks[game]}`);
    await page.screenshot({ path: join(output, `${game}-evaluation.png`) });
    // Stepping back explains the earlier position.
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((ply) => document.body.dataset.explainedAt?.split(':')[1] === String(ply), moves.length - 1);
    await page.keyboard.press('e');
    await page.waitForFunction(() => !document.querySelector('#board .annotations .eval-shade'));
  }
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

/** Picks a clock in the open New game dialog: a preset's value, or minutes and an increment. */
async function pickClock(page, clock) {
  if (typeof clock === 'string') {
    await page.selectOption('#new-clock', clock);
    return;
  }
  await page.selectOption('#new-clock', 'custom');
  await page.fill('input[name="clockMinutes"]', String(clock.minutes));
  await page.fill('input[name="clockIncrement"]', String(clock.increment));
}

/** Milliseconds a side's clock shows. */
async function clockMs(page, side) {
  return Number(await page.getAttribute(`.strip[data-side="${side}"] .clock`, 'data-ms'));
}

test('clocks: the side to move loses on time, with a low-time warning first', async () => {
  const page = await openPage();
  await newGame(page, { game: 'chess', mode: 'hvh', clock: { minutes: 0.05, increment: 0 } });
  assert.equal(await page.textContent('.strip[data-side="first"] .clock'), '0:03.0');
  assert.equal(await page.textContent('#game-facts [data-stat="clock"]'), '3 s + 0');
  // The first move is free; then Black's clock runs, already low.
  await clickMove(page, 'e2', 'e4');
  await page.waitForSelector('.strip[data-side="second"] .clock.running.low');
  await page.waitForSelector('#game-over:not([hidden])', { timeout: 10000 });
  assert.equal(await page.getAttribute('#game-over', 'data-reason'), 'time');
  assert.match(await page.textContent('#game-over-reason'), /Black's time is up: White wins \(1-0\)/);
  assert.equal(await page.textContent('.strip[data-side="second"] .clock'), '0:00.0');
  assert.equal(await page.locator('.clock.running').count(), 0, 'both clocks stand');
  await page.screenshot({ path: join(output, 'chess-lost-on-time.png') });
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('clocks: a clock survives a reload and a server restart, and the computer plays on its own', async () => {
  let own = await startServer();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(own.url);
  await page.waitForSelector('body[data-ready="true"]');
  if (!(await page.locator('#new-dialog[open]').count())) await page.click('#new-game-button');
  await page.waitForSelector('#new-dialog[open]');
  await page.check('input[name="mode"][value="hvc"]');
  await pickClock(page, '300+0');
  assert.ok(await page.isHidden('#movetime-field'), 'with a clock the computer needs no move time');
  await newGame(page, { game: 'chess', mode: 'hvc', side: 'first', clock: '300+0' });
  const id = await page.getAttribute('body', 'data-game-id');
  await clickMove(page, 'e2', 'e4');
  await waitPlies(page, 2);
  await page.waitForSelector('.strip[data-side="first"] .clock.running');
  // Black thought on its own clock: some of its five minutes are gone, not all.
  const black = await clockMs(page, 'second');
  assert.ok(black < 300000 && black > 250000, `Black's clock: ${black}`);
  await page.waitForTimeout(1200);
  await page.reload();
  await page.waitForSelector('.strip[data-side="first"] .clock.running');
  const afterReload = await clockMs(page, 'first');
  assert.ok(afterReload <= 299000 && afterReload > 290000, `White's clock after a reload: ${afterReload}`);
  assert.equal(await clockMs(page, 'second'), black);

  own.stop({ keepData: true });
  own = await startServer({ dir: own.dir });
  await page.goto(`${own.url}/#game=${id}`);
  await page.waitForSelector('.strip[data-side="first"] .clock.running');
  // The time the server was down is not charged: White's clock runs again
  // from the time it had at its last move (all of it: the first move is free).
  const afterRestart = await clockMs(page, 'first');
  assert.ok(afterRestart <= 300000 && afterRestart > 298000, `White's clock after a restart: ${afterRestart}`);
  await clickMove(page, 'd2', 'd4');
  await waitPlies(page, 4);
  assert.deepEqual(errors, []);
  await context.close();
  own.stop();
});

test('chess: a checkmate from a loaded position shows the reason', async () => {
  const page = await openPage();
  await newGame(page, { game: 'chess', mode: 'hvh' });
  await page.click('#position-button');
  await page.fill('#position-text', 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4');
  await page.click('#position-load');
  await page.waitForSelector('#position-dialog[open]', { state: 'detached' });
  await clickMove(page, 'h5', 'f7');
  await page.waitForSelector('#game-over:not([hidden])');
  const reason = await page.textContent('#game-over-reason');
  assert.match(reason, /Checkmate: White wins/);
  assert.equal(await page.getAttribute('#game-over', 'data-reason'), 'checkmate');
  assert.ok(await page.isVisible('#rematch-button'));
  assert.ok(await page.isVisible('#new-after-button'));
  // What comes next is on the first screen (1280×900), not below the fold.
  for (const button of ['#rematch-button', '#new-after-button']) {
    const box = await page.locator(button).boundingBox();
    assert.ok(box.y + box.height <= 900, `${button} ends at ${box.y + box.height}`);
  }
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  await page.screenshot({ path: join(output, 'chess-checkmate.png') });
  await page.context().close();
});

test('chess: an illegal drag is refused, a legal one plays, promotion asks for the piece', async () => {
  const page = await openPage();
  await newGame(page, { game: 'chess', mode: 'hvh' });
  await dragMove(page, 'e2', 'e5');
  await page.waitForSelector('#message[data-kind="error"]');
  assert.match(await page.textContent('#message'), /Illegal move: e2–e5/);
  assert.equal(await plies(page), 0);
  assert.equal(await page.getAttribute('#board [data-key="e2"]', 'data-piece'), 'P');
  await dragMove(page, 'e2', 'e4');
  await waitPlies(page, 1);
  assert.equal(await page.getAttribute('#board [data-key="e4"]', 'data-piece'), 'P');

  // A pawn reaching the last rank waits for the player's choice.
  await page.click('#position-button');
  await page.fill('#position-text', '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1');
  await page.click('#position-load');
  await waitPlies(page, 0);
  await clickMove(page, 'e7', 'e8');
  await page.waitForSelector('#promotion:not([hidden])');
  await page.click('#promotion [data-promotion="n"]');
  await waitPlies(page, 1);
  assert.equal(await page.getAttribute('#board [data-key="e8"]', 'data-piece'), 'N');

  // With auto-queen set, it becomes a queen without asking.
  await page.click('#settings-button');
  await page.check('#settings-form input[name="autoQueen"]');
  await page.click('#settings-form button[type="submit"]');
  await page.click('#position-button');
  await page.fill('#position-text', '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1');
  await page.click('#position-load');
  await waitPlies(page, 0);
  await clickMove(page, 'e7', 'e8');
  await waitPlies(page, 1);
  assert.ok(await page.isHidden('#promotion'));
  assert.equal(await page.getAttribute('#board [data-key="e8"]', 'data-piece'), 'Q');
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('gomoku: a renju board shows forbidden points, five in a row ends the game', async () => {
  const page = await openPage();
  await newGame(page, { game: 'gomoku', mode: 'hvh' });
  await page.click('#position-button');
  // Black to move, with two open twos crossing: renju forbids black the double three.
  await page.fill('#position-text', 'h8 a1 h9 a15 j8 o1 k9 o15');
  await page.click('#position-load');
  await waitPlies(page, 0);
  // The position keeps the game's rule (freestyle): no forbidden points yet.
  assert.equal(await page.locator('#board [data-forbidden]').count(), 0);

  await newGame(page, { game: 'gomoku', mode: 'hvh', rule: 'renju' });
  await page.click('#position-button');
  await page.fill('#position-text', 'h8 a1 h9 a15 j8 o1 k9 o15');
  await page.click('#position-load');
  await page.waitForSelector('#board [data-forbidden]');
  await page.screenshot({ path: join(output, 'gomoku-renju-forbidden.png') });
  // Black clicking a forbidden point is asked first: Esc keeps the game, Enter plays it and loses.
  const forbidden = await page.getAttribute('#board [data-forbidden]', 'data-forbidden');
  await clickMove(page, forbidden);
  await page.waitForSelector('#confirm-dialog[open]');
  assert.match(await page.textContent('#confirm-title'), new RegExp(`${forbidden} is forbidden for Black`));
  await page.keyboard.press('Escape');
  await page.waitForSelector('#confirm-dialog', { state: 'hidden' });
  assert.equal(await plies(page), 0, 'nothing was played');
  await clickMove(page, forbidden);
  await page.waitForSelector('#confirm-dialog[open]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#game-over:not([hidden])');
  assert.equal(await page.getAttribute('#game-over', 'data-reason'), 'forbidden');

  await page.click('#position-button');
  await page.fill('#position-text', 'h8 a1 i8 a2 j8 a3 k8 a4');
  await page.click('#position-load');
  await page.waitForSelector('#position-dialog[open]', { state: 'detached' });
  await page.waitForSelector('#board [data-key="a4"]');
  await clickMove(page, 'l8');
  await page.waitForSelector('#game-over:not([hidden])');
  assert.match(await page.textContent('#game-over-reason'), /Five in a row: Black wins/);
  assert.equal(await page.locator('#board .piece.winning').count(), 5);
  await page.screenshot({ path: join(output, 'gomoku-five.png') });
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});

test('screenshots: every game on a desktop and a phone, light and dark, with clocks', async () => {
  const openings = { chess: ['e4', 'e5', 'Nf3'], xiangqi: ['h2e2', 'h9g7', 'h0g2'], gomoku: ['h8', 'i9', 'j8'] };
  const devices = {
    desktop: { viewport: { width: 1280, height: 900 } },
    phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  };
  for (const [device, options] of Object.entries(devices)) {
    const page = await openPage(options);
    for (const theme of ['light', 'dark']) {
      if (!(await page.locator('#new-dialog[open]').count())) {
        await page.click('#settings-button');
        await page.selectOption('select[name="theme"]', theme);
        await page.click('#settings-form button[type="submit"]');
      }
      for (const [game, moves] of Object.entries(openings)) {
        await newGame(page, { game, mode: 'hvh', clock: '600+5' });
        if (await page.getAttribute('html', 'data-theme') !== theme) {
          await page.click('#settings-button');
          await page.selectOption('select[name="theme"]', theme);
          await page.click('#settings-form button[type="submit"]');
        }
        for (const [index, move] of moves.entries()) {
          await page.fill('#move-input', move);
          await page.press('#move-input', 'Enter');
          await waitPlies(page, index + 1).catch(async (err) => {
            throw new Error(`${game} ${move}: ${err.message}; the page says: ${await page.textContent('#message')}`);
          });
        }
        assert.equal(await page.getAttribute('html', 'data-theme'), theme);
        await page.screenshot({ path: join(output, `${game}-${device}-${theme}.png`) });
      }
    }
    assert.deepEqual(page.jsErrors, []);
    await page.context().close();
  }
});

test('boards in the dark theme, with letters, flipped, and on a phone', async () => {
  const page = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await newGame(page, { game: 'xiangqi', side: 'second' });
  // The computer moves first; the board is seen from black's side.
  await expectComputerAnswered(page, 1);
  await page.screenshot({ path: join(output, 'xiangqi-phone.png'), fullPage: true });
  await page.click('#settings-button');
  await page.selectOption('select[name="theme"]', 'dark');
  await page.selectOption('select[name="pieceStyle"]', 'letters');
  await page.click('#settings-form button[type="submit"]');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  await page.keyboard.press('f');
  await page.screenshot({ path: join(output, 'xiangqi-dark-letters.png'), fullPage: true });
  await newGame(page, { game: 'chess', mode: 'cvc' });
  await page.waitForFunction(() => Number(document.body.dataset.plies) >= 2, null, { timeout: 20000 });
  await page.click('#pause-button');
  await page.waitForFunction(() => document.querySelector('#pause-button').textContent === 'Resume');
  await page.screenshot({ path: join(output, 'chess-phone-dark-paused.png'), fullPage: true });
  assert.deepEqual(page.jsErrors, []);
  await page.context().close();
});
