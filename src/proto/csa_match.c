/* The CSA protocol: one game on the server, from the proposal to the result.
 * The core's game decides what is legal and when repetition or the move cap
 * ends it; this file adds the clock, the CSA words and who must say what. */
#include <stdio.h>
#include <string.h>
#include "csa.h"
#include "../core/notation.h"

const char *sg_csa_match_init(sg_csa_match *m, const sg_pos *start, const sg_rules *r, const sg_clock *c)
{
    memset(m, 0, sizeof *m);
    m->winner = -1;
    m->clock = *c;
    return sg_game_init(&m->game, start, r, NULL, NULL);
}

void sg_csa_match_free(sg_csa_match *m) { sg_game_free(&m->game); }

bool sg_csa_match_agree(sg_csa_match *m, int side)
{
    if (m->phase != SG_CSA_AGREEING) return false;
    m->agreed[side] = true;
    if (m->agreed[0] && m->agreed[1]) m->phase = SG_CSA_PLAYING;
    return m->phase == SG_CSA_PLAYING;
}

int sg_csa_match_turn(const sg_csa_match *m) { return (int)sg_game_pos(&m->game)->side; }

static void end(sg_csa_match *m, sg_csa_result r, int winner, const char *cause, sg_csa_event *ev)
{
    m->phase = SG_CSA_OVER;
    m->result = r;
    m->winner = winner;
    snprintf(m->cause, sizeof m->cause, "%s", cause ? cause : sg_csa_result_summary_type(r));
    ev->ended = true;
}

/* the game is open for the core (a mate found by the core is not an end here) */
static bool core_open(const sg_csa_match *m) { return !sg_game_decided(&m->game); }

static void lose(sg_csa_match *m, int side, sg_end why, sg_csa_result r, const char *cause, sg_csa_event *ev)
{
    if (core_open(m)) sg_game_end_stated(&m->game, why, side);
    end(m, r, 1 - side, cause, ev);
}

/* Why the CSA move text t (7 bytes) is refused: the summary's cause. */
static const char *illegal_cause(const sg_pos *p, const char *t)
{
    for (int i = 1; i < 5; i++)
        if (t[i] < '0' || t[i] > '9') return "illegal move";
    int len = 0;
    sg_ptype pt = sg_ptype_parse(t + 5, &len);
    if (pt == SG_NO_PT || len != 2) return "illegal move";
    int ff = t[1] - '0', fr = t[2] - '0', tf = t[3] - '0', tr = t[4] - '0';
    if (tf == 0 || tr == 0) return "illegal move";
    sg_move mv;
    if (ff == 0 && fr == 0) {
        if (pt < SG_PAWN || pt > SG_GOLD) return "illegal move";
        mv = sg_move_make_drop(pt, sg_sq(tf, tr - 1));
    } else {
        if (ff == 0 || fr == 0) return "illegal move";
        sg_square from = sg_sq(ff, fr - 1);
        sg_piece pc = p->board[from];
        if (!pc) return "illegal move";
        sg_ptype t0 = sg_piece_type(pc);
        mv = sg_move_make(from, sg_sq(tf, tr - 1), t0, pt != t0);
    }
    sg_reason r = sg_is_legal(p, mv);
    if (r == SG_ILLEGAL_UCHIFUZUME) return "uchifuzume";
    if (r == SG_ILLEGAL_KING_IN_CHECK && sg_in_check(p)) return "oute_kaihimore";
    return "illegal move";
}

static void echo(sg_csa_match *m, int side, const char *text, int len, double elapsed, sg_csa_event *ev)
{
    ev->used = sg_clock_charge(&m->clock, side, elapsed);
    snprintf(ev->echo, sizeof ev->echo, "%.*s,T%d", len, text, ev->used);
    snprintf(m->last_move, sizeof m->last_move, "%s", ev->echo);
    ev->moved = true;
}

/* after a legal move: the ends the core found that CSA states at once */
static void after_move(sg_csa_match *m, sg_csa_event *ev)
{
    if (!sg_game_decided(&m->game)) return;
    const sg_verdict *v = &m->game.verdict;
    switch (v->reason) {
    case SG_END_SENNICHITE: end(m, SG_CSA_RES_SENNICHITE, -1, NULL, ev); break;
    case SG_END_PERPETUAL_CHECK: end(m, SG_CSA_RES_OUTE_SENNICHITE, 1 - v->checking_side, NULL, ev); break;
    case SG_END_MAX_MOVES: end(m, SG_CSA_RES_MAX_MOVES, -1, NULL, ev); break;
    default: break; /* mate and Sho's ends: the loser resigns or loses on time */
    }
}

