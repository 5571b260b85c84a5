/* Adjudication: every rule that ends a game (see rules.h and docs/RULES.md). */
#include <stdio.h>
#include <string.h>
#include "rules.h"
#include "pieces.h"

/* ---- rule sets ---------------------------------------------------------------------- */
static void rules_base(sg_rules *r, const char *name, sg_variant v)
{
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s", name);
    r->variant = v;
    r->sennichite = true;
    r->perpetual_check = true;
    r->impasse_points = 24;
    r->declaration_points[SG_BLACK] = 28;
    r->declaration_points[SG_WHITE] = 27;
    r->declaration_pieces = 10;
}

void sg_rules_jsa(sg_rules *r, sg_variant v)
{
    rules_base(r, "jsa", v);
    r->impasse24 = sg_variant_get(v)->drops;   /* Sho shogi has no impasse rule */
}

void sg_rules_computer(sg_rules *r, sg_variant v)
{
    rules_base(r, "computer", v);
    r->declaration = sg_variant_get(v)->drops;
    r->declaration_loses = true;
    r->max_moves = 500;
}

bool sg_rules_preset(sg_rules *r, const char *name, sg_variant v)
{
    if (strcmp(name, "jsa") == 0) sg_rules_jsa(r, v);
    else if (strcmp(name, "computer") == 0) sg_rules_computer(r, v);
    else return false;
    return true;
}

const char *sg_rules_check(const sg_rules *r)
{
    if ((unsigned)r->variant >= SG_VARIANT_NB) return "unknown variant";
    if (!r->name[0]) return "a rule set needs a name";
    if (r->max_moves < 0) return "max_moves must be 0 (no cap) or positive";
    if (r->perpetual_check && !r->sennichite) return "perpetual_check needs sennichite";
    if (!sg_variant_get(r->variant)->drops && (r->impasse24 || r->declaration))
        return "Sho shogi has no impasse count and no declaration";
    if (r->impasse_points < 0 || r->impasse_points > 100) return "impasse_points must be between 0 and 100";
    for (int c = 0; c < SG_COLOR_NB; c++)
        if (r->declaration_points[c] < 0 || r->declaration_points[c] > 100)
            return "declaration points must be between 0 and 100";
    if (r->declaration_pieces < 0 || r->declaration_pieces > 40) return "declaration_pieces must be between 0 and 40";
    return NULL;
}

/* ---- verdicts ------------------------------------------------------------------------- */
void sg_verdict_clear(sg_verdict *v)
{
    memset(v, 0, sizeof *v);
    v->winner = -1;
    v->loser_side = -1;
    v->checking_side = -1;
}

static const char *const END_ID[SG_END_NB] = {
    "none", "checkmate", "no-legal-move", "royals-lost", "bare-royal", "sennichite", "perpetual-check",
    "impasse-24", "declaration", "wrong-declaration", "max-moves", "resignation", "agreement", "custom",
    "time-up", "illegal-move"};

const char *sg_end_id(sg_end e) { return (unsigned)e < SG_END_NB ? END_ID[e] : "unknown"; }

sg_end sg_end_from_id(const char *id)
{
    for (int e = 1; e < SG_END_NB; e++)
        if (strcmp(id, END_ID[e]) == 0) return (sg_end)e;
    return SG_END_NONE;
}

const char *sg_verdict_id(const sg_verdict *v)
{
    return v->reason == SG_END_CUSTOM && v->custom_id[0] ? v->custom_id : sg_end_id(v->reason);
}

const char *sg_custom_id_check(const char *id)
{
    size_t n = strlen(id);
    if (n == 0 || n >= sizeof ((sg_verdict *)0)->custom_id) return "a custom verdict's id must have 1 to 31 bytes";
    for (const unsigned char *c = (const unsigned char *)id; *c; c++)
        if (*c < 0x20 || *c == 0x7f || *c == '=')
            return "a custom verdict's id may not hold control characters or '='";
    if (sg_end_from_id(id) != SG_END_NONE || strcmp(id, "none") == 0)
        return "a custom verdict's id may not be the id of a built-in end";
    return NULL;
}

static const char *const CLAIM_ID[SG_CLAIM_NB] = {
    "ok", "not-in-rules", "king-not-in-camp", "too-few-pieces", "in-check", "too-few-points"};

