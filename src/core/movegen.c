/* Legal move generation.  One pseudo-legal generator serves every rule set;
 * standard shogi filters it fast with pins and check masks, Sho shogi (two
 * royals) by playing each move and asking sg_pos_royal_exposed(). */
#include <string.h>
#include "movegen.h"
#include "pieces.h"

static inline bool dead_square(sg_color c, sg_ptype t, sg_square to)
{
    int rr = sg_rel_rank(c, to);
    return ((t == SG_PAWN || t == SG_LANCE) && rr == 0) || (t == SG_KNIGHT && rr <= 1);
}

/* squares where a piece of type t of colour c may not stay unpromoted */
static inline sg_bb dead_mask(sg_color c, sg_ptype t)
{
    sg_bb far = sg_T.rank_mask[c == SG_BLACK ? 0 : 8];
    if (t == SG_PAWN || t == SG_LANCE) return far;
    if (t == SG_KNIGHT) return far | sg_T.rank_mask[c == SG_BLACK ? 1 : 7];
    return 0;
}

/* moves of one piece to the given targets, with every legal promotion choice */
/* the move from -> to, with promotion where it may promote (promo), and
 * also without unless the piece could not move on from there (dead) */
SG_INLINE int add_move(sg_move *list, int n, sg_square from, sg_square to, sg_ptype t, bool promo, bool dead)
{
    if (promo) list[n++] = sg_move_make(from, to, t, true);
    if (!promo || !dead) list[n++] = sg_move_make(from, to, t, false);
    return n;
}

SG_INLINE int emit(sg_move *list, int n, sg_color us, sg_ptype t, sg_square from, sg_bb targets)
{
    if (!sg_pt_can_promote(t)) {
        SG_BB_FOR_EACH(targets, to, list[n++] = sg_move_make(from, to, t, false));
        return n;
    }
    /* where the move may promote, and where the piece may not stay
     * unpromoted, as bitboards: a bit test per target instead of its rank */
    sg_bb promo = sg_T.promotion_to[us][from], dead = dead_mask(us, t);
    SG_BB_FOR_EACH(targets, to, { n = add_move(list, n, from, to, t, sg_bb_test(promo, to), sg_bb_test(dead, to)); });
    return n;
}

/* the same, quiet moves only: no promotion (the targets hold no enemy piece) */
SG_INLINE int emit_quiet(sg_move *list, int n, sg_color us, sg_ptype t, sg_square from, sg_bb targets)
{
    if (sg_pt_can_promote(t)) targets &= ~dead_mask(us, t);
    SG_BB_FOR_EACH(targets, to, list[n++] = sg_move_make(from, to, t, false));
    return n;
}

/* squares a drop of type t may land on, ignoring nifu and uchifuzume */
static inline sg_bb drop_mask(sg_color us, sg_ptype t)
{
    sg_bb far = sg_T.rank_mask[us == SG_BLACK ? 0 : 8];
    sg_bb next = sg_T.rank_mask[us == SG_BLACK ? 1 : 7];
    if (t == SG_PAWN || t == SG_LANCE) return SG_BB_ALL & ~far;
    if (t == SG_KNIGHT) return SG_BB_ALL & ~far & ~next;
    return SG_BB_ALL;
}

/* files holding an unpromoted pawn of colour c */
static inline sg_bb pawn_files(const sg_pos *p, sg_color c)
{
    /* all files at once, each 9 bits: adding 0xff to a file's ranks a..h
     * carries into rank i when any is set (never into the next file); its
     * rank-i bit h then becomes the whole file as (h << 1) - (h >> 8) */
    sg_bb pawns = sg_pos_pieces(p, c, SG_PAWN);
    sg_bb top = sg_T.rank_mask[8], low = SG_BB_ALL & ~top;
    sg_bb h = (((pawns & low) + low) | pawns) & top;
    return (h << 1) - (h >> 8);
}

/* the square a pawn of colour c drops on to check the king on ksq */
static inline sg_square pawn_check_square(sg_color c, sg_square ksq)
{
    int r = sg_sq_rank(ksq) + (c == SG_BLACK ? 1 : -1);
    return (r < 0 || r > 8) ? SG_SQ_NONE : ksq + (c == SG_BLACK ? 1 : -1);
}

/* is the pawn drop on `to` (which checks the enemy king) a mate? */
static bool pawn_drop_mates(const sg_pos *p, sg_move m)
{
    sg_pos q = *p;
    sg_undo u;
    sg_do_move(&q, m, &u);
    return !sg_has_legal_move(&q);
}

