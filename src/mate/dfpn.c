/* df-pn for tsume: the search (mid), the re-search for the shortest mate, and
 * the main line.  See dfpn.h for the conventions. */
#include <stdlib.h>
#include <string.h>
#include "mate_table.h"
#include "../core/zobrist.h"
#include "../os/clock.h"

#define MAX_PLY 3000
#define PATH_FILTER_BITS 14
#define PATH_FILTER (1 << PATH_FILTER_BITS)

typedef struct {
    uint64_t key, hand;
    uint64_t sh;          /* solved: proof or disproof hand */
    sg_move m;
    uint32_t pn, dn;
    uint16_t len;
    uint16_t dd;          /* disproven: no mate within dd plies */
    uint8_t rep;
} child;

/* a node's result; hand: the proof hand (proven) or disproof hand (disproven):
 * the least attacker hand that still mates, the most that still fails */
typedef struct {
    uint32_t pn, dn;
    int len;
    bool rep;
    uint64_t hand;
    int dd;               /* disproven: no mate within dd plies (>= the depth searched) */
} nres;

typedef struct {
    sg_mate_table *tt;
    sg_color att;
    uint64_t sig;             /* material signature mixed into the keys */
    uint64_t nodes, max_nodes;
    double t0, max_seconds;
    const sg_limits *limits;  /* the caller's flags and poll callback */
    bool aborted, interrupted;
    sg_futile_rule futile;
    bool strict;              /* the main line is read within the limits too */
    int ply;
    uint64_t pathkey[MAX_PLY + 1];
    uint16_t on_path_count[PATH_FILTER];  /* keys on the path by their top bits: most lookups end here */
    uint64_t pathhash[MAX_PLY + 2];
    child *arena;
    size_t cap, top;
    bool oom;
    long pv_budget;
    int64_t dual_nodes;       /* main line: nodes left for small searches of earlier checks */
    bool hit_rep;             /* mate_in_one met a repetition */
    bool norep;               /* a bounded search: repetitions are not looked for */
} search;

static double now_seconds(void) { return sg_clock_seconds(); }

static inline uint32_t sat_add(uint32_t a, uint32_t b)
{
    uint64_t s = (uint64_t)a + b;
    return s >= SG_PN_MAX ? SG_PN_MAX : (uint32_t)s;
}

/* Sums of proof or disproof numbers (an AND node's proof number, an OR node's
 * disproof number) stop at half the threshold range.  Sums over a DAG grow
 * fast; were they to reach the largest threshold, the root could no longer
 * give any child room and the search would stall, neither proof nor
 * disproof.  Capped lower, every node can still be given a threshold above
 * its numbers. */
#define SUM_MAX (SG_PN_MAX / 2)
static inline uint32_t sum_add(uint32_t a, uint32_t b)
{
    uint64_t s = (uint64_t)a + b;
    return s >= SUM_MAX ? SUM_MAX : (uint32_t)s;
}

static inline uint64_t mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static inline uint64_t node_key(const search *s, const sg_pos *p)
{
    uint64_t k = p->board_key ^ s->sig;
    return k ? k : 1;
}
static inline uint64_t node_hand(const search *s, const sg_pos *p) { return sg_hand_pack(p->hand[s->att]); }
static inline uint64_t full_key(const sg_pos *p) { return sg_pos_key(p); }

/* The keys after m, read from the Zobrist tables without making the move
 * (the expansion needs only them): the full key, the table key and the
 * attacker's packed hand. */
static void keys_after(const search *s, const sg_pos *p, sg_move m, uint64_t *fk, uint64_t *key, uint64_t *hand)
{
    sg_color us = p->side;
    uint64_t bk = p->board_key ^ sg_Z.side, hk = p->hand_key, h = node_hand(s, p);
    sg_square to = sg_move_to(m);
    if (sg_move_is_drop(m)) {
        sg_ptype t = sg_move_dropped(m);
        hk -= sg_Z.hand[us][t];
        bk ^= sg_Z.psq[sg_make_piece(us, t)][to];
        if (us == s->att) h = sg_hand_set(h, t, sg_hand_get(h, t) - 1);
    } else {
        sg_square from = sg_move_from(m);
        sg_piece pc = p->board[from], cap = p->board[to];
        if (cap) {
            bk ^= sg_Z.psq[cap][to];
            sg_ptype ct = sg_pt_unpromote(sg_piece_type(cap));
            if (sg_variant_get(p->variant)->drops && ct < SG_HAND_NB) {
                hk += sg_Z.hand[us][ct];
                if (us == s->att) h = sg_hand_set(h, ct, sg_hand_get(h, ct) + 1);
            }
        }
        sg_piece npc = sg_move_is_promotion(m) ? (sg_piece)(pc | SG_PROMOTED) : pc;
        bk ^= sg_Z.psq[pc][from] ^ sg_Z.psq[npc][to];
    }
    *fk = bk ^ hk;
    *key = (bk ^ s->sig) ? bk ^ s->sig : 1;
    *hand = h;
}

/* ---- futile interpositions ---------------------------------------------------------- */
/* the single checker when it is a far slider (something lies between it and
 * the king), else SG_SQ_NONE */
static sg_square far_checker(const sg_pos *p, sg_bb *between)
{
    if (!p->checkers || sg_bb_more_than_one(p->checkers)) return SG_SQ_NONE;
    sg_square ksq = p->king[p->side];
    if (ksq == SG_SQ_NONE) return SG_SQ_NONE;
    sg_square c = sg_bb_lsb(p->checkers);
    sg_bb b = sg_T.between[ksq][c];
    if (!b) return SG_SQ_NONE;
    *between = b;
    return c;
}

