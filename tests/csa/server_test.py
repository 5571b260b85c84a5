"""komadai --csa-server driven by scripted clients: whole games for every
result, disconnects, bad lines, moves out of turn, keep-alives, the x1
commands, the hooks, records, a kill -9 and a bounded load test.
Usage: server_test.py KOMADAI TMPDIR.  Last line: "N passed, N failed"."""
import glob, os, random, signal, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csalib import Tally, Client, Server, Mover, run_load

K, TMP = sys.argv[1], sys.argv[2]
HERE = os.path.dirname(os.path.abspath(__file__))
tally = Tally()
check = tally.check

def login(port, name, pw, x1=False):
    c = Client(port)
    c.send("LOGIN %s %s%s" % (name, pw, " x1" if x1 else ""))
    return c

def pair(port, game, a="alice", b="bob"):
    """two CSA-mode clients, a black, both agreed and started"""
    ca = login(port, a, game + "-b,tripA")
    cb = login(port, b, game + "-w,tripB")
    sa = ca.until("END Game_Summary")
    sb = cb.until("END Game_Summary")
    ca.send("AGREE")
    cb.send("AGREE")
    st = ca.until("START:")
    cb.until("START:")
    gid = st[-1][6:] if st else None
    return ca, cb, sa, sb, gid

def record_of(recdir, gid):
    files = glob.glob(os.path.join(recdir, "*", "*", "*", gid + ".csa"))
    return open(files[0]).read() if files else ""

def play(ca, cb, moves):
    """alternate moves from black; returns the echoes black saw"""
    echoes = []
    for i, m in enumerate(moves):
        (ca if i % 2 == 0 else cb).send(m)
        e = ca.readline()
        cb.readline()
        echoes.append(e)
    return echoes

rec = os.path.join(TMP, "records")
srv = Server(K, "--records", rec, "--config", os.path.join(HERE, "config.lua"), cwd=TMP)
P = srv.port

# ---- a whole game to resignation, with a keep-alive ---------------------------------
ca, cb, sa, sb, gid = pair(P, "test-60-10")
check("login reply", ca.lines[0] == "LOGIN:alice OK", ca.lines[:1])
check("summary black", sa and "Your_Turn:+" in sa and "Name+:alice" in sa and "Name-:bob" in sa, sa)
check("summary white", sb and "Your_Turn:-" in sb and "Total_Time:60" in sb and "Byoyomi:10" in sb, sb)
check("summary position", sa and "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY" in sa and "To_Move:+" in sa, sa)
check("game id", gid and gid.startswith("hooks+test-60-10+alice+bob+"), gid)
e = play(ca, cb, ["+7776FU", "-3334FU"])
check("echo with time", e == ["+7776FU,T0", "-3334FU,T0"], e)
ca.send("")
check("keep-alive answered", ca.readline() == "", ca.lines[-1:])
ca.send("%TORYO")
ra, rb = ca.until("#"+"LOSE"), cb.until("#WIN")
check("toryo loser", ra == ["%TORYO", "#RESIGN", "#LOSE"], ra)
check("toryo winner", rb == ["%TORYO", "#RESIGN", "#WIN"], rb)
check("csa mode closed after the game", ca.closed() and cb.closed())
r = record_of(rec, gid)
check("record header", r.startswith("V2\nN+alice\nN-bob\n'Max_Moves:256\n'Least_Time_Per_Move:0\n$EVENT:" + gid), r[:200])
check("record moves", "+7776FU\nT0\n-3334FU\nT0\n%TORYO\n" in r, r)
check("record rating", "'rating:alice+" in r and ":bob+" in r, r)
check("record summary", "'summary:toryo:alice lose:bob win\n" in r and "'$END_TIME:" in r, r[-300:])
check("record final position", "'P7+FU+FU * +FU" in r, r)
lst = open(os.path.join(rec, "00LIST")).read()
check("00LIST", "\ttoryo\tlose\talice+" in lst, lst)

# ---- illegal move, wrong sign, out of turn ------------------------------------------
ca, cb, _, _, gid = pair(P, "ill-60-10")
ca.send("+7775FU")
ra, rb = ca.until("#LOSE"), cb.until("#WIN")
check("illegal move", ra == ["#ILLEGAL_MOVE", "#LOSE"] and rb == ["#ILLEGAL_MOVE", "#WIN"], (ra, rb))
r = record_of(rec, gid)
check("record illegal", "'ILLEGAL_MOVE(+7775FU)" in r and "'summary:illegal move:alice lose:bob win" in r, r[-400:])

