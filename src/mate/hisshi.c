/* 必至 (hisshi) over df-pn tsume solves: see hisshi.h for the conventions. */
#include <stdlib.h>
#include <string.h>
#include "hisshi.h"
#include "../core/zobrist.h"
#include "../os/clock.h"

#define CACHE_BITS 16
#define KILLERS 4
#define DEFAULT_SUB_NODES 100000

/* tsume answers already known, by the position's full key (a threat is the tsume of the
 * position with the side to move turned, so it has a key of its own) */
typedef struct { uint64_t key; uint8_t value, known; } cache_entry;

struct sg_hisshi {
    sg_mate_table *tt;
    sg_hisshi_opts o;
    sg_color att;
    uint64_t nodes;
    long solves;
    double t0;
    bool stopped, interrupted;
    int escapes_used;         /* counter-checks being answered on the current line */
    /* moves that refuted or made a hisshi at each length, tried first (index length / 2) */
    sg_move refuters[SG_HISSHI_MAX_LENGTH / 2 + 1][KILLERS];
    sg_move makers[SG_HISSHI_MAX_LENGTH / 2 + 1][KILLERS];
    cache_entry cache[1 << CACHE_BITS];
};

void sg_hisshi_opts_default(sg_hisshi_opts *o)
{
    memset(o, 0, sizeof *o);
    o->sub_nodes = DEFAULT_SUB_NODES;
}

sg_hisshi *sg_hisshi_new(sg_mate_table *tt, sg_color attacker, const sg_hisshi_opts *o)
{
    sg_hisshi *h = calloc(1, sizeof *h);
    if (!h) return NULL;
    h->tt = tt;
    h->o = *o;
    if (!h->o.sub_nodes) h->o.sub_nodes = DEFAULT_SUB_NODES;
    h->att = attacker;
    h->t0 = sg_clock_seconds();
    return h;
}

void sg_hisshi_free(sg_hisshi *h) { free(h); }
uint64_t sg_hisshi_nodes(const sg_hisshi *h) { return h->nodes; }
long sg_hisshi_solves(const sg_hisshi *h) { return h->solves; }
bool sg_hisshi_stopped(const sg_hisshi *h) { return h->stopped; }
bool sg_hisshi_interrupted(const sg_hisshi *h) { return h->interrupted; }

int sg_hisshi_defences(const sg_pos *p, sg_futile_rule rule, sg_move *moves)
{
    if (sg_in_check(p)) return sg_tsume_evasions(p, rule, moves);
    return sg_gen_legal(p, moves);
}

/* ---- limits and the cache ------------------------------------------------------------ */
static bool out_of_limits(sg_hisshi *h)
{
    if (h->stopped) return true;
    const sg_limits *l = &h->o.limits;
    if (l->poll) l->poll(l->poll_ud);
    if (sg_limits_stop_asked(l)) h->stopped = h->interrupted = true;
    if (l->nodes && h->nodes >= l->nodes) h->stopped = true;
    if (l->seconds > 0 && sg_clock_seconds() - h->t0 >= l->seconds) h->stopped = true;
    return h->stopped;
}

static cache_entry *cache_slot(sg_hisshi *h, uint64_t key) { return &h->cache[key >> (64 - CACHE_BITS)]; }

/* ---- the tsume and the threat ---------------------------------------------------------- */
static sg_hisshi_value tsume_within(sg_hisshi *h, const sg_pos *p, uint64_t nodes);

sg_hisshi_value sg_hisshi_tsume(sg_hisshi *h, const sg_pos *p) { return tsume_within(h, p, h->o.sub_nodes); }

static sg_hisshi_value tsume_within(sg_hisshi *h, const sg_pos *p, uint64_t nodes)
{
    uint64_t key = sg_pos_key(p);
    cache_entry *e = cache_slot(h, key);
    if (e->key == key && e->known) return (sg_hisshi_value)e->value;
    if (out_of_limits(h)) return SG_HISSHI_UNDECIDED;
    sg_dfpn_opts o;
    sg_dfpn_opts_default(&o);
    o.futile = h->o.futile;
    o.shortest = false;
    o.pv = false;
    o.strict = true;
    o.limits = h->o.limits;
    o.limits.nodes = nodes;
    if (h->o.limits.nodes) {
        uint64_t left = h->o.limits.nodes > h->nodes ? h->o.limits.nodes - h->nodes : 1;
        if (left < o.limits.nodes) o.limits.nodes = left;
    }
    if (h->o.limits.seconds > 0) {
        double left = h->o.limits.seconds - (sg_clock_seconds() - h->t0);
        o.limits.seconds = left > 0.001 ? left : 0.001;
    }
    sg_dfpn_result *r = malloc(sizeof *r);
    if (!r) { h->stopped = true; return SG_HISSHI_UNDECIDED; }
    sg_dfpn_solve(h->tt, p, h->att, &o, r);
    h->nodes += r->nodes;
    h->solves++;
    if (r->interrupted) h->stopped = h->interrupted = true;
    sg_hisshi_value v = r->status == SG_DFPN_MATE ? SG_HISSHI_PROVEN
                      : r->status == SG_DFPN_NOMATE ? SG_HISSHI_DISPROVEN : SG_HISSHI_UNDECIDED;
    free(r);
    if (v != SG_HISSHI_UNDECIDED) { e->key = key; e->known = 1; e->value = (uint8_t)v; }
    return v;
}

