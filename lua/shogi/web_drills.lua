-- shogi.web_drills: the site's drills (docs/WEB.md "Drills"), run by src/app/web_drills.c in one
-- lua_State, one request at a time.  The site (C, below Lua) says who asks and hands the request on;
-- every verdict is shogi.drill's session API (shogi.web_drills.play), every result goes to the prompt's
-- own progress store, under DATA/drills (shogi.web_drills.data).
--   M.init{dir =, data =, teachers = {names} | nil} -> warnings (a list of sentences) | nil, msg
--   M.call(name, json) -> status (0 done, else the HTTP status), text (JSON, CSV or a sentence)
-- json: {method, path (after /api), sid (the SHA-256 of the session's token) | null, user: {id, name} | null,
-- body: the POST's object | null}; name "drills.csv" asks for a class's results as CSV.
local cjson = require "cjson"
local drill = require "shogi.drill"
local progress = require "shogi.drill.progress"
local goals = require "shogi.drill.goals"
local web_json = require "shogi.web_json"
local data_mod = require "shogi.web_drills.data"
local play = require "shogi.web_drills.play"

local ipairs, pairs, pcall, tostring, type = ipairs, pairs, pcall, tostring, type
local io_open, os_time = io.open, os.time
local string_format, string_gmatch, string_gsub, string_match, string_upper =
  string.format, string.gmatch, string.gsub, string.match, string.upper
local _ENV = nil -- luacheck: ignore 211

local M = {}

local list, encode, null = web_json.list, web_json.encode, cjson.null

M.CLASSES_MAX = 50        -- a teacher's classes
M.PLAYS_MAX = 5000        -- sessions being played kept in memory; the oldest dropped past it
M.NAME_MAX = 32           -- a student's name
M.CLASS_NAME_MAX = 80
-- names the routes take: no drill file may be called so
local RESERVED = {join = true, leave = true, play = true}
local ACTIONS = {move = true, hint = true, answer = true, next = true, retry = true, skip = true}

local teachers               -- a set of account names, or nil: any account teaches
local data                   -- the data folder (shogi.web_drills.data)
local drills, order = {}, {} -- id -> drill; the ids sorted
local plays, n_plays = {}, 0 -- sid -> {drill, session, code, name, at}

-- ---- loading -------------------------------------------------------------------------------
local function load_drills(dir, warnings)
  local names = data_mod.ls(dir)
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

function M.init(opts)
  if opts.teachers then
    teachers = {}
    for _, t in ipairs(opts.teachers) do teachers[t] = true end
  end
  local warnings = {}
  local ok, err = load_drills(opts.dir, warnings)
  if not ok then -- each file's reason said too
    for _, w in ipairs(warnings) do err = err .. "\n  " .. w end
    return nil, err
  end
  data, err = data_mod.open(opts.data .. "/drills")
  if not data then return nil, err end
  return warnings
end

-- ---- who asks ------------------------------------------------------------------------------
local fail, field = play.fail, play.field

local function store_of(login)
  local dir = data:dir(login.code)
  return progress.open{home = dir, student = login.name, file = dir .. "/" .. login.name .. ".tsv"}
end

local function may_teach(user)
  return user ~= nil and (teachers == nil or teachers[user.name] == true)
end

local NEED_STUDENT = "join a class first: your name and the class code your teacher gave (POST /api/drills/join)"
local NEED_USER = "log in with the site's account that teaches (the lobby's form) to see classes"

local function who_json(x)
  local l = data:login(x.sid)
  local c = l and data:class(l.code)
  return {student = l and {name = l.name, class = {code = c.code, name = c.name}} or null,
    user = x.user and {id = x.user.id, name = x.user.name} or null, teacher = may_teach(x.user)}
end

-- ---- the drills and what is due ------------------------------------------------------------
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
  local l = data:login(x.sid)
  local store = l and store_of(l)
  local now = progress.now()
  local ds = {}
  for i, id in ipairs(order) do ds[i] = drill_head(drills[id], store, now) end
  out.drills = list(ds)
  out.now = now
  return 200, out
end

local function route_drill(x, d)
  local l = data:login(x.sid)
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
      ex.goal or "custom", side = ex.side and play.side_name(ex.side) or null, faulty = faulty,
      faults = faulty and ex.faults or null, due = (not faulty and store ~= nil and due[i] == true),
      progress = row and {box = row.box, due = row.due, seen = row.seen, missed = row.missed, points = row.points,
        attempts = row.attempts, hints = row.hints, seconds = row.seconds} or null}
  end
  out.exercises = list(exs)
  return 200, out
end

-- ---- playing -------------------------------------------------------------------------------
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

local function drop_play(sid)
  if plays[sid] then plays[sid] = nil; n_plays = n_plays - 1 end
end

local function route_start(x, d)
  local l = data:login(x.sid)
  if not l then return fail(401, "%s", NEED_STUDENT) end
  local code, s = play.start(d, store_of(l), x.body)
  if code ~= 200 then return code, s end
  local pl = {drill = d, session = s, code = l.code, name = l.name, at = os_time()}
  keep_play(x.sid, pl)
  return 200, play.json(pl)
end

local function route_act(x, action)
  local l = data:login(x.sid)
  if not l then return fail(401, "%s", NEED_STUDENT) end
  local pl = plays[x.sid]
  if not pl or pl.code ~= l.code or pl.name ~= l.name then
    return fail(404, "no drill is being played: pick one (POST /api/drills/ID/start)")
  end
  pl.at = os_time()
  if not action then return 200, play.json(pl) end
  -- the student's file read again: another tab or the prompt may have written to it since
  pl.session.store = store_of(l)
  return play.act(pl, action, x.body)
end

-- ---- the student's login -------------------------------------------------------------------
local function route_join(x)
  if not x.sid then return fail(403, "no session: GET /api/session first") end
  local code = field(x.body, "code")
  local name = field(x.body, "name")
  if type(code) ~= "string" or #code > 32 then return fail(400, "code: expected the class code your teacher gave") end
  code = string_upper(string_gsub(code, "[%s%-]", ""))
  if not string_match(code, "^[A-Z0-9]+$") or #code ~= data_mod.CODE_LENGTH then
    return fail(400, "code: a class code is %d letters and digits (your teacher gave it)", data_mod.CODE_LENGTH)
  end
  if not data:class(code) then return fail(404, "no class with the code %s: check it with your teacher", code) end
  if type(name) ~= "string" or #name > M.NAME_MAX or not string_match(name, "^[A-Za-z0-9][A-Za-z0-9_.-]*$") then
    return fail(400, "name: 1 to %d letters, digits, '_', '.' or '-', starting with a letter or a digit (the name "
      .. "your teacher reads)", M.NAME_MAX)
  end
  drop_play(x.sid)
  local ok, err = data:join(x.sid, code, name)
  if not ok then return fail(500, "the login was not stored: %s", tostring(err)) end
  -- the student's progress file made at once (empty), so the teacher's page lists who has joined
  local store = store_of(data:login(x.sid))
  local f = io_open(store.file, "r")
  if f then f:close() else store:save() end
  return route_list(x)
end

local function route_leave(x)
  if x.sid then
    drop_play(x.sid)
    data:leave(x.sid)
  end
  return route_list(x)
end

-- ---- the teacher's classes -----------------------------------------------------------------
local function class_json(c)
  return {code = c.code, name = c.name, teacher = c.teacher, created = c.created, students = #data:students(c.code)}
end

local function route_classes(x)
  if not x.user then return fail(401, "%s", NEED_USER) end
  local mine = data:classes_of(x.user.id)
  if x.method == "GET" then
    local out = {}
    for i, c in ipairs(mine) do out[i] = class_json(c) end
    return 200, {classes = list(out), teacher = may_teach(x.user), user = {id = x.user.id, name = x.user.name}}
  end
  if not may_teach(x.user) then
    return fail(403, "%s may not make classes here: the server's config names its teachers", x.user.name)
  end
  local name = field(x.body, "name")
  if type(name) ~= "string" or string_match(name, "^%s*$") or #name > M.CLASS_NAME_MAX or string_match(name, "%c") then
    return fail(400, "name: expected the class's name (1 to %d bytes, no control characters)", M.CLASS_NAME_MAX)
  end
  if #mine >= M.CLASSES_MAX then return fail(409, "a teacher has at most %d classes here", M.CLASSES_MAX) end
  local c, err = data:make_class(name, x.user)
  if not c then return fail(500, "%s", err) end
  return 200, {class = class_json(c), folder = data:dir(c.code)}
end

-- the exercise of a result row (the drill is named by its title in the store)
local function exercise_of(title, n)
  for _, id in ipairs(order) do
    local d = drills[id]
    if d:key() == title and d.exercises[n] then return d.exercises[n] end
  end
  return nil
end

local function route_class(x, code, csv)
  if not x.user then return fail(401, "%s", NEED_USER) end
  local c = data:class(code)
  if not c then return fail(404, "no class '%s'", code) end
  if c.teacher_id ~= x.user.id then
    return fail(403, "class %s is not yours: only its teacher sees its results", code)
  end
  local rows = progress.class(data:dir(code)) or {}
  if csv then return 200, progress.csv(rows) end
  local out = {}
  for i, r in ipairs(rows) do
    local ex = exercise_of(r.drill, r.n)
    out[i] = {student = r.student, drill = r.drill, n = r.n, title = ex and ex.title or null, points = r.points,
      attempts = r.attempts, hints = r.hints, seconds = r.seconds, seen = r.seen, missed = r.missed,
      solved = r.seen - r.missed, box = r.box, due = r.due}
  end
  return 200, {class = class_json(c), folder = data:dir(code), results = list(out),
    students = list(data:students(code)), columns = progress.COLUMNS}
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
  if not d then
    if n <= 3 then return fail(404, "no drill '%s' here", word) end
    return no()
  end
  if n == 2 and not post then return route_drill(x, d) end
  if n == 3 and parts[3] == "start" and post then return route_start(x, d) end
  return no()
end

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