ca, cb, _, _, gid = pair(P, "turn-60-10")
cb.send("-3334FU")                 # white first: kept until it is white's turn
time.sleep(0.2)
ca.send("+7776FU")
check("deferred move played in turn", ca.readline() == "+7776FU,T0" and ca.readline() == "-3334FU,T0", ca.lines[-2:])
ca.send("%TORYO")
check("resign after deferred", cb.until("#WIN") is not None)
check("record deferred", "'Deferred -3334FU" in record_of(rec, gid))

# a resend: the last move sent again out of turn is ignored (shogi-server's test_two_same_moves)
ca, cb, _, _, gid = pair(P, "resend-60-10")
e = play(ca, cb, ["+2726FU", "-8384FU"])
cb.send("-8384FU")                 # white's own last move again, while black is to move
time.sleep(0.2)
e += play(ca, cb, ["+2625FU", "-8485FU"])
check("resent move ignored, the game goes on", e == ["+2726FU,T0", "-8384FU,T0", "+2625FU,T0", "-8485FU,T0"], e)
ca.send("%TORYO")
ra, rb = ca.until("#LOSE"), cb.until("#WIN")
check("no illegal move after a resend", ra and rb and "#ILLEGAL_MOVE" not in ra + rb and ra[-2:] == ["#RESIGN", "#LOSE"], (ra, rb))
r = record_of(rec, gid)
check("resend not in the record", "-8384FU\nT0\n+2625FU\nT0\n-8485FU\nT0\n%TORYO\n" in r and "Deferred" not in r, r[-300:])
deadline = time.time() + 3
while "ignored -8384FU" not in srv.log() and time.time() < deadline: time.sleep(0.05)
check("resend logged", "bob: ignored -8384FU in game " + gid + ", its last move sent again out of turn" in srv.log())

ca, cb, _, _, gid = pair(P, "sign-60-10")
ca.send("-7776FU")
check("wrong sign is illegal", ca.until("#LOSE") == ["#ILLEGAL_MOVE", "#LOSE"])

# ---- sennichite, perpetual check, move cap, kachi, chudan, time up -------------------
ca, cb, _, _, gid = pair(P, "senn-60-10")
cyc = ["+5948OU", "-5142OU", "+4859OU", "-4251OU"] * 3
play(ca, cb, cyc[:11])
cb.send(cyc[11])
ra = ca.until("#DRAW")
check("sennichite", ra == ["-4251OU,T0", "#SENNICHITE", "#DRAW"], ra)
check("record sennichite", "'summary:sennichite:alice draw:bob draw" in record_of(rec, gid))

ca, cb, _, _, gid = pair(P, "perp-60-10")
cyc = ["+4959HI", "-5141OU", "+5949HI", "-4151OU"] * 3
play(ca, cb, cyc[:11])
cb.send(cyc[11])
ra, rb = ca.until("#LOSE"), cb.until("#WIN")
check("oute sennichite: the checking side loses", ra and ra[-2:] == ["#OUTE_SENNICHITE", "#LOSE"] and rb[-1] == "#WIN", (ra, rb))

ca, cb, sa, _, gid = pair(P, "cap-60-10")
check("max moves in summary", sa and "Max_Moves:4" in sa, sa)
play(ca, cb, ["+5948OU", "-5142OU", "+4859OU"])
cb.send("-4251OU")
ra = ca.until("#CENSORED")
check("max moves", ra == ["-4251OU,T0", "#MAX_MOVES", "#CENSORED"], ra)
check("record max moves", "'summary:max_moves:alice draw:bob draw" in record_of(rec, gid))

ca, cb, _, _, gid = pair(P, "kachi-60-10")
ca.send("%KACHI")
ra, rb = ca.until("#WIN"), cb.until("#LOSE")
check("kachi", ra == ["%KACHI,T0", "%KACHI", "#JISHOGI", "#WIN"] and rb[-2:] == ["#JISHOGI", "#LOSE"], (ra, rb))

ca, cb, _, _, gid = pair(P, "wkachi-60-10")
ca.send("%KACHI")
ra = ca.until("#LOSE")
check("wrong kachi", ra == ["%KACHI,T0", "%KACHI", "#ILLEGAL_MOVE", "#LOSE"], ra)

ca, cb, _, _, gid = pair(P, "chudan-60-10")
ca.send("%CHUDAN")
check("chudan", ca.until("#CHUDAN") == ["#CHUDAN"] and cb.until("#CHUDAN") == ["#CHUDAN"])
check("record chudan", "%CHUDAN\n" in record_of(rec, gid))

