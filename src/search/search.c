/* The game-tree search: see search.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "search.h"
#include "eval_params.h"
#include "movepick.h"
#include "qmoves.h"
#include "rootmate.h"
#include "see.h"
#include "mate1.h"
#include "../core/zobrist.h"
#include "../os/clock.h"

#define HIST_CAP 512          /* game positions kept for repetition */
#define POLL_MASK 2047        /* clock and poll every 2048 nodes */
#define DEFAULT_MAX_DEPTH 64

typedef struct {
    sg_move move;
    int score, prev_score;
    int pv_len;
    sg_move pv[SG_SEARCH_MAX_PV];
} root_move;

#define LMR_N 64
#define CONT_OFF 4            /* played[] holds the rows of the 4 plies before the root */

/* evaluations memoised by position key for one search (an evaluation depends on
 * the position only; a Lua one costs a call into the interpreter) */
enum { EVAL_CACHE = 1 << 16 };
typedef struct { uint64_t key; int score; } eval_slot;

struct sg_search {
    sg_search_table *tt;
    sg_mate_table *mate_tt;     /* the root's mate probe (made at its first use) */
    eval_slot eval_cache[EVAL_CACHE];
    int8_t lmr[LMR_N][LMR_N];  /* late-move reduction by depth and move number */
    int lmr_made[2];           /* the lmr_base and lmr_div it was filled under */
    sg_move_stats *hist;         /* quiet moves' statistics, kept from search to search */
    sg_move killers[SG_MAX_PLY + 1][2];
    sg_move excluded[SG_MAX_PLY + 1];   /* the move a singular test leaves out, by ply */
    /* one search: */
    sg_pos pos;
    const sg_search_opts *o;
    const sg_limits *lim;
    sg_eval_fn eval;
    void *eval_ud;
    sg_rules rules;
    uint64_t nodes, max_nodes;
    double t0, hard, last_poll;
    bool stop, eval_failed;
    int ply, seldepth, root_depth;
    int material[SG_MAX_PLY + 2];
    int psq[SG_MAX_PLY + 2];          /* the built-in evaluation's piece-square part, by ply */
    int static_eval[SG_MAX_PLY + 2];  /* by ply; -SG_SCORE_INF when in check */
    /* the continuation row of the move made at each ply (the null move's and
     * the root's past: hist->none), CONT_OFF entries before the root's */
    sg_hist_row *played[SG_MAX_PLY + 2 + CONT_OFF];
    int base;                 /* index of the root in keys[] */
    uint64_t keys[HIST_CAP + SG_MAX_PLY + 2];
    bool checks[HIST_CAP + SG_MAX_PLY + 2];
    sg_move pv[SG_MAX_PLY + 1][SG_MAX_PLY + 1];
    int pv_len[SG_MAX_PLY + 1];
    sg_move moves[SG_MAX_PLY + 1][SG_MAX_MOVES];
    int scores[SG_MAX_PLY + 1][SG_MAX_MOVES];
    root_move root[SG_MAX_MOVES];
    int root_n;
    uint64_t params_gen;      /* the built-in's parameters the table was filled under */
};

sg_search_weights sg_search_W = {
    .razor_base = 200, .razor_depth2 = 150, .rfp_depth = 6, .rfp_margin = 100,
    .null_base = 3, .null_div = 3, .null_eval_div = 200, .probcut_margin = 200, .lmp_base = 3,
    .fut_base = 120, .fut_depth = 100, .see_quiet = 25, .see_capture = 100, .hist_refute = 2000,
    .lmr_base = 50, .lmr_div = 200, .lmr_hist = 10000, .aspiration = 40, .singular_margin = 2, .qs_delta = 150,
};

void sg_search_opts_default(sg_search_opts *o)
{
    memset(o, 0, sizeof *o);
    o->multipv = 1;
    o->null_move = true;
    o->lmr = true;
}

/* the reductions by depth and move number, under the parameters of the moment */
static void fill_lmr(sg_search *s)
{
    s->lmr_made[0] = sg_search_W.lmr_base;
    s->lmr_made[1] = sg_search_W.lmr_div;
    double base = sg_search_W.lmr_base / 100.0, div = sg_search_W.lmr_div / 100.0;
    for (int d = 1; d < LMR_N; d++)
        for (int c = 1; c < LMR_N; c++) {
            double r = base + log((double)d) * log((double)c) / div;
            s->lmr[d][c] = (int8_t)(r < 0 ? 0 : r > 100 ? 100 : r);
        }
}

sg_search *sg_search_new(size_t tt_mb)
{
    sg_init();
    sg_search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->tt = sg_search_table_new(tt_mb);
    s->hist = calloc(1, sizeof *s->hist);
    if (!s->tt || !s->hist) { sg_search_table_free(s->tt); free(s->hist); free(s); return NULL; }
    sg_search_clear(s);   /* writes every page now: the first search does not fault them in */
    fill_lmr(s);
    return s;
}

void sg_search_free(sg_search *s)
{
    if (!s) return;
    sg_search_table_free(s->tt);
    sg_mate_table_free(s->mate_tt);
    free(s->hist);
    free(s);
}

void sg_search_clear(sg_search *s)
{
    sg_search_table_clear(s->tt);
    memset(s->hist, 0, sizeof *s->hist);
    memset(s->killers, 0, sizeof s->killers);
}

size_t sg_search_tt_mb(const sg_search *s) { return sg_search_table_mb(s->tt); }
void sg_search_abort(sg_search *s) { s->stop = true; s->eval_failed = true; }
void sg_search_stop(sg_search *s) { s->stop = true; }
int sg_search_ply(const sg_search *s) { return s->ply; }
int sg_search_material(const sg_search *s) { return s->material[s->ply]; }

