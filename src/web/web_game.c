/* A game as the site keeps it: never in memory between requests, its stored
 * row and moves replayed through the core (so the core judges every move and
 * every end), its JSON, a move committed to the store, an end stored with
 * the ratings it changes. */
#include "web_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/movegen.h"
#include "../core/notation.h"
#include "../core/position.h"

#define RATING_K 32.0

static const char *const SIDE[2] = {"black", "white"};

/* the row's stated end applied to the replayed game, so the verdict is the core's */
static void apply_stored_end(loaded *L)
{
    if (L->row.status != SG_STORE_ENDED || sg_game_result(&L->g, &L->v)) return;
    sg_color stm = L->g.pos.side;
    if (!strcmp(L->row.reason, "resignation")) sg_game_resign(&L->g, L->row.winner == 0 ? SG_WHITE : SG_BLACK);
    else if (!strcmp(L->row.reason, "time-up")) sg_game_end_stated(&L->g, SG_END_TIME_UP, (int)stm);
    else if (!strcmp(L->row.reason, "declaration")) { sg_verdict v; sg_game_declare(&L->g, &v); }
    else if (!strcmp(L->row.reason, "agreement")) sg_game_agree_draw(&L->g);
}

int web_load_game(sg_web *w, int64_t id, loaded *L)
{
    memset(L, 0, sizeof *L);
    if (!sg_store_game_get(w->store, id, &L->row)) return 404;
    L->n = sg_store_game_moves(w->store, id, L->usi, GAME_MAX_MOVES);
    if (L->n < 0) return 500;
    sg_pos start;
    sg_error err;
    sg_rules r;
    web_init_rules(w, &r);
    if (!sg_pos_from_sfen(&start, L->row.start[0] ? L->row.start : "startpos", SG_STANDARD, &err) ||
        sg_game_init(&L->g, &start, &r, NULL, NULL))
        return 500;
    for (int i = 0; i < L->n; i++) {
        sg_move m;
        if (!sg_move_parse(sg_game_pos(&L->g), L->usi[i], SG_NOTATION_USI, SG_SQ_NONE, &m, &err) ||
            sg_game_play(&L->g, m) != SG_LEGAL) {
            fprintf(stderr, "komadai: game %lld: stored move %d (%s) does not replay\n", (long long)id, i + 1, L->usi[i]);
            sg_game_free(&L->g);
            return 500;
        }
    }
    apply_stored_end(L);
    L->over = sg_game_result(&L->g, &L->v) || L->row.status == SG_STORE_ENDED;
    return 0;
}

int web_you_of(const ctx *x, const sg_store_game *g)
{
    if (!x || !x->se.token[0]) return -1;
    for (int c = 0; c < 2; c++) {
        if (g->bot_side == c) continue;
        if (x->se.user_id && g->player[c] == x->se.user_id) return c;
        if (g->bot_side >= 0 && !g->player[c] && g->guest[0] && !strcmp(g->guest, x->se.token)) return c;
    }
    return -1;
}

static void player_json(sg_web *w, sbuf *b, const sg_store_game *g, int c)
{
    sg_store_user u;
    if (g->bot_side == c) {
        char name[SG_STORE_BOT_MAX + 32];
        web_bot_name(g, name, sizeof name);
        sb_lit(b, "{\"id\":null,\"name\":");
        sb_str(b, name);
        sb_lit(b, ",\"kind\":\"bot\"}");
    } else if (g->player[c] && sg_store_user_by_id(w->store, g->player[c], &u)) {
        sb_printf(b, "{\"id\":%lld,\"name\":", (long long)u.id);
        sb_str(b, u.name);
        sb_printf(b, ",\"kind\":\"person\",\"rating\":%.1f}", u.rating);
    } else sb_printf(b, "%s", "{\"id\":null,\"name\":\"guest\",\"kind\":\"guest\"}");
}