/* Drops onto targets.  With list NULL the drops are only counted (bulk
 * counting at perft leaves), which costs a popcount per piece type. */
static int gen_drops(const sg_pos *p, sg_move *list, int n, sg_bb targets)
{
    sg_color us = p->side;
    const uint8_t *hand = p->hand[us];
    for (sg_ptype t = SG_PAWN; t <= SG_GOLD; t++) {
        if (!hand[t] || t == SG_ELEPHANT) continue;
        sg_bb to = targets & drop_mask(us, t);
        if (t == SG_PAWN) {
            to &= ~pawn_files(p, us);
            sg_square ek = p->king[sg_opp(us)];
            sg_square pc = ek == SG_SQ_NONE ? SG_SQ_NONE : pawn_check_square(us, ek);
            if (pc != SG_SQ_NONE && sg_bb_test(to, pc) && pawn_drop_mates(p, sg_move_make_drop(SG_PAWN, pc)))
                to ^= sg_bb_sq(pc);
        }
        if (!list) { n += sg_bb_count(to); continue; }
        SG_BB_FOR_EACH(to, sq, list[n++] = sg_move_make_drop(t, sq));
    }
    return n;
}

/* the number of moves emit() would list: every target once, again where it
 * may promote, less the non-promotions onto dead squares */
SG_INLINE int count_moves(sg_color us, sg_ptype t, sg_square from, sg_bb targets)
{
    int n = sg_bb_count(targets);
    if (!sg_pt_can_promote(t)) return n;
    return n + sg_bb_count(targets & sg_T.promotion_to[us][from]) - sg_bb_count(targets & dead_mask(us, t));
}

/* the moves (or, with list NULL, the count) of one piece of type t; quiet:
 * the moves without promotion only (a constant where it is inlined) */
SG_INLINE int gen_one(sg_move *list, int n, sg_color us, sg_ptype t, sg_square from, sg_bb occ, sg_bb target,
                      bool quiet)
{
    sg_bb to = sg_piece_attack(us, t, from, occ) & target;
    if (quiet) return emit_quiet(list, n, us, t, from, to);
    return list ? emit(list, n, us, t, from, to) : n + count_moves(us, t, from, to);
}

/* the same for the pieces pcs, all of type t: inlined with t a constant, so
 * each type gets its own loop with no switch; the two 64-bit halves are
 * walked apart, cheaper than popping the 128-bit value */
SG_INLINE int gen_type(sg_move *list, int n, sg_color us, sg_ptype t, sg_bb pcs, sg_bb occ, sg_bb target,
                       bool quiet)
{
    for (uint64_t w = (uint64_t)pcs; w; w &= w - 1)
        n = gen_one(list, n, us, t, __builtin_ctzll(w), occ, target, quiet);
    for (uint64_t w = (uint64_t)(pcs >> 64); w; w &= w - 1)
        n = gen_one(list, n, us, t, 64 + __builtin_ctzll(w), occ, target, quiet);
    return n;
}

/* the pawns' moves, all pawns at once: a pawn's one step forward is one bit
 * down for black, up for white (squares are file-major; the edge rank mask
 * keeps a pawn on the last rank of a lenient diagram in its file), and the
 * destinations come out in the order of their pawns, as gen_type lists them */
SG_INLINE int gen_pawns(sg_move *list, int n, sg_color us, sg_bb pawns, sg_bb target, bool quiet)
{
    sg_bb to = (us == SG_BLACK ? (pawns >> 1) & ~sg_T.rank_mask[8] : (pawns << 1) & ~sg_T.rank_mask[0]) & target;
    int back = us == SG_BLACK ? 1 : -1;
    if (quiet) {
        to &= ~dead_mask(us, SG_PAWN);
        SG_BB_FOR_EACH(to, s, list[n++] = sg_move_make(s + back, s, SG_PAWN, false));
        return n;
    }
    /* a pawn that may promote steps into the zone */
    sg_bb zone = sg_T.zone[us], dead = dead_mask(us, SG_PAWN);
    SG_BB_FOR_EACH(to, s, { n = add_move(list, n, s + back, s, SG_PAWN, sg_bb_test(zone, s), sg_bb_test(dead, s)); });
    return n;
}

/* moves of every piece of ours but those in exclude (the king, in standard
 * shogi), pinned pieces kept on their line to the king on ksq; with list
 * NULL they are only counted; quiet: no promotions (the target then holds
 * empty squares only) */