/* ---- limits -------------------------------------------------------------------- */
static void check_limits(sg_search *s)
{
    if (s->max_nodes && s->nodes >= s->max_nodes) s->stop = true;
    if ((s->nodes & POLL_MASK) != 0) return;
    if (s->lim) {
        if (s->lim->poll) s->lim->poll(s->lim->poll_ud);
        if (sg_limits_stop_asked(s->lim)) s->stop = true;
    }
    if (s->hard > 0 && sg_clock_seconds() - s->t0 >= s->hard) s->stop = true;
}

bool sg_search_check_now(sg_search *s)
{
    if (s->stop) return true;
    double now = sg_clock_seconds();
    if (s->lim) {
        if (s->lim->poll && now - s->last_poll >= 0.001) {
            s->last_poll = now;
            s->lim->poll(s->lim->poll_ud);
        }
        if (sg_limits_stop_asked(s->lim)) s->stop = true;
    }
    if (s->hard > 0 && now - s->t0 >= s->hard) s->stop = true;
    return s->stop;
}

/* ---- mate scores in the table: relative to the node -------------------------------- */
static int to_tt(int v, int ply)
{ return v >= SG_SCORE_MATE_MIN ? v + ply : v <= -SG_SCORE_MATE_MIN ? v - ply : v; }
static int from_tt(int v, int ply)
{ return v >= SG_SCORE_MATE_MIN ? v - ply : v <= -SG_SCORE_MATE_MIN ? v + ply : v; }

/* ---- doing moves with the path kept ----------------------------------------------- */
static void push_move(sg_search *s, sg_move m, sg_undo *u)
{
    sg_piece captured = sg_move_is_drop(m) ? SG_NO_PIECE : s->pos.board[sg_move_to(m)];
    int d = sg_eval_material_delta(m, captured, sg_variant_get(s->pos.variant)->drops);
    int mat = s->material[s->ply] + (s->pos.side == SG_BLACK ? d : -d);
    int psq = s->psq[s->ply] + sg_eval_psq_delta(&s->pos, m);
    s->played[s->ply + CONT_OFF] = &s->hist->cont[sg_hist_index(s->pos.side, m)];
    sg_do_move(&s->pos, m, u);
    s->ply++;
    s->material[s->ply] = mat;
    s->psq[s->ply] = psq;
    s->keys[s->base + s->ply] = sg_pos_key(&s->pos);
    s->checks[s->base + s->ply] = sg_in_check(&s->pos);
}

static void pop_move(sg_search *s, sg_move m, const sg_undo *u)
{
    sg_undo_move(&s->pos, m, u);
    s->ply--;
}

/* the null move: the side to move passes (never in check, so no checkers after) */
static void push_null(sg_search *s)
{
    s->played[s->ply + CONT_OFF] = &s->hist->none;
    s->pos.side = sg_opp(s->pos.side);
    s->pos.board_key ^= sg_Z.side;
    s->ply++;
    s->material[s->ply] = s->material[s->ply - 1];
    s->psq[s->ply] = s->psq[s->ply - 1];
    s->keys[s->base + s->ply] = sg_pos_key(&s->pos);
    s->checks[s->base + s->ply] = false;
}

static void pop_null(sg_search *s)
{
    s->pos.side = sg_opp(s->pos.side);
    s->pos.board_key ^= sg_Z.side;
    s->ply--;
}

/* the continuation rows of the node at the current ply: the moves 1, 2 and 4 plies back */
static sg_cont_rows cont_rows(const sg_search *s)
{
    int k = s->ply + CONT_OFF;
    return (sg_cont_rows){{s->played[k - 1], s->played[k - 2], s->played[k - 4]}};
}

/* ---- repetition and declaration ------------------------------------------------------ */
enum { REP_NONE = 0, REP_DRAW, REP_WIN, REP_LOSS };

static int repetition(const sg_search *s)
{
    if (!s->rules.sennichite) return REP_NONE;
    int idx = s->base + s->ply;
    uint64_t key = s->keys[idx];
    for (int j = idx - 4; j >= 0; j -= 2) {
        if (s->keys[j] != key) continue;
        if (s->rules.perpetual_check) {
            bool me_checked = true, they_checked = true;
            for (int k = idx; k > j; k -= 2) me_checked = me_checked && s->checks[k];
            for (int k = idx - 1; k > j; k -= 2) they_checked = they_checked && s->checks[k];
            /* the side that checked throughout loses; both did: a draw */
            if (me_checked && !they_checked) return REP_WIN;
            if (they_checked && !me_checked) return REP_LOSS;
        }
        return REP_DRAW;
    }
    return REP_NONE;
}

static bool can_declare(const sg_search *s)
{
    if (!s->rules.declaration || !sg_king_in_camp(&s->pos, s->pos.side)) return false;
    sg_verdict v;
    return sg_rules_declaration(&s->rules, &s->pos, &v) == SG_CLAIM_OK;
}

static int evaluate(sg_search *s)
{
    uint64_t key = sg_pos_key(&s->pos);
    eval_slot *slot = &s->eval_cache[key & (EVAL_CACHE - 1)];
    if (slot->key == key && key != 0) return slot->score;
    int v = s->eval == sg_eval_builtin ? sg_eval_builtin_with(&s->pos, s->material[s->ply], s->psq[s->ply])
                                       : s->eval(s->eval_ud, &s->pos);
    if (v > SG_SCORE_MATE_MIN - 1) v = SG_SCORE_MATE_MIN - 1;
    if (v < -SG_SCORE_MATE_MIN + 1) v = -SG_SCORE_MATE_MIN + 1;
    if (!s->stop) {   /* a failed or stopped evaluation's 0 is not its score */
        slot->key = key;
        slot->score = v;
    }
    return v;
}

/* ---- quiescence ------------------------------------------------------------------------ */
/* qdepth: plies into the quiescence search; at its first ply quiet checks by
 * board pieces are tried too (mates and forks near the leaves) */
