#!/bin/sh
# The README's recipe for running scripts/batch past one machine, made real:
# GNU parallel sends the shards 1..4 of a corpus to four "hosts" over ssh,
# here an sshd of the test's own on 127.0.0.1 (a free port, a throwaway host
# key and user key in $tmp, stopped on exit) under four names; the shards'
# rows come back through parallel --results and scripts/batch --merge puts
# them together: the same bytes as the run on one machine.  Skipped, saying
# why, where sshd is missing or cannot start (Debian: openssh-server).
. "$(dirname "$0")/../lib.sh"
need_cmd parallel "make test-deps, Debian package parallel"
need_cmd ssh "make test-deps, Debian package openssh-client"
need_cmd ssh-keygen "make test-deps, Debian package openssh-client"
sshd=$(command -v sshd || echo /usr/sbin/sshd)
[ -x "$sshd" ] || skip_suite "no sshd (make test-deps, Debian package openssh-server)"

# ---- an sshd of our own
s=$tmp/ssh; mkdir -p "$s"; chmod 700 "$s"
ssh-keygen -q -t ed25519 -N '' -C batch-test-host -f "$s/host_key" || skip_suite "ssh-keygen cannot make a host key"
ssh-keygen -q -t ed25519 -N '' -C batch-test-user -f "$s/id" || skip_suite "ssh-keygen cannot make a user key"
cp "$s/id.pub" "$s/authorized_keys"; chmod 600 "$s/authorized_keys"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])') ||
    skip_suite "no free port (python3)"
cat >"$s/sshd_config" <<EOF
Port $port
ListenAddress 127.0.0.1
HostKey $s/host_key
PidFile $s/sshd.pid
AuthorizedKeysFile $s/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PermitRootLogin prohibit-password
MaxStartups 20
EOF
# sshd started as root wants its privilege separation directory (made at boot on a Debian system)
[ "$(id -u)" -eq 0 ] && [ ! -d /run/sshd ] && mkdir -p /run/sshd 2>/dev/null
"$sshd" -D -f "$s/sshd_config" -E "$s/log" &
sshd_pid=$!
on_exit "kill $sshd_pid 2>/dev/null; wait $sshd_pid 2>/dev/null"
cat >"$s/config" <<EOF
Host host1 host2 host3 host4
  HostName 127.0.0.1
  Port $port
  User $(id -un)
  IdentityFile $s/id
  IdentitiesOnly yes
  BatchMode yes
  StrictHostKeyChecking no
  UserKnownHostsFile $s/known_hosts
  LogLevel ERROR
EOF
n=0
until ssh -F "$s/config" host1 true 2>/dev/null; do
    n=$((n + 1))
    if [ $n -ge 50 ] || ! kill -0 $sshd_pid 2>/dev/null; then
        skip_suite "sshd does not start here: $(tail -n 3 "$s/log" 2>/dev/null | tr '\n' ' ')"
    fi
    sleep 0.1
done
ok

# ---- the corpus: the real records, a few of them in CP932, a damaged file
c=$tmp/corpus; mkdir -p "$c/sjis"
cp tests/data/records/*.* "$c/"; rm -f "$c/MANIFEST.tsv"
for f in jkf__shogidb2.kifu sh__e2e05-sennichite.kifu jkf__8mai.ki2u; do
    iconv -f UTF-8 -t CP932 "tests/data/records/$f" >"$c/sjis/$f"
done
head -c 3000 /dev/urandom >"$c/sjis/broken.kif"
cat >"$tmp/check.lua" <<'LUA'
return function(game) return {moves = game:ply(), sfen = game:sfen(), encoding = game:info().encoding} end
LUA
scripts/batch "$tmp/check.lua" "$c" >"$tmp/local"; rc=$?
expect "the local run: one error row (the damaged file)" 1 'grep -q "^{.error.:.$c/sjis/broken.kif" "$tmp/local"'

# ---- the recipe (README, docs/BATCH.md): the jobs on the hosts, the rows back, merged
export PARALLEL_SSH="ssh -F $s/config"
parallel --sshlogin 1/host1,1/host2,1/host3,1/host4 --workdir "$PWD" --results "$tmp/res/shard-{}.jsonl" \
    "scripts/batch $tmp/check.lua $c --shard {}/4" ::: 1 2 3 4 >/dev/null 2>"$tmp/perr"; rc=$?
expect "parallel ran the four shards (its exit: the shards with failed files)" 1 \
    '[ -s "$tmp/res/shard-4.jsonl" ]'
scripts/batch --merge "$tmp/res/shard-1.jsonl" "$tmp/res/shard-2.jsonl" "$tmp/res/shard-3.jsonl" \
    "$tmp/res/shard-4.jsonl" >"$tmp/merged"; rc=$?
expect "the merged rows are the local run's, byte for byte" 1 'cmp -s "$tmp/local" "$tmp/merged"'
[ "$(grep -c Accepted "$s/log")" -ge 4 ] && ok || bad "the jobs went through our sshd: $(cat "$s/log")"
parallel --sshlogin 1/host1,1/host2 --workdir "$PWD" 'echo {} ${SSH_CONNECTION%% *} $PWD' ::: 1 2 >"$tmp/where"
[ "$(cut -d' ' -f2- "$tmp/where" | sort -u)" = "127.0.0.1 $PWD" ] && ok || bad "the jobs run in an ssh session in the workdir: $(cat "$tmp/where")"

# each host's shard on its two cores (-j 2): still the same rows
rm -rf "$tmp/res"
parallel --sshlogin 2/host1,2/host2 --workdir "$PWD" --results "$tmp/res/shard-{}.jsonl" \
    "scripts/batch $tmp/check.lua $c --shard {}/3 -j 2" ::: 1 2 3 >/dev/null 2>&1
scripts/batch --merge "$tmp/res/shard-1.jsonl" "$tmp/res/shard-2.jsonl" "$tmp/res/shard-3.jsonl" >"$tmp/merged"
cmp -s "$tmp/local" "$tmp/merged" && ok || bad "three shards with -j 2 each, merged: the local run's rows"

end_suite