SG_INLINE int gen_pieces(const sg_pos *p, sg_move *list, int n, sg_bb target, sg_bb pinned, sg_square ksq, sg_bb exclude,
                         bool quiet)
{
    sg_color us = p->side;
    sg_bb occ = sg_pos_occupied(p);
    const sg_bb *T = p->by_type;
    sg_bb own = p->by_color[us] & ~exclude, unpinned = own & ~pinned;
    sg_bb pawns = unpinned & T[SG_PAWN];
    if (!list) {
        /* the pawns all at once: one step forward is one bit down for black,
         * up for white (squares are file-major); the edge rank mask keeps a
         * pawn on the last rank (a lenient diagram) in its file */
        sg_bb to = (us == SG_BLACK ? (pawns >> 1) & ~sg_T.rank_mask[8] : (pawns << 1) & ~sg_T.rank_mask[0]) & target;
        n += sg_bb_count(to) + sg_bb_count(to & sg_T.zone[us]) - sg_bb_count(to & dead_mask(us, SG_PAWN));
    } else {
        n = gen_pawns(list, n, us, pawns, target, quiet);
    }
    n = gen_type(list, n, us, SG_LANCE, unpinned & T[SG_LANCE], occ, target, quiet);
    n = gen_type(list, n, us, SG_KNIGHT, unpinned & T[SG_KNIGHT], occ, target, quiet);
    n = gen_type(list, n, us, SG_SILVER, unpinned & T[SG_SILVER], occ, target, quiet);
    sg_bb golds = unpinned & (T[SG_GOLD] | T[SG_PRO_PAWN] | T[SG_PRO_LANCE] | T[SG_PRO_KNIGHT] | T[SG_PRO_SILVER]);
    if (!list) {
        /* counted together: the same steps, no promotion */
        n = gen_type(NULL, n, us, SG_GOLD, golds, occ, target, quiet);
    } else {
        for (sg_ptype t = SG_GOLD; t <= SG_PRO_SILVER; t++) n = gen_type(list, n, us, t, golds & T[t], occ, target, quiet);
    }
    n = gen_type(list, n, us, SG_BISHOP, unpinned & T[SG_BISHOP], occ, target, quiet);
    n = gen_type(list, n, us, SG_ROOK, unpinned & T[SG_ROOK], occ, target, quiet);
    n = gen_type(list, n, us, SG_HORSE, unpinned & T[SG_HORSE], occ, target, quiet);
    n = gen_type(list, n, us, SG_DRAGON, unpinned & T[SG_DRAGON], occ, target, quiet);
    sg_bb rest = unpinned & (T[SG_ELEPHANT] | T[SG_PRINCE] | T[SG_KING]);
    sg_bb pins = own & pinned;
    if (!(rest | pins)) return n;
    /* the rare ones: Sho's pieces and royals, and pinned pieces */
    n = gen_type(list, n, us, SG_ELEPHANT, rest & T[SG_ELEPHANT], occ, target, quiet);
    n = gen_type(list, n, us, SG_PRINCE, rest & T[SG_PRINCE], occ, target, quiet);
    n = gen_type(list, n, us, SG_KING, rest & T[SG_KING], occ, target, quiet);
    while (pins) {
        sg_square from = sg_bb_pop(&pins);
        sg_ptype t = sg_piece_type(p->board[from]);
        sg_bb to = sg_piece_attack(us, t, from, occ) & target & sg_T.line[ksq][from];
        n = quiet ? emit_quiet(list, n, us, t, from, to)
                  : list ? emit(list, n, us, t, from, to) : n + count_moves(us, t, from, to);
    }
    return n;
}

/* ---- standard shogi: legal directly ------------------------------------------ */
/* With count_only nothing is listed, only counted (bulk counting at perft
 * leaves); the return value is the number of legal moves either way. */
SG_INLINE int gen_legal_standard(const sg_pos *p, sg_move *list, bool count_only)
{
    sg_color us = p->side, them = sg_opp(us);
    sg_square ksq = p->king[us];
    sg_bb own = p->by_color[us], occ = sg_pos_occupied(p), empty = SG_BB_ALL & ~occ;
    sg_move *out = count_only ? NULL : list;
    int n = 0;
    if (ksq == SG_SQ_NONE) {
        n = gen_pieces(p, out, n, SG_BB_ALL & ~own, 0, 0, 0, false);
        return gen_drops(p, out, n, empty);
    }
    sg_bb target, drop_target;
    sg_bb checkers = p->checkers;
    if (!checkers) {
        target = SG_BB_ALL & ~own;
        drop_target = empty;
    } else if (sg_bb_more_than_one(checkers)) {
        target = drop_target = 0;
    } else {
        sg_square c = sg_bb_lsb(checkers);
        drop_target = sg_T.between[ksq][c];
        target = drop_target | checkers;
    }
    if (target) {
        n = gen_pieces(p, out, n, target, sg_pos_pinned(p, us), ksq, sg_bb_sq(ksq), false);
        if (drop_target) n = gen_drops(p, out, n, drop_target);
    }
    sg_bb kto = sg_T.step[us][SG_KING][ksq] & ~own;
    sg_bb occ_nok = occ ^ sg_bb_sq(ksq);
    while (kto) {
        sg_square to = sg_bb_pop(&kto);
        if (!sg_square_attacked(p, to, them, occ_nok)) {
            if (out) out[n] = sg_move_make(ksq, to, SG_KING, false);
            n++;
        }
    }
    return n;
}

