// The board by keyboard and for screen readers (WAI-ARIA grid pattern): 81 cells over the board, one tab stop,
// arrow keys move between squares as they are drawn (flipped for White), Home/End and Ctrl+Home/End to the
// edges; Enter or Space picks one's piece and then its destination; a letter (P L N S G B R) on an empty square
// drops that piece from the hand; Escape lets go.  Each cell is named "7g, Black pawn"; what happens is said in
// the page's live region.  The moves offered are the server's legal list, so this file knows no rule of shogi;
// the promotion question is asked only when both moves are in that list.
import { PIECES } from '../pieces.js';

const BY_USI = new Map(PIECES.map((p) => [p.usi, p]));
const SIDE = { b: 'Black', w: 'White' };
const FILES = '123456789';
const RANKS = 'abcdefghi';

// the SFEN board as a map "7g" -> {side: "b"|"w", piece}
function squares(sfenBoard) {
  const out = new Map();
  sfenBoard.split('/').forEach((row, r) => {
    let file = 9;
    for (let i = 0; i < row.length; i++) {
      const c = row[i];
      if (/[0-9]/.test(c)) { file -= Number(c); continue; }
      const promoted = c === '+';
      const letter = promoted ? row[++i] : c;
      const piece = BY_USI.get((promoted ? '+' : '') + letter.toUpperCase());
      out.set(`${file}${RANKS[r]}`, { side: letter === letter.toUpperCase() ? 'b' : 'w', piece });
      file--;
    }
  });
  return out;
}

export class BoardKeys {
  // new BoardKeys(host, {onMove(usi), say(text), ask(choices) -> Promise<usi|null>})
  constructor(host, { onMove, say, ask }) {
    this.host = host;
    this.onMove = onMove;
    this.say = say;
    this.ask = ask;
    this.focus = '5e';
    this.picked = null;
    this.legal = [];
    this.cells = new Map();
    host.setAttribute('role', 'grid');
    host.addEventListener('keydown', (e) => this.key(e));
    for (let r = 0; r < 9; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'keys-row';
      for (let c = 0; c < 9; c++) {
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.className = 'keys-cell';
        cell.tabIndex = -1;
        row.append(cell);
      }
      host.append(row);
    }
  }

  // the square drawn at row r, column c (0 at the top left) for this orientation
  at(r, c) {
    return this.gote ? `${FILES[c]}${RANKS[8 - r]}` : `${FILES[8 - c]}${RANKS[r]}`;
  }

  // show(state): the position, whose move, the legal moves
  show(state) {
    this.lastState = state;
    const [board] = state.sfen.split(' ');
    this.board = squares(board);
    this.gote = state.you === 'white';
    this.mine = state.status === 'playing' && !!state.you && state.you === state.to_move;
    this.myside = state.you === 'white' ? 'w' : 'b';
    this.legal = this.mine ? state.legal || [] : [];
    if (this.picked && !this.legal.some((u) => u.startsWith(this.picked))) this.picked = null;
    this.host.setAttribute('aria-label', `Board, seen from ${this.gote ? 'White' : 'Black'}'s side; ${this.mine ? 'your move' : 'not your move'}`);
    const rows = this.host.querySelectorAll('[role=row]');
    rows.forEach((row, r) => {
      row.querySelectorAll('[role=gridcell]').forEach((cell, c) => {
        const key = this.at(r, c);
        this.cells.set(key, cell);
        cell.dataset.key = key;
        cell.setAttribute('aria-label', this.label(key));
        cell.setAttribute('aria-selected', String(this.picked === key));
        cell.classList.toggle('picked', this.picked === key);
        cell.classList.toggle('target', !!this.picked && this.targets(this.picked).has(key));
        cell.tabIndex = key === this.focus ? 0 : -1;
      });
    });
  }

  label(key) {
    const s = this.board.get(key);
    const what = s ? `${SIDE[s.side]} ${s.piece ? s.piece.english : 'piece'}` : 'empty';
    const target = this.picked && this.targets(this.picked).has(key) ? ', a destination' : '';
    return `${key}, ${what}${target}`;
  }