static void special(sg_csa_match *m, int side, const sg_csa_cmd *cmd, double elapsed, sg_csa_event *ev)
{
    const sg_span w = cmd->a;
    if (w.len == 6 && memcmp(w.s, "%TORYO", 6) == 0) {
        if (core_open(m)) sg_game_resign(&m->game, (sg_color)side);
        end(m, SG_CSA_RES_TORYO, 1 - side, NULL, ev);
    } else if (w.len == 6 && memcmp(w.s, "%KACHI", 6) == 0) {
        echo(m, side, w.s, w.len, elapsed, ev); /* shogi-server echoes it like a move */
        sg_verdict v;
        if (core_open(m) && sg_game_declare(&m->game, &v) == SG_CLAIM_OK) {
            end(m, SG_CSA_RES_KACHI, side, NULL, ev);
        } else {
            if (core_open(m)) sg_game_end_stated(&m->game, SG_END_ILLEGAL_MOVE, side);
            end(m, SG_CSA_RES_ILLEGAL_KACHI, 1 - side, NULL, ev);
        }
    } else if (w.len == 7 && memcmp(w.s, "%CHUDAN", 7) == 0) {
        end(m, SG_CSA_RES_CHUDAN, -1, NULL, ev);
    } else {
        snprintf(ev->illegal, sizeof ev->illegal, "%.*s", w.len > 20 ? 20 : w.len, w.s);
        lose(m, side, SG_END_ILLEGAL_MOVE, SG_CSA_RES_ILLEGAL_MOVE, NULL, ev);
    }
}

void sg_csa_match_line(sg_csa_match *m, int side, const sg_csa_cmd *cmd, double elapsed, sg_csa_event *ev)
{
    memset(ev, 0, sizeof *ev);
    if (m->phase != SG_CSA_PLAYING || (cmd->kind != SG_CSA_MOVE && cmd->kind != SG_CSA_SPECIAL)) {
        ev->ignored = true;
        return;
    }
    if (side != sg_csa_match_turn(m)) {
        /* out of turn, the last move was side's own: the same text again is a resend */
        size_t n = strcspn(m->last_move, ",");
        if (cmd->kind == SG_CSA_MOVE && n > 0 && (size_t)cmd->a.len == n && memcmp(cmd->a.s, m->last_move, n) == 0)
            ev->repeated = true;
        else
            ev->not_your_turn = true;
        return;
    }
    if (sg_clock_timed_out(&m->clock, side, elapsed)) {
        lose(m, side, SG_END_TIME_UP, SG_CSA_RES_TIME_UP, NULL, ev);
        return;
    }
    if (cmd->kind == SG_CSA_SPECIAL) {
        special(m, side, cmd, elapsed, ev);
        return;
    }
    const char *t = cmd->a.s;
    int len = cmd->a.len;
    snprintf(ev->illegal, sizeof ev->illegal, "%.*s", len > 20 ? 20 : len, t);
    const sg_pos *p = sg_game_pos(&m->game);
    char text[8];
    sg_move mv;
    sg_error err;
    if (len != 7 || !core_open(m)) {
        lose(m, side, SG_END_ILLEGAL_MOVE, SG_CSA_RES_ILLEGAL_MOVE, NULL, ev);
        return;
    }
    memcpy(text, t, 7);
    text[7] = '\0';
    if (!sg_move_parse(p, text, SG_NOTATION_CSA, SG_SQ_NONE, &mv, &err) || sg_game_play(&m->game, mv) != SG_LEGAL) {
        const char *cause = illegal_cause(p, text);
        lose(m, side, SG_END_ILLEGAL_MOVE, SG_CSA_RES_ILLEGAL_MOVE, cause, ev);
        return;
    }
    ev->illegal[0] = '\0';
    echo(m, side, text, 7, elapsed, ev);
    after_move(m, ev);
}

void sg_csa_match_tick(sg_csa_match *m, double elapsed, sg_csa_event *ev)
{
    memset(ev, 0, sizeof *ev);
    if (m->phase != SG_CSA_PLAYING) return;
    int side = sg_csa_match_turn(m);
    if (sg_clock_timed_out(&m->clock, side, elapsed))
        lose(m, side, SG_END_TIME_UP, SG_CSA_RES_TIME_UP, NULL, ev);
}

void sg_csa_match_stop(sg_csa_match *m, sg_csa_result r, int loser, sg_csa_event *ev)
{
    memset(ev, 0, sizeof *ev);
    if (m->phase == SG_CSA_OVER) return;
    if (r == SG_CSA_RES_CHUDAN || loser < 0) end(m, SG_CSA_RES_CHUDAN, -1, NULL, ev);
    else lose(m, loser, SG_END_RESIGNATION, SG_CSA_RES_ABNORMAL, NULL, ev);
}

void sg_csa_match_custom(sg_csa_match *m, int winner, const char *id, sg_csa_event *ev)
{
    memset(ev, 0, sizeof *ev);
    if (m->phase == SG_CSA_OVER) return;
    if (core_open(m))
        sg_game_end_custom(&m->game, winner < 0 ? SG_OUTCOME_DRAW : SG_OUTCOME_WIN, winner, id);
    end(m, SG_CSA_RES_CUSTOM, winner, id, ev);
}