/* ---- any rule set: pseudo-legal, then played and checked ------------------------ */
int sg_gen_legal_by_play(const sg_pos *p, sg_move *list)
{
    if (sg_pos_is_finished(p)) return 0;
    sg_color us = p->side;
    sg_bb own = p->by_color[us];
    sg_move pseudo[SG_MAX_MOVES];
    int np = gen_pieces(p, pseudo, 0, SG_BB_ALL & ~own, 0, 0, 0, false);
    if (sg_variant_get(p->variant)->drops) np = gen_drops(p, pseudo, np, SG_BB_ALL & ~sg_pos_occupied(p));
    int n = 0;
    sg_pos q = *p;
    for (int i = 0; i < np; i++) {
        sg_undo u;
        sg_do_move(&q, pseudo[i], &u);
        bool ok = !sg_pos_royal_exposed(&q, us);
        sg_undo_move(&q, pseudo[i], &u);
        if (ok) list[n++] = pseudo[i];
    }
    return n;
}

static inline bool uses_general(const sg_pos *p) { return sg_variant_get(p->variant)->two_royals; }

int sg_gen_legal(const sg_pos *p, sg_move *moves)
{
    return uses_general(p) ? sg_gen_legal_by_play(p, moves) : gen_legal_standard(p, moves, false);
}

int sg_count_legal(const sg_pos *p)
{
    sg_move buf[SG_MAX_MOVES];
    return uses_general(p) ? sg_gen_legal_by_play(p, buf) : gen_legal_standard(p, buf, true);
}

int sg_gen_quiets(const sg_pos *p, sg_move *moves)
{
    sg_color us = p->side;
    sg_square ksq = p->king[us];
    if (uses_general(p) || p->checkers || ksq == SG_SQ_NONE) {
        /* the rare cases: every legal move, the quiet ones kept */
        int n = sg_gen_legal(p, moves), k = 0;
        for (int i = 0; i < n; i++)
            if (!sg_move_is_tactical(p, moves[i])) moves[k++] = moves[i];
        return k;
    }
    sg_bb empty = SG_BB_ALL & ~sg_pos_occupied(p);
    int n = gen_pieces(p, moves, 0, empty, sg_pos_pinned(p, us), ksq, sg_bb_sq(ksq), true);
    n = gen_drops(p, moves, n, empty);
    sg_bb kto = sg_T.step[us][SG_KING][ksq] & empty;
    sg_bb occ_nok = sg_pos_occupied(p) ^ sg_bb_sq(ksq);
    SG_BB_FOR_EACH(kto, to, {
        if (!sg_square_attacked(p, to, sg_opp(us), occ_nok)) moves[n++] = sg_move_make(ksq, to, SG_KING, false);
    });
    return n;
}

/* Is there a legal move other than a drop?  King steps first (the usual way
 * out of check); the answer stops at the first move found. */
static bool has_board_move_standard(const sg_pos *p)
{
    sg_color us = p->side, them = sg_opp(us);
    sg_square ksq = p->king[us];
    sg_bb own = p->by_color[us], occ = sg_pos_occupied(p);
    if (ksq == SG_SQ_NONE) return gen_pieces(p, NULL, 0, SG_BB_ALL & ~own, 0, 0, 0, false) > 0;
    sg_bb kto = sg_T.step[us][SG_KING][ksq] & ~own, occ_nok = occ ^ sg_bb_sq(ksq);
    while (kto)
        if (!sg_square_attacked(p, sg_bb_pop(&kto), them, occ_nok)) return true;
    sg_bb target;
    if (!p->checkers) target = SG_BB_ALL & ~own;
    else if (sg_bb_more_than_one(p->checkers)) return false;
    else target = sg_T.between[ksq][sg_bb_lsb(p->checkers)] | p->checkers;
    sg_bb pinned = sg_pos_pinned(p, us), pcs = own ^ sg_bb_sq(ksq);
    while (pcs) {
        sg_square from = sg_bb_pop(&pcs);
        sg_bb to = sg_piece_attack(us, sg_piece_type(p->board[from]), from, occ) & target;
        if (sg_bb_test(pinned, from)) to &= sg_T.line[ksq][from];
        /* any square will do: where a piece may not stay unpromoted, it may promote */
        if (to) return true;
    }
    return false;
}

