#!/usr/bin/env node
// A bounded load test of `banco serve` on loopback: N concurrent games, each
// a person (random legal moves) against the computer at a low level, M moves
// each. Reports moves per second and the latency of a person's move (the
// time from sending it to the answer, which is when it is stored).
//
//   cargo build --release
//   node tools/loadtest.mjs [--games 50] [--moves 20] [--level 1] [--game chess]
//                           [--url http://127.0.0.1:8080 | --bin target/release/banco]
//
// Without --url it starts the binary on a free port with a fresh database.
// Node 18+ (built-in fetch); no packages needed.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
}

const GAMES = Number(option('games', 50));
const MOVES = Number(option('moves', 20));
const LEVEL = Number(option('level', 1));
const GAME = option('game', 'chess');

async function startServer(bin) {
  const dir = mkdtempSync(join(tmpdir(), 'banco-load-'));
  const child = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--db', join(dir, 'games.sqlite3')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /open (http:\/\/\S+?)\/? /.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { url, stop: () => { child.kill('SIGKILL'); rmSync(dir, { recursive: true, force: true }); } };
}

async function call(base, method, path, body) {
  const response = await fetch(base + path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.error?.message}`);
  return json;
}

async function playOneGame(base, stats) {
  let state = await call(base, 'POST', '/api/games', {
    game: GAME,
    players: { first: { type: 'human' }, second: { type: 'computer', level: LEVEL } },
  });
  for (let i = 0; i < MOVES && !state.ending; i += 1) {
    const legal = state.legal_moves;
    const move = legal[Math.floor(Math.random() * legal.length)].code;
    const started = performance.now();
    state = await call(base, 'POST', `/api/games/${state.id}/moves`, { move, ply: state.plies });
    stats.latencies.push(performance.now() - started);
    stats.humanMoves += 1;
    const expected = state.plies + 1;
    while (!state.ending && state.plies < expected) {
      state = await call(base, 'GET', `/api/games/${state.id}?after=${state.version}`);
    }
    if (state.plies === expected) stats.computerMoves += 1;
  }
  if (state.ending) stats.finished += 1;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const server = option('url') ? { url: option('url'), stop() {} } : await startServer(option('bin', 'target/release/banco'));
  const stats = { latencies: [], humanMoves: 0, computerMoves: 0, finished: 0, errors: [] };
  const started = performance.now();
  await Promise.all(Array.from({ length: GAMES }, () => playOneGame(server.url, stats).catch((err) => stats.errors.push(err.message))));
  const seconds = (performance.now() - started) / 1000;
  server.stop();
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const total = stats.humanMoves + stats.computerMoves;
  const report = {
    games: GAMES, moves_per_game: MOVES, level: LEVEL, game: GAME, cpus: cpus().length,
    seconds: Number(seconds.toFixed(2)),
    human_moves: stats.humanMoves, computer_moves: stats.computerMoves, games_finished_early: stats.finished,
    moves_per_second: Number((total / seconds).toFixed(1)),
    human_move_ms: {
      p50: Number(percentile(sorted, 50).toFixed(1)),
      p90: Number(percentile(sorted, 90).toFixed(1)),
      p99: Number(percentile(sorted, 99).toFixed(1)),
      max: Number(sorted[sorted.length - 1].toFixed(1)),
    },
    errors: stats.errors.length,
  };
  console.log(JSON.stringify(report, null, 2));
  if (stats.errors.length) {
    console.error(stats.errors.slice(0, 5).join('\n'));
    process.exit(1);
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