static int qsearch(sg_search *s, int alpha, int beta, int qdepth)
{
    int ply = s->ply;
    s->nodes++;
    check_limits(s);
    if (s->stop) return 0;
    if (ply > s->seldepth) s->seldepth = ply;
    if (ply >= SG_MAX_PLY - 1) return evaluate(s);
    /* the table: any stored depth answers here */
    uint64_t key = sg_pos_key(&s->pos);
    const sg_search_table_entry *te = sg_search_table_probe(s->tt, key);
    sg_move tt_move = SG_MOVE_NONE;
    if (te) {
        int v = from_tt(te->score, ply);
        int b = te->gen_bound & 3;
        if (b == SG_BOUND_EXACT || (b == SG_BOUND_LOWER && v >= beta) || (b == SG_BOUND_UPPER && v <= alpha))
            return v;
        tt_move = te->move;
    }
    bool in_check = sg_in_check(&s->pos);
    int best = -SG_SCORE_INF, orig_alpha = alpha;
    sg_move best_move = SG_MOVE_NONE;
    /* the quiescence search tries no drops, and most of shogi's mates are drops */
    sg_move mate_move;
    if (!in_check && qdepth == 0 && !te && sg_mate_in_one_worth(&s->pos) && sg_mate_in_one(&s->pos, &mate_move))
        return SG_SCORE_MATE - ply - 1;
    int stand = -SG_SCORE_INF;    /* the static evaluation: the score of standing pat */
    if (!in_check) {
        best = stand = evaluate(s);
        if (best >= beta) {
            if (!s->stop) sg_search_table_store(s->tt, key, SG_MOVE_NONE, to_tt(best, ply), 0, SG_BOUND_LOWER);
            return best;
        }
        if (best > alpha) alpha = best;
    }
    sg_move *moves = s->moves[ply];
    int *scores = s->scores[ply];
    /* in check: every evasion (none: mated); else the captures and promotions */
    int n = in_check ? sg_gen_legal(&s->pos, moves) : sg_gen_tactical(&s->pos, moves);
    if (n == 0 && in_check) return -SG_SCORE_MATE + ply;
    if (!in_check && qdepth == 0) {
        sg_move checks[SG_MAX_MOVES];
        int k = sg_gen_board_checks(&s->pos, checks);
        for (int j = 0; j < k; j++)
            if (!sg_move_is_tactical(&s->pos, checks[j])) moves[n++] = checks[j];
    }
    sg_cont_rows cr = cont_rows(s);
    sg_picker pk;
    sg_picker_init(&pk, &s->pos, moves, scores, n, tt_move, NULL, s->hist, &cr);
    sg_move m;
    bool drops = sg_variant_get(s->pos.variant)->drops;
    while (sg_picker_next(&pk, &m)) {
        /* captures that even with their gain and a margin leave the node
         * under alpha are skipped (checks aside: they may mate), and so are
         * moves that lose material in the exchange */
        if (!in_check && sg_move_is_tactical(&s->pos, m)) {
            sg_piece victim = sg_move_is_drop(m) ? SG_NO_PIECE : s->pos.board[sg_move_to(m)];
            int gain = sg_eval_material_delta(m, victim, drops);
            if (stand + gain + sg_search_W.qs_delta <= alpha && !sg_gives_check(&s->pos, m)) continue;
        }
        if (!in_check && sg_see(&s->pos, m) < 0) continue;
        sg_undo u;
        push_move(s, m, &u);
        int v = -qsearch(s, -beta, -alpha, qdepth + 1);
        pop_move(s, m, &u);
        if (s->stop) return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                best_move = m;
                if (v >= beta) break;
            }
        }
    }
    int bound = best >= beta ? SG_BOUND_LOWER : best > orig_alpha ? SG_BOUND_EXACT : SG_BOUND_UPPER;
    sg_search_table_store(s->tt, key, best_move, to_tt(best, ply), 0, bound);
    return best;
}

/* ---- the main search --------------------------------------------------------------------- */
static void update_pv(sg_search *s, int ply, sg_move m)
{
    s->pv[ply][ply] = m;
    for (int k = ply + 1; k < s->pv_len[ply + 1]; k++) s->pv[ply][k] = s->pv[ply + 1][k];
    s->pv_len[ply] = s->pv_len[ply + 1] > ply + 1 ? s->pv_len[ply + 1] : ply + 1;
}

/* does m give check? the node's check tables are made at the first question */
static bool gives_check_lazy(const sg_search *s, sg_check_info *ci, bool *ready, sg_move m)
{
    if (!*ready) {
        sg_check_info_init(&s->pos, ci);
        *ready = true;
    }
    return sg_gives_check_with(&s->pos, ci, m);
}

/* the first stage of a node not in check: its legal captures and promotions,
 * then the killers that are legal quiet moves here (those in used[]); the
 * table move, already tried, left out */
static int first_stage(const sg_search *s, sg_move *moves, sg_move tt_move, sg_move used[2])
{
    int n = sg_gen_tactical(&s->pos, moves);
    for (int k = 0; k < n; k++)
        if (moves[k] == tt_move) { moves[k] = moves[--n]; break; }
    const sg_move *killers = s->killers[s->ply];
    for (int j = 0; j < 2; j++) {
        sg_move m = killers[j];
        if (m != SG_MOVE_NONE && m != tt_move && !sg_move_is_tactical(&s->pos, m)
            && sg_is_legal(&s->pos, m) == SG_LEGAL)
            moves[n++] = used[j] = m;
    }
    return n;
}

/* the quiet moves the first stage did not hand out */
static int quiet_stage(const sg_search *s, sg_move *out, sg_move tt_move, const sg_move used[2])
{
    int n = sg_gen_quiets(&s->pos, out), k = 0;
    for (int j = 0; j < n; j++) {
        sg_move m = out[j];
        if (m != tt_move && m != used[0] && m != used[1]) out[k++] = m;
    }
    return k;
}