bool sg_has_board_move(const sg_pos *p)
{
    if (!uses_general(p)) return has_board_move_standard(p);
    sg_move buf[SG_MAX_MOVES];
    int n = sg_gen_legal_by_play(p, buf);
    for (int i = 0; i < n; i++) if (!sg_move_is_drop(buf[i])) return true;
    return false;
}

bool sg_has_legal_move(const sg_pos *p)
{
    sg_move buf[SG_MAX_MOVES];
    if (uses_general(p)) return sg_gen_legal_by_play(p, buf) > 0;
    if (has_board_move_standard(p)) return true;
    sg_square ksq = p->king[p->side];
    sg_bb empty = SG_BB_ALL & ~sg_pos_occupied(p), target;
    if (ksq == SG_SQ_NONE || !p->checkers) target = empty;
    else if (sg_bb_more_than_one(p->checkers)) return false;
    else target = sg_T.between[ksq][sg_bb_lsb(p->checkers)];
    return target && gen_drops(p, NULL, 0, target) > 0;
}

bool sg_is_mate(const sg_pos *p) { return sg_in_check(p) && !sg_has_legal_move(p); }

/* ---- checks -------------------------------------------------------------------------- */
bool sg_gives_check(const sg_pos *p, sg_move m)
{
    sg_color us = p->side, them = sg_opp(us);
    sg_square ek = p->king[them];
    if (uses_general(p) || ek == SG_SQ_NONE) {
        if (!sg_pos_royals(p, them)) return false;
        sg_pos q = *p;
        sg_undo u;
        sg_do_move(&q, m, &u);
        return sg_in_check(&q);
    }
    sg_square to = sg_move_to(m);
    sg_bb occ = sg_pos_occupied(p) | sg_bb_sq(to);
    if (!sg_move_is_drop(m)) {
        sg_square from = sg_move_from(m);
        occ ^= sg_bb_sq(from);
        /* discovered: the piece stood alone between one of our sliders and the king */
        if (sg_bb_test(sg_pos_blockers(p, them) & p->by_color[us], from) && !sg_bb_test(sg_T.line[ek][from], to))
            return true;
    }
    return sg_bb_test(sg_piece_attack(us, sg_move_piece_after(m), to, occ), ek);
}

void sg_check_info_init(const sg_pos *p, sg_check_info *ci)
{
    sg_color us = p->side, them = sg_opp(us);
    sg_square ek = p->king[them];
    ci->general = uses_general(p) || ek == SG_SQ_NONE;
    if (ci->general) return;
    sg_bb occ = sg_pos_occupied(p);
    /* sg_piece_attack(them, t, ek, occ) for every type, each slider line looked up once */
#define STEP(t) sg_T.step[them][t][ek]
    sg_bb file = sg_file_attack(ek, occ), rook = file | sg_line_attack(1, ek, occ), bishop = sg_bishop_attack(ek, occ);
    sg_bb *cs = ci->check_sq;
    cs[SG_NO_PT] = 0;
    cs[SG_PAWN] = STEP(SG_PAWN);
    cs[SG_LANCE] = file & sg_T.forward_ray[them][ek];
    cs[SG_KNIGHT] = STEP(SG_KNIGHT);
    cs[SG_SILVER] = STEP(SG_SILVER);
    cs[SG_BISHOP] = bishop;
    cs[SG_ROOK] = rook;
    cs[SG_ELEPHANT] = STEP(SG_ELEPHANT);
    for (sg_ptype t = SG_GOLD; t <= SG_PRO_SILVER; t++) cs[t] = STEP(t);
    cs[SG_HORSE] = bishop | STEP(SG_KING);
    cs[SG_DRAGON] = rook | STEP(SG_KING);
    cs[SG_PRINCE] = STEP(SG_PRINCE);
    cs[SG_KING] = 0;
#undef STEP
    ci->discoverers = sg_pos_blockers(p, them) & p->by_color[us];
}