ca, cb, _, _, gid = pair(P, "tu-0-1")
t0 = time.time()
ra, rb = ca.until("#LOSE", 4), cb.until("#WIN", 4)
check("time up", ra == ["#TIME_UP", "#LOSE"] and rb == ["#TIME_UP", "#WIN"], (ra, rb))
check("time up not early", time.time() - t0 >= 0.9)
check("record time up", "'summary:time up:alice lose:bob win" in record_of(rec, gid))

ca, cb, _, _, gid = pair(P, "custom-60-10")
play(ca, cb, ["+7776FU"])
cb.send("-3334FU")
ra, rb = ca.until("#LOSE"), cb.until("#WIN")
check("custom end test", ra == ["-3334FU,T0", "#CHUDAN", "#LOSE"] and rb[-2:] == ["#CHUDAN", "#WIN"], (ra, rb))
check("record custom verdict", "'komadai verdict: two-moves winner=w" in record_of(rec, gid), record_of(rec, gid)[-500:])

ca, cb, _, _, gid = pair(P, "badtest-60-10")
e = play(ca, cb, ["+7776FU"])
deadline = time.time() + 3   # the log line may come just after the move's echo
while "hook end_test: " not in srv.log() and time.time() < deadline: time.sleep(0.05)
check("an end test's error is logged, the game goes on", e == ["+7776FU,T0"] and "hook end_test: " in srv.log(), e)
cb.send("%TORYO"); ca.until("#WIN")

# ---- disconnects, rejects ----------------------------------------------------------
ca, cb, _, _, gid = pair(P, "gone-60-10")
ca.close()
rb = cb.until("#WIN")
check("disconnect loses", rb == ["%TORYO", "#RESIGN", "#WIN"], rb)
check("record abnormal", "'summary:abnormal:alice lose:bob win" in record_of(rec, gid))

ca = login(P, "carol", "rej-60-10-b")
cb = login(P, "dave", "rej-60-10-w")
ca.until("END Game_Summary"); cb.until("END Game_Summary")
cb.send("REJECT")
ra, rb = ca.until("REJECT:"), cb.until("REJECT:")
check("reject", ra and ra[-1].endswith(" by dave") and rb and rb[-1].startswith("REJECT:hooks+rej-60-10+carol+dave+"), (ra, rb))
check("reject closes csa clients", ca.closed() and cb.closed())

ca = login(P, "carol", "rej2-60-10-b")
cb = login(P, "dave", "rej2-60-10-w")
ca.until("END Game_Summary"); cb.until("END Game_Summary")
ca.close()
rb = cb.until("REJECT:")
check("leaving before AGREE rejects", rb and rb[-1].endswith(" by carol"), rb)

ca = login(P, "erin", "ag-60-10-b")
cb = login(P, "fred", "ag-60-10-w")
ca.until("END Game_Summary"); cb.until("END Game_Summary")
ca.send("+7776FU")    # before START: nothing happens
ca.send("AGREE"); ca.send("AGREE")
check("AGREE twice is an error", ca.readline(1) == "##[ERROR] you are in start_waiting status. AGREE is valid in agree_waiting status", ca.lines[-1:])
cb.send("AGREE")
check("start after both agree", ca.until("START:") is not None)
ca.send("%TORYO"); ca.until("#LOSE")

# ---- login errors, bad lines ---------------------------------------------------------
c = Client(P)
c.send("LOGIN")
check("bad login", c.readline() == "LOGIN:incorrect")
c.send("LOGIN a b c d")
check("bad login with 4 words", c.readline() == "LOGIN:incorrect" and c.readline() == "type 'LOGIN name password' or 'LOGIN name password x1'")
c.send("LOGIN bad/name pw")
check("bad name", c.readline() == "LOGIN:incorrect")
c.close()

c = Client(P)
check("no login in time closes", c.closed(3))

c1 = login(P, "gina", "secret1", x1=True)
c1.until("##[LOGIN]")
c2 = login(P, "gina", "other", x1=True)
check("same name, other password", c2.until("LOGIN:incorrect") and c2.readline() == "username gina is already connected" and c2.closed())
c1.close()

c = login(P, "hal", "pw", x1=True)
c.until("##[LOGIN]")
c.send("x" * 2000)
check("line too long", c.readline() == "##[ERROR] line too long" and c.closed())