static void result_text(loaded *L, char *buf, int size)
{
    if (sg_game_result(&L->g, &L->v)) sg_verdict_text(&L->v, SG_STANDARD, buf, size);
    else snprintf(buf, (size_t)size, "%s", L->row.reason);
}

/* the moves with their names, replayed from the start */
static void moves_json(loaded *L, sbuf *b)
{
    sb_lit(b, ",\"moves\":[");
    sg_pos q = L->g.start;
    sg_square prev = SG_SQ_NONE;
    for (int i = 1; i <= L->n; i++) {
        sg_move m = sg_game_move(&L->g, i);
        char we[64], ja[64];
        sg_move_format(&q, m, SG_NOTATION_WESTERN, prev, 0, we, sizeof we);
        sg_move_format(&q, m, SG_NOTATION_JAPANESE, prev, 0, ja, sizeof ja);
        if (i > 1) sb_lit(b, ",");
        sb_lit(b, "{\"usi\":");
        sb_str(b, L->usi[i - 1]);
        sb_lit(b, ",\"western\":");
        sb_str(b, we);
        sb_lit(b, ",\"japanese\":");
        sb_str(b, ja);
        sb_lit(b, "}");
        sg_undo u;
        sg_do_move(&q, m, &u);
        prev = sg_move_to(m);
    }
    sb_lit(b, "]");
}

/* the declaration as the core judges it for the side to move: whether it is
 * correct now, and the counts (docs/WEB.md GAME "declaration") */
static void declaration_json(loaded *L, sbuf *b)
{
    const sg_pos *p = sg_game_pos(&L->g);
    sg_verdict v;
    sg_claim c = sg_rules_declaration(&L->g.rules, p, &v);
    if (c == SG_CLAIM_NOT_IN_RULES) { sb_lit(b, "null"); return; }
    char why[SG_VERDICT_TEXT_MAX] = "";
    if (c != SG_CLAIM_OK) sg_claim_text(c, p->side, &v, why, sizeof why);
    sb_printf(b, "{\"valid\":%s,\"points\":%d,\"needed\":%d,\"camp_pieces\":%d,\"pieces_needed\":%d,"
                 "\"king_in_camp\":%s,\"fault\":\"%s\",\"why\":",
              c == SG_CLAIM_OK ? "true" : "false", v.points[p->side], L->g.rules.declaration_points[p->side],
              v.camp_pieces[p->side], L->g.rules.declaration_pieces, v.king_in_camp[p->side] ? "true" : "false",
              sg_claim_id(c));
    sb_str(b, why);
    sb_lit(b, "}");
}

/* after the end: the hash of the seed that gave the colours, and the challenger's colour */
static void colours_json(loaded *L, sbuf *b)
{
    char hash[65];
    int bit = web_seed_hash(L->row.seed, hash);
    sb_printf(b, "{\"text\":\"komadai colours \",\"sha256\":\"%s\",\"bit\":%d,\"challenger\":\"%s\"}", hash, bit,
              SIDE[bit]);
}

/* the legal moves in USI ("legal", what the board offers) and named in both notations
 * ("legal_names", what the keyboard's list shows), the names the core's */
static void legal_json(loaded *L, sbuf *b)
{
    const sg_pos *p = sg_game_pos(&L->g);
    sg_move ms[SG_MAX_MOVES];
    int n = L->row.status == SG_STORE_PLAYING && !L->over ? sg_gen_legal(p, ms) : 0;
    sg_square prev = L->n ? sg_move_to(sg_game_move(&L->g, L->n)) : SG_SQ_NONE;
    sb_lit(b, ",\"legal\":[");
    for (int i = 0; i < n; i++) {
        char u[16];
        sg_move_format(p, ms[i], SG_NOTATION_USI, SG_SQ_NONE, 0, u, sizeof u);
        if (i) sb_lit(b, ",");
        sb_str(b, u);
    }
    sb_lit(b, "],\"legal_names\":[");
    for (int i = 0; i < n; i++) {
        char we[64], ja[64];
        sg_move_format(p, ms[i], SG_NOTATION_WESTERN, prev, 0, we, sizeof we);
        sg_move_format(p, ms[i], SG_NOTATION_JAPANESE, prev, 0, ja, sizeof ja);
        if (i) sb_lit(b, ",");
        sb_lit(b, "{\"western\":");
        sb_str(b, we);
        sb_lit(b, ",\"japanese\":");
        sb_str(b, ja);
        sb_lit(b, "}");
    }
    sb_lit(b, "]");
}