static bool mated_mod_futile(const sg_pos *p, sg_futile_rule rule);

/* p: the defender to move, checked by the far slider on c.  Is a drop of type t
 * on s (between) futile: does the slider taking it mate at once? */
static bool futile_drop(const sg_pos *p, sg_square c, sg_square s, sg_ptype t, sg_futile_rule rule)
{
    sg_pos q = *p;
    sg_undo u;
    sg_do_move(&q, sg_move_make_drop(t, s), &u);
    /* jsa: a drop next to the checker, or one the defender protects, is a
     * real defence; the composers' rule asks only whether taking it mates */
    if (rule == SG_FUTILE_JSA) {
        if (sg_bb_test(sg_T.step[SG_BLACK][SG_KING][c], s)) return false;
        if (sg_attackers_to(&q, s, p->side, sg_pos_occupied(&q))) return false;
    }
    sg_ptype ct = sg_piece_type(q.board[c]);
    for (int promo = 1; promo >= 0; promo--) {
        if (promo && !sg_pt_can_promote(ct)) continue;
        sg_move m = sg_move_make(c, s, ct, promo);
        if (sg_is_legal(&q, m) != SG_LEGAL) continue;
        sg_pos r = q;
        sg_undo u2;
        sg_do_move(&r, m, &u2);
        /* as if the drop had not been made: the piece goes back to the
         * defender's hand (the keys are not needed here) */
        sg_ptype back = sg_pt_unpromote(t);
        if (r.hand[sg_opp(p->side)][back]) { r.hand[sg_opp(p->side)][back]--; r.hand[p->side][back]++; }
        if (mated_mod_futile(&r, rule)) return true;
    }
    return false;
}

/* Removes the futile drops from a list of evasions; returns the new count. */
static int filter_futile(const sg_pos *p, sg_move *moves, int n, sg_futile_rule rule)
{
    if (rule == SG_FUTILE_ALL) return n;
    sg_bb between;
    sg_square c = far_checker(p, &between);
    if (c == SG_SQ_NONE) return n;
    sg_bb futile = 0, real = 0;
    int k = 0;
    for (int i = 0; i < n; i++) {
        sg_move m = moves[i];
        if (sg_move_is_drop(m) && sg_bb_test(between, sg_move_to(m))) {
            sg_square s = sg_move_to(m);
            if (!sg_bb_test(futile | real, s)) {
                if (futile_drop(p, c, s, sg_move_dropped(m), rule)) futile |= sg_bb_sq(s);
                else real |= sg_bb_sq(s);
            }
            if (sg_bb_test(futile, s)) continue;
        }
        moves[k++] = m;
    }
    return k;
}

static bool mated_mod_futile(const sg_pos *p, sg_futile_rule rule)
{
    if (sg_has_board_move(p)) return false;
    /* only drops are left, and they can only block */
    sg_move moves[SG_MAX_MOVES];
    int n = sg_gen_legal(p, moves);
    if (n == 0) return true;
    sg_bb between;
    if (far_checker(p, &between) == SG_SQ_NONE) return false;
    return filter_futile(p, moves, n, rule) == 0;
}

/* *filtered: whether futile drops were left out (the result then depends on
 * the defender's hand in ways the proof hands do not track) */
static int gen_evasions(const search *s, const sg_pos *p, sg_move *moves, bool *filtered)
{
    int n = sg_gen_legal(p, moves);
    int k = filter_futile(p, moves, n, s->futile);
    if (filtered) *filtered = k != n;
    return k;
}

/* Has the defender (in check) no counted evasion?  A board move ends the
 * question before anything is listed. */
static bool no_evasion(const search *s, const sg_pos *p, bool *filtered)
{
    if (filtered) *filtered = false;
    if (sg_has_board_move(p)) return false;
    sg_move ev[SG_MAX_MOVES];
    return gen_evasions(s, p, ev, filtered) == 0;
}

int sg_tsume_evasions(const sg_pos *p, sg_futile_rule rule, sg_move *moves)
{
    int n = sg_gen_legal(p, moves);
    return filter_futile(p, moves, n, rule);
}

/* ---- limits and the child arena -------------------------------------------------------- */
static void check_limits(search *s)
{
    if (s->limits->poll) s->limits->poll(s->limits->poll_ud);
    if (sg_limits_stop_asked(s->limits)) { s->aborted = true; s->interrupted = true; }
    if (s->max_nodes && s->nodes >= s->max_nodes) s->aborted = true;
    if (s->max_seconds > 0 && now_seconds() - s->t0 >= s->max_seconds) s->aborted = true;
}

static bool arena_reserve(search *s, size_t n)
{
    if (s->top + n <= s->cap) return true;
    size_t cap = s->cap ? s->cap * 2 : 4096;
    while (cap < s->top + n) cap *= 2;
    child *a = realloc(s->arena, cap * sizeof *a);
    if (!a) { s->oom = true; s->aborted = true; return false; }
    s->arena = a;
    s->cap = cap;
    return true;
}

static inline unsigned path_slot(uint64_t fk) { return (unsigned)(fk >> (64 - PATH_FILTER_BITS)); }
static inline void path_push(search *s, uint64_t fk)
{
    s->pathkey[s->ply++] = fk;
    s->on_path_count[path_slot(fk)]++;
}
static inline void path_pop(search *s) { s->on_path_count[path_slot(s->pathkey[--s->ply])]--; }

/* Is fk on the path with the same side to move?  The long problems' paths
 * are hundreds of plies: the filter answers most lookups without the scan. */