bool sg_gives_check_with(const sg_pos *p, const sg_check_info *ci, sg_move m)
{
    if (ci->general) return sg_gives_check(p, m);
    sg_square to = sg_move_to(m);
    /* the piece itself: a slider moving away along its own line to the king
     * would have given check already, so the table's occupancy holds */
    if (sg_bb_test(ci->check_sq[sg_move_piece_after(m)], to)) return true;
    if (sg_move_is_drop(m)) return false;
    sg_square from = sg_move_from(m);
    return sg_bb_test(ci->discoverers, from) && !sg_bb_test(sg_T.line[p->king[sg_opp(p->side)]][from], to);
}

/* Checking moves directly: a move checks when its piece (after any promotion)
 * attacks the enemy king from the destination, or when it uncovers one of our
 * sliders.  Only the standard rules with an enemy king and our king not in
 * check take this path; the rest filter the legal moves. */
static inline int emit_checks(sg_move *list, int n, sg_color us, sg_ptype t, sg_square from, sg_bb to_set,
                              const sg_bb *check_sq, sg_bb discovered)
{
    bool from_zone = sg_in_zone(us, from);
    while (to_set) {
        sg_square to = sg_bb_pop(&to_set);
        bool disc = sg_bb_test(discovered, to);
        if (sg_pt_can_promote(t) && (from_zone || sg_in_zone(us, to))) {
            if (disc || sg_bb_test(check_sq[sg_pt_promote(t)], to)) list[n++] = sg_move_make(from, to, t, true);
            if (!dead_square(us, t, to) && (disc || sg_bb_test(check_sq[t], to)))
                list[n++] = sg_move_make(from, to, t, false);
        } else if (disc || sg_bb_test(check_sq[t], to)) {
            list[n++] = sg_move_make(from, to, t, false);
        }
    }
    return n;
}

static int gen_checks_standard(const sg_pos *p, sg_move *list, bool drops)
{
    sg_color us = p->side, them = sg_opp(us);
    sg_square ek = p->king[them], ksq = p->king[us];
    sg_bb own = p->by_color[us], occ = sg_pos_occupied(p), empty = SG_BB_ALL & ~occ;
    sg_check_info ci;
    sg_check_info_init(p, &ci);
    const sg_bb *check_sq = ci.check_sq;
    sg_bb dc = ci.discoverers;
    sg_bb pinned = ksq == SG_SQ_NONE ? 0 : sg_pos_pinned(p, us);
    int n = 0;
    /* the pieces that may check: the sliders, knights and the discoverers
     * anywhere; the other steppers (one step, onto a square next to the king)
     * only within two steps of it; the king only by uncovering.  The rest would
     * list nothing: skipped, in the same square order. */
    const sg_bb *T = p->by_type;
    sg_bb far = T[SG_LANCE] | T[SG_KNIGHT] | T[SG_BISHOP] | T[SG_ROOK] | T[SG_HORSE] | T[SG_DRAGON];
    sg_bb pcs = own & (dc | (far | (sg_T.within_two[ek] & ~T[SG_KING])));
    while (pcs) {
        sg_square from = sg_bb_pop(&pcs);
        sg_ptype t = sg_piece_type(p->board[from]);
        sg_bb to = sg_piece_attack(us, t, from, occ) & ~own;
        sg_bb disc = sg_bb_test(dc, from) ? ~sg_T.line[ek][from] : 0;
        if (t == SG_KING) {
            to &= disc;
            while (to) {
                sg_square s = sg_bb_pop(&to);
                if (!sg_square_attacked(p, s, them, occ ^ sg_bb_sq(from))) list[n++] = sg_move_make(from, s, SG_KING, false);
            }
            continue;
        }
        if (sg_bb_test(pinned, from)) to &= sg_T.line[ksq][from];
        sg_bb reach = check_sq[t] | disc;
        if (sg_pt_can_promote(t)) reach |= check_sq[sg_pt_promote(t)];
        n = emit_checks(list, n, us, t, from, to & reach, check_sq, disc);
    }
    const uint8_t *hand = p->hand[us];
    for (sg_ptype t = SG_PAWN; t <= SG_GOLD && drops; t++) {
        if (!hand[t] || t == SG_ELEPHANT) continue;
        sg_bb to = check_sq[t] & empty & drop_mask(us, t);
        if (t == SG_PAWN && to) {
            to &= ~pawn_files(p, us);
            if (to && pawn_drop_mates(p, sg_move_make_drop(SG_PAWN, sg_bb_lsb(to)))) to = 0;
        }
        SG_BB_FOR_EACH(to, sq, list[n++] = sg_move_make_drop(t, sq));
    }
    return n;
}