/* cut: a node expected to fail high (a zero-window search of a late move, or
 * the first move of an expected fail-low) reduces its quiet moves more.
 * The steps, numbered below: 1 the node counted, limits; 2 draws, mates and
 * the mate distance; 3 the table; 4 mate in one; 5 the static evaluation;
 * 6 razoring; 7 futility at the node; 8 null move; 9 probcut; 10 the internal
 * reduction; 11 singular extension; 12 the move loop (13 pruning before the
 * move, 14 the search with reductions, 15 a new best); 16 mate or stalemate,
 * the table store. */
static int search(sg_search *s, int alpha, int beta, int depth, bool pv_node, bool allow_null, bool cut)
{
    /* Step 1. At the horizon the quiescence search answers; else the node is
     * counted and the limits checked */
    int ply = s->ply;
    s->pv_len[ply] = ply;
    if (depth <= 0) return qsearch(s, alpha, beta, 0);
    const sg_search_weights *W = &sg_search_W;
    s->nodes++;
    check_limits(s);
    if (s->stop) return 0;
    if (ply > s->seldepth) s->seldepth = ply;

    /* Step 2. Repetitions (a draw, or perpetual check: won or lost), the ply cap,
     * a declaration win, and mate distance pruning: no mate found later can be
     * shorter than one already known nearer the root */
    switch (repetition(s)) {
    case REP_DRAW: return 0;
    case REP_WIN: return SG_SCORE_MATE - ply;
    case REP_LOSS: return -SG_SCORE_MATE + ply;
    default: break;
    }
    if (ply >= SG_MAX_PLY - 1) return evaluate(s);
    if (can_declare(s)) return SG_SCORE_MATE - ply;
    /* mate distance pruning */
    if (alpha < -SG_SCORE_MATE + ply) alpha = -SG_SCORE_MATE + ply;
    if (beta > SG_SCORE_MATE - ply - 1) beta = SG_SCORE_MATE - ply - 1;
    if (alpha >= beta) return alpha;

    /* Step 3. The table: its move orders the moves; away from the PV its
     * bound ends the node when deep enough */
    uint64_t key = sg_pos_key(&s->pos);
    /* a search without one move (the singular test below) neither reads nor writes the table */
    sg_move excluded = s->excluded[ply];
    const sg_search_table_entry *te = excluded ? NULL : sg_search_table_probe(s->tt, key);
    sg_move tt_move = te ? te->move : SG_MOVE_NONE;
    int tt_value = te ? from_tt(te->score, ply) : 0, tt_bound = te ? te->gen_bound & 3 : 0;
    int tt_depth = te ? te->depth : -1;
    if (te && !pv_node && tt_depth >= depth) {
        int v = tt_value, b = tt_bound;
        if (b == SG_BOUND_EXACT || (b == SG_BOUND_LOWER && v >= beta) || (b == SG_BOUND_UPPER && v <= alpha))
            return v;
    }
    /* Step 4. A mate in one ends the node at once */
    bool in_check = sg_in_check(&s->pos);
    /* a mate in one ends the node before anything is generated (asked where
     * the table knows nothing: elsewhere it has been asked, or searched) */
    sg_move mate_move;
    if (!in_check && !te && !excluded && sg_mate_in_one_worth(&s->pos) && sg_mate_in_one(&s->pos, &mate_move)) {
        int v = SG_SCORE_MATE - ply - 1;
        sg_search_table_store(s->tt, key, mate_move, to_tt(v, ply), depth, SG_BOUND_EXACT);
        s->pv[ply][ply] = mate_move;
        s->pv_len[ply] = ply + 1;
        return v;
    }
    /* Step 5. The static evaluation (none in check), whether it improves on
     * two plies ago, and the table's bound where that is the better guess;
     * no pruning at PV nodes, in check, or where a mate score is at stake */
    bool mate_window = beta >= SG_SCORE_MATE_MIN || beta <= -SG_SCORE_MATE_MIN
                    || alpha >= SG_SCORE_MATE_MIN || alpha <= -SG_SCORE_MATE_MIN;
    int static_eval = in_check ? -SG_SCORE_INF : evaluate(s);
    s->static_eval[ply] = static_eval;
    /* better than two plies ago: pruning is less eager */
    bool improving = !in_check && (ply < 2 || static_eval > s->static_eval[ply - 2]);
    bool prunable = !pv_node && !in_check && !mate_window;
    /* the table's bound, where it says more than the evaluation, is the
     * better guess of the position's worth for the pruning below */
    int eval = static_eval;
    if (te && !in_check && tt_value > -SG_SCORE_MATE_MIN && tt_value < SG_SCORE_MATE_MIN
        && (tt_bound & (tt_value > eval ? SG_BOUND_LOWER : SG_BOUND_UPPER)))
        eval = tt_value;

    /* Step 6. Razoring: so far under alpha near the leaves that only a capture could
     * help; the quiescence search says whether one does */
    if (prunable && !excluded && depth <= 3 && eval + W->razor_base + W->razor_depth2 * depth * depth < alpha) {
        int v = qsearch(s, alpha - 1, alpha, 0);
        if (s->stop) return 0;
        if (v < alpha) return v;
    }
    /* Step 7. Futility at the node: the position is so good a shallow search
     * will not bring it under beta */
    if (prunable && depth <= W->rfp_depth && eval - W->rfp_margin * (depth - improving) >= beta)
        return eval;

    /* Step 8. Null move: the opponent moves twice and still cannot reach beta */
    if (s->o->null_move && allow_null && prunable && !excluded && depth >= 2 && eval >= beta) {
        int by_eval = (eval - beta) / W->null_eval_div;
        int r = W->null_base + depth / W->null_div + (by_eval < 3 ? by_eval : 3);
        push_null(s);
        int v = -search(s, -beta, -beta + 1, depth - r, false, false, !cut);
        pop_null(s);
        if (s->stop) return 0;
        if (v >= beta) return v >= SG_SCORE_MATE_MIN ? beta : v;
    }
    /* Step 9. Probcut: a capture that wins enough for a reduced search to stay well
     * above beta makes the full search's cut near certain */
    int prob_beta = beta + W->probcut_margin;
    if (prunable && !excluded && depth >= 5 && beta < SG_SCORE_MATE_MIN - W->probcut_margin
        && !(te && tt_depth >= depth - 3 && tt_value < prob_beta)) {
        sg_move *caps = s->moves[ply];
        int nc = sg_gen_tactical(&s->pos, caps);
        sg_picker pc;
        sg_cont_rows pcr = cont_rows(s);
        sg_picker_init(&pc, &s->pos, caps, s->scores[ply], nc, tt_move, NULL, s->hist, &pcr);
        sg_move m;
        while (sg_picker_next(&pc, &m)) {
            if (sg_see(&s->pos, m) < prob_beta - static_eval) continue;
            sg_undo u;
            push_move(s, m, &u);
            int v = -qsearch(s, -prob_beta, -prob_beta + 1, 0);
            if (v >= prob_beta && !s->stop) v = -search(s, -prob_beta, -prob_beta + 1, depth - 4, false, true, !cut);
            pop_move(s, m, &u);
            if (s->stop) return 0;
            if (v >= prob_beta) {
                sg_search_table_store(s->tt, key, m, to_tt(v, ply), depth - 3, SG_BOUND_LOWER);
                return v;
            }
        }
    }
    /* Step 10. Internal reduction: no table move to start from, and a
     * shallower search finds one cheaper */
    if (depth >= 4 && tt_move == SG_MOVE_NONE && !excluded) depth--;
    /* late quiet moves at shallow depths are not searched (counted in moves picked) */
    int late = prunable && depth <= 6 ? (improving ? W->lmp_base + depth * depth : (W->lmp_base + depth * depth) / 2) : SG_MAX_MOVES;

    sg_move *moves = s->moves[ply];
    int *scores = s->scores[ply];
    /* the table move is tried before the others are generated: it often cuts */
    bool tt_first = tt_move != SG_MOVE_NONE && sg_is_legal(&s->pos, tt_move) == SG_LEGAL;
    /* Step 11. Singular extension: when every other move falls well short of the table
     * move's score, the table move is searched a ply deeper; when even without
     * it the node reaches beta, several moves do and the node is cut */
    int singular = 0;
    if (tt_first && depth >= 8 && tt_depth >= depth - 3 && tt_bound != SG_BOUND_UPPER
        && tt_value > -SG_SCORE_MATE_MIN && tt_value < SG_SCORE_MATE_MIN && ply < 2 * s->root_depth) {
        int sbeta = tt_value - W->singular_margin * depth;
        s->excluded[ply] = tt_move;
        int v = search(s, sbeta - 1, sbeta, (depth - 1) / 2, false, false, cut);
        s->excluded[ply] = SG_MOVE_NONE;
        s->pv_len[ply] = ply;
        if (s->stop) return 0;
        if (v < sbeta) singular = 1;
        else if (sbeta >= beta) return sbeta;
    }
    /* Step 12. The move loop: the table move first, then the staged picker */
    int n = -1;               /* the generated moves (-1: not yet) */
    /* not in check: the captures and killers are generated first, the quiet
     * moves only when the search gets to them (most nodes cut before) */
    bool staged = !in_check && s->pos.variant == SG_STANDARD, tt_legal = tt_first;
    sg_move used_killers[2] = {SG_MOVE_NONE, SG_MOVE_NONE};
    int legal = tt_first ? 1 : 0;   /* legal moves seen: none at all is mate */
    sg_picker pk;
    bool ask_prune = s->o->prune && !pv_node && !in_check && depth <= 3;

    int best = -SG_SCORE_INF, count = 0, orig_alpha = alpha;
    sg_move best_move = SG_MOVE_NONE, m;
    sg_move quiets[64];       /* the quiet moves searched, for the history */
    int nquiets = 0;
    sg_check_info ci;
    bool ci_ready = false;
    sg_cont_rows cr = cont_rows(s);
    int i = 0;                /* moves taken so far, the table move included */
    for (;;) {
        if (tt_first) {
            m = tt_move;
            tt_first = false;
        } else {
            if (n < 0) {
                if (staged) {
                    n = first_stage(s, moves, tt_legal ? tt_move : SG_MOVE_NONE, used_killers);
                } else {
                    n = sg_gen_legal(&s->pos, moves);
                    if (tt_legal)
                        for (int k = 0; k < n; k++)
                            if (moves[k] == tt_move) { moves[k] = moves[--n]; break; }
                }
                legal += n;
                sg_picker_init(&pk, &s->pos, moves, scores, n, tt_move, s->killers[ply], s->hist, &cr);
                if (s->o->order && depth >= 3) {   /* the hook's bonus on the quiet moves' history */
                    pk.bonus = s->o->order;
                    pk.bonus_ud = s->o->order_ud;
                }
            }
            if (!sg_picker_next(&pk, &m)) {
                if (!staged) break;
                /* the first stage spent: the quiet moves join the picker */
                staged = false;
                int k = quiet_stage(s, moves + n, tt_legal ? tt_move : SG_MOVE_NONE, used_killers);
                n += k;
                legal += k;
                pk.n = n;
                if (!sg_picker_next(&pk, &m)) break;
            }
        }
        if (m == excluded) continue;
        i++;
        /* Step 13. Pruning before the move is made */
        /* late in the order, past the good moves (captures, promotions,
         * killers and quiet moves with a good history come first): the rest
         * are quiet moves nobody vouches for, checks included, and none is
         * searched */
        if (n > 0 && prunable && count > 0 && i > late && sg_picker_last_score(&pk) <= 0 && best > -SG_SCORE_MATE_MIN) break;
        bool tactical = sg_move_is_tactical(&s->pos, m);
        /* shallow moves pruned before they are made: quiet ones that give no
         * check when late in the order (i: moves picked so far), when even a
         * margin cannot lift the position to alpha, or when they lose material
         * in the exchange; captures that lose too much */
        if (count > 0 && prunable && m != tt_move && best > -SG_SCORE_MATE_MIN) {
            if (!tactical) {
                int lmr_depth = depth - s->lmr[depth < LMR_N ? depth : LMR_N - 1][count < LMR_N ? count : LMR_N - 1];
                int fut = static_eval + W->fut_base + W->fut_depth * lmr_depth;
                bool futile = lmr_depth <= 6 && fut <= alpha;
                /* what followed this move after the last moves was refuted often */
                bool refuted = lmr_depth < 3 && sg_history_cont(&cr, s->pos.side, m) < -W->hist_refute * depth;
                if ((i > late || futile || refuted || (lmr_depth <= 7 && sg_see(&s->pos, m) < -W->see_quiet * lmr_depth * lmr_depth))
                    && !gives_check_lazy(s, &ci, &ci_ready, m)) {
                    if (futile && best < fut) best = fut;
                    continue;
                }
            } else if (depth <= 6 && sg_see(&s->pos, m) < -W->see_capture * depth) {
                continue;
            }
        }
        if (ask_prune && count > 0 && !tactical && m != tt_move && s->o->prune(s->o->prune_ud, &s->pos, m)) continue;
        if (s->stop) return 0;
        /* Step 14. Make the move and search it: the first with the full window,
         * the others with a zero window at a depth reduced by how late and how
         * unpromising they are, searched again when they beat alpha */
        int hscore = tactical ? 0 : sg_history_score(s->hist, &cr, s->pos.side, m);
        sg_undo u;
        push_move(s, m, &u);
        count++;
        bool gives_check = sg_in_check(&s->pos);
        bool quiet = !tactical && !gives_check && m != tt_move;
        if (!tactical && nquiets < 64) quiets[nquiets++] = m;
        /* no check extension below the root: with drops checks are everywhere, and
         * extending board-piece checks bought nothing in play, so the depth goes
         * to the rest */
        int new_depth = depth - 1;
        if (m == tt_move && singular) new_depth = depth;
        int v;
        if (count == 1) {
            v = -search(s, -beta, -alpha, new_depth, pv_node, true, !pv_node && !cut);
        } else {
            int r = 0;
            if (s->o->lmr && depth >= 3 && count > 2 && !in_check && quiet
                && m != s->killers[ply][0] && m != s->killers[ply][1] && !mate_window) {
                r = s->lmr[depth < LMR_N ? depth : LMR_N - 1][count < LMR_N ? count : LMR_N - 1];
                if (!pv_node && !improving) r++;
                if (pv_node && r > 0) r--;
                r -= hscore / W->lmr_hist;   /* a good history reduces less, a bad one more */
                if (cut) r++;
                if (r > new_depth - 1) r = new_depth - 1;
                if (r < 0) r = 0;
            }
            v = -search(s, -alpha - 1, -alpha, new_depth - r, false, true, true);
            if (v > alpha && r > 0) v = -search(s, -alpha - 1, -alpha, new_depth, false, true, !cut);
            if (v > alpha && v < beta && pv_node) v = -search(s, -beta, -alpha, new_depth, true, true, false);
        }
        pop_move(s, m, &u);
        if (s->stop) return 0;
        /* Step 15. A new best: the PV follows it; a cut rewards a quiet move
         * (killer, history) and penalises the quiet moves tried before it */
        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                alpha = v;
                if (pv_node) update_pv(s, ply, m);
                if (v >= beta) {
                    if (!tactical) {
                        if (s->killers[ply][0] != m) {
                            s->killers[ply][1] = s->killers[ply][0];
                            s->killers[ply][0] = m;
                        }
                        int bonus = sg_history_bonus(depth);
                        sg_history_update(s->hist, &cr, s->pos.side, m, bonus);
                        for (int k = 0; k < nquiets - 1; k++)
                            sg_history_update(s->hist, &cr, s->pos.side, quiets[k], -bonus);
                    }
                    break;
                }
            }
        }
    }
    /* Step 16. No legal move loses (in shogi with or without check); a
     * singular test returns without storing; else the table keeps the bound */
    if (legal == 0) return -SG_SCORE_MATE + ply;
    if (excluded) return count == 0 ? alpha : best;
    int bound = best >= beta ? SG_BOUND_LOWER : best > orig_alpha ? SG_BOUND_EXACT : SG_BOUND_UPPER;
    sg_search_table_store(s->tt, key, best_move, to_tt(best, ply), depth, bound);
    return best;
}