static bool on_path(const search *s, uint64_t fk)
{
    if (!s->on_path_count[path_slot(fk)]) return false;
    for (int i = s->ply - 2; i >= 0; i -= 2)
        if (s->pathkey[i] == fk) return true;
    return false;
}

/* A repetition ends a line only in an unbounded search.  Under a length
 * bound every line ends anyway, and ignoring repetitions changes no answer:
 * a mate within d that repeats a position has a shorter mate inside it
 * (play from the repetition's second occurrence at its first), so some mate
 * within d repeats nothing.  Then every result is the position's alone,
 * never the path's, and the table keeps it for every path. */
static bool rep_on_path(const search *s, uint64_t fk) { return !s->norep && on_path(s, fk); }

static inline int child_depth(int depth) { return depth >= SG_DEPTH_INF ? SG_DEPTH_INF : depth - 1; }

static void store(search *s, const sg_pos *p, int depth, const nres *r, sg_move best, uint64_t work)
{
    sg_mate_table_store_args a = {r->pn, r->dn, r->len, r->rep, (uint32_t)s->pathhash[s->ply], best, work,
                          r->dd > depth ? r->dd : depth};
    bool solved = r->pn == 0 || (r->dn == 0 && !r->rep);
    sg_mate_table_store(s->tt, node_key(s, p), solved ? r->hand : node_hand(s, p), depth, &a);
}

/* ---- proof and disproof hands ----------------------------------------------------------- */
/* The attacker's hand is what varies; the defender holds the rest.  At an AND
 * node a smaller attacker hand gives the defender more to drop: when the check
 * can be blocked, every type the defender lacks must stay with the attacker. */
static uint64_t and_proof_floor(const search *s, const sg_pos *p, uint64_t ph)
{
    sg_bb between;
    if (far_checker(p, &between) == SG_SQ_NONE) return ph;
    uint64_t cur = node_hand(s, p);
    const uint8_t *def = p->hand[sg_opp(s->att)];
    static const sg_ptype T[7] = {SG_PAWN, SG_LANCE, SG_KNIGHT, SG_SILVER, SG_BISHOP, SG_ROOK, SG_GOLD};
    for (int i = 0; i < 7; i++)
        if (def[T[i]] == 0 && sg_hand_get(ph, T[i]) < sg_hand_get(cur, T[i])) ph = sg_hand_set(ph, T[i], sg_hand_get(cur, T[i]));
    return ph;
}

/* the proof hand of an AND node with no (counted) evasion */
static uint64_t mated_proof_hand(const search *s, const sg_pos *p, bool filtered)
{
    return filtered ? node_hand(s, p) : and_proof_floor(s, p, 0);
}

/* An OR node's disproof hand: types it holds none of must stay at none (one
 * more would allow new drops); the rest may grow to dh. */
static uint64_t or_disproof_cap(const search *s, const sg_pos *p, uint64_t dh)
{
    uint64_t cur = node_hand(s, p);
    static const sg_ptype T[7] = {SG_PAWN, SG_LANCE, SG_KNIGHT, SG_SILVER, SG_BISHOP, SG_ROOK, SG_GOLD};
    for (int i = 0; i < 7; i++) if (sg_hand_get(cur, T[i]) == 0) dh = sg_hand_set(dh, T[i], 0);
    return sg_hand_max(dh, cur);
}

/* the type a move captures (unpromoted), or 0 */
static sg_ptype captured_type(const sg_pos *p, sg_move m)
{
    if (sg_move_is_drop(m)) return SG_NO_PT;
    sg_piece c = p->board[sg_move_to(m)];
    return c ? sg_pt_unpromote(sg_piece_type(c)) : SG_NO_PT;
}

/* ---- near the depth limit: mate in one, without the table --------------------------------- */
/* Is there a check after which the defender has no (counted) evasion? */
static bool mate_in_one(search *s, sg_pos *p, sg_move *mate)
{
    sg_move moves[SG_MAX_MOVES];
    int n = sg_gen_checks(p, moves);
    for (int i = 0; i < n; i++) {
        sg_undo u;
        sg_do_move(p, moves[i], &u);
        s->nodes++;
        bool rep = rep_on_path(s, full_key(p));
        if (rep) s->hit_rep = true;
        bool mated = !rep && no_evasion(s, p, NULL);
        sg_undo_move(p, moves[i], &u);
        if (mated) { if (mate) *mate = moves[i]; return true; }
    }
    return false;
}

/* ---- the search ---------------------------------------------------------------------- */
/* p's key is not yet on the path; the caller made the move that led here.
 * Steps: 1 count the node and give up on a repetition; 2-4 answer the shallow
 * and childless nodes at once; 5 make the children; 6 look each up in the
 * table; 7 search the most proving child until a threshold is passed; 8 the
 * result with its proof or disproof hand; 9 store it. */