static int gen_checks(const sg_pos *p, sg_move *moves, bool drops)
{
    if (!uses_general(p) && p->king[sg_opp(p->side)] != SG_SQ_NONE && !p->checkers)
        return gen_checks_standard(p, moves, drops);
    sg_move all[SG_MAX_MOVES];
    int na = sg_gen_legal(p, all), n = 0;
    for (int i = 0; i < na; i++)
        if ((drops || !sg_move_is_drop(all[i])) && sg_gives_check(p, all[i])) moves[n++] = all[i];
    return n;
}

int sg_gen_checks(const sg_pos *p, sg_move *moves) { return gen_checks(p, moves, true); }
int sg_gen_board_checks(const sg_pos *p, sg_move *moves) { return gen_checks(p, moves, false); }

/* ---- one move, with its reason ------------------------------------------------------- */
/* The last test of sg_is_legal, for a move that is otherwise possible: does it
 * leave the mover's royals safe (and is it not a pawn-drop mate)?  Standard
 * shogi answers from pins and check masks without playing the move, which
 * keeps a game's play() cheap; other rule sets play it on a copy. */
static sg_reason royal_safety_standard(const sg_pos *p, sg_move m)
{
    sg_color us = p->side, them = sg_opp(us);
    sg_square ksq = p->king[us], to = sg_move_to(m);
    bool drop = sg_move_is_drop(m);
    if (ksq != SG_SQ_NONE) {
        if (!drop && sg_move_piece(m) == SG_KING) {
            sg_bb occ = sg_pos_occupied(p) ^ sg_bb_sq(ksq);
            if (sg_square_attacked(p, to, them, occ)) return SG_ILLEGAL_KING_IN_CHECK;
        } else {
            if (p->checkers) {
                if (sg_bb_more_than_one(p->checkers)) return SG_ILLEGAL_KING_IN_CHECK;
                sg_square c = sg_bb_lsb(p->checkers);
                if (to != c && !sg_bb_test(sg_T.between[ksq][c], to)) return SG_ILLEGAL_KING_IN_CHECK;
            }
            if (!drop) {
                sg_square from = sg_move_from(m);
                if (sg_bb_test(sg_pos_pinned(p, us), from) && !sg_bb_test(sg_T.line[ksq][from], to))
                    return SG_ILLEGAL_KING_IN_CHECK;
            }
        }
    }
    if (drop && sg_move_dropped(m) == SG_PAWN) {
        sg_square ek = p->king[them];
        if (ek != SG_SQ_NONE && pawn_check_square(us, ek) == to && pawn_drop_mates(p, m)) return SG_ILLEGAL_UCHIFUZUME;
    }
    return SG_LEGAL;
}

static sg_reason royal_safety_by_play(const sg_pos *p, sg_move m)
{
    sg_pos q = *p;
    sg_undo u;
    sg_do_move(&q, m, &u);
    return sg_pos_royal_exposed(&q, p->side) ? SG_ILLEGAL_KING_IN_CHECK : SG_LEGAL;
}

sg_reason sg_is_legal(const sg_pos *p, sg_move m)
{
    sg_color us = p->side;
    sg_square to = sg_move_to(m);
    if (m & ~0x1FFFFFu || to >= SG_SQ_NB) return SG_ILLEGAL_MALFORMED;
    if (sg_pos_is_finished(p)) return SG_ILLEGAL_GAME_OVER;
    sg_ptype t = sg_move_piece(m);
    if (sg_move_is_drop(m)) {
        if (sg_move_is_promotion(m) || t != sg_move_dropped(m) || t < SG_PAWN || t > SG_GOLD) return SG_ILLEGAL_MALFORMED;
        if (!sg_variant_get(p->variant)->drops) return SG_ILLEGAL_NO_DROPS;
        if (t == SG_ELEPHANT || !p->hand[us][t]) return SG_ILLEGAL_NOT_IN_HAND;
        if (p->board[to]) return SG_ILLEGAL_OCCUPIED;
        if (dead_square(us, t, to)) return SG_ILLEGAL_DEAD_SQUARE;
        if (t == SG_PAWN && (pawn_files(p, us) & sg_bb_sq(to))) return SG_ILLEGAL_NIFU;
    } else {
        sg_square from = sg_move_from(m);
        if (from >= SG_SQ_NB || t >= SG_PT_NB) return SG_ILLEGAL_MALFORMED;
        sg_piece pc = p->board[from];
        if (!pc) return SG_ILLEGAL_NO_PIECE;
        if (t == SG_NO_PT) return SG_ILLEGAL_MALFORMED;
        if (sg_piece_color(pc) != us) return SG_ILLEGAL_NOT_YOUR_PIECE;
        if (sg_piece_type(pc) != t) return SG_ILLEGAL_WRONG_PIECE;
        if (!sg_bb_test(sg_piece_attack(us, t, from, 0), to)) return SG_ILLEGAL_CANNOT_REACH;
        if (!sg_bb_test(sg_piece_attack(us, t, from, sg_pos_occupied(p)), to)) return SG_ILLEGAL_PATH_BLOCKED;
        if (sg_bb_test(p->by_color[us], to)) return SG_ILLEGAL_OWN_PIECE;
        if (sg_move_is_promotion(m)) {
            if (!sg_pt_can_promote(t) || !(sg_in_zone(us, from) || sg_in_zone(us, to))) return SG_ILLEGAL_CANNOT_PROMOTE;
        } else if (sg_pt_can_promote(t) && dead_square(us, t, to)) {
            return SG_ILLEGAL_MUST_PROMOTE;
        }
    }
    return uses_general(p) ? royal_safety_by_play(p, m) : royal_safety_standard(p, m);
}

