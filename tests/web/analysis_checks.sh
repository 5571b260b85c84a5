# The analysis board's API (docs/WEB.md "Analysis"), sourced by tests/sh/web.sh after the other checks
# (whose start, stop, req, session, check and field it uses): a real KIF pasted, its analysis run as a
# job until done (plies with scores and best lines, the worst moves, the SVG graph, the annotated KIF
# with its 評価値 lines); bad records, bad options and the job cap answered 4xx.  Leaves the server stopped.
echo "return {analysis_jobs = 1, analysis_max_seconds = 0.5, bots = {material = '$PWD/examples/bots/material.lua'}}" \
  >"$tmp/analysis_site.lua"
saved_args=$server_args
server_args="$server_args --config $tmp/analysis_site.lua"
start
session z
# body_of FILE [EXTRA_JSON]: the request {text = FILE's text (UTF-8, or CP932 as the records are), ...EXTRA},
# as a page pastes it
body_of() {
  python3 -c '
import json, sys
b = open(sys.argv[1], "rb").read()
try: t = b.decode("utf-8")
except UnicodeDecodeError: t = b.decode("cp932")
d = {"text": t}; d.update(json.loads(sys.argv[2])); print(json.dumps(d, ensure_ascii=False))' "$1" "${2-{\}}"
}
# wait_analysis ID [TENTHS]: GET /api/analysis/ID until it is no longer running (5 s at most, or TENTHS tenths)
wait_analysis() {
  for i in $(seq 1 "${2:-50}"); do req z GET "/api/analysis/$1"; [ "$(field status)" = running ] || break; sleep 0.1; done
}
rec=tests/data/records/jkf__henka.kif
req nojar2 POST /api/analysis "$(body_of $rec)"; check "an analysis needs the session's CSRF token" 403 session
req z POST /api/analysis "$(body_of $rec '{"seconds_per_move":0.2}')"; check "an analysis starts (13 positions, 2.6 s: long enough for the next check)" 202 '"status":"running"'
aid=$(field id)
expect_eq "its id is 32 hex digits" 32 "$(printf '%s' "$aid" | grep -c '^[0-9a-f]\{32\}$' | sed 's/1/32/')"
req z POST /api/analysis "$(body_of $rec '{"seconds_per_move":0.02}')"; check "a second at once is over the config's 1" 429 'at most 1 analyses'
wait_analysis "$aid" 100
check "the analysis ends" 200 '"status":"done"'
printf '%s' "$body" >"$tmp/analysis.json"
python3 - "$tmp/analysis.json" <<'PY' 2>"$tmp/py.err" && ok || fail "the analysis's answer: $(tail -n 3 "$tmp/py.err")"
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
assert d["done"] == d["total"] == 13, (d["done"], d["total"])
p = d["plies"]
assert len(p) == 12 and p[0]["ply"] == 1 and p[0]["usi"] == "7g7f" and p[0]["western"] == "P-7f", p[0]
assert all(isinstance(e["score"], int) and e["sfen"] and isinstance(e["pv"], list) for e in p)
assert d["svg"].startswith("<svg") and "polyline" in d["svg"]
assert d["kif"].count("*#評価値=") == 12, d["kif"]
assert isinstance(d["worst"], list) and d["start"]["sfen"].startswith("lnsgkgsnl/")
# the record's 変化: each where it leaves its line, named, with its positions; a branch of a branch inside it
b = d["branches"]
assert [(x["ply"], len(x["moves"])) for x in b] == [(3, 3), (3, 3), (2, 1), (1, 6)], b
assert b[0]["moves"][0]["japanese"] == "▲６八銀" and b[0]["moves"][0]["usi"] == "7i6h" and b[0]["moves"][0]["sfen"]
assert [(x["ply"], x["moves"][0]["japanese"]) for x in b[3]["branches"]] == [(2, "△３四歩")], b[3]
assert all(x["branches"] == [] for x in b[:3])
PY
req z GET /api/analysis/0123456789abcdef0123456789abcdef; check "an unknown analysis" 404 'no such analysis'
req z GET /api/analysis/nothex; check "a malformed id" 404 'no analysis'
req z POST /api/analysis '{"text":"not a record\nat all\n"}'; check "bad text: the reader's message" 400 'record:1: unknown record format'
printf '# ---- Kifu for Windows ----\n手合割：平手\n   1 ７六歩(77)\n   2 ７六歩(33)\n' >"$tmp/bad.kif"
req z POST /api/analysis "$(body_of "$tmp/bad.kif")"; check "an illegal move: where" 400 'record:4'
req z POST /api/analysis '{"text":"/etc/passwd"}'; check "a path is text, never a file opened" 400 'record:1'
req z POST /api/analysis "$(body_of $rec '{"seconds_per_move":2}')"; check "seconds over the config's cap" 400 'at most 0.5'
req z POST /api/analysis "$(body_of $rec '{"format":"pdf"}')"; check "an unknown format" 400 'format'
req z POST /api/analysis '{"text":""}'; check "no text" 400 'text'
req z POST /api/analysis '[1,2]'; check "not an object" 400 'expected an object'
req z POST /api/analysis 'position startpos moves 7g7f'; check "not JSON" 400 'malformed JSON'
req z POST /api/analysis '{"text":"position startpos moves 7g7f 3c3d","seconds_per_move":0.01}'; check "a position line" 202 '"total":3'
pid_line=$(field id)
req z GET /api/analysis; check "GET without an id" 404
# a bare SFEN: no moves, the position's score and line
wait_analysis "$pid_line"
check "the position line's analysis ends (the cap is 1)" 200 '"status":"done"'
req z POST /api/analysis '{"text":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","seconds_per_move":0.01}'
check "a bare SFEN" 202 '"total":1'
aid=$(field id)
wait_analysis "$aid"
check "its score and line" 200 '"pv_names":"▲'