/* ---- the root ------------------------------------------------------------------------------ */
static void sort_root(sg_search *s, int first)
{
    for (int i = first + 1; i < s->root_n; i++) {
        root_move r = s->root[i];
        int j = i;
        while (j > first && s->root[j - 1].score < r.score) { s->root[j] = s->root[j - 1]; j--; }
        s->root[j] = r;
    }
}

/* searches the root moves from index first; the best is moved there */
static int root_search(sg_search *s, int alpha, int beta, int depth, int first)
{
    int best = -SG_SCORE_INF;
    for (int i = first; i < s->root_n; i++) {
        root_move *r = &s->root[i];
        sg_undo u;
        push_move(s, r->move, &u);
        bool gives_check = sg_in_check(&s->pos);
        int nd = depth - 1 + (gives_check && !sg_move_is_drop(r->move) ? 1 : 0);
        int v;
        if (i == first) {
            v = -search(s, -beta, -alpha, nd, true, true, false);
        } else {
            v = -search(s, -alpha - 1, -alpha, nd, false, true, true);
            if (v > alpha && v < beta) v = -search(s, -beta, -alpha, nd, true, true, false);
        }
        pop_move(s, r->move, &u);
        if (s->stop) break;
        if (v > best) best = v;
        if (v > alpha) {
            r->score = v;
            r->pv[0] = r->move;
            int len = 1;
            for (int k = 1; k < s->pv_len[1] && len < SG_SEARCH_MAX_PV; k++) r->pv[len++] = s->pv[1][k];
            r->pv_len = len;
            alpha = v;
            if (v >= beta) break;
        } else {
            r->score = -SG_SCORE_INF;
        }
    }
    sort_root(s, first);
    return best;
}