static const char *const REASON_ID[SG_REASON_NB] = {
    "legal", "malformed", "game-over", "no-piece", "not-your-piece", "wrong-piece", "not-in-hand",
    "no-drops", "cannot-reach", "path-blocked", "own-piece", "occupied", "nifu", "uchifuzume",
    "dead-square", "must-promote", "cannot-promote", "leaves-king-in-check"};
static const char *const REASON_TEXT[SG_REASON_NB] = {
    "legal",
    "not a move (bad square or piece)",
    "the game is over: the side to move has lost its royals or is left bare",
    "there is no piece on the from square",
    "the piece on the from square belongs to the opponent",
    "the move names another piece than the one on the from square",
    "no such piece in hand",
    "this variant has no drops",
    "the piece cannot move that way",
    "the path is blocked",
    "own piece on the destination",
    "a piece may only be dropped on an empty square",
    "nifu: a second unpromoted pawn on the file",
    "uchifuzume: a pawn drop may not give mate",
    "the piece could never move from there",
    "the piece must promote there, it could never move again",
    "the piece cannot promote on this move",
    "the move leaves the king in check"};

const char *sg_reason_id(sg_reason r) { return (unsigned)r < SG_REASON_NB ? REASON_ID[r] : "unknown"; }
const char *sg_reason_text(sg_reason r) { return (unsigned)r < SG_REASON_NB ? REASON_TEXT[r] : "unknown reason"; }

/* ---- USI text ------------------------------------------------------------------------- */
/* the letter of a droppable type, 0 for any other value */
static char drop_letter(sg_ptype t)
{
    const sg_piece_info *pi = t < SG_HAND_NB ? sg_piece_info_of(t) : NULL;
    return pi && t != SG_ELEPHANT ? pi->usi[0] : 0;
}

int sg_move_to_usi(sg_move m, char out[6])
{
    int n = 0;
    if (sg_move_is_drop(m)) {
        out[n++] = drop_letter(sg_move_dropped(m));
        out[n++] = '*';
    } else {
        sg_square_name(sg_move_from(m), out);
        n = 2;
    }
    sg_square_name(sg_move_to(m), out + n);
    n += 2;
    if (sg_move_is_promotion(m)) out[n++] = '+';
    out[n] = 0;
    return n;
}

bool sg_move_from_usi(const sg_pos *p, const char *s, sg_move *m, const char **why)
{
    const char *w = NULL;
    size_t len = strlen(s);
    if (len >= 4 && s[1] == '*') {
        sg_ptype t = SG_NO_PT;
        for (sg_ptype i = 1; i < SG_HAND_NB; i++) if (drop_letter(i) && drop_letter(i) == s[0]) t = i;
        char sq[3] = {s[2], s[3], 0};
        if (!t) w = "a drop starts with one of P L N S G B R";
        else if (len != 4) w = "unexpected text after the move";
        else if (sg_square_parse(sq) == SG_SQ_NONE) w = "bad destination square";
        else { *m = sg_move_make_drop(t, sg_square_parse(sq)); return true; }
    } else if (len == 4 || (len == 5 && s[4] == '+')) {
        char a[3] = {s[0], s[1], 0}, b[3] = {s[2], s[3], 0};
        sg_square from = sg_square_parse(a), to = sg_square_parse(b);
        if (from == SG_SQ_NONE) w = "bad from square";
        else if (to == SG_SQ_NONE) w = "bad destination square";
        else { *m = sg_move_make(from, to, p->board[from] ? sg_piece_type(p->board[from]) : SG_NO_PT, len == 5); return true; }
    } else {
        w = "not a USI move (like 7g7f, 8h2b+ or P*5e)";
    }
    if (why) *why = w;
    return false;
}