void web_state_json(sg_web *w, const ctx *x, loaded *L, sbuf *b, bool brief)
{
    const sg_pos *p = sg_game_pos(&L->g);
    int you = web_you_of(x, &L->row);
    bool playing = L->row.status == SG_STORE_PLAYING;
    sb_printf(b, "{\"id\":%lld,\"status\":\"%s\",\"to_move\":\"%s\",\"in_check\":%s,\"you\":", (long long)L->row.id,
              playing ? "playing" : "ended", SIDE[p->side], sg_in_check(p) ? "true" : "false");
    if (you >= 0) sb_printf(b, "\"%s\"", SIDE[you]); else sb_lit(b, "null");
    sb_lit(b, ",\"black\":");
    player_json(w, b, &L->row, 0);
    sb_lit(b, ",\"white\":");
    player_json(w, b, &L->row, 1);
    sb_printf(b, ",\"ply\":%d,\"deadline_seconds\":%d,\"deadline\":", L->n, L->row.deadline_seconds);
    if (playing && L->row.deadline_at) sb_printf(b, "%lld", (long long)L->row.deadline_at); else sb_lit(b, "null");
    if (L->row.bot_side >= 0) {
        sb_printf(b, ",\"bot_level\":%d,\"bot\":", L->row.bot_level);
        if (L->row.bot[0]) sb_str(b, L->row.bot); else sb_lit(b, "null");
    }
    sb_printf(b, ",\"rules\":{\"name\":\"%s\",\"max_moves\":%d}", L->g.rules.name, L->g.rules.max_moves);
    sb_lit(b, ",\"result\":");
    if (playing) sb_lit(b, "null");
    else {
        char text[256];
        result_text(L, text, sizeof text);
        sb_lit(b, "{\"winner\":");
        if (L->row.winner >= 0) sb_printf(b, "\"%s\"", SIDE[L->row.winner]); else sb_lit(b, "null");
        sb_lit(b, ",\"id\":");
        sb_str(b, L->row.reason);
        sb_lit(b, ",\"reason\":");
        sb_str(b, text);
        sb_lit(b, "}");
    }
    sb_lit(b, ",\"draw_offer\":");
    if (playing && L->row.draw_offer >= 0) sb_printf(b, "{\"by\":\"%s\",\"ply\":%d}", SIDE[L->row.draw_offer], L->row.draw_offer_ply);
    else sb_lit(b, "null");
    sb_lit(b, ",\"declaration\":");
    if (playing && !L->over && you == (int)p->side) declaration_json(L, b); else sb_lit(b, "null");
    sb_lit(b, ",\"seed_sha256\":");
    sb_str(b, L->row.seed_sha256);
    sb_lit(b, ",\"seed\":");
    if (!playing) sb_str(b, L->row.seed); else sb_lit(b, "null");
    sb_lit(b, ",\"colours\":");
    if (!playing) colours_json(L, b); else sb_lit(b, "null");
    if (!brief) {
        char sfen[256];
        sg_pos_to_sfen(&L->g.start, sfen, sizeof sfen);
        sb_lit(b, ",\"start\":");
        sb_str(b, sfen);
        sg_pos_to_sfen(p, sfen, sizeof sfen);
        sb_lit(b, ",\"sfen\":");
        sb_str(b, sfen);
        moves_json(L, b);
        legal_json(L, b);
    }
    sb_lit(b, "}");
}