static int search_line(sg_search *s, int depth, int pv_idx, int *bound)
{
    int prev = s->root[pv_idx].prev_score, delta = sg_search_W.aspiration;
    int alpha = -SG_SCORE_INF, beta = SG_SCORE_INF;
    if (depth >= 4 && prev > -SG_SCORE_MATE_MIN && prev < SG_SCORE_MATE_MIN) {
        alpha = prev - delta;
        beta = prev + delta;
    }
    for (;;) {
        for (int i = pv_idx; i < s->root_n; i++) s->root[i].score = -SG_SCORE_INF;
        int v = root_search(s, alpha, beta, depth, pv_idx);
        *bound = SG_BOUND_EXACT;
        if (s->stop) return v;
        if (v <= alpha && alpha > -SG_SCORE_INF) {
            alpha = v - delta < -SG_SCORE_INF ? -SG_SCORE_INF : v - delta;
            *bound = SG_BOUND_UPPER;
        } else if (v >= beta && beta < SG_SCORE_INF) {
            beta = v + delta > SG_SCORE_INF ? SG_SCORE_INF : v + delta;
            *bound = SG_BOUND_LOWER;
        } else {
            return v;
        }
        delta *= 2;
        if (delta > 1000) { alpha = -SG_SCORE_INF; beta = SG_SCORE_INF; }
    }
}