sg_hisshi_value sg_hisshi_threat(sg_hisshi *h, const sg_pos *p)
{
    if (sg_in_check(p)) return SG_HISSHI_DISPROVEN;
    /* the defender passes: the same board with the attacker to move */
    sg_pos q = *p;
    q.side = sg_opp(q.side);
    q.board_key ^= sg_Z.side;
    q.checkers = sg_pos_royal_attackers(&q, q.side);
    return sg_hisshi_tsume(h, &q);
}

/* ---- ordering ------------------------------------------------------------------------- */
static int distance(sg_square a, sg_square b)
{
    int df = abs(sg_sq_file(a) - sg_sq_file(b)), dr = abs(sg_sq_rank(a) - sg_sq_rank(b));
    return df > dr ? df : dr;
}

static bool in_list(const sg_move *list, int n, sg_move m)
{
    for (int i = 0; i < n; i++) if (list[i] == m) return true;
    return false;
}

/* Stable order by bucket: the killers that are among the moves, then (defences)
 * king moves, captures, moves near the defender's king, the rest; (attacker moves)
 * moves near the defender's king first.  What refutes or makes a hisshi is mostly
 * near the king, and an escape found early ends a failing candidate. */
static void order(const sg_pos *p, sg_move *moves, int n, const sg_move *killers, sg_square dk, bool defence)
{
    sg_move out[SG_MAX_MOVES];
    int k = 0;
    for (int i = 0; i < KILLERS; i++)
        if (killers[i] && in_list(moves, n, killers[i]) && !in_list(out, k, killers[i])) out[k++] = killers[i];
    int nk = k;
    for (int bucket = 0; bucket < 4; bucket++) {
        for (int i = 0; i < n; i++) {
            sg_move m = moves[i];
            if (in_list(out, nk, m)) continue;
            sg_square to = sg_move_to(m);
            int b;
            bool drop = sg_move_is_drop(m);
            int d = dk == SG_SQ_NONE ? 9 : distance(to, dk);
            if (defence) {
                if (!drop && sg_move_piece(m) == SG_KING) b = 0;
                else if (!drop && p->board[to]) b = 1;
                else b = d <= 2 ? 2 : 3;
            } else {
                b = d <= 1 ? 0 : d <= 2 ? 1 : d <= 3 ? 2 : 3;
            }
            if (b == bucket) out[k++] = m;
        }
    }
    memcpy(moves, out, sizeof(sg_move) * (size_t)n);
}

static void remember(sg_move *killers, sg_move m)
{
    if (killers[0] == m) return;
    int i = 1;
    while (i < KILLERS - 1 && killers[i] != m) i++;
    memmove(killers + 1, killers, sizeof(sg_move) * (size_t)i);
    killers[0] = m;
}

/* ---- the search ----------------------------------------------------------------------- */
/* r: the attacker to move, in check from the defender's reply to a hisshi move.  Is there an
 * answer after which the hisshi stands again (a 1手必至 by the answer)? */
static sg_hisshi_value answer_check(sg_hisshi *h, const sg_pos *r)
{
    sg_move ms[SG_MAX_MOVES];
    int n = sg_gen_legal(r, ms);
    order(r, ms, n, h->makers[0], r->king[sg_opp(r->side)], false);
    bool undecided = false;
    for (int i = 0; i < n; i++) {
        if (out_of_limits(h)) return SG_HISSHI_UNDECIDED;
        sg_hisshi_value v = sg_hisshi_move(h, r, ms[i], 1, NULL);
        if (v == SG_HISSHI_PROVEN) return v;
        if (v == SG_HISSHI_UNDECIDED) undecided = true;
    }
    return undecided ? SG_HISSHI_UNDECIDED : SG_HISSHI_DISPROVEN;
}