static void mid(search *s, sg_pos *p, bool orn, int depth, uint32_t thpn, uint32_t thdn, nres *out)
{
    /* Step 1. Count the node, check the limits now and then; a repetition on
     * the path (or the ply cap) is a disproof of this path alone: not stored */
    uint64_t start_nodes = s->nodes++;
    if ((s->nodes & 1023) == 0 || (s->max_nodes && s->nodes >= s->max_nodes)) check_limits(s);
    uint64_t fk = full_key(p), cur = node_hand(s, p);
    out->len = 0; out->rep = false; out->hand = cur; out->dd = depth;
    if (s->ply >= MAX_PLY || rep_on_path(s, fk)) { out->pn = SG_PN_INF; out->dn = 0; out->rep = true; return; }

    sg_move moves[SG_MAX_MOVES];
    int n;
    bool filtered = false;
    /* Step 2. An OR node with room for one move: only a mate in one fits,
     * answered directly (exact hands) */
    if (orn && depth <= 2 && depth > 0) {
        sg_move m = SG_MOVE_NONE;
        path_push(s, fk);
        s->hit_rep = false;
        bool mated = mate_in_one(s, p, &m);
        path_pop(s);
        if (mated) { out->pn = 0; out->dn = SG_PN_INF; out->len = 1; }
        else { out->pn = SG_PN_INF; out->dn = 0; out->rep = s->hit_rep; }
        store(s, p, depth, out, m, 1);
        return;
    }
    /* Step 3. An OR node without a check (or at depth 0) is disproved */
    if (orn) {
        n = depth > 0 ? sg_gen_checks(p, moves) : 0;
        if (n == 0) {
            out->pn = SG_PN_INF; out->dn = 0;
            out->hand = depth == 0 ? SG_HAND_MAX : or_disproof_cap(s, p, SG_HAND_MAX);
            out->dd = depth == 0 ? 0 : SG_DEPTH_INF;
            store(s, p, depth == 0 ? 0 : SG_DEPTH_INF, out, 0, 1);
            return;
        }
    } else {
        /* Step 4. An AND node: no evasion is mate; near the depth limit each
         * evasion must allow a mate in one, and below that nothing is proved */
        n = gen_evasions(s, p, moves, &filtered);
        if (n == 0) {
            out->pn = 0; out->dn = SG_PN_INF; out->len = 0;
            out->hand = mated_proof_hand(s, p, filtered);
            store(s, p, depth, out, 0, 1);
            return;
        }
        if (depth >= 2 && depth <= 3) {
            /* every evasion must allow a mate in one (exact hands) */
            path_push(s, fk);
            s->hit_rep = false;
            bool all = true;
            for (int i = 0; i < n && all; i++) {
                sg_undo u;
                sg_do_move(p, moves[i], &u);
                uint64_t ek = full_key(p);
                bool rep = rep_on_path(s, ek);
                path_push(s, ek);
                if (rep) s->hit_rep = true;
                all = !rep && mate_in_one(s, p, NULL);
                path_pop(s);
                sg_undo_move(p, moves[i], &u);
            }
            path_pop(s);
            if (all) { out->pn = 0; out->dn = SG_PN_INF; out->len = 2; }
            else { out->pn = SG_PN_INF; out->dn = 0; out->rep = s->hit_rep; }
            store(s, p, depth, out, 0, (uint64_t)n);
            return;
        }
        if (depth < 2) {
            out->pn = SG_PN_INF; out->dn = 0;
            bool board_move = false;
            for (int i = 0; i < n; i++) if (!sg_move_is_drop(moves[i])) board_move = true;
            out->hand = board_move && !filtered ? SG_HAND_MAX : cur;
            store(s, p, depth, out, 0, 1);
            return;
        }
    }
    /* Step 5. The children in the arena; this node goes on the path */
    if (!arena_reserve(s, (size_t)n)) { out->pn = 1; out->dn = 1; return; }
    size_t base = s->top;
    s->top += (size_t)n;
    s->pathhash[s->ply + 1] = s->pathhash[s->ply] ^ mix64(fk);
    path_push(s, fk);
    uint32_t cpath = (uint32_t)s->pathhash[s->ply];
    int cdepth = child_depth(depth);
    child *ch = s->arena + base;
    bool done = false;

    /* expand: every child's key first (prefetching its table cluster), then the
     * lookups (step 6); an unknown check is tried for a mate at once */
    for (int i = 0; i < n; i++) {
        sg_move m = moves[i];
        uint64_t ck;
        keys_after(s, p, m, &ck, &ch[i].key, &ch[i].hand);
        ch[i].m = m; ch[i].len = 0;
        ch[i].rep = rep_on_path(s, ck) || s->ply >= MAX_PLY;
        sg_mate_table_prefetch(s->tt, ch[i].key);
    }
    /* Step 6. Each child's numbers from the table; an unknown check is tried
     * for a mate at once, and a mate found ends the expansion */
    int filled = 0;
    for (int i = 0; i < n && !done; i++, filled++) {
        ch[i].sh = ch[i].hand;
        if (ch[i].rep) { ch[i].pn = SG_PN_INF; ch[i].dn = 0; continue; }
        sg_mate_table_probe_result r;
        sg_mate_table_probe(s->tt, ch[i].key, ch[i].hand, cdepth, cpath, &r);
        ch[i].pn = r.pn; ch[i].dn = r.dn; ch[i].len = (uint16_t)r.len; ch[i].rep = r.rep; ch[i].dd = (uint16_t)r.dd;
        if (r.found && (r.pn == 0 || (r.dn == 0 && !r.rep))) ch[i].sh = r.hand;
        if (!r.found && orn) {
            sg_move m = ch[i].m;
            sg_undo u;
            sg_do_move(p, m, &u);
            bool cf;
            bool mated = no_evasion(s, p, &cf);
            s->nodes++;
            nres cr = {1, 1, 0, false, ch[i].hand, cdepth};
            if (mated) {
                cr.pn = 0; cr.dn = SG_PN_INF;
                cr.hand = mated_proof_hand(s, p, cf);
                done = true;
            } else if (cdepth < 2) {
                cr.pn = SG_PN_INF; cr.dn = 0;
            } else {
                /* a flat estimate: counting the evasions costs more than
                 * the better ordering it buys (measured on the suite) */
                cr.pn = 2;
                cr.dn = 1;
            }
            ch[i].pn = cr.pn; ch[i].dn = cr.dn; ch[i].sh = cr.hand; ch[i].dd = (uint16_t)cdepth;
            store(s, p, cdepth, &cr, 0, 0);
            sg_undo_move(p, m, &u);
        }
    }
    n = filled;

    /* Step 7. The multiple-iterative-deepening loop: the node's numbers from
     * its children; while under both thresholds, search the most proving child
     * with thresholds that send it back when the second best would take over */
    uint32_t pn = 0, dn = 0;
    int best = 0;
    for (;;) {
        ch = s->arena + base;
        uint32_t v2 = SG_PN_INF;
        best = -1;
        /* an OR node takes its least proof number and sums the disproof
         * numbers; an AND node the other way round */
        uint32_t mn = SG_PN_INF, sum = 0;
        /* delayed interpositions: at an AND node, of the drops on one square
         * only the first not yet proven counts; the next waits until it is
         * proven (they are mostly proven alike, and summing them all would
         * overstate the node's proof number) */
        sg_bb waiting = 0;
        uint32_t bsum = 0;   /* the chosen child's other number: ties go to the larger */
        for (int i = 0; i < n; i++) {
            if (!orn && sg_move_is_drop(ch[i].m)) {
                sg_square to = sg_move_to(ch[i].m);
                if (sg_bb_test(waiting, to)) continue;
                if (ch[i].pn != 0) waiting |= sg_bb_sq(to);
            }
            uint32_t least = orn ? ch[i].pn : ch[i].dn, summed = orn ? ch[i].dn : ch[i].pn;
            sum = sum_add(sum, summed);
            if (least < mn || (least == mn && summed > bsum)) { v2 = mn; mn = least; best = i; bsum = summed; }
            else if (least < v2) v2 = least;
        }
        pn = orn ? mn : sum;
        dn = orn ? sum : mn;
        if (pn == 0) dn = SG_PN_INF;
        if (dn == 0) pn = SG_PN_INF;
        if (pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || s->aborted) break;
        uint32_t cthpn, cthdn;
        uint32_t eps = v2 >= SG_PN_MAX ? SG_PN_MAX : sat_add(v2, v2 / 4 + 1);
        if (orn) {
            cthpn = thpn < eps ? thpn : eps;
            cthdn = sat_add(thdn - dn, ch[best].dn);
        } else {
            cthdn = thdn < eps ? thdn : eps;
            cthpn = sat_add(thpn - pn, ch[best].pn);
        }
        sg_move m = ch[best].m;
        sg_undo u;
        nres r;
        sg_do_move(p, m, &u);
        mid(s, p, !orn, cdepth, cthpn, cthdn, &r);
        sg_undo_move(p, m, &u);
        ch = s->arena + base;
        ch[best].pn = r.pn; ch[best].dn = r.dn; ch[best].len = (uint16_t)r.len; ch[best].rep = r.rep;
        ch[best].sh = r.hand; ch[best].dd = (uint16_t)r.dd;
    }

    /* Step 8. The result, with its proof or disproof hand: a proof keeps the
     * shortest mate (OR) or the longest defence (AND) and the least hand the
     * attacker needs, a disproof the most it may hold and still fail, so that
     * the table can answer for other hands too */
    ch = s->arena + base;
    out->pn = pn; out->dn = dn; out->len = 0; out->rep = false; out->hand = cur; out->dd = depth;
    sg_move bm = best >= 0 ? ch[best].m : SG_MOVE_NONE;
    if (pn == 0) {
        if (orn) {
            int len = 0xFFFF, bi = 0;
            for (int i = 0; i < n; i++) if (ch[i].pn == 0 && ch[i].len < len) { len = ch[i].len; bi = i; }
            bm = ch[bi].m;
            out->len = len + 1;
            /* what the child needed, plus a dropped piece, less a captured one */
            uint64_t ph = ch[bi].sh;
            if (sg_move_is_drop(bm)) {
                sg_ptype t = sg_move_dropped(bm);
                ph = sg_hand_set(ph, t, sg_hand_get(ph, t) + 1);
            } else {
                sg_ptype t = captured_type(p, bm);
                if (t && sg_hand_get(ph, t) > 0) ph = sg_hand_set(ph, t, sg_hand_get(ph, t) - 1);
            }
            out->hand = sg_hand_min(ph, cur);
        } else {
            int len = 0;
            uint64_t ph = 0;
            for (int i = 0; i < n; i++) {
                if (ch[i].len > len) { len = ch[i].len; bm = ch[i].m; }
                ph = sg_hand_max(ph, ch[i].sh);
            }
            out->len = len + 1;
            out->hand = filtered ? cur : sg_hand_min(and_proof_floor(s, p, ph), cur);
        }
    } else if (dn == 0) {
        if (orn) {
            uint64_t dh = SG_HAND_MAX;
            int dd = SG_DEPTH_INF;
            for (int i = 0; i < n; i++) {
                if (ch[i].rep) { out->rep = true; continue; }
                int cd = ch[i].dd >= SG_DEPTH_INF ? SG_DEPTH_INF : ch[i].dd + 1;
                if (cd < dd) dd = cd;
                uint64_t d = ch[i].sh;
                sg_move m = ch[i].m;
                if (sg_move_is_drop(m)) {
                    sg_ptype t = sg_move_dropped(m);
                    int v = sg_hand_get(d, t) + 1;
                    d = sg_hand_set(d, t, v > 0x7F ? 0x7F : v);
                } else {
                    sg_ptype t = captured_type(p, m);
                    if (t && sg_hand_get(d, t) > 0) d = sg_hand_set(d, t, sg_hand_get(d, t) - 1);
                }
                dh = sg_hand_min(dh, d);
            }
            out->hand = or_disproof_cap(s, p, sg_hand_min(dh, SG_HAND_MAX));
            if (dd > depth) out->dd = dd;
        } else {
            out->rep = true;
            for (int i = 0; i < n; i++) {
                if (ch[i].dn == 0 && !ch[i].rep) {
                    out->rep = false;
                    bm = ch[i].m;
                    uint64_t dh = ch[i].sh;
                    if (filtered) dh = cur;
                    else if (sg_move_is_drop(bm)) {
                        /* the defender must keep the piece it dropped */
                        sg_ptype t = sg_move_dropped(bm);
                        int lim = sg_hand_get(cur, t) + p->hand[sg_opp(s->att)][t] - 1;
                        if (sg_hand_get(dh, t) > lim) dh = sg_hand_set(dh, t, lim);
                    }
                    out->hand = sg_hand_max(dh, cur);
                    int cd = ch[i].dd >= SG_DEPTH_INF ? SG_DEPTH_INF : ch[i].dd + 1;
                    if (cd > depth) out->dd = cd;
                    break;
                }
            }
        }
    }
    /* Step 9. Off the path, the children freed, the result stored with the
     * work it took (the replacement scheme keeps the costly entries) */
    path_pop(s);
    s->top = base;
    store(s, p, depth, out, bm, s->nodes - start_nodes);
}

