# Bot files named by the config (docs/WEB.md "Bot levels"), sourced by tests/sh/web.sh after
# tests/web/api_checks.sh (whose start, stop, req, session, check and field it uses): each is
# loaded at start (a broken one stops the start with its reason), listed by GET /api/rules,
# chosen by name in POST /api/bot-games, and played by `komadai --usi FILE` for each of its
# moves; its name shows in the game and its record.  Leaves the server stopped.
stop
echo 'return {bots = {broken = "nothere.lua"}}' >"$tmp/bots_bad.lua"
"$K" --serve 127.0.0.1:0 --config "$tmp/bots_bad.lua" $server_args >"$tmp/bad.out" 2>&1
expect_eq "a config naming a bot file that does not load is refused" 1 $?
grep -q "bots: broken: .*nothere.lua" "$tmp/bad.out" && ok || fail "the broken bot's reason: $(cat "$tmp/bad.out")"
echo 'return {bots = {["no spaces"] = "x.lua"}}' >"$tmp/bots_bad.lua"
"$K" --serve 127.0.0.1:0 --config "$tmp/bots_bad.lua" $server_args >"$tmp/bad.out" 2>&1
expect_eq "a bot's name with a space is refused" 1 $?
# the bot files, relative to the config's folder
mkdir -p "$tmp/site/bots"
cp examples/bots/material.lua examples/bots/pst.lua "$tmp/site/bots/"
echo 'return {bots = {pst = "bots/pst.lua", material = "bots/material.lua"}}' >"$tmp/site/site.lua"
saved_args=$server_args
server_args="$server_args --config $tmp/site/site.lua"
start
req f GET /api/rules; check "the rules list the bots, by name" 200 '"bots":\["material","pst"\]'
session f
req f POST /api/bot-games '{"level":1,"bot":"nope"}'; check "an unknown bot" 400 'the name of a bot this site offers'
req f POST /api/bot-games '{"level":1,"bot":7}'; check "a bot that is not a name" 400 'bot..: the name of a bot'
req f POST /api/bot-games '{"level":1,"bot":"pst"}'; check "a game against the pst bot" 201 '"name":"pst (level 1)","kind":"bot"'
gid=$(field id)
printf '%s' "$body" | grep -q '"bot":"pst"' && ok || fail "the game names its bot: $body"
# the person's move when it is theirs, then the bot's reply (or its first move) by its engine
for i in $(seq 1 50); do
  req f GET "/api/games/$gid"
  you=$(field you); to=$(field to_move); ply=$(field ply)
  [ "$you" = "$to" ] && [ "$ply" -ge 1 -o "$you" = black ] && break
  sleep 0.1
done
legal=$(printf '%s' "$body" | grep -o '"legal":\["[^"]*"' | sed 's/.*\["//; s/"$//')
req f POST "/api/games/$gid/moves" "{\"move\":\"$legal\",\"ply\":$ply}"; check "the person's move" 200
want=$((ply + 2))
for i in $(seq 1 100); do
  req f GET "/api/games/$gid"
  [ "$(field ply)" -ge "$want" ] && break
  sleep 0.1
done
[ "$(field ply)" -ge "$want" ] && ok || fail "the pst bot did not answer (ply $(field ply), wanted $want): $(tail -n 3 "$tmp/server.log")"
req f GET "/api/games/$gid/record?format=kif"
printf '%s' "$body" | grep -q 'pst (level 1)' && ok || fail "the record names the bot: $body"
stop
server_args=$saved_args