/* Elo (docs/WEB.md "Rating"): both new ratings of a game between two people */
static bool new_ratings(sg_web *w, const sg_store_game *g, int winner, double out[2])
{
    if (g->bot_side >= 0 || !g->player[0] || !g->player[1]) return false;
    sg_store_user u[2];
    if (!sg_store_user_by_id(w->store, g->player[0], &u[0]) || !sg_store_user_by_id(w->store, g->player[1], &u[1]))
        return false;
    double expect0 = 1.0 / (1.0 + pow(10.0, (u[1].rating - u[0].rating) / 400.0));
    double score0 = winner == 0 ? 1.0 : winner == 1 ? 0.0 : 0.5;
    out[0] = u[0].rating + RATING_K * (score0 - expect0);
    out[1] = u[1].rating - RATING_K * (score0 - expect0);
    return true;
}

bool web_end_game(sg_web *w, const sg_store_game *g, int winner, const char *reason, sg_store_end_if when, int offered_by)
{
    double r[2];
    bool rated = new_ratings(w, g, winner, r);
    bool ok = sg_store_game_end(w->store, g->id, winner, reason, web_now_ms(), when, offered_by, rated ? r : NULL);
    if (ok) web_notify(w, g->id);
    return ok;
}

void web_settle(sg_web *w, loaded *L)
{
    if (!sg_game_result(&L->g, &L->v)) return;
    web_end_game(w, &L->row, L->v.outcome == SG_OUTCOME_WIN ? L->v.winner : -1, sg_verdict_id(&L->v), SG_STORE_END_ANY, -1);
    L->row.status = SG_STORE_ENDED;
}

int web_commit_move(sg_web *w, loaded *L, const char *usi, char *why, size_t whysize)
{
    if (L->row.status != SG_STORE_PLAYING || L->over) { snprintf(why, whysize, "the game is over"); return 409; }
    if (L->n >= GAME_MAX_MOVES) { snprintf(why, whysize, "the game is too long"); return 409; }
    sg_move m;
    sg_error err;
    if (!sg_move_parse(sg_game_pos(&L->g), usi, SG_NOTATION_USI, SG_SQ_NONE, &m, &err)) {
        snprintf(why, whysize, "move '%s': %s", usi, err.msg);
        return 400;
    }
    char norm[16];
    sg_move_format(sg_game_pos(&L->g), m, SG_NOTATION_USI, SG_SQ_NONE, 0, norm, sizeof norm);
    int rc = sg_game_play(&L->g, m);
    if (rc != SG_LEGAL) {
        snprintf(why, whysize, "move '%s': %s", usi, rc < SG_REASON_NB ? sg_reason_text((sg_reason)rc) : "the game is over");
        return 400;
    }
    int64_t t = web_now_ms();
    int64_t deadline = L->row.deadline_seconds ? t + (int64_t)L->row.deadline_seconds * 1000 : 0;
    if (!sg_store_move_add(w->store, L->row.id, L->n + 1, norm, t, deadline)) {
        sg_game_undo(&L->g);
        if (L->row.deadline_at && t >= L->row.deadline_at) snprintf(why, whysize, "the move's deadline has passed");
        else snprintf(why, whysize, "the move was not stored (the game changed meanwhile)");
        return 409;
    }
    snprintf(L->usi[L->n], SG_STORE_USI_MAX, "%.7s", norm);
    L->n++;
    L->row.deadline_at = deadline;
    web_notify(w, L->row.id);
    web_settle(w, L);
    L->over = sg_game_result(&L->g, &L->v) || L->row.status == SG_STORE_ENDED;
    if (!L->over && L->row.bot_side == (int)sg_game_pos(&L->g)->side) web_start_bot(w, L->row.id);
    return 0;
}