/* Runs mid from p until solved or a limit; the path so far stays. */
static void run(search *s, sg_pos *p, bool orn, int depth, nres *out)
{
    out->pn = 1; out->dn = 1; out->len = 0; out->rep = false;
    bool was = s->norep;
    s->norep = depth + s->ply < MAX_PLY - 8;
    for (;;) {
        mid(s, p, orn, depth, SG_PN_MAX, SG_PN_MAX, out);
        if (out->pn == 0 || out->dn == 0 || s->aborted) break;
        if (out->pn >= SG_PN_MAX || out->dn >= SG_PN_MAX) break;
    }
    s->norep = was;
}

/* ---- the main line ------------------------------------------------------------------ */
static void push_path(search *s, const sg_pos *p)
{
    uint64_t fk = full_key(p);
    s->pathhash[s->ply + 1] = s->pathhash[s->ply] ^ mix64(fk);
    path_push(s, fk);
}

/* proves p (after a move) within depth with a node budget: 1 proven, 0 disproven, -1 unknown */
static int prove(search *s, sg_pos *p, bool orn, int depth, uint64_t budget, int *len)
{
    if (on_path(s, full_key(p))) return 0;
    nres r;
    uint64_t saved = s->max_nodes, lim = s->nodes + budget;
    if (!saved || lim < saved) s->max_nodes = lim;
    run(s, p, orn, depth, &r);
    s->max_nodes = saved;
    if (s->aborted) {
        if (!s->interrupted) { s->aborted = false; check_limits(s); }
        return -1;
    }
    if (r.pn == 0) { *len = r.len; return 1; }
    if (r.dn == 0) return 0;
    return -1;
}