static void fill_report(sg_search *s, sg_search_report *out, int depth, int lines)
{
    out->depth = depth;
    out->seldepth = s->seldepth;
    out->lines = lines;
    for (int k = 0; k < lines; k++) {
        const root_move *r = &s->root[k];
        sg_search_line *l = &out->line[k];
        l->move = r->move;
        l->score = r->score;
        l->bound = SG_BOUND_EXACT;
        l->pv_len = r->pv_len;
        memcpy(l->pv, r->pv, sizeof(sg_move) * (size_t)r->pv_len);
    }
    out->nodes = s->nodes;
    out->seconds = sg_clock_seconds() - s->t0;
    out->nps = out->seconds > 0 ? (uint64_t)((double)s->nodes / out->seconds) : 0;
    out->hashfull = sg_search_table_hashfull(s->tt);
    out->best = lines ? s->root[0].move : SG_MOVE_NONE;
    out->score = lines ? s->root[0].score : 0;
}

/* the root's mate probe within the search's limits: false when it proved a
 * mate (out filled), true when the search goes on */
static bool root_probe(sg_search *s, const sg_pos *root, const sg_search_opts *o, sg_search_report *out)
{
    if (!s->mate_tt) s->mate_tt = sg_mate_table_new(SG_ROOT_MATE_TABLE_BYTES);
    sg_limits ml = s->lim ? *s->lim : sg_limits_none();
    ml.nodes = o->mate_nodes;
    if (s->max_nodes && s->max_nodes < ml.nodes) ml.nodes = s->max_nodes;
    ml.seconds = o->mate_seconds > 0 ? o->mate_seconds : s->hard / 10;
    if (s->hard > 0 && (ml.seconds <= 0 || ml.seconds > s->hard)) ml.seconds = s->hard;
    sg_move mpv[SG_SEARCH_MAX_PV];
    int mlen = 0;
    uint64_t nodes = 0;
    bool found = sg_root_mate(s->mate_tt, root, &ml, mpv, SG_SEARCH_MAX_PV, &mlen, &nodes);
    s->nodes += nodes;
    if (sg_limits_stop_asked(s->lim) || (s->max_nodes && s->nodes >= s->max_nodes)) s->stop = true;
    if (!found) return true;
    for (int i = 0; i < s->root_n; i++) {
        if (s->root[i].move != mpv[0]) continue;
        root_move tmp = s->root[i];
        s->root[i] = s->root[0];
        s->root[0] = tmp;
        s->root[0].score = SG_SCORE_MATE - mlen;
        s->root[0].pv_len = mlen;
        for (int k = 0; k < mlen; k++) s->root[0].pv[k] = mpv[k];
        fill_report(s, out, mlen, 1);
        out->seldepth = mlen;
        return false;
    }
    return true;
}

static bool allowed_at_root(const sg_search_opts *o, sg_move m)
{
    if (o->root_moves_len <= 0) return true;
    for (int i = 0; i < o->root_moves_len; i++)
        if (o->root_moves[i] == m) return true;
    return false;
}

