"""One scripted komadai --csa-server session for a sanitizer or valgrind run:
two CSA-mode clients play a whole game (moves, a keep-alive, a move out of
turn, an illegal move ending it), a third (x1) sends bad lines, bytes that are
not UTF-8 and control characters, a chat, a line too long, and x1 commands;
then a second game ends by resignation and the server stops by itself
(--max-games 2), so its exit status and its sanitizer's report are seen.
Usage: session.py KOMADAI TMPDIR [WRAPPER...] (e.g. valgrind and its options).
Prints a FAIL line for each failed check; last line "N passed, N failed";
the server's own output is in TMPDIR/server.out."""
import os, socket, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csalib import Tally, Client, free_port

K, TMP, WRAP = sys.argv[1], sys.argv[2], sys.argv[3:]
tally = Tally(lambda d: repr(d)[:300])
check = tally.check

def raw(c, data):
    c.sock.sendall(data + b"\n")

port = free_port()
out = open(os.path.join(TMP, "server.out"), "w")
srv = subprocess.Popen(WRAP + [K, "--csa-server", str(port), "--records", os.path.join(TMP, "rec"),
                               "--max-games", "2"], stdout=out, stderr=subprocess.STDOUT)
for _ in range(600):   # valgrind takes seconds to start
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        break
    except OSError:
        time.sleep(0.05)
T = 30 if WRAP else 5

def login(name, pw, x1=False):
    c = Client(port, timeout=T)
    c.send("LOGIN %s %s%s" % (name, pw, " x1" if x1 else ""))
    return c

# ---- a hostile x1 client ------------------------------------------------------------------
x = login("mallory", "pm", x1=True)
check("x1 login", x.until("##[LOGIN] +OK x1") is not None, x.lines)
raw(x, b"hello \x1b[2J\xff\xfe world")
check("unknown command escaped", x.readline() == "##[ERROR] unknown command: hello \\x1B[2J\\xFF\\xFE world",
      x.lines[-1:])
raw(x, b"%%CHAT hi \x1b]0;title\x07 there")
check("chat escaped", x.readline() == "##[CHAT][mallory] hi \\x1B]0;title\\x07 there", x.lines[-1:])
raw(x, b"%%GAME bad\x1bname-60-10 +")
check("bad game name escaped", x.readline() == "##[ERROR] bad game name: bad\\x1Bname-60-10.", x.lines[-1:])
x.readline()
x.send("%%WHO")
check("who", x.until("##[WHO] +OK") is not None, x.lines[-3:])
x.send("AGREE")
check("agree out of place", x.readline().startswith("##[ERROR] you are in connected status. AGREE"), x.lines[-1:])
x.send("%%VERSION")
check("version", x.until("##[VERSION] +OK") is not None, x.lines[-2:])

# a line too long closes that client only
y = login("trudy", "pt", x1=True)
y.until("##[LOGIN] +OK x1")
y.send("y" * 2000)
check("line too long", y.until("##[ERROR] line too long") is not None and y.closed(T), y.lines[-2:])

# ---- a whole game, ended by an illegal move -----------------------------------------------
a = login("alice", "g-60-10-b,ta")
b = login("bob", "g-60-10-w,tb")
check("summary black", a.until("END Game_Summary") is not None, a.lines[-3:])
check("summary white", b.until("END Game_Summary") is not None, b.lines[-3:])
a.send("AGREE"); b.send("AGREE")
st = a.until("START:"); b.until("START:")
check("start", st is not None, a.lines[-2:])
gid = st[-1][6:] if st else ""
for i, m in enumerate(["+7776FU", "-3334FU", "+2726FU", "-8384FU"]):
    (a if i % 2 == 0 else b).send(m)
    e1, e2 = a.readline(), b.readline()
    check("echo %s" % m, e1 == e2 and e1 is not None and e1.startswith(m + ",T"), (e1, e2))
a.send("")
check("keep-alive", a.readline() == "", a.lines[-1:])
x.send("%%SHOW " + gid)
check("show", x.until("##[SHOW] +OK") is not None and any("##[SHOW] Last_Move:" in l for l in x.lines), x.lines[-4:])
b.send("-4132KI")                      # not white's turn: kept until it is
raw(a, b"+26\x1b25FU")                 # an illegal move: black loses
ra, rb = a.until("#LOSE"), b.until("#WIN")
check("illegal move loses", ra is not None and "#ILLEGAL_MOVE" in ra, a.lines[-3:])
check("illegal move wins", rb is not None and "#ILLEGAL_MOVE" in rb, b.lines[-3:])
check("csa mode closed", a.closed(T) and b.closed(T))

# ---- a second game: resignation; then the server stops (--max-games 2) ---------------------
a = login("alice", "h-60-10-b")
b = login("bob", "h-60-10-w")
a.until("END Game_Summary"); b.until("END Game_Summary")
a.send("AGREE"); b.send("AGREE")
a.until("START:"); b.until("START:")
a.send("+7776FU"); a.readline(); b.readline()
b.send("%TORYO")
check("resign", b.until("#LOSE") is not None and a.until("#WIN") is not None, (a.lines[-2:], b.lines[-2:]))
x.close()
try:
    rc = srv.wait(120 if WRAP else 30)
except subprocess.TimeoutExpired:
    srv.kill()
    rc = srv.wait()
out.close()
check("server exit status 0", rc == 0, open(os.path.join(TMP, "server.out"), errors="replace").read()[-2000:])
tally.finish()