static int pv_and(search *s, sg_pos *p, int e, sg_move *pv, int room);

static bool hand_empty(const uint8_t *h)
{
    for (int t = 1; t < SG_HAND_NB; t++) if (h[t]) return false;
    return true;
}

/* the table's word on p (after a move) at this depth: 1 proven (len), 0 disproven, -1 unknown */
static int probe_solved(search *s, const sg_pos *p, int depth, int *len)
{
    if (on_path(s, full_key(p))) return 0;
    sg_mate_table_probe_result r;
    sg_mate_table_probe(s->tt, node_key(s, p), node_hand(s, p), depth, (uint32_t)s->pathhash[s->ply], &r);
    if (r.found && r.pn == 0) { *len = r.len; return 1; }
    if (r.found && r.dn == 0 && !r.rep) return 0;
    return -1;
}

/* p: OR node with an exact mate length d; writes the line, returns its length */
static int pv_or(search *s, sg_pos *p, int d, sg_move *pv, int room)
{
    if (room <= 0 || d <= 0 || s->interrupted || s->ply >= MAX_PLY - 2) return 0;
    sg_move moves[SG_MAX_MOVES];
    int n = sg_gen_checks(p, moves);
    sg_mate_table_probe_result tr;
    sg_mate_table_probe(s->tt, node_key(s, p), node_hand(s, p), d, (uint32_t)s->pathhash[s->ply], &tr);
    push_path(s, p);
    int got = 0;
    /* a mate the table already knows, else a small search per check, then a
     * larger one for the checks still unknown; when the budget is gone, the
     * shortest mate the table knows at any length */
    signed char known[SG_MAX_MOVES];
    memset(known, 0, sizeof known);
    /* pass 0 takes the first check in the generator's order that mates in
     * time: the first the table proves, unless a small search proves an
     * earlier one the table does not know (within a budget for the whole
     * line), so that equal mates (duals) give the same main line however
     * the search went */
    int first = -1;
    for (int i = 0; i < n && first < 0; i++) {
        sg_undo u;
        int len = 0;
        sg_do_move(p, moves[i], &u);
        if (probe_solved(s, p, d - 1, &len) == 1 && len <= d - 1) first = i;
        sg_undo_move(p, moves[i], &u);
    }
    for (int i = 0; i < first && s->dual_nodes > 0 && !s->aborted; i++) {
        sg_undo u;
        int len = 0;
        sg_do_move(p, moves[i], &u);
        int v = probe_solved(s, p, d - 1, &len);
        if (v < 0) {
            uint64_t before = s->nodes;
            v = prove(s, p, false, d - 1, 20000, &len);
            s->dual_nodes -= (int64_t)(s->nodes - before);
        }
        sg_undo_move(p, moves[i], &u);
        if (v == 1 && len <= d - 1) { first = i; break; }
    }
    for (int pass = 0; pass < 4 && !got; pass++) {
        /* the table already proves: the first such check in the generator's
         * order, so that equal mates (duals) give the same main line whatever
         * the search did; the searches start with the table's best move */
        if (pass == 1)
            for (int i = 1; i < n; i++)
                if (tr.best && sg_mate_table_move_bits(moves[i]) == tr.best) {
                    sg_move t = moves[0]; moves[0] = moves[i]; moves[i] = t;
                }
        int pick = -1, pick_len = 0;
        for (int i = 0; i < n && !got; i++) {
            if (pass == 2 && known[i] >= 0) continue;
            if (pass == 0 && i != first) continue;
            sg_undo u;
            int len = 0;
            sg_do_move(p, moves[i], &u);
            int v = pass == 0 ? probe_solved(s, p, d - 1, &len)
                  : pass < 3 ? (s->aborted ? -1 : prove(s, p, false, d - 1, pass == 1 ? 300000 : 3000000, &len))
                  : probe_solved(s, p, SG_DEPTH_INF, &len);
            if (pass == 1) known[i] = (signed char)v;
            if (pass < 3 && v == 1 && len <= d - 1) {
                pv[0] = moves[i];
                got = 1 + pv_and(s, p, len, pv + 1, room - 1);
            } else if (pass == 3 && v == 1 && (pick < 0 || len < pick_len)) {
                pick = i;
                pick_len = len;
            }
            sg_undo_move(p, moves[i], &u);
        }
        if (pick >= 0) {
            sg_undo u;
            sg_do_move(p, moves[pick], &u);
            pv[0] = moves[pick];
            got = 1 + pv_and(s, p, pick_len, pv + 1, room - 1);
            sg_undo_move(p, moves[pick], &u);
        }
    }
    path_pop(s);
    return got;
}