const char *sg_claim_id(sg_claim c) { return (unsigned)c < SG_CLAIM_NB ? CLAIM_ID[c] : "unknown"; }

static const char *side_name(int c) { return c == SG_BLACK ? "Black" : "White"; }

int sg_claim_text(sg_claim f, sg_color c, const sg_verdict *ev, char *buf, int size)
{
    const char *who = side_name(c);
    switch (f) {
    case SG_CLAIM_OK: return snprintf(buf, (size_t)size, "the claim is valid");
    case SG_CLAIM_NOT_IN_RULES: return snprintf(buf, (size_t)size, "the rule set has no such rule");
    case SG_CLAIM_KING_NOT_IN_CAMP: return snprintf(buf, (size_t)size, "%s's king is not in the enemy camp", who);
    case SG_CLAIM_TOO_FEW_PIECES:
        return snprintf(buf, (size_t)size, "%s has only %d pieces besides the king in the enemy camp (%d needed)",
                        who, ev->camp_pieces[c], ev->needed);
    case SG_CLAIM_IN_CHECK: return snprintf(buf, (size_t)size, "%s is in check", who);
    case SG_CLAIM_TOO_FEW_POINTS:
        return snprintf(buf, (size_t)size, "%s counts only %d points (%d needed)", who, ev->points[c], ev->needed);
    default: return snprintf(buf, (size_t)size, "unknown fault");
    }
}

int sg_verdict_text(const sg_verdict *v, sg_variant variant, char *buf, int size)
{
    const char *win = v->winner >= 0 ? side_name(v->winner) : "";
    const char *lose = v->loser_side >= 0 ? side_name(v->loser_side) : "";
    size_t n = (size_t)size;
    const int *o = v->occurrences;
    char claim[160];
    switch (v->reason) {
    case SG_END_CHECKMATE:
        return snprintf(buf, n, "%s wins by checkmate: %s is in check and has no legal move.", win, lose);
    case SG_END_NO_LEGAL_MOVE:
        return snprintf(buf, n, "%s wins: %s has no legal move, and a side that cannot move loses.", win, lose);
    case SG_END_ROYALS_LOST:
        return snprintf(buf, n, "%s wins: %s has lost both its king and its crown prince.", win, lose);
    case SG_END_BARE_ROYAL:
        return snprintf(buf, n, "%s wins: %s is left with a bare royal piece and nothing else.", win, lose);
    case SG_END_SENNICHITE:
        return snprintf(buf, n, "Draw by sennichite: the same position (board, hands and side to move) occurred "
                        "for the fourth time, at plies %d, %d, %d and %d.", o[0], o[1], o[2], o[3]);
    case SG_END_PERPETUAL_CHECK:
        return snprintf(buf, n, "%s wins: the same position occurred for the fourth time (plies %d, %d, %d and %d) "
                        "and %s gave check with every move in between, which is perpetual check and not allowed.",
                        win, o[0], o[1], o[2], o[3], side_name(v->checking_side));
    case SG_END_IMPASSE_24:
        if (v->outcome == SG_OUTCOME_WIN)
            return snprintf(buf, n, "%s wins the impasse count: both kings are in the enemy camp and %s has %d points, "
                            "fewer than %d (%s %d).", win, lose, v->points[v->loser_side], v->needed, win,
                            v->points[v->winner]);
        if (v->points[SG_BLACK] < v->needed)
            return snprintf(buf, n, "Draw by impasse: both kings are in the enemy camp and neither side reaches %d "
                            "points (Black %d, White %d).", v->needed, v->points[0], v->points[1]);
        return snprintf(buf, n, "Draw by impasse: both kings are in the enemy camp and both sides have at least %d "
                        "points (Black %d, White %d).", v->needed, v->points[0], v->points[1]);
    case SG_END_DECLARATION:
        return snprintf(buf, n, "%s wins by declaration: its king is in the enemy camp with %d other pieces there, "
                        "it is not in check, and it counts %d points (%d needed).", win,
                        v->camp_pieces[v->winner], v->points[v->winner], v->needed);
    case SG_END_WRONG_DECLARATION:
        sg_claim_text(v->fault, (sg_color)v->loser_side, v, claim, (int)sizeof claim);
        return snprintf(buf, n, "%s wins: %s declared a win but %s, and under these rules a wrong declaration loses.",
                        win, lose, claim);
    case SG_END_MAX_MOVES:
        if (v->ply > v->max_moves)
            return snprintf(buf, n, "Draw: the game reached the %d-move limit and ended at ply %d, once the side to "
                            "move was no longer in check.", v->max_moves, v->ply);
        return snprintf(buf, n, "Draw: the game reached the %d-move limit with the side to move not in check.",
                        v->max_moves);
    case SG_END_RESIGNATION: return snprintf(buf, n, "%s wins: %s resigned.", win, lose);
    case SG_END_AGREEMENT: return snprintf(buf, n, "Draw by agreement.");
    case SG_END_CUSTOM:
        if (v->outcome == SG_OUTCOME_WIN) return snprintf(buf, n, "%s wins by a custom rule (%s).", win, v->custom_id);
        return snprintf(buf, n, "Draw by a custom rule (%s).", v->custom_id);
    case SG_END_TIME_UP: return snprintf(buf, n, "%s wins: %s ran out of time.", win, lose);
    case SG_END_ILLEGAL_MOVE: return snprintf(buf, n, "%s wins: %s made an illegal move.", win, lose);
    default:
        (void)variant;
        return snprintf(buf, n, "The game goes on.");
    }
}

