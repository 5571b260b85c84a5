// Kanji or icons: how the pieces are drawn, chosen with the button under the
// board (#piece-style) and kept in this device's localStorage only.  Icons
// (drawn by scripts/web-pieces from the core's movement table) show how each
// piece moves; the class piece-icons on <body> switches every piece, board and
// hands, through pieces.css.
import { pieceStyle, setPieceStyle } from './prefs.js';

function apply(style) {
  document.body.classList.toggle('piece-icons', style === 'icons');
  const button = document.getElementById('piece-style');
  if (button) {
    button.textContent = style === 'icons' ? 'Show kanji' : 'Show icons';
    button.setAttribute('aria-pressed', style === 'icons' ? 'true' : 'false');
    button.dataset.style = style;
  }
}

function choose(style) {
  setPieceStyle(style);
  apply(pieceStyle());
}

function start() {
  apply(pieceStyle());
  const button = document.getElementById('piece-style');
  if (button) {
    button.addEventListener('click', () => choose(pieceStyle() === 'icons' ? 'kanji' : 'icons'));
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