c = login(P, "ivan", "pw", x1=True)
c.until("##[LOGIN]")
c.send("hello")
check("unknown command", c.readline() == "##[ERROR] unknown command: hello")
c.send("LOGIN ivan secretpassword")
l = c.readline()
check("a LOGIN line's password is never echoed", l == "##[ERROR] unknown command: LOGIN ivan..." and "secret" not in l, l)
c.send("AGREE")
check("AGREE outside a game", c.readline() == "##[ERROR] you are in connected status. AGREE is valid in agree_waiting status")
c.send("REJECT")
check("REJECT outside a game", c.readline() == "##[ERROR] you are in connected status. REJECT is valid in agree_waiting status")
c.send("%%GAME badname +")
check("bad game name", c.readline() == "##[ERROR] bad game name: badname." and c.readline().startswith("##[ERROR] game name should consist of three parts"))
c.send("%%CHALLENGE nobody-60-10 +")
check("challenge without rival", c.readline() == "##[ERROR] can't find rival for nobody-60-10")
c.send("LOGOUT")
check("logout", c.readline() == "LOGOUT:completed" and c.closed())

# ---- x1 commands ------------------------------------------------------------------------
xa = login(P, "jack", "tripJ", x1=True)
check("x1 login", xa.readline() == "LOGIN:jack OK" and xa.readline() == "##[LOGIN] +OK x1")
xb = login(P, "kate", "tripK", x1=True)
xb.until("##[LOGIN]")
xa.send("%%VERSION")
v = xa.until("##[VERSION] +OK")
check("version", v and v[0].startswith("##[VERSION] "), v)
xa.send("%%HELP")
check("help", xa.readline().startswith("##[HELP] available commands"))
xa.send("%%GAME x1g-60-10 +")
xa.send("%%WHO")
w = xa.until("##[WHO] +OK")
check("who", w and any(l.startswith("##[WHO] jack+") and l.endswith(" x1 game_waiting x1g-60-10 +") for l in w), w)
check("who shows no password", w and not any("tripJ" in l or "tripK" in l for l in w), w)
xb.send("%%CHAT hello all")
check("chat", xa.readline() == "##[CHAT][kate] hello all" and xb.readline() == "##[CHAT][kate] hello all")
xb.send("%%GAME x1g-60-10 -")
s1 = xa.until("END Game_Summary"); s2 = xb.until("END Game_Summary")
check("x1 pairing", s1 and "Your_Turn:+" in s1 and s2 and "Your_Turn:-" in s2)
gid = [l for l in s1 if l.startswith("Game_ID:")][0][8:]
xa.send("AGREE " + gid); xb.send("AGREE " + gid)
xa.until("START:"); xb.until("START:")
mon = login(P, "lisa", "pw", x1=True)
mon.until("##[LOGIN]")
mon.send("%%LIST")
li = mon.until("##[LIST] +OK")
check("list", li and "##[LIST] " + gid in li, li)
xa.send("%%GAME other-60-10 +")
check("%%GAME during a game", xa.readline() == "##[ERROR] you are in game status. GAME is valid in connected or game_waiting status", xa.lines[-1:])
xa.send("%%GAME")
check("%%GAME alone during a game", xa.readline() == "##[ERROR] you are in game status. GAME is valid in connected or game_waiting status", xa.lines[-1:])
xa.send("+7776FU"); xa.readline(); xb.readline()
mons = [login(P, "mon%d" % k, "pw", x1=True) for k in range(16)]
for mk in mons:
    mk.until("##[LOGIN]")
    mk.send("%%MONITOR2ON " + gid)
    mk.until("##[MONITOR2][%s] +OK" % gid)
mon.send("%%MONITOR2ON " + gid)
check("too many monitors", mon.readline() == "##[ERROR] too many monitors on this game", mon.lines[-1:])
for mk in mons: mk.close()
time.sleep(0.2)
mon.send("%%MONITOR2ON " + gid)
m = mon.until("##[MONITOR2][%s] +OK" % gid)
check("monitor2on sends the record so far", m and "##[MONITOR2][%s] +7776FU" % gid in m and "##[MONITOR2][%s] V2" % gid in m, m)
xb.send("-3334FU"); xa.readline(); xb.readline()
m = mon.until("##[MONITOR2][%s] +OK" % gid)
check("monitor2 gets each move", m == ["##[MONITOR2][%s] -3334FU" % gid, "##[MONITOR2][%s] T0" % gid, "##[MONITOR2][%s] +OK" % gid], m)
mon.send("%%SHOW " + gid)
sh = mon.until("##[SHOW] +OK")
check("show", sh and "##[SHOW] Last_Move:-3334FU,T0" in sh and "##[SHOW] Current_Turn:2" in sh and "##[SHOW] Remaining_Time+:60" in sh, sh)
mon.send("%%MONITOR2OFF " + gid)
# the server reads one connection's lines in order: once this answer comes, OFF was done
mon.send("%%VERSION")
mon.until("##[VERSION] +OK")
xa.send("%TORYO")
check("x1 result", xa.until("#LOSE") is not None and xb.until("#WIN") is not None)
m = mon.readline(0.5)
check("no monitor after off", m is None, m)
xa.send("%%WHO")
w = xa.until("##[WHO] +OK")
check("x1 stays connected after a game", w and any(l.startswith("##[WHO] jack+") and l.endswith(" x1 connected") for l in w), w)
xa.send("%%GAME x1h-60-10 +")
xa.send("%%GAME")
xa.send("%%WHO")
w = xa.until("##[WHO] +OK")
check("%%GAME alone leaves the waiting list", w and any(l.endswith("jack+" + l.split("jack+")[1].split()[0] + " x1 connected") for l in w if "jack+" in l), w)
for c in (xa, xb, mon): c.close()

