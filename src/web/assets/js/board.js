// The game board: shogiground (lishogi's board component) shown from a game
// state of the API.  The pieces and their facts (letters, promotion, the hand
// order) come from pieces.js, written by scripts/web-pieces from the core; the
// moves offered are exactly the server's "legal" list, so this file knows no
// rule of shogi.
import { Shogiground } from '../vendor/shogiground/shogiground.js';
import { PIECES, HAND_ORDER } from '../pieces.js';

const BY_USI = new Map(PIECES.map((p) => [p.usi, p]));
const BY_ROLE = new Map(PIECES.map((p) => [p.role, p]));
const ROYAL = PIECES.filter((p) => p.royal).map((p) => p.role);

const COLOR = { black: 'sente', white: 'gote' };

// a square of a USI move: "7g", or null for the "P*" of a drop
function parseUsi(usi) {
  const drop = usi.match(/^([A-Z])\*([1-9][a-i])$/);
  if (drop) return { drop: drop[1], to: drop[2] };
  const m = usi.match(/^([1-9][a-i])([1-9][a-i])(\+?)$/);
  if (m) return { from: m[1], to: m[2], promote: m[3] === '+' };
  return null;
}

// the legal list as shogiground's destinations and the promotion facts
function destinations(legal, color) {
  const moves = new Map();
  const drops = new Map();
  const plain = new Set();
  const promoting = new Set();
  for (const usi of legal) {
    const m = parseUsi(usi);
    if (!m) continue;
    if (m.drop) {
      const piece = BY_USI.get(m.drop);
      if (!piece) continue;
      const name = `${color} ${piece.role}`;
      if (!drops.has(name)) drops.set(name, []);
      drops.get(name).push(m.to);
      continue;
    }
    const pair = m.from + m.to;
    (m.promote ? promoting : plain).add(pair);
    if (!moves.has(m.from)) moves.set(m.from, []);
    if (!moves.get(m.from).includes(m.to)) moves.get(m.from).push(m.to);
  }
  return { moves, drops, plain, promoting };
}

// "lnsgkgsnl/... b 2Pp 5" -> {board, turn, hands}
function splitSfen(sfen) {
  const [board, turn, hands] = sfen.trim().split(/\s+/);
  return { board, turn, hands: hands || '-' };
}

export class Board {
  // new Board({board, handTop, handBottom}, onMove): onMove(usi) is called with each move the
  // player makes on the board (a USI string the server's legal list offered)
  constructor(elements, onMove) {
    this.onMove = onMove;
    this.dests = destinations([], 'sente');
    this.orientation = null;
    this.elements = elements;
    this.ground = Shogiground(
      {
        squareRatio: [10, 11],
        // pieces drawn at their square's size (the library's default draws them at twice the size
        // and scales them down, which needs a stylesheet sized for it)
        scaleDownPieces: false,
        coordinates: { enabled: true, files: 'numeric', ranks: 'japanese' },
        hands: { roles: HAND_ORDER },
        highlight: { lastDests: true, check: true, checkRoles: ROYAL },
        animation: { enabled: true, duration: 150 },
        premovable: { enabled: false },
        predroppable: { enabled: false },
        drawable: { enabled: false, visible: true },
        draggable: { enabled: true, showGhost: true },
        forsyth: {
          fromForsyth: (s) => BY_USI.get(s.toUpperCase())?.role,
          toForsyth: (role) => BY_ROLE.get(role)?.usi.toLowerCase(),
        },
        promotion: {
          promotesTo: (role) => BY_ROLE.get(role)?.promotes_to,
          unpromotesTo: (role) => {
            const p = BY_ROLE.get(role);
            return p && p.promoted ? p.unpromoted : undefined;
          },
          movePromotionDialog: (orig, dest) =>
            this.dests.plain.has(orig + dest) && this.dests.promoting.has(orig + dest),
          forceMovePromotion: (orig, dest) =>
            this.dests.promoting.has(orig + dest) && !this.dests.plain.has(orig + dest),
          dropPromotionDialog: () => false,
          forceDropPromotion: () => false,
        },
        movable: {
          free: false,
          showDests: true,
          events: { after: (orig, dest, prom) => this.onMove(orig + dest + (prom ? '+' : '')) },
        },
        droppable: {
          free: false,
          showDests: true,
          events: { after: (piece, key) => this.onMove(`${BY_ROLE.get(piece.role).usi}*${key}`) },
        },
      },
      { board: elements.board, hands: { top: elements.handTop, bottom: elements.handBottom } },
    );
    this.resizer = () => this.ground.attach({ board: elements.board, hands: { top: elements.handTop, bottom: elements.handBottom } });
    window.addEventListener('resize', () => {
      clearTimeout(this.resizeTimer);
      this.resizeTimer = setTimeout(this.resizer, 100);
    });
  }