# a line of the board's own (POST /api/analysis/line): named by the core, the legal moves after it
start_sfen='lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'
req nojar2 POST /api/analysis/line "{\"sfen\":\"$start_sfen\"}"; check "a line needs the session's CSRF token" 403 session
req z POST /api/analysis/line "{\"sfen\":\"$start_sfen\",\"moves\":[\"7g7f\",\"3c3d\"]}"
check "a line: its moves named" 200 '"japanese":"△３四歩"'
case $body in *'"legal":["1g1f",'*'"8h2b+"'*) ok ;; *) fail "a line: the legal moves after it: $body" ;; esac
req z POST /api/analysis/line "{\"sfen\":\"$start_sfen\",\"moves\":[\"7g7f\",\"3c3d\"],\"prev\":\"2g2f\"}"
check "a line: numbered from the position's own count" 200 '"ply":2'
req z POST /api/analysis/line "{\"sfen\":\"$start_sfen\",\"moves\":[\"7g7f\",\"7f7e\"]}"
check "a line with an illegal move: which one" 400 'moves\[2\]: 7f7e is not a legal move here'
req z POST /api/analysis/line '{"sfen":"lnsgkgsnl/9 b"}'; check "a line from a bad SFEN: the core's message" 400 'sfen: sfen:1:'
req z POST /api/analysis/line '{"moves":[]}'; check "a line without a position" 400 'sfen: expected'
req z POST /api/analysis/line "{\"sfen\":\"$start_sfen\",\"moves\":\"7g7f\"}"; check "moves not a list" 400 'moves: expected a list'
req z POST /api/analysis/lines '{}'; check "another route under /api/analysis" 404 'no such route'

# the engine: a bot file the config names, by its name; any other name a 400 naming the ones there are
req z POST /api/analysis '{"text":"position startpos moves 7g7f","seconds_per_move":0.01,"engine":"nosuch"}'
check "an unknown engine: the config's bots named" 400 'a bot of the site'"'"'s config (material)'
req z POST /api/analysis '{"text":"position startpos moves 7g7f","seconds_per_move":0.01,"engine":["material"]}'
check "an engine that is no name" 400 'engine: expected'
req z POST /api/analysis '{"text":"position startpos moves 7g7f 3c3d","seconds_per_move":0.01,"engine":"material"}'
check "the config's bot file as the engine" 202 '"total":3'
aid=$(field id)
wait_analysis "$aid"
check "the bot's analysis, named in the answer and the KIF" 200 '"engine":"material"'
case $body in *'#エンジン=material'*) ok ;; *) fail "the KIF names the bot: $body" ;; esac

stop
server_args=$saved_args