# ---- hooks: pairing refused, handicaps, Sho, a broken setup, on_move/on_end -------------
la = login(P, "loner1", "lone-60-10")
lb = login(P, "loner2", "lone-60-10")
check("pair hook refuses", la.readline() == "LOGIN:loner1 OK" and la.readline(0.5) is None)
la.close(); lb.close()

ca, cb, sa, _, gid = pair(P, "hc2p_x-60-10")
check("handicap game name", sa and "To_Move:-" in sa and "P2 *  *  *  *  *  *  *  *  * " in sa, sa)
cb.send("-5142OU")
check("handicap: white moves first", ca.readline() == "-5142OU,T0")
ca.send("%TORYO"); cb.until("#WIN")

ca, cb, sa, _, gid = pair(P, "sho-60-10")
check("sho from the config", sa and "P2 * -HI *  * -SZ *  * -KA * " in sa, sa)
e = play(ca, cb, ["+5848SZ"])
check("sho elephant moves", e == ["+5848SZ,T0"], e)
cb.send("%TORYO"); ca.until("#WIN")

ca = login(P, "mia", "broken-60-10-b")
cb = login(P, "ned", "broken-60-10-w")
l = ca.until("##[ERROR]", 2)
check("a bad game setup is refused", l and l[-1].startswith("##[ERROR] cannot make the game: "), l)
ca.close(); cb.close()

time.sleep(0.2)
log = srv.log()
check("on_move hook", "on_move hooks+test-60-10+alice+bob+" in log and " +7776FU 1" in log, log[-500:])
check("on_end hook", " toryo w" in log and "on_end hooks+gone-60-10" in log, log[-500:])
check("log hook", "log game created hooks+" in log)

# ---- connection limit per address (40 in the config) --------------------------------------
cs = [Client(P) for _ in range(40)]
extra = Client(P)
check("connection limit", extra.readline() == "##[ERROR] too many connections from this address" and extra.closed())
for c in cs: c.close()
extra.close()
check("server stops on SIGTERM", srv.stop() == 0)

# ---- kill -9: every move played is on disk; a restart lists the game -----------------
rec2 = os.path.join(TMP, "records2")
srv = Server(K, "--records", rec2, cwd=TMP)
ca, cb, _, _, gid = pair(srv.port, "kill-60-10")
play(ca, cb, ["+7776FU", "-3334FU", "+2726FU"])
srv.stop(signal.SIGKILL)
r = record_of(rec2, gid)
check("kill -9 loses no move", "+7776FU\nT0\n-3334FU\nT0\n+2726FU\nT0\n" in r and "'$END_TIME" not in r, r[-200:])
srv = Server(K, "--records", rec2, cwd=TMP)
time.sleep(0.3)
check("restart lists the interrupted game", "interrupted game (no result): " in srv.log() and gid in srv.log(), srv.log())
srv.stop()

# ---- bounded load: many games of random movers at once ---------------------------------
GAMES = int(os.environ.get("CSA_LOAD_GAMES", "200"))
srv = Server(K, "--max-moves", "40", "--config", os.path.join(HERE, "load.lua"), cwd=TMP)
load = run_load(srv.port, GAMES, K, seed=7)
results, done = load["results"], load["closed"]
clients = results
check("load: every game ended with a result", all(r for r in results), [i for i, r in enumerate(results) if not r][:10])
check("load: no random move was refused", "#ILLEGAL_MOVE" not in load["reasons"], load["reasons"][:10])
check("load: every connection closed by the server", done == len(clients), done)
lost = [l for l in srv.log().splitlines() if "game finished" in l]
check("load: the server finished every game", len(lost) == GAMES, len(lost))
check("load: server stops", srv.stop() == 0)

tally.finish()