  // show(state, {orientation}): the position, whose turn, the last move, check, and the moves the
  // player may make; orientation ('sente' or 'gote') overrides the player's own side (a spectator's flip)
  show(state, opts = {}) {
    const { board, turn, hands } = splitSfen(state.sfen);
    const turnColor = turn === 'w' ? 'gote' : 'sente';
    const mine = state.status === 'playing' && state.you && state.you === state.to_move;
    const myColor = state.you ? COLOR[state.you] : undefined;
    this.dests = destinations(mine ? state.legal || [] : [], turnColor);
    const orientation = opts.orientation || (state.you === 'white' ? 'gote' : 'sente');
    const last = state.moves && state.moves.length ? parseUsi(state.moves[state.moves.length - 1].usi) : null;
    let lastDests;
    let lastPiece;
    if (last && last.drop) {
      lastDests = [last.to];
      lastPiece = undefined;
    } else if (last) {
      lastDests = [last.from, last.to];
    }
    this.ground.set({
      sfen: { board, hands },
      orientation,
      turnColor,
      activeColor: mine ? myColor : undefined,
      checks: !!state.in_check,
      lastDests,
      lastPiece,
      selected: undefined,
      selectedPiece: undefined,
      movable: { dests: this.dests.moves },
      droppable: { dests: this.dests.drops },
    });
    this.orientation = orientation;
  }

  // arrows(list): moves drawn as arrows over the board, each {usi, brush} (a drop: a ring on its square);
  // the brush is a class the page's stylesheet colours (css/drills.css); an empty list clears them
  arrows(list) {
    const shapes = [];
    for (const { usi, brush } of list) {
      const m = parseUsi(usi);
      if (m) shapes.push({ orig: m.drop ? m.to : m.from, dest: m.to, brush });
    }
    this.ground.setAutoShapes(shapes);
  }
}

export { parseUsi };

// diagram(host, {sfen, orientation, marks}): a board that only shows a position (the rules page's figures):
// the same component, stylesheet and pieces as the game's board; marks are squares ("7f") lit as a last move is
export function diagram(host, { sfen, orientation = 'sente', marks = [] }) {
  const { board, hands } = splitSfen(sfen);
  const make = (cls) => { const e = document.createElement('div'); e.className = cls; return e; };
  const layout = make('board-layout'), top = make('hand hand-top'), box = make('board-box'), bottom = make('hand hand-bottom');
  const sg = make('sg');
  const stars = make('stars');
  stars.setAttribute('aria-hidden', 'true');
  for (const s of ['s1', 's2', 's3', 's4']) stars.append(Object.assign(document.createElement('span'), { className: s }));
  box.append(sg, stars);
  layout.append(top, box, bottom);
  host.append(layout);
  return Shogiground(
    {
      viewOnly: true,
      squareRatio: [10, 11],
      scaleDownPieces: false,
      orientation,
      sfen: { board, hands },
      coordinates: { enabled: true, files: 'numeric', ranks: 'japanese' },
      hands: { roles: HAND_ORDER },
      highlight: { lastDests: true, check: false },
      lastDests: marks,
      animation: { enabled: false },
      drawable: { enabled: false, visible: false },
      forsyth: {
        fromForsyth: (s) => BY_USI.get(s.toUpperCase())?.role,
        toForsyth: (role) => BY_ROLE.get(role)?.usi.toLowerCase(),
      },
    },
    { board: sg, hands: { top, bottom } },
  );
}
