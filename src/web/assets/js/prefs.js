// What a player chose on this device, kept in localStorage: the move list's
// notation ("western" or "japanese").
const KEY = 'komadai.notation';

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