/* p: AND node with an exact mate length e; picks the longest defence, then
 * one that leaves the attacker nothing in hand, then a board move over a drop */
static int pv_and(search *s, sg_pos *p, int e, sg_move *pv, int room)
{
    if (room <= 0 || e <= 0 || s->interrupted || s->ply >= MAX_PLY - 2) return 0;
    sg_move moves[SG_MAX_MOVES];
    int n = gen_evasions(s, p, moves, NULL);
    /* board moves before drops */
    sg_move ord[SG_MAX_MOVES];
    int k = 0;
    for (int i = 0; i < n; i++) if (!sg_move_is_drop(moves[i])) ord[k++] = moves[i];
    for (int i = 0; i < n; i++) if (sg_move_is_drop(moves[i])) ord[k++] = moves[i];
    push_path(s, p);
    /* which defences last e - 1 more plies (none mates within e - 3)? */
    signed char cls[SG_MAX_MOVES];  /* 1 the longest, 0 shorter, -1 not known */
    int ncand = 0, nunknown = 0;
    for (int i = 0; i < n; i++) {
        cls[i] = 1;
        if (e - 3 >= 1) {
            sg_undo u;
            int len;
            sg_do_move(p, ord[i], &u);
            int v = probe_solved(s, p, e - 3, &len);
            if (v < 0 && !s->aborted) v = prove(s, p, true, e - 3, 300000, &len);
            sg_undo_move(p, ord[i], &u);
            cls[i] = (signed char)(v == 0 ? 1 : v == 1 ? 0 : -1);
        }
        if (cls[i] == 1) ncand++;
        if (cls[i] == -1) nunknown++;
    }
    int want = ncand ? 1 : nunknown ? -1 : 0;
    sg_move *line = malloc(sizeof(sg_move) * (size_t)room);
    int best_len = -1, tried = 0;
    for (int i = 0; i < n && line; i++) {
        if (cls[i] != want) continue;
        if (best_len >= 0 && (s->pv_budget <= 0 || tried >= 6)) break;
        sg_undo u;
        sg_do_move(p, ord[i], &u);
        tried++;
        s->pv_budget--;
        line[0] = ord[i];
        int got = 1 + pv_or(s, p, e - 1, line + 1, room - 1);
        /* does the line end with the attacker's hand empty? */
        sg_pos q = *p;
        for (int j = 1; j < got; j++) { sg_undo v; sg_do_move(&q, line[j], &v); }
        bool empty = hand_empty(q.hand[s->att]);
        /* a whole line beats a cut one; then one that leaves no hand */
        if (best_len < 0 || (got == e && (best_len != e || empty))) {
            memcpy(pv, line, sizeof(sg_move) * (size_t)got);
            best_len = got;
        }
        sg_undo_move(p, ord[i], &u);
        if (empty && got == e) break;
    }
    free(line);
    path_pop(s);
    return best_len < 0 ? 0 : best_len;
}

/* The line the table holds right after a proof, read without searching: the
 * shortest proven check, the longest proven defence.  It is the fallback for
 * when the final reading, made after later searches reused the table, is cut
 * short. */
