-- shogi.web_drills: the site's drills (docs/WEB.md "Drills"), run by src/app/web_drills.c in one
-- lua_State, one request at a time.  The site (C, below Lua) says who asks and hands the request on;
-- every verdict is shogi.drill's session API, every result goes to the prompt's own progress store.
--   M.init{dir =, data =, teachers = {names} | nil} -> warnings (a list of sentences) | nil, msg
--   M.call(name, json) -> status (0 done, else the HTTP status), text (JSON, CSV or a sentence)
-- The data, under DATA/drills: a class is a folder CODE/ holding class.json (its name and teacher) and
-- one STUDENT.tsv a student (shogi.drill.progress, the file `scripts/drill results --class DATA/drills/CODE`
-- reads); logins.tsv keeps which session is which student (the SHA-256 of the session's token, never it).
local cjson = require "cjson"
local drill = require "shogi.drill"
local progress = require "shogi.drill.progress"
local goals = require "shogi.drill.goals"
local web_service = require "shogi.web_service"

local ipairs, pairs, pcall, tonumber, tostring, type = ipairs, pairs, pcall, tonumber, tostring, type
local io_open, io_popen = io.open, io.popen
local os_date, os_execute, os_rename, os_time = os.date, os.execute, os.rename, os.time
local string_byte, string_format, string_gmatch, string_gsub, string_match, string_sub, string_upper =
  string.byte, string.format, string.gmatch, string.gsub, string.match, string.sub, string.upper
local table_concat, table_sort = table.concat, table.sort
local math_floor = math.floor
local _ENV = nil -- luacheck: ignore 211

local M = {}

local list, encode, null = web_service.json_list, web_service.json_encode, cjson.null

M.CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789" -- 32 symbols, none read as another (no 0 O 1 I)
M.CODE_LENGTH = 8
M.CLASSES_MAX = 50        -- a teacher's classes
M.PLAYS_MAX = 5000        -- sessions being played kept in memory; the oldest dropped past it
M.LOGIN_DAYS = 90         -- a student's login kept this long unused (the longest a site session lives)
M.NAME_MAX = 32           -- a student's name
M.CLASS_NAME_MAX = 80
-- names the routes take: no drill file may be called so
local RESERVED = {join = true, leave = true, play = true}
local ACTIONS = {move = true, hint = true, answer = true, next = true, retry = true, skip = true}

local cfg                   -- {dir, data, root, teachers = set | nil}
local drills, order = {}, {} -- id -> drill; the ids sorted
local classes = {}          -- code -> {code, name, teacher_id, teacher, created}
local logins = {}           -- sid -> {code, name, at}
local plays, n_plays = {}, 0 -- sid -> {id, session, code, name, at}

local function quote(s) return "'" .. string_gsub(s, "'", "'\\''") .. "'" end

-- the names in a folder (nil when it cannot be read)
local function ls(dir)
  local p = io_popen("ls -1 -- " .. quote(dir) .. " 2>/dev/null")
  if not p then return nil end
  local out = {}
  for line in p:lines() do out[#out + 1] = line end
  if not p:close() then return nil end
  table_sort(out)
  return out
end

local function mkdir(dir) return os_execute("mkdir -p -- " .. quote(dir) .. " 2>/dev/null") end

-- text written whole or not at all (a temporary file renamed)
local function write_file(path, text)
  local tmp = path .. ".tmp"
  local f, err = io_open(tmp, "w")
  if not f then return nil, err end
  f:write(text)
  f:close()
  return os_rename(tmp, path)
end

local function read_file(path)
  local f = io_open(path, "r")
  if not f then return nil end
  local t = f:read("a")
  f:close()
  return t
end

-- ---- loading -------------------------------------------------------------------------------
local function load_drills(dir, warnings)
  local names = ls(dir)
  if not names then return nil, "not a folder that can be read" end
  for _, file in ipairs(names) do
    local id = string_match(file, "^(.+)%.lua$")
    if id then
      local path = dir .. "/" .. file
      if not string_match(id, "^[A-Za-z0-9][A-Za-z0-9_-]*$") or RESERVED[id] then
        warnings[#warnings + 1] = path .. ": not served (a drill's file name: letters, digits, '_' and '-', "
          .. "and not join, leave or play)"
      else
        local d, err = drill.load(path)
        if not d then
          warnings[#warnings + 1] = tostring(err) .. " (not served)"
        else
          for _, ex in ipairs(d.exercises) do
            for _, f in ipairs(ex.faults) do
              warnings[#warnings + 1] = string_format("%s: exercise %d: %s (skipped)", path, ex.n, f)
            end
          end
          d.id = id
          drills[id] = d
          order[#order + 1] = id
        end
      end
    end
  end
  if #order == 0 then return nil, "no drill file there loads (FILE.lua, scripts/drill check names what is wrong)" end
  return true
end

local function load_classes()
  for _, code in ipairs(ls(cfg.root) or {}) do
    local text = read_file(cfg.root .. "/" .. code .. "/class.json")
    local ok, c = pcall(cjson.decode, text or "")
    if text and ok and type(c) == "table" and c.code == code then classes[code] = c end
  end
end

local function save_logins()
  local lines = {}
  for sid, l in pairs(logins) do lines[#lines + 1] = table_concat({sid, l.code, l.name, l.at}, "\t") end
  table_sort(lines)
  return write_file(cfg.root .. "/logins.tsv", table_concat(lines, "\n") .. (#lines > 0 and "\n" or ""))
end

local function load_logins()
  local text = read_file(cfg.root .. "/logins.tsv") or ""
  local oldest = os_time() - M.LOGIN_DAYS * 86400
  for sid, code, name, at in string_gmatch(text, "([0-9a-f]+)\t([^\t\n]+)\t([^\t\n]+)\t(%d+)\n") do
    if tonumber(at) >= oldest and classes[code] then logins[sid] = {code = code, name = name, at = tonumber(at)} end
  end
end

--- init{dir =, data =, teachers =} -> warnings | nil, msg
function M.init(opts)
  cfg = {dir = opts.dir, data = opts.data, root = opts.data .. "/drills"}
  if opts.teachers then
    cfg.teachers = {}
    for _, t in ipairs(opts.teachers) do cfg.teachers[t] = true end
  end
  local warnings = {}
  local ok, err = load_drills(opts.dir, warnings)
  if not ok then -- each file's reason said too
    for _, w in ipairs(warnings) do err = err .. "\n  " .. w end
    return nil, err
  end
  if not mkdir(cfg.root) then return nil, cfg.root .. ": the drills' data folder cannot be made" end
  load_classes()
  load_logins()
  return warnings
end

-- ---- answers -------------------------------------------------------------------------------
local function fail(code, fmt, ...) return code, string_format(fmt, ...) end

local function field(body, key)
  local v = body[key]
  if v == null then return nil end
  return v
end

local function side_name(c) return c == "b" and "black" or "white" end

local function names(pos, m, prev)
  local ok1, western = pcall(pos.move_name, pos, m, "western", prev)
  local ok2, japanese = pcall(pos.move_name, pos, m, "japanese", prev)
  return ok1 and western or m, ok2 and japanese or m
end

-- moves played from pos: [{usi, western, japanese, side, sfen (after it)}]
local function frames(pos, moves)
  local out, prev = {}, nil
  for i, m in ipairs(moves) do
    local ok, after = pcall(pos.after, pos, m)
    if not ok then break end
    local western, japanese = names(pos, m, prev)
    out[i] = {usi = m, western = western, japanese = japanese, side = side_name(pos:side()), sfen = after:sfen()}
    pos, prev = after, m
  end
  return list(out)
end

local function span(seconds)
  if seconds < 3600 then return string_format("%d minutes", seconds // 60 + 1) end
  if seconds < 2 * 86400 then return string_format("%d hours", seconds // 3600) end
  return string_format("%d days", seconds // 86400)
end

local function class_dir(code) return cfg.root .. "/" .. code end

local function store_of(login)
  local dir = class_dir(login.code)
  return progress.open{home = dir, student = login.name, file = dir .. "/" .. login.name .. ".tsv"}
end

local function may_teach(user)
  return user ~= nil and (cfg.teachers == nil or cfg.teachers[user.name] == true)
end

local function login_of(x)
  local l = x.sid and logins[x.sid]
  if l and classes[l.code] then return l end
  return nil
end

local NEED_STUDENT = "join a class first: your name and the class code your teacher gave (POST /api/drills/join)"

local function who_json(x)
  local l = login_of(x)
  local c = l and classes[l.code]
  return {student = l and {name = l.name, class = {code = c.code, name = c.name}} or null,
    user = x.user and {id = x.user.id, name = x.user.name} or null, teacher = may_teach(x.user)}
end

-- ---- the student's drills ------------------------------------------------------------------
local function drill_head(d, store, now)
  local due, next_n, next_at, played = nil, nil, nil, 0
  if store then
    due = 0
    for _, n in ipairs(store:due(d, now)) do
      if #d.exercises[n].faults == 0 then due = due + 1 end
    end
    next_n, next_at = store:next_due(d, now)
    played = #d.exercises - #store:unplayed(d)
  end
  return {id = d.id, title = d.title, author = d.author or null, level = d.level or null, count = #d.exercises,
    due = due or null, played = played, next_due = next_n and {n = next_n, at = next_at} or null}
end

local function route_list(x)
  local out = who_json(x)
  local l = login_of(x)
  local store = l and store_of(l)
  local now = progress.now()
  local ds = {}
  for i, id in ipairs(order) do ds[i] = drill_head(drills[id], store, now) end
  out.drills = list(ds)
  out.now = now
  return 200, out
end

local function route_drill(x, d)
  local l = login_of(x)
  local store = l and store_of(l)
  local now = progress.now()
  local out = who_json(x)
  out.drill = drill_head(d, store, now)
  out.now = now
  local due = {}
  for _, n in ipairs(store and store:due(d, now) or {}) do due[n] = true end
  local exs = {}
  for i, ex in ipairs(d.exercises) do
    local faulty = #ex.faults > 0
    local row = store and store:row(d, i)
    local ok, prompt = pcall(function() return ex.prompt or goals.default_prompt(ex) end)
    exs[i] = {n = i, title = ex.title or null, prompt = ok and prompt or null, goal = type(ex.goal) == "string" and
      ex.goal or "custom", side = ex.side and side_name(ex.side) or null, faulty = faulty,
      faults = faulty and ex.faults or null, due = (not faulty and store ~= nil and due[i] == true),
      progress = row and {box = row.box, due = row.due, seen = row.seen, missed = row.missed, points = row.points,
        attempts = row.attempts, hints = row.hints, seconds = row.seconds} or null}
  end
  out.exercises = list(exs)
  return 200, out
end

-- the state of a play (docs/WEB.md PLAY); extra's fields added
local function play_json(pl, extra)
  local s = pl.session
  local d = drills[pl.id]
  local sc = s:score()
  local out = {drill = {id = d.id, title = d.title}, style = s.style, score = {text = sc.text, points = sc.points,
    max = sc.max, solved = sc.solved, missed = sc.missed, played = sc.played, total = sc.total}}
  local e = s:exercise()
  if e then
    local g = s:game()
    local pos = g:position()
    local moves = g:moves()
    local open = e.status == "open" and pos:side() == e.side and g:result() == nil
    out.exercise = {n = e.n, total = e.total, index = e.index, count = e.count, prompt = e.prompt, goal = e.goal,
      title = e.title or null, status = e.status, wrong = e.wrong, hints = e.hints}
    out.sfen = pos:sfen()
    out.to_move = side_name(pos:side())
    out.you = side_name(e.side)
    out.status = open and "playing" or "over"
    local legal, legal_names = open and pos:legal_moves() or {}, {}
    for i, m in ipairs(legal) do
      local western, japanese = names(pos, m, moves[#moves])
      legal_names[i] = {western = western, japanese = japanese}
    end
    out.legal, out.legal_names = list(legal), list(legal_names)
    out.in_check = pos:in_check()
    out.moves = list(#moves > 0 and {{usi = moves[#moves]}} or {})
    out.declare = e.goal == "play" and open
    out.over = false
  else
    out.exercise, out.status, out.over = null, "over", true
  end
  for k, v in pairs(extra or {}) do out[k] = v end
  return 200, out
end

local function set_style(pl, body)
  local style = field(body, "style")
  if style == nil then return true end
  if style ~= "letters" and style ~= "kanji" then return false end
  pl.session:set_style(style)
  return true
end

local function keep_play(sid, pl)
  if not plays[sid] then n_plays = n_plays + 1 end
  plays[sid] = pl
  if n_plays > M.PLAYS_MAX then -- the one unused longest goes (its results are saved already)
    local old, at
    for k, p in pairs(plays) do if not at or p.at < at then old, at = k, p.at end end
    plays[old] = nil
    n_plays = n_plays - 1
  end
end

local function route_start(x, d)
  local l = login_of(x)
  if not l then return fail(401, "%s", NEED_STUDENT) end
  local body = x.body
  local store = store_of(l)
  local n = field(body, "exercise")
  local only
  if n ~= nil then
    if type(n) ~= "number" or n ~= math_floor(n) or n < 1 or n > #d.exercises then
      return fail(400, "exercise: expected a number from 1 to %d (the drill's exercises)", #d.exercises)
    end
    n = math_floor(n)
    if #d.exercises[n].faults > 0 then
      return fail(409, "exercise %d is faulty (%s): it is not played", n, d.exercises[n].faults[1])
    end
    only = {n}
  else
    only = {}
    for _, k in ipairs(store:due(d)) do
      if #d.exercises[k].faults == 0 then only[#only + 1] = k end
    end
    if #only == 0 then
      local k, at = store:next_due(d)
      if not k then return fail(409, "%s: no exercise can be played", d.title) end
      return fail(409, "%s: nothing due; the next is exercise %d, due in %s (%s)", d.title, k,
        span(at - progress.now()), os_date("!%Y-%m-%d %H:%M UTC", at))
    end
  end
  local style = field(body, "style")
  if style ~= nil and style ~= "letters" and style ~= "kanji" then
    return fail(400, "style: expected \"letters\" or \"kanji\"")
  end
  local s = d:session{only = only, progress = store, style = style}
  if s:over() then return fail(409, "%s: no exercise can be played", d.title) end
  local pl = {id = d.id, session = s, code = l.code, name = l.name, at = os_time()}
  keep_play(x.sid, pl)
  return play_json(pl)
end

local function route_act(x, action)
  local l = login_of(x)
  if not l then return fail(401, "%s", NEED_STUDENT) end
  local pl = plays[x.sid]
  if not pl or pl.code ~= l.code or pl.name ~= l.name then
    return fail(404, "no drill is being played: pick one (POST /api/drills/ID/start)")
  end
  pl.at = os_time()
  if not action then return play_json(pl) end
  local body = x.body
  if not set_style(pl, body) then return fail(400, "style: expected \"letters\" or \"kanji\"") end
  local s = pl.session
  -- the student's file read again: another tab or the prompt may have written to it since
  s.store = store_of(l)
  if action == "next" then s:next(); return play_json(pl) end
  if action == "retry" then
    if s:over() then return fail(409, "the drill is over: pick it again to play the exercises due") end
    s:retry()
    return play_json(pl)
  end
  if action == "skip" then
    if s:over() then return fail(409, "the drill is over") end
    s:skip()
    return play_json(pl)
  end
  local e = s:exercise()
  if not e then return fail(409, "the drill is over: pick it again to play the exercises due") end
  if action == "hint" then
    local h, err = s:hint()
    if not h then return fail(409, "%s", err) end
    return play_json(pl, {hint = h})
  end
  if action == "answer" then
    local pos = s:game():position()
    local text, line = s:reveal()
    if not text then return fail(409, "%s", tostring(line)) end
    return play_json(pl, {reveal = {text = text, line = frames(pos, line or {})}})
  end
  -- a move
  local move = field(body, "move")
  if type(move) ~= "string" or move == "" or #move > 32 then
    return fail(400, "move: expected a move (USI such as \"7g7f\" or \"P*5e\", or a name such as \"P-7f\")")
  end
  local g = s:game()
  local pos = g:position()
  local r = s:answer(move)
  if r.illegal then return fail(400, "%s", r.message) end
  local result = {correct = r.correct == true, done = r.done == true, message = r.message, points = r.points or null}
  if r.move and r.move ~= "declare" then
    local line = {r.move}
    if r.refutation then
      for _, m in ipairs(r.refutation) do line[#line + 1] = m end
    elseif r.reply then
      line[2] = r.reply
    end
    -- the wrong move and the opponent's refutation, or the right one and the drill's reply
    result.line = frames(pos, line)
  else
    result.line = list({})
  end
  return play_json(pl, {result = result})
end

-- ---- the teacher's classes -----------------------------------------------------------------
local function random_code()
  local f = io_open("/dev/urandom", "rb")
  local bytes = f and f:read(M.CODE_LENGTH)
  if f then f:close() end
  if not bytes or #bytes ~= M.CODE_LENGTH then return nil end
  local out = {}
  for i = 1, M.CODE_LENGTH do
    local k = string_byte(bytes, i) % #M.CODE_ALPHABET + 1 -- 256 is a multiple of 32: no symbol favoured
    out[i] = string_sub(M.CODE_ALPHABET, k, k)
  end
  return table_concat(out)
end

local function class_json(c)
  local students = 0
  for _, f in ipairs(ls(class_dir(c.code)) or {}) do
    if string_match(f, "%.tsv$") then students = students + 1 end
  end
  return {code = c.code, name = c.name, teacher = c.teacher, created = c.created, students = students}
end

local NEED_USER = "log in with the site's account that teaches (the lobby's form) to see classes"

local function route_classes(x)
  if not x.user then return fail(401, "%s", NEED_USER) end
  if x.method == "GET" then
    local out = {}
    for _, c in pairs(classes) do
      if c.teacher_id == x.user.id then out[#out + 1] = class_json(c) end
    end
    table_sort(out, function(a, b) return a.created > b.created or (a.created == b.created and a.code < b.code) end)
    return 200, {classes = list(out), teacher = may_teach(x.user), user = {id = x.user.id, name = x.user.name}}
  end
  if not may_teach(x.user) then
    return fail(403, "%s may not make classes here: the server's config names its teachers", x.user.name)
  end
  local name = field(x.body, "name")
  if type(name) ~= "string" or string_match(name, "^%s*$") or #name > M.CLASS_NAME_MAX or string_match(name, "%c") then
    return fail(400, "name: expected the class's name (1 to %d bytes, no control characters)", M.CLASS_NAME_MAX)
  end
  local mine = 0
  for _, c in pairs(classes) do if c.teacher_id == x.user.id then mine = mine + 1 end end
  if mine >= M.CLASSES_MAX then return fail(409, "a teacher has at most %d classes here", M.CLASSES_MAX) end
  local code
  for _ = 1, 8 do
    code = random_code()
    if code and not classes[code] then break end
    code = nil
  end
  if not code then return fail(500, "no class code could be made") end
  local c = {code = code, name = name, teacher_id = x.user.id, teacher = x.user.name, created = os_time()}
  if not mkdir(class_dir(code)) or not write_file(class_dir(code) .. "/class.json", cjson.encode(c)) then
    return fail(500, "the class's folder could not be written")
  end
  classes[code] = c
  return 200, {class = class_json(c), folder = class_dir(code)}
end

-- the exercise's title and prompt for a result row (the drill is named by its title in the store)
local function exercise_of(title, n)
  for _, id in ipairs(order) do
    local d = drills[id]
    if d:key() == title and d.exercises[n] then return d.exercises[n] end
  end
  return nil
end

local function route_class(x, code, csv)
  if not x.user then return fail(401, "%s", NEED_USER) end
  local c = classes[code]
  if not c then return fail(404, "no class '%s'", code) end
  if c.teacher_id ~= x.user.id then return fail(403, "class %s is not yours: only its teacher sees its results", code) end
  local rows = progress.class(class_dir(code)) or {}
  if csv then return 200, progress.csv(rows) end
  local out, students, seen = {}, {}, {}
  for i, r in ipairs(rows) do
    local ex = exercise_of(r.drill, r.n)
    out[i] = {student = r.student, drill = r.drill, n = r.n, title = ex and ex.title or null, points = r.points,
      attempts = r.attempts, hints = r.hints, seconds = r.seconds, seen = r.seen, missed = r.missed,
      solved = r.seen - r.missed, box = r.box, due = r.due}
    if not seen[r.student] then seen[r.student] = true; students[#students + 1] = r.student end
  end
  return 200, {class = class_json(c), folder = class_dir(code), results = list(out), students = list(students),
    columns = progress.COLUMNS}
end

-- ---- the student's login -------------------------------------------------------------------
local function route_join(x)
  if not x.sid then return fail(403, "no session: GET /api/session first") end
  local code = field(x.body, "code")
  local name = field(x.body, "name")
  if type(code) ~= "string" or #code > 32 then return fail(400, "code: expected the class code your teacher gave") end
  code = string_upper(string_gsub(code, "[%s%-]", ""))
  if not string_match(code, "^[A-Z0-9]+$") or #code ~= M.CODE_LENGTH then
    return fail(400, "code: a class code is %d letters and digits (your teacher gave it)", M.CODE_LENGTH)
  end
  if not classes[code] then return fail(404, "no class with the code %s: check it with your teacher", code) end
  if type(name) ~= "string" or #name > M.NAME_MAX or not string_match(name, "^[A-Za-z0-9][A-Za-z0-9_.-]*$") then
    return fail(400, "name: 1 to %d letters, digits, '_', '.' or '-', starting with a letter or a digit (the name "
      .. "your teacher reads)", M.NAME_MAX)
  end
  logins[x.sid] = {code = code, name = name, at = os_time()}
  if plays[x.sid] then plays[x.sid] = nil; n_plays = n_plays - 1 end
  local ok, err = save_logins()
  if not ok then return fail(500, "the login was not stored: %s", tostring(err)) end
  return route_list(x)
end

local function route_leave(x)
  if x.sid and logins[x.sid] then
    logins[x.sid] = nil
    save_logins()
  end
  if x.sid and plays[x.sid] then plays[x.sid] = nil; n_plays = n_plays - 1 end
  return route_list(x)
end

-- ---- the routes ----------------------------------------------------------------------------
local function route(x)
  local parts = {}
  for p in string_gmatch(x.path, "[^/]+") do parts[#parts + 1] = p end
  local post, n = x.method == "POST", #parts
  local function no() return fail(404, "no such route: %s /api%s", x.method, x.path) end
  if x.csv then
    if parts[1] == "classes" and n == 3 and parts[3] == "results.csv" then return route_class(x, parts[2], true) end
    return no()
  end
  if parts[1] == "classes" then
    if n == 1 then return route_classes(x) end
    if n == 2 and not post then return route_class(x, parts[2], false) end
    return no()
  end
  if parts[1] ~= "drills" then return no() end
  if n == 1 then
    if post then return no() end
    return route_list(x)
  end
  local word = parts[2]
  if word == "join" and n == 2 and post then return route_join(x) end
  if word == "leave" and n == 2 and post then return route_leave(x) end
  if word == "play" then
    if n == 2 and not post then return route_act(x, nil) end
    if n == 3 and post and ACTIONS[parts[3]] then return route_act(x, parts[3]) end
    return no()
  end
  local d = drills[word]
  if not d or RESERVED[word] then
    if n <= 3 then return fail(404, "no drill '%s' here", word) end
    return no()
  end
  if n == 2 and not post then return route_drill(x, d) end
  if n == 3 and parts[3] == "start" and post then return route_start(x, d) end
  return no()
end

--- call(name, json) -> 0, text | status, sentence
function M.call(name, json)
  local ok, rq = pcall(cjson.decode, json)
  if not ok or type(rq) ~= "table" or type(rq.path) ~= "string" then return 400, "malformed request" end
  local body = rq.body
  if type(body) ~= "table" then body = {} end
  local x = {method = rq.method, path = rq.path, sid = rq.sid ~= null and rq.sid or nil,
    user = type(rq.user) == "table" and rq.user or nil, body = body, csv = name == "drills.csv"}
  local code, out = route(x)
  if code == 200 then return 0, type(out) == "string" and out or encode(out) end
  return code, out
end

return M
