// The same job as `scripts/records`, done by tsshogi (ShogiHome's library, npm, pinned in
// package-lock.json): each file named on stdin (one a line) read, decoded (UTF-8, else
// Shift_JIS, else EUC-JP), parsed by the importer of its extension, every move of the main
// line played (tsshogi checks each one), counted.
//   node tests/bench/tsshogi_replay.js [--rows] < list
// Prints "files moves errors seconds moves/s"; --rows first prints one JSON line per file:
// {"file", "moves", "ending", "turn"} (ending: tsshogi's special move type, "none" without
// one; turn: the side to move at the end, "b" or "w") or {"file", "error"}.
const fs = require("fs");
const path = require("path");
const ts = require(path.join(__dirname, "../../node_modules/tsshogi"));
const rows = process.argv.includes("--rows");
const importers = {kif: ts.importKIF, kifu: ts.importKIF, ki2: ts.importKI2, ki2u: ts.importKI2,
  csa: ts.importCSA, jkf: ts.importJKFString, json: ts.importJKFString};
const decoders = ["utf-8", "shift_jis", "euc-jp"].map((e) => new TextDecoder(e, {fatal: true}));
function decode(bytes) {
  for (const d of decoders) {
    try { return d.decode(bytes); } catch (e) { /* the next one */ }
  }
  return null;
}
const files = fs.readFileSync(0, "utf8").split("\n").filter((l) => l !== "");
let moves = 0, errors = 0;
const out = [];
const t0 = process.hrtime.bigint();
for (const file of files) {
  const text = decode(fs.readFileSync(file));
  const imp = importers[path.extname(file).slice(1).toLowerCase()];
  const r = text === null ? new Error("no known encoding") : imp ? imp(text) : new Error("unknown format");
  if (r instanceof Error) {
    errors++;
    if (rows) out.push(JSON.stringify({file, error: r.message}));
    continue;
  }
  r.goto(Number.MAX_SAFE_INTEGER);
  const last = r.current.move;
  const ending = "type" in last ? last.type : "none";
  const n = ending === "none" ? r.current.ply : r.current.ply - 1; // the special move is no move
  moves += n;
  if (rows) out.push(JSON.stringify({file, moves: n, ending, turn: r.position.color === "black" ? "b" : "w"}));
}
const s = Number(process.hrtime.bigint() - t0) / 1e9;
if (rows) console.log(out.join("\n"));
console.log(`${files.length} ${moves} ${errors} ${s.toFixed(3)} ${Math.round(moves / s)}`);