  // the destinations of the legal moves from square `from`
  targets(from) {
    return new Set(this.legal.filter((u) => u.startsWith(from) && u[1] !== '*').map((u) => u.slice(2, 4)));
  }

  move(key) {
    this.focus = key;
    for (const [k, cell] of this.cells) cell.tabIndex = k === key ? 0 : -1;
    this.cells.get(key).focus();
  }

  async key(e) {
    const cell = e.target.closest('[role=gridcell]');
    if (!cell) return;
    const key = cell.dataset.key;
    const rows = [...this.host.querySelectorAll('[role=row]')];
    const r = rows.indexOf(cell.parentElement), c = [...cell.parentElement.children].indexOf(cell);
    const go = (rr, cc) => { e.preventDefault(); this.move(this.at(Math.max(0, Math.min(8, rr)), Math.max(0, Math.min(8, cc)))); };
    switch (e.key) {
      case 'ArrowUp': return go(r - 1, c);
      case 'ArrowDown': return go(r + 1, c);
      case 'ArrowLeft': return go(r, c - 1);
      case 'ArrowRight': return go(r, c + 1);
      case 'Home': return go(e.ctrlKey ? 0 : r, 0);
      case 'End': return go(e.ctrlKey ? 8 : r, 8);
      case 'Escape':
        if (this.picked) { this.picked = null; this.refresh(); this.say('Let go.'); }
        return undefined;
      case 'Enter': case ' ':
        e.preventDefault();
        return this.press(key);
      default:
        if (/^[plnsgbrPLNSGBR]$/.test(e.key)) { e.preventDefault(); return this.drop(e.key.toUpperCase(), key); }
    }
    return undefined;
  }

  refresh() { if (this.lastState) this.show(this.lastState); }

  async press(key) {
    if (!this.mine) { this.say('It is not your move.'); return; }
    const s = this.board.get(key);
    if (this.picked && this.targets(this.picked).has(key)) {
      const from = this.picked;
      const plain = this.legal.includes(from + key), promo = this.legal.includes(`${from}${key}+`);
      let usi = plain ? from + key : `${from}${key}+`;
      if (plain && promo) usi = await this.ask([`${from}${key}+`, from + key]);
      this.picked = null;
      if (usi) this.onMove(usi);
      else this.refresh();
      return;
    }
    if (s && s.side === this.myside && this.targets(key).size) {
      this.picked = key;
      this.refresh();
      this.cells.get(key).focus();
      this.say(`${s.piece.english} on ${key} picked: ${[...this.targets(key)].sort().join(', ')}`);
      return;
    }
    this.say(s && s.side === this.myside ? `The ${s.piece.english} on ${key} has no move.` : `${key}: nothing of yours to move.`);
  }

  drop(letter, key) {
    if (!this.mine) { this.say('It is not your move.'); return; }
    const usi = `${letter}*${key}`;
    const piece = BY_USI.get(letter);
    if (this.legal.includes(usi)) { this.picked = null; this.onMove(usi); return; }
    this.say(`No ${piece ? piece.english : letter} may be dropped on ${key}.`);
  }
}

// handText("2Pb", "b") -> "2 pawns": a hand of the SFEN's hands field, in words
export function handText(hands, side) {
  const parts = [];
  const re = /(\d*)([A-Za-z])/g;
  let m;
  while ((m = re.exec(hands || '-'))) {
    const mine = side === 'b' ? m[2] === m[2].toUpperCase() : m[2] === m[2].toLowerCase();
    if (!mine) continue;
    const n = m[1] ? Number(m[1]) : 1;
    const p = BY_USI.get(m[2].toUpperCase());
    parts.push(`${n} ${p ? p.english : m[2]}${n > 1 ? 's' : ''}`);
  }
  return parts.length ? parts.join(', ') : 'nothing';
}

export { squares };
