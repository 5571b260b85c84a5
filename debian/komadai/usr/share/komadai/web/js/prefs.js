// What a player chose on this device, kept in localStorage: the move list's
// notation ("western" or "japanese") and the pieces' look ("kanji" or "icons").
const KEY = 'komadai.notation';
const PIECES_KEY = 'komadai.pieces';

// the stored choice of key if it is one of the two, else the first (the default)
function stored(key, [first, second]) {
  try {
    return localStorage.getItem(key) === second ? second : first;
  } catch {
    return first;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage refused (private mode): the choice lasts this page only
  }
}

export function pieceStyle() { return stored(PIECES_KEY, ['kanji', 'icons']); }
export function setPieceStyle(s) { store(PIECES_KEY, s === 'icons' ? 'icons' : 'kanji'); }

export function notation() {
  try {
    return localStorage.getItem(KEY) === 'japanese' ? 'japanese' : 'western';
  } catch {
    return 'western';
  }
}

export function setNotation(n) {
  try {
    localStorage.setItem(KEY, n === 'japanese' ? 'japanese' : 'western');
  } catch {
    // storage refused (private mode): the choice lasts this page only
  }
}