sg_hisshi_value sg_hisshi_move(sg_hisshi *h, const sg_pos *p, sg_move m, int length, sg_move *refutation)
{
    if (refutation) *refutation = SG_MOVE_NONE;
    if (length < 1 || length > SG_HISSHI_MAX_LENGTH || !(length & 1)) return SG_HISSHI_DISPROVEN;
    sg_pos q = *p;
    sg_undo u;
    sg_do_move(&q, m, &u);
    bool undecided = false;
    /* Step 1. Not a check: it must threaten a tsume (a 詰めろ) */
    if (!sg_in_check(&q)) {
        sg_hisshi_value t = sg_hisshi_threat(h, &q);
        if (t == SG_HISSHI_DISPROVEN) return t;
        undecided = t == SG_HISSHI_UNDECIDED;
    }
    /* Step 2. Every defence must leave the attacker won within length - 2 */
    sg_move ds[SG_MAX_MOVES];
    int n = sg_hisshi_defences(&q, h->o.futile, ds);
    sg_square dk = q.king[q.side];
    sg_move *killers = h->refuters[length / 2];
    order(&q, ds, n, killers, dk, true);
    sg_move open = SG_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        sg_pos r = q;
        sg_do_move(&r, ds[i], &u);
        sg_hisshi_value v = sg_hisshi_within(h, &r, length - 2);
        /* a check against the attacker after the hisshi move, answered by any move
         * after which the hisshi stands again (when the options allow one more) */
        if (v != SG_HISSHI_PROVEN && length == 1 && sg_in_check(&r) && h->escapes_used < h->o.escapes) {
            h->escapes_used++;
            sg_hisshi_value w = answer_check(h, &r);
            h->escapes_used--;
            if (w == SG_HISSHI_PROVEN || w == SG_HISSHI_UNDECIDED) v = w;
        }
        if (v == SG_HISSHI_DISPROVEN) {
            remember(killers, ds[i]);
            if (refutation) *refutation = ds[i];
            return v;
        }
        if (v == SG_HISSHI_UNDECIDED) {
            if (open == SG_MOVE_NONE) open = ds[i];
            undecided = true;
            if (h->stopped) break;
        }
    }
    if (undecided) {
        if (refutation) *refutation = open;
        return SG_HISSHI_UNDECIDED;
    }
    return SG_HISSHI_PROVEN;
}

sg_hisshi_value sg_hisshi_within(sg_hisshi *h, const sg_pos *p, int length)
{
    sg_hisshi_value t = sg_hisshi_tsume(h, p);
    if (t == SG_HISSHI_PROVEN || length < 1) return t;
    bool undecided = t == SG_HISSHI_UNDECIDED;
    sg_move ms[SG_MAX_MOVES];
    int n = sg_gen_legal(p, ms);
    sg_move *killers = h->makers[length / 2];
    order(p, ms, n, killers, p->king[sg_opp(p->side)], false);
    for (int i = 0; i < n; i++) {
        if (out_of_limits(h)) return SG_HISSHI_UNDECIDED;
        sg_hisshi_value v = sg_hisshi_move(h, p, ms[i], length, NULL);
        if (v == SG_HISSHI_PROVEN) { remember(killers, ms[i]); return v; }
        if (v == SG_HISSHI_UNDECIDED) undecided = true;
    }
    return undecided ? SG_HISSHI_UNDECIDED : SG_HISSHI_DISPROVEN;
}

/* ---- the problem ---------------------------------------------------------------------- */
void sg_hisshi_solve(sg_mate_table *tt, const sg_pos *root, const sg_hisshi_opts *o, int length, int max_length,
                     sg_hisshi_result *r)
{
    memset(r, 0, sizeof *r);
    r->status = SG_HISSHI_UNKNOWN;
    sg_hisshi *h = sg_hisshi_new(tt, root->side, o);
    if (!h) return;
    if (max_length > SG_HISSHI_MAX_LENGTH) max_length = SG_HISSHI_MAX_LENGTH;
    int from = length ? length : 1, to = length ? length : max_length;
    /* the start must not be won already: a tsume is no hisshi problem (asked with ten
     * times the nodes of the inner mates, at least a million: it is one question) */
    uint64_t root_nodes = h->o.sub_nodes * 10 > 1000000 ? h->o.sub_nodes * 10 : 1000000;
    sg_hisshi_value t = tsume_within(h, root, root_nodes);
    if (t == SG_HISSHI_PROVEN) { r->status = SG_HISSHI_IS_TSUME; goto done; }
    r->tsume_undecided = t == SG_HISSHI_UNDECIDED;
    sg_move ms[SG_MAX_MOVES];
    int n = sg_gen_legal(root, ms);
    r->status = SG_HISSHI_NONE;
    for (int len = from; len <= to && len <= SG_HISSHI_MAX_LENGTH; len += 2) {
        r->nkeys = r->nundecided = 0;
        for (int i = 0; i < n; i++) {
            sg_hisshi_value v = out_of_limits(h) ? SG_HISSHI_UNDECIDED : sg_hisshi_move(h, root, ms[i], len, NULL);
            if (v == SG_HISSHI_PROVEN) r->keys[r->nkeys++] = ms[i];
            else if (v == SG_HISSHI_UNDECIDED) r->undecided[r->nundecided++] = ms[i];
        }
        if (r->nkeys > 0) { r->status = SG_HISSHI_FOUND; r->length = len; break; }
        /* an open move of this length may be its hisshi: the longer lengths prove nothing */
        if (r->nundecided > 0) { r->status = SG_HISSHI_UNKNOWN; r->length = len; break; }
    }
    if (r->status != SG_HISSHI_FOUND && r->tsume_undecided) r->status = SG_HISSHI_UNKNOWN;
done:
    r->nodes = h->nodes;
    r->solves = h->solves;
    r->interrupted = h->interrupted;
    r->seconds = sg_clock_seconds() - h->t0;
    sg_hisshi_free(h);
}