static int table_line(search *s, sg_pos *p, bool orn, int d, sg_move *pv, int room)
{
    if (room <= 0 || d <= 0 || s->ply >= MAX_PLY - 2) return 0;
    sg_move moves[SG_MAX_MOVES];
    int n = orn ? sg_gen_checks(p, moves) : gen_evasions(s, p, moves, NULL);
    int pick = -1, pick_len = 0;
    push_path(s, p);
    for (int i = 0; i < n; i++) {
        sg_undo u;
        int len = 0;
        sg_do_move(p, moves[i], &u);
        int v = probe_solved(s, p, d - 1, &len);
        sg_undo_move(p, moves[i], &u);
        if (v == 1 && len <= d - 1 && (pick < 0 || (orn ? len < pick_len : len > pick_len))) {
            pick = i;
            pick_len = len;
        }
    }
    int got = 0;
    if (pick >= 0) {
        sg_undo u;
        sg_do_move(p, moves[pick], &u);
        pv[0] = moves[pick];
        got = 1 + table_line(s, p, !orn, pick_len, pv + 1, room - 1);
        sg_undo_move(p, moves[pick], &u);
    }
    path_pop(s);
    return got;
}

/* Reads the main line of a mate of length len into r, with a budget of its own
 * (2M nodes plus a quarter of the search so far, a quarter more time). */
static void extract_pv(search *s, sg_pos *p, bool orn, int len, sg_dfpn_result *r)
{
    if (s->interrupted) return;
    bool was = s->aborted;
    uint64_t saved_max = s->max_nodes;
    double saved_sec = s->max_seconds;
    s->aborted = false;
    if (!s->strict) {
        s->max_nodes = s->nodes + 2000000 + s->nodes / 4;
        s->max_seconds = saved_sec > 0 ? saved_sec * 1.25 + 1 : 0;
    }
    s->pv_budget = 400;
    s->dual_nodes = 2000000;
    r->pv_len = orn ? pv_or(s, p, len, r->pv, SG_DFPN_MAX_PV) : pv_and(s, p, len, r->pv, SG_DFPN_MAX_PV);
    s->max_nodes = saved_max;
    s->max_seconds = saved_sec;
    s->aborted = was || s->interrupted;
    if (!s->aborted) check_limits(s);
}

/* ---- entry point ------------------------------------------------------------------------ */
void sg_dfpn_opts_default(sg_dfpn_opts *o)
{
    memset(o, 0, sizeof *o);
    o->max_length = -1;
    o->shortest = true;
    o->pv = true;
}

static uint64_t material_signature(const sg_pos *p)
{
    int count[SG_PT_NB] = {0};
    for (int sq = 0; sq < SG_SQ_NB; sq++)
        if (p->board[sq]) count[sg_pt_unpromote(sg_piece_type(p->board[sq]))]++;
    for (int c = 0; c < SG_COLOR_NB; c++)
        for (int t = 1; t < SG_HAND_NB; t++) count[t] += p->hand[c][t];
    uint64_t h = 0;
    for (int t = 0; t < SG_PT_NB; t++) h = mix64(h ^ (uint64_t)count[t] << (t % 8 * 8));
    return h;
}

void sg_dfpn_solve(sg_mate_table *tt, const sg_pos *root, sg_color attacker, const sg_dfpn_opts *o, sg_dfpn_result *r)
{
    memset(r, 0, sizeof *r);
    r->status = SG_DFPN_UNKNOWN;
    search *s = calloc(1, sizeof *s);
    if (!s) return;
    s->tt = tt;
    s->att = attacker;
    s->sig = material_signature(root);
    s->max_nodes = o->limits.nodes;
    s->max_seconds = o->limits.seconds;
    s->limits = &o->limits;
    s->futile = o->futile;
    s->strict = o->strict;
    s->t0 = now_seconds();
    s->pv_budget = 400;
    sg_pos p = *root;
    bool orn = p.side == attacker;
    int depth = o->max_length >= 0 ? (o->max_length < SG_DEPTH_INF ? o->max_length : SG_DEPTH_INF - 1) : SG_DEPTH_INF;
    nres res;
    /* the side not to move in check (a piece taken off a diagram can do
     * that) is no tsume, and the move generators assume it never happens */
    if ((!orn && !sg_in_check(&p)) || sg_pos_royal_attackers(&p, sg_opp(p.side))) {
        r->status = SG_DFPN_NOMATE;
        goto done;
    }
    check_limits(s);
    run(s, &p, orn, depth, &res);
    r->nodes_first = s->nodes;
    if (res.pn == 0) {
        int len = res.len;
        sg_move *fallback = o->pv ? malloc(sizeof(sg_move) * SG_DFPN_MAX_PV) : NULL;
        int fallback_len = fallback ? table_line(s, &p, orn, len, fallback, SG_DFPN_MAX_PV) : 0;
        bool exact = !o->shortest;
        if (o->shortest) {
            exact = true;
            while (len >= 2) {
                nres r2;
                run(s, &p, orn, len - 2, &r2);
                if (r2.pn == 0) {
                    len = r2.len;
                    if (fallback) fallback_len = table_line(s, &p, orn, len, fallback, SG_DFPN_MAX_PV);
                } else if (r2.dn == 0) {
                    break;
                } else {
                    exact = false;
                    break;
                }
            }
            if (len < 2) exact = true;
        }
        /* the main line is read once, at the end: the table then holds the
         * disproofs of every shorter mate, which tell the longest defences */
        if (o->pv) extract_pv(s, &p, orn, len, r);
        if (fallback && r->pv_len != len && fallback_len == len) {
            memcpy(r->pv, fallback, sizeof(sg_move) * (size_t)len);
            r->pv_len = len;
        }
        free(fallback);
        r->nodes_shortest = s->nodes;
        r->status = SG_DFPN_MATE;
        r->length = len;
        r->exact = exact;
    } else if (res.dn == 0) {
        r->status = SG_DFPN_NOMATE;
    }
done:
    r->interrupted = s->interrupted;
    r->nodes = s->nodes;
    r->seconds = now_seconds() - s->t0;
    free(s->arena);
    free(s);
}
