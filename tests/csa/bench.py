"""make bench BENCH=csa: games of random movers at once on loopback, on komadai's
server and, when $SHOGI_SERVER names the directory of its source (tests/README.md),
on the Ruby shogi-server in the same run.
Figures: per-move latency (a move sent -> its echo back, as a client sees it),
moves and games per second.  The games are random legal games made before the
timing starts and replayed by one python3 process holding every connection,
so the figures include the driver's own time; read them as a ratio."""
import os, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csalib import Server, run_load, run_replay, random_games, free_port
import socket

K = sys.argv[1]
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 200
MAX_MOVES = sys.argv[3] if len(sys.argv) > 3 else "256"
HERE = os.path.dirname(os.path.abspath(__file__))

def report(name, load):
    games = len(load["results"]) // 2
    lat = sorted(load["latencies"])
    if not lat:
        print("  %-14s no moves measured" % name)
        return
    med, p99 = lat[len(lat) // 2], lat[min(len(lat) - 1, int(len(lat) * 0.99))]
    done = sum(1 for r in load["results"] if r) // 2
    print("  %-15s %3d games at once, %6d moves in %6.2f s: %7.0f moves/s, %5.1f games/s; "
          "latency median %.2f ms, p99 %.2f ms; %d of %d games ended" % (
              name, games, load["moves"], load["seconds"], load["moves"] / load["seconds"],
              done / load["seconds"], med * 1000, p99 * 1000, done, games))
    reasons = {}
    for r in load["reasons"][::2]:
        reasons[r] = reasons.get(r, 0) + 1
    print("  %-14s results: %s" % ("", ", ".join("%s %d" % (k, v) for k, v in sorted(reasons.items(), key=str))))

print("== CSA server (%d games at once, max moves %s): random games made beforehand, replayed" % (GAMES, MAX_MOVES))
scripts = random_games(K, GAMES, int(MAX_MOVES) if MAX_MOVES != "0" else 256)
srv = Server(K, "--max-moves", MAX_MOVES, "--config", os.path.join(HERE, "load.lua"))
report("komadai", run_replay(srv.port, scripts, limit=180))
srv.stop()
srv = Server(K, "--max-moves", MAX_MOVES, "--config", os.path.join(HERE, "load.lua"))
report("komadai 1 game", run_replay(srv.port, scripts[:1], limit=60, prefix="one"))
srv.stop()

ss = os.environ.get("SHOGI_SERVER", "")
if ss and os.path.exists(os.path.join(ss, "shogi-server")) and subprocess.call(["sh", "-c", "command -v ruby"], stdout=subprocess.DEVNULL) == 0:
    port = free_port()
    work = os.path.join("/tmp", "shogi-server-bench-%d" % port)
    os.makedirs(work, exist_ok=True)
    p = subprocess.Popen(["ruby", "-I", ss, os.path.join(ss, "shogi-server"), "--max-moves", MAX_MOVES,
                          "--least-time-per-move", "0", "--daemon", work, "--pid-file",
                          os.path.join(work, "pid"), "bench", str(port)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=work)
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    report("shogi-server", run_replay(port, scripts, limit=180))
    p.wait()
    try:  # the daemon it started, by the id it wrote
        os.kill(int(open(os.path.join(work, "pid")).read().strip()), 15)
    except (OSError, ValueError):
        pass
else:
    print("  skip shogi-server: set SHOGI_SERVER to the directory of its source, with ruby (tests/README.md)")
