// Evaluation explained: the position shown, evaluated by the simple or the
// strong evaluator and taken apart into its terms (material, tables,
// mobility, king safety, pawn structure; gomoku's pattern value of every
// empty point). A table sums the terms per group and player; the board
// shades each point by what its terms are worth, for the first player in
// one colour and the second in another. Picking a group's row shows only
// that group on the board.

import { api } from './api.js';

/** Points worth less than this share of the largest are not labelled. */
const LABEL_SHARE = 0.12;

/**
 * Keeps the explanation of the position shown. `position()` gives
 * `{ key, request }` as live analysis takes it (or null); `onChange()` is
 * called when an answer arrives. `refresh(open)` asks again when the
 * position or the evaluator changed, only while the panel is open.
 */
export function createExplainer({ position, onChange, onError }) {
  let evaluator = 'strong';
  let group = null;
  let latest = null; // { key, data }
  let pending = null;

  function currentKey() {
    const shown = position();
    return shown ? `${evaluator}|${shown.key}` : null;
  }

  return {
    get evaluator() { return evaluator; },
    set evaluator(name) { evaluator = name; group = null; },
    get group() { return group; },
    /** Shows only `name`'s terms on the board; the same again shows all. */
    pick(name) { group = group === name ? null : name; },
    /** The explanation of the position shown, if it has come; a picked group it lacks is dropped. */
    current() {
      const key = currentKey();
      const data = latest && latest.key === key ? latest.data : null;
      if (data && group && !data.groups.some((g) => g.group === group)) group = null;
      return data;
    },
    refresh(open) {
      const shown = position();
      if (!open || !shown) return;
      const key = currentKey();
      if (latest?.key === key || pending === key) return;
      pending = key;
      api.evaluation({ ...shown.request, evaluator })
        .then((data) => {
          if (pending !== key) return;
          latest = { key, data };
          pending = null;
          onChange();
        })
        .catch((err) => {
          if (pending === key) pending = null;
          onError(err.message);
        });
    },
  };
}

/** A value in the evaluation's unit, signed, one decimal where it is not whole. */
export function valueText(value) {
  const rounded = Math.round(value * 10) / 10;
  const text = Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
  return rounded > 0 ? `+${text}` : text;
}

/** What each point's terms are worth (only `group`'s when one is picked), for the board. */
export function explainPoints(explanation, group) {
  if (!explanation) return [];
  const byPoint = new Map();
  for (const term of explanation.terms) {
    if (!term.point || (group && term.group !== group)) continue;
    byPoint.set(term.point, (byPoint.get(term.point) ?? 0) + term.value);
  }
  const largest = Math.max(0, ...[...byPoint.values()].map(Math.abs));
  if (!largest) return [];
  return [...byPoint]
    .filter(([, value]) => Math.abs(value) >= 0.05)
    .map(([at, value]) => ({ at, value, share: Math.abs(value) / largest, label: Math.abs(value) / largest >= LABEL_SHARE }));
}

function cell(tag, text, className) {
  const element = document.createElement(tag);
  element.textContent = text;
  if (className) element.className = className;
  return element;
}

/**
 * Fills the panel: `score` with the value, `note` with how to read it,
 * `table` with a row per group (the picked one marked), its terms listed
 * under it when picked. `sides` are the players' names. A player's
 * column is in that player's own view (a poorly placed black knight is
 * negative for black); totals are the first player's minus the second's.
 */
export function renderExplanation({ table, note, score }, explanation, explainer, sides, onPick) {
  table.replaceChildren();
  if (!explanation) {
    score.textContent = '';
    note.textContent = 'Evaluating the position shown…';
    return;
  }
  score.textContent = `${valueText(explanation.first_player_score)} for ${sides[0]}`;
  note.textContent = `The ${explanation.evaluator} evaluation of the position shown`
    + `${explanation.blend ? ` (${explanation.blend})` : ''}. Each player's column is what the terms are worth to that player; `
    + `the total is ${sides[0]}'s minus ${sides[1]}'s, and the totals add up to the value. `
    + `On the board, blue is what helps ${sides[0]} and red what helps ${sides[1]}, numbered from ${sides[0]}'s side. `
    + 'Pick a row to see only its terms on the board.';
  const head = document.createElement('tr');
  for (const label of ['Terms', sides[0], sides[1], 'Total']) head.append(cell('th', label));
  table.append(head);
  for (const group of explanation.groups) {
    const row = document.createElement('tr');
    row.className = 'group';
    row.dataset.group = group.group;
    row.tabIndex = 0;
    row.setAttribute('aria-selected', String(explainer.group === group.group));
    const other = group.neither ? ` (${valueText(group.neither)} of neither)` : '';
    row.append(
      cell('td', group.group),
      cell('td', group.first ? valueText(group.first) : ''),
      cell('td', group.second ? valueText(-group.second) : ''),
      cell('td', `${valueText(group.total)}${other}`, 'total'),
    );
    row.addEventListener('click', () => onPick(group.group));
    row.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onPick(group.group);
      }
    });
    table.append(row);
    if (explainer.group === group.group) {
      const terms = explanation.terms.filter((t) => t.group === group.group);
      const shown = [...terms].sort((a, b) => Math.abs(b.value) - Math.abs(a.value)).slice(0, 16);
      for (const term of shown) {
        const detail = document.createElement('tr');
        detail.className = 'term';
        const where = term.point ? ` ${term.point}` : '';
        detail.append(
          cell('td', `${term.name}${where}`),
          cell('td', term.side === 'first' ? valueText(term.value) : ''),
          cell('td', term.side === 'second' ? valueText(-term.value) : ''),
          cell('td', term.side ? '' : valueText(term.value), 'total'),
        );
        table.append(detail);
      }
      if (terms.length > shown.length) {
        const more = document.createElement('tr');
        more.className = 'term';
        const td = cell('td', `and ${terms.length - shown.length} smaller terms`);
        td.colSpan = 4;
        more.append(td);
        table.append(more);
      }
    }
  }
  const sum = document.createElement('tr');
  sum.className = 'sum';
  const first = explanation.groups.reduce((s, g) => s + g.first, 0);
  const second = explanation.groups.reduce((s, g) => s + g.second, 0);
  sum.append(
    cell('th', 'Value'),
    cell('td', valueText(first)),
    cell('td', valueText(-second)),
    cell('td', valueText(explanation.first_player_score), 'total'),
  );
  sum.dataset.stat = 'eval-value';
  table.append(sum);
}
