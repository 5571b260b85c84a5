"""Scripted CSA clients for komadai's server tests and bench (python3, socket only).

Client(port, timeout) speaks lines; Server starts `komadai --csa-server` on a free port.
Mover is a random legal mover backed by one komadai process (tests/csa/mover.lua).
Tally counts a script's checks and ends it with "N passed, N failed"."""
import atexit, os, socket, subprocess, sys, time, random


class Tally:
    """check(name, cond, detail) prints a FAIL line for a failed check (detail through
    show) and returns cond; finish() prints the counts and exits 1 if any failed"""
    def __init__(self, show=str):
        self.passed = self.failed = 0
        self.show = show

    def check(self, name, cond, detail=""):
        if cond:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL", name, self.show(detail))
        return cond

    def finish(self):
        print("%d passed, %d failed" % (self.passed, self.failed))
        sys.exit(1 if self.failed else 0)

_servers = []
@atexit.register
def _stop_servers():
    """a test that dies half-way leaves no server running"""
    for srv in _servers:
        if srv.proc.poll() is None:
            srv.proc.kill()
            srv.proc.wait()

class Client:
    def __init__(self, port, timeout=5.0):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.buf = b""
        self.timeout = timeout
        self.lines = []          # every line received, in order

    def send(self, line):
        self.sock.sendall((line + "\n").encode())

    def readline(self, timeout=None):
        """one line (without '\\n'), or None at end of stream / time-out"""
        deadline = time.time() + (timeout if timeout is not None else self.timeout)
        while b"\n" not in self.buf:
            left = deadline - time.time()
            if left <= 0:
                return None
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                return None
            except OSError:
                return None
            if not data:
                return None
            self.buf += data
        line, self.buf = self.buf.split(b"\n", 1)
        line = line.decode(errors="replace").rstrip("\r")
        self.lines.append(line)
        return line

    def until(self, pred, timeout=None):
        """lines up to and including the first for which pred(line) (a str: startswith); None if never"""
        if isinstance(pred, str):
            p = pred
            pred = lambda l: l.startswith(p)
        got = []
        while True:
            l = self.readline(timeout)
            if l is None:
                return None
            got.append(l)
            if pred(l):
                return got

    def closed(self, timeout=3.0):
        """True when the server closes the connection (lines before it are kept)"""
        deadline = time.time() + timeout
        while time.time() < deadline:
            l = self.readline(deadline - time.time())
            if l is None:
                return b"\n" not in self.buf and self._eof()
        return False

    def _eof(self):
        try:
            self.sock.settimeout(0.2)
            return self.sock.recv(1) == b""
        except socket.timeout:
            return False
        except OSError:
            return True

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass

def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p

class Server:
    def __init__(self, komadai, *args, cwd=None):
        self.port = free_port()
        self.out = open(os.path.join(cwd or "/tmp", "server-%d.out" % self.port), "w+")
        self.proc = subprocess.Popen([komadai, "--csa-server", str(self.port)] + list(args),
                                     stdout=self.out, stderr=subprocess.STDOUT)
        _servers.append(self)
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.02)

    def log(self):
        self.out.flush()
        self.out.seek(0)
        return self.out.read()

    def stop(self, sig=15):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()