static void setup(sg_search *s, const sg_pos *root, const sg_search_opts *o, const sg_limits *limits)
{
    s->pos = *root;
    s->o = o;
    s->lim = limits;
    s->eval = o->eval ? o->eval : sg_eval_builtin;
    s->eval_ud = o->eval ? o->eval_ud : NULL;
    memset(s->eval_cache, 0, sizeof s->eval_cache);
    if (o->rules) s->rules = *o->rules;
    else sg_rules_jsa(&s->rules, root->variant);
    s->nodes = 0;
    s->max_nodes = limits ? limits->nodes : 0;
    s->t0 = s->last_poll = sg_clock_seconds();
    s->hard = limits ? limits->seconds : 0;
    s->stop = s->eval_failed = false;
    s->ply = s->seldepth = 0;
    s->material[0] = sg_eval_material(root);
    s->psq[0] = sg_eval_psq(root);
    /* the game's positions, the root's last */
    int h = 0;
    if (o->history_keys && o->history_len > 1) {
        int from = o->history_len - 1 > HIST_CAP ? o->history_len - 1 - HIST_CAP : 0;
        for (int i = from; i < o->history_len - 1; i++) {
            s->keys[h] = o->history_keys[i];
            s->checks[h] = o->history_check ? o->history_check[i] : false;
            h++;
        }
    }
    s->base = h;
    s->keys[h] = sg_pos_key(root);
    s->checks[h] = sg_in_check(root);
    memset(s->killers, 0, sizeof s->killers);
    memset(s->excluded, 0, sizeof s->excluded);
    for (int k = 0; k < CONT_OFF; k++) s->played[k] = &s->hist->none;
    sg_search_table_new_search(s->tt);
    if (s->lmr_made[0] != sg_search_W.lmr_base || s->lmr_made[1] != sg_search_W.lmr_div) fill_lmr(s);
    /* scores stored under other parameters of the built-in are not its scores now */
    if (s->params_gen != sg_eval_params_generation()) {
        sg_search_clear(s);
        s->params_gen = sg_eval_params_generation();
    }
}

void sg_search_quiet(sg_search *s, const sg_pos *root, const sg_search_opts *o, const sg_limits *limits,
                     bool stand_only, sg_search_report *out)
{
    memset(out, 0, sizeof *out);
    setup(s, root, o, limits);
    sg_move moves[SG_MAX_MOVES];
    if (sg_gen_legal(&s->pos, moves) == 0) out->score = -SG_SCORE_MATE;
    else if (stand_only) out->score = sg_in_check(&s->pos) ? -SG_SCORE_INF : evaluate(s);
    else out->score = qsearch(s, -SG_SCORE_INF, SG_SCORE_INF, 0);
    out->stopped = s->stop;
    out->eval_failed = s->eval_failed;
    out->nodes = s->nodes;
    out->seconds = sg_clock_seconds() - s->t0;
    out->line[0].score = out->score;
    out->lines = 1;
}

void sg_search_run(sg_search *s, const sg_pos *root, const sg_search_opts *o,
                   const sg_limits *limits, sg_search_report *out)
{
    memset(out, 0, sizeof *out);
    setup(s, root, o, limits);
    if (can_declare(s)) {
        out->declare = true;
        out->score = SG_SCORE_MATE;
        return;
    }
    sg_move moves[SG_MAX_MOVES];
    int n = sg_gen_legal(&s->pos, moves);
    s->root_n = 0;
    for (int i = 0; i < n; i++) {
        if (!allowed_at_root(o, moves[i])) continue;
        root_move *r = &s->root[s->root_n++];
        r->move = moves[i];
        r->score = r->prev_score = -SG_SCORE_INF;
        r->pv[0] = moves[i];
        r->pv_len = 1;
    }
    if (s->root_n == 0) {
        out->score = -SG_SCORE_MATE;
        return;
    }
    /* a first order: the ordering's scores */
    int sc[SG_MAX_MOVES];
    for (int i = 0; i < s->root_n; i++) moves[i] = s->root[i].move;
    sg_cont_rows cr = cont_rows(s);
    sg_movepick_score(&s->pos, moves, sc, s->root_n, SG_MOVE_NONE, NULL, s->hist, &cr);
    for (int i = 0; i < s->root_n; i++) s->root[i].score = sc[i];
    sort_root(s, 0);
    for (int i = 0; i < s->root_n; i++) s->root[i].score = -SG_SCORE_INF;

    int multipv = o->multipv < 1 ? 1 : o->multipv > SG_MAX_MULTIPV ? SG_MAX_MULTIPV : o->multipv;
    /* a proven mate at the root ends the search (searchmoves and MultiPV
     * aside); the probe's nodes count in the search's */
    if (o->mate_nodes > 0 && multipv == 1 && o->root_moves_len == 0 && !root_probe(s, root, o, out)) {
        if (limits && limits->progress) limits->progress(limits->progress_ud, out);
        return;
    }
    if (multipv > s->root_n) multipv = s->root_n;
    int max_depth = o->depth > 0 ? o->depth : DEFAULT_MAX_DEPTH;
    if (max_depth > SG_MAX_PLY - 8) max_depth = SG_MAX_PLY - 8;
    fill_report(s, out, 0, 1);  /* a move even if the first iteration is cut short */
    out->score = out->line[0].score = 0;   /* unsearched, not lost (-INF would read as mated: "go nodes 1" resigned) */
    for (int depth = 1; depth <= max_depth; depth++) {
        s->root_depth = depth;
        s->seldepth = 0;
        for (int i = 0; i < s->root_n; i++) s->root[i].prev_score = s->root[i].score;
        int bound = SG_BOUND_EXACT;
        for (int k = 0; k < multipv && !s->stop; k++) search_line(s, depth, k, &bound);
        if (s->stop) {
            /* a better first move found in the unfinished iteration is kept */
            if (depth > 1 && s->root[0].score > -SG_SCORE_INF && s->root[0].move != out->best
                && s->root[0].score > out->score) {
                fill_report(s, out, depth - 1, out->lines);
            }
            break;
        }
        fill_report(s, out, depth, multipv);
        if (limits && limits->progress) limits->progress(limits->progress_ud, out);
        int mate = sg_score_mate_plies(out->score);
        if (mate != 0 && depth >= (mate < 0 ? -mate : mate) + 2 && multipv == 1 && o->depth <= 0) break;
        double t = sg_clock_seconds() - s->t0;
        if (o->soft_seconds > 0 && (t >= o->soft_seconds || s->root_n == 1)) break;
    }
    out->seconds = sg_clock_seconds() - s->t0;
    out->nodes = s->nodes;
    out->nps = out->seconds > 0 ? (uint64_t)((double)s->nodes / out->seconds) : 0;
    out->stopped = s->stop;
    out->eval_failed = s->eval_failed;
}