/* ---- points ------------------------------------------------------------------------------ */
int sg_piece_points(sg_ptype t)
{
    const sg_piece_info *pi = sg_piece_info_of(t);
    return pi ? pi->points : 0;
}

int sg_count_points(const sg_pos *p, sg_color c, bool camp_only, int *pieces)
{
    int points = 0, count = 0;
    sg_bb b = p->by_color[c] & ~(p->by_type[SG_KING] | p->by_type[SG_PRINCE]);
    while (b) {
        sg_square s = sg_bb_pop(&b);
        if (camp_only && !sg_in_zone(c, s)) continue;
        points += sg_piece_points(sg_piece_type(p->board[s]));
        count++;
    }
    for (int t = SG_PAWN; t < SG_HAND_NB; t++) points += p->hand[c][t] * sg_piece_points(t);
    if (pieces) *pieces = count;
    return points;
}

static void fill_counts(const sg_pos *p, bool camp_only, sg_verdict *v)
{
    for (int c = 0; c < SG_COLOR_NB; c++) {
        v->points[c] = sg_count_points(p, (sg_color)c, camp_only, &v->camp_pieces[c]);
        v->king_in_camp[c] = sg_king_in_camp(p, (sg_color)c);
    }
    if (!camp_only) /* camp_pieces means the pieces in the camp: count them separately */
        for (int c = 0; c < SG_COLOR_NB; c++) sg_count_points(p, (sg_color)c, true, &v->camp_pieces[c]);
}

sg_claim sg_rules_declaration(const sg_rules *r, const sg_pos *p, sg_verdict *v)
{
    sg_color us = p->side;
    sg_verdict_clear(v);
    fill_counts(p, true, v);
    v->loser_side = us;
    if (!r->declaration) return SG_CLAIM_NOT_IN_RULES;
    if (!v->king_in_camp[us]) return SG_CLAIM_KING_NOT_IN_CAMP;
    if (v->camp_pieces[us] < r->declaration_pieces) {
        v->needed = r->declaration_pieces;
        return SG_CLAIM_TOO_FEW_PIECES;
    }
    if (sg_in_check(p)) return SG_CLAIM_IN_CHECK;
    v->needed = r->declaration_points[us];
    if (v->points[us] < v->needed) return SG_CLAIM_TOO_FEW_POINTS;
    v->outcome = SG_OUTCOME_WIN;
    v->winner = us;
    v->loser_side = sg_opp(us);
    v->reason = SG_END_DECLARATION;
    return SG_CLAIM_OK;
}