class Mover:
    """random legal moves for many games at once, from one komadai process"""
    def __init__(self, komadai, seed=1):
        here = os.path.dirname(os.path.abspath(__file__))
        self.proc = subprocess.Popen([komadai, os.path.join(here, "mover.lua"), str(seed)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return self.proc.stdout.readline().strip()

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()

def run_load(port, games, komadai, seed=7, limit=120.0, prefix="load", game_time="600-10"):
    """games pairs of random movers at once; returns a dict: results (per client),
    closed (clients the server closed), latencies (s, move sent -> echo), seconds, moves"""
    import selectors
    mover = Mover(komadai, seed=seed)
    sel = selectors.DefaultSelector()
    clients = []
    t0 = time.time()
    for i in range(games):
        for side, suffix in ((0, "-b"), (1, "-w")):
            c = Client(port, timeout=30)
            c.send("LOGIN %s%d_%d %s%d-%s%s" % (prefix, i, side, prefix, i, game_time, suffix))
            c.side, c.game, c.result, c.sent, c.seen, c.reason = side, i, None, None, 0, None
            clients.append(c)
    played = [0] * games
    for i in range(games):
        mover.ask("new %d" % i)
    for c in clients:
        c.sock.setblocking(False)
        sel.register(c.sock, selectors.EVENT_READ, c)
    deadline = time.time() + limit
    closed, latencies, moves = 0, [], 0

    def move(c):
        m = mover.ask("pick %d" % c.game)
        c.sent = time.time()
        c.sock.sendall((m + "\n").encode())

    while closed < len(clients) and time.time() < deadline:
        for key, _ in sel.select(1):
            c = key.data
            try:
                data = c.sock.recv(65536)
            except BlockingIOError:
                continue
            except ConnectionResetError:
                data = b""
            if not data:
                sel.unregister(c.sock)
                closed += 1
                continue
            c.buf += data
            while b"\n" in c.buf:
                l, c.buf = c.buf.split(b"\n", 1)
                l = l.decode().rstrip("\r")
                if l == "END Game_Summary":
                    c.sock.sendall(b"AGREE\n")
                elif l.startswith("START:") and c.side == 0:
                    move(c)
                elif l[:1] in "+-" and ",T" in l:
                    mv = l.split(",")[0]
                    mine = (mv[0] == "+") == (c.side == 0)
                    if mine and c.sent is not None:
                        latencies.append(time.time() - c.sent)
                        c.sent = None
                    # whichever client of the game sees the echo first plays it into the mover
                    c.seen += 1
                    if c.seen > played[c.game]:
                        mover.ask("play %d %s" % (c.game, mv))
                        played[c.game] += 1
                        moves += 1
                    if not mine:
                        move(c)
                elif l in ("#WIN", "#LOSE", "#DRAW", "#CENSORED", "#CHUDAN"):
                    c.result = l
                elif l.startswith("#") and c.reason is None:
                    c.reason = l
    mover.close()
    for c in clients:
        c.close()
    return {"results": [c.result for c in clients], "reasons": [c.reason for c in clients], "closed": closed, "latencies": latencies,
            "seconds": time.time() - t0, "moves": moves}

def random_games(komadai, games, max_moves, seed=5):
    """games lists of CSA moves of random legal games (ending '%TORYO' when mated), made
    before any timing so a load run replays them with no move generation in the loop"""
    mover = Mover(komadai, seed=seed)
    out = []
    for i in range(games):
        mover.ask("new %d" % i)
        moves = []
        while len(moves) < max_moves:
            m = mover.ask("pick %d" % i)
            moves.append(m)
            if m == "%TORYO":
                break
            mover.ask("play %d %s" % (i, m))
        mover.ask("drop %d" % i)
        out.append(moves)
    mover.close()
    return out

def run_replay(port, scripts, limit=120.0, prefix="rp", game_time="600-10"):
    """len(scripts) games at once, each client sending its side's moves of its script
    as soon as the opponent's echo arrives; same result dict as run_load"""
    import selectors
    sel = selectors.DefaultSelector()
    clients = []
    t0 = time.time()
    for i in range(len(scripts)):
        for side, suffix in ((0, "-b"), (1, "-w")):
            c = Client(port, timeout=30)
            c.send("LOGIN %s%d_%d %s%d-%s%s" % (prefix, i, side, prefix, i, game_time, suffix))
            c.side, c.game, c.result, c.sent, c.next, c.reason = side, i, None, None, side, None
            clients.append(c)
    for c in clients:
        c.sock.setblocking(False)
        sel.register(c.sock, selectors.EVENT_READ, c)
    deadline = time.time() + limit
    closed, latencies, moves = 0, [], 0

    def move(c):
        script = scripts[c.game]
        # past the script (komadai's cap lets a side in check play on): resign
        m = script[c.next] if c.next < len(script) else "%TORYO"
        c.sent = time.time()
        c.sock.sendall((m + "\n").encode())
        c.next += 2

    while closed < len(clients) and time.time() < deadline:
        for key, _ in sel.select(1):
            c = key.data
            try:
                data = c.sock.recv(65536)
            except BlockingIOError:
                continue
            except ConnectionResetError:
                data = b""
            if not data:
                sel.unregister(c.sock)
                closed += 1
                continue
            c.buf += data
            while b"\n" in c.buf:
                l, c.buf = c.buf.split(b"\n", 1)
                l = l.decode().rstrip("\r")
                if l == "END Game_Summary":
                    c.sock.sendall(b"AGREE\n")
                elif l.startswith("START:") and c.side == 0:
                    move(c)
                elif l[:1] in "+-" and ",T" in l:
                    mine = (l[0] == "+") == (c.side == 0)
                    if mine:
                        if c.sent is not None:
                            latencies.append(time.time() - c.sent)
                            c.sent = None
                        moves += 1
                    else:
                        move(c)
                elif l in ("#WIN", "#LOSE", "#DRAW", "#CENSORED", "#CHUDAN"):
                    c.result = l
                elif l.startswith("#") and c.reason is None:
                    c.reason = l
    for c in clients:
        c.close()
    return {"results": [c.result for c in clients], "reasons": [c.reason for c in clients],
            "closed": closed, "latencies": latencies, "seconds": time.time() - t0, "moves": moves}