sg_claim sg_rules_impasse(const sg_rules *r, const sg_pos *p, sg_verdict *v)
{
    sg_verdict_clear(v);
    fill_counts(p, false, v);
    v->needed = r->impasse_points;
    if (!r->impasse24) return SG_CLAIM_NOT_IN_RULES;
    for (int c = 0; c < SG_COLOR_NB; c++)
        if (!v->king_in_camp[c]) { v->loser_side = c; return SG_CLAIM_KING_NOT_IN_CAMP; }
    bool low_b = v->points[SG_BLACK] < v->needed, low_w = v->points[SG_WHITE] < v->needed;
    v->reason = SG_END_IMPASSE_24;
    if (low_b != low_w) {
        v->outcome = SG_OUTCOME_WIN;
        v->loser_side = low_b ? SG_BLACK : SG_WHITE;
        v->winner = sg_opp((sg_color)v->loser_side);
    } else {
        v->outcome = SG_OUTCOME_DRAW;
    }
    return SG_CLAIM_OK;
}

/* ---- the end tests after a move ------------------------------------------------------------ */
static bool sho_finished(const sg_pos *p, sg_verdict *v)
{
    if (!sg_pos_is_finished(p)) return false;
    sg_verdict_clear(v);
    v->outcome = SG_OUTCOME_WIN;
    v->loser_side = p->side;
    v->winner = sg_opp(p->side);
    v->reason = sg_pos_royals(p, p->side) ? SG_END_BARE_ROYAL : SG_END_ROYALS_LOST;
    return true;
}

/* The 4th occurrence of the current position; the perpetual-check exception. */
static bool repetition(const sg_history *g, sg_verdict *v)
{
    int n = g->ply, found = 0, occ[4];
    uint64_t key = g->hist[n].key;
    occ[3] = n;
    for (int i = n - 2; i >= 0 && found < 3; i -= 2)
        if (g->hist[i].key == key) { found++; occ[3 - found] = i; }
    if (found < 3) return false;
    sg_verdict_clear(v);
    memcpy(v->occurrences, occ, sizeof occ);
    if (g->rules->perpetual_check) {
        /* move k (1-based) is made by the side to move at entry k-1; it gave
         * check when entry k is in check.  Entry n has g->pos->side to move. */
        bool all_check[SG_COLOR_NB] = {true, true};
        for (int k = occ[0] + 1; k <= n; k++) {
            sg_color mover = ((n - (k - 1)) & 1) ? sg_opp(g->pos->side) : g->pos->side;
            if (!g->hist[k].in_check) all_check[mover] = false;
        }
        if (all_check[SG_BLACK] != all_check[SG_WHITE]) {
            sg_color checker = all_check[SG_BLACK] ? SG_BLACK : SG_WHITE;
            v->outcome = SG_OUTCOME_WIN;
            v->reason = SG_END_PERPETUAL_CHECK;
            v->checking_side = checker;
            v->loser_side = checker;
            v->winner = sg_opp(checker);
            return true;
        }
    }
    v->outcome = SG_OUTCOME_DRAW;
    v->reason = SG_END_SENNICHITE;
    return true;
}

bool sg_rules_after_move(const sg_history *g, sg_verdict *v)
{
    const sg_rules *r = g->rules;
    bool ended = sho_finished(g->pos, v) || (r->sennichite && g->ply >= 4 && repetition(g, v));
    if (!ended && r->max_moves > 0 && g->ply >= r->max_moves && !g->hist[g->ply].in_check &&
        sg_has_legal_move(g->pos)) {
        /* a side in check plays on; a side without a move has lost instead */
        sg_verdict_clear(v);
        v->outcome = SG_OUTCOME_DRAW;
        v->reason = SG_END_MAX_MOVES;
        v->max_moves = r->max_moves;
        ended = true;
    }
    if (ended) v->ply = g->ply;
    return ended;
}

bool sg_rules_no_moves(const sg_history *g, sg_verdict *v)
{
    const sg_pos *p = g->pos;
    if (sho_finished(p, v)) { v->ply = g->ply; return true; }
    if (sg_has_legal_move(p)) return false;
    sg_verdict_clear(v);
    v->outcome = SG_OUTCOME_WIN;
    v->loser_side = p->side;
    v->winner = sg_opp(p->side);
    v->reason = sg_in_check(p) ? SG_END_CHECKMATE : SG_END_NO_LEGAL_MOVE;
    v->ply = g->ply;
    return true;
}
