/* The position editor's route (docs/WEB.md "Problems"): one edit of a position, made and judged by the
 * core (sg_pos_edit, the one edit the prompt's :put and pos:edit make), answered with the result's SFEN
 * and what the diagram rules (sg_pos_problems) and the tsume start rules (sg_tsume_validate) still find
 * wrong.  A pure function of its query: no session, no lock, nothing stored.
 *   GET /api/edit?sfen=SFEN&op=OP[&square=5e][&piece=+B][&side=b|w][&hand=R2P][&rest=b|w]
 * op: none (the SFEN judged as it is: a paste), put (piece on square; gote's in lower case), remove
 * (square), hand (side's hand exactly hand: "R2P", "-"), add and take (one piece more or less in side's
 * hand), clear, side (side to move), mirror, swap.  rest: after the op, that side holds the rest of the
 * set (the editor keeps the defender's 残り全部 so).  The SFEN is read leniently (a composer's diagram
 * may break a rule, said in the answer); the edit is strict: it may not bring about a dead piece or more
 * pieces of a kind than the set has (400 with the core's sentence).  The answer: {sfen, side, in_check,
 * hands: {b: {R: n, ...}, w: {...}}, problems: [{id, text}], tsume: [sentence]}. */
#include "web_internal.h"

#include <stdio.h>
#include <string.h>

#include "../core/edit.h"
#include "../core/pieces.h"
#include "../mate/dfpn.h"

#define TSUME_FAULTS_MAX 16

static int side_of(const char *s)
{
    if (s && !strcmp(s, "b")) return SG_BLACK;
    if (s && !strcmp(s, "w")) return SG_WHITE;
    return -1;
}

/* the edit the query asks for, into e (0 or 1 of them in *n); false and the 400 answered */
static bool read_op(ctx *x, const sg_pos *p, sg_edit *e, int *n)
{
    const char *op = web_get(x, WEB_QUERY, "op");
    const char *square = web_get(x, WEB_QUERY, "square"), *piece = web_get(x, WEB_QUERY, "piece");
    const char *side = web_get(x, WEB_QUERY, "side");
    static const char *const OPS[] = {"none", "put", "remove", "hand", "add", "take", "clear", "side", "mirror", "swap", NULL};
    int k = 0;
    while (op && OPS[k] && strcmp(op, OPS[k])) k++;
    if (op && !OPS[k]) {
        web_fail(x, 400, "op: expected none, put, remove, hand, add, take, clear, side, mirror or swap, not '%.16s'", op);
        return false;
    }
    *n = 1;
    if (!op || !strcmp(op, "none")) { *n = 0; return true; }
    if (!strcmp(op, "clear")) { *e = (sg_edit){.kind = SG_EDIT_CLEAR}; return true; }
    if (!strcmp(op, "mirror")) { *e = (sg_edit){.kind = SG_EDIT_MIRROR}; return true; }
    if (!strcmp(op, "swap")) { *e = (sg_edit){.kind = SG_EDIT_SWAP}; return true; }
    bool needs_square = !strcmp(op, "put") || !strcmp(op, "remove");
    sg_square sq = needs_square && square ? sg_square_parse(square) : SG_SQ_NONE;
    if (needs_square && sq == SG_SQ_NONE) {
        web_fail(x, 400, "square: expected a square from 1a to 9i, not '%.16s'", square ? square : "");
        return false;
    }
    if (!strcmp(op, "remove")) { *e = (sg_edit){.kind = SG_EDIT_REMOVE, .sq = sq}; return true; }
    bool white = false;
    sg_ptype t = piece ? sg_ptype_from_usi(piece, (int)strlen(piece), p->variant, &white) : SG_NO_PT;
    if (!strcmp(op, "put")) {
        if (t == SG_NO_PT) {
            web_fail(x, 400, "piece: expected USI letters (P L N S G B R K, +P +L +N +S +B +R; gote's in lower case), not '%.8s'",
                     piece ? piece : "");
            return false;
        }
        *e = (sg_edit){.kind = SG_EDIT_PUT, .sq = sq, .piece = sg_make_piece(white ? SG_WHITE : SG_BLACK, t)};
        return true;
    }
    int c = side_of(side);
    if (c < 0) { web_fail(x, 400, "side: expected b or w"); return false; }
    if (!strcmp(op, "side")) { *e = (sg_edit){.kind = SG_EDIT_SIDE, .color = (sg_color)c}; return true; }
    if (!strcmp(op, "hand")) {
        const char *text = web_get(x, WEB_QUERY, "hand");
        sg_error err;
        *e = (sg_edit){.kind = SG_EDIT_HAND, .color = (sg_color)c};
        if (!text || !sg_hand_read(text, p->variant, e->hand, &err)) {
            web_fail(x, 400, "hand:%d: %s", text ? err.col : 1, text ? err.msg : "expected the pieces (\"R2P\", \"-\")");
            return false;
        }
        return true;
    }
    if (!strcmp(op, "add") || !strcmp(op, "take")) {
        if (t == SG_NO_PT || t >= SG_HAND_NB) {
            web_fail(x, 400, "piece: expected a piece a hand holds (R B G S N L P), not '%.8s'", piece ? piece : "");
            return false;
        }
        *e = (sg_edit){.kind = SG_EDIT_HAND, .color = (sg_color)c};
        memcpy(e->hand, p->hand[c], sizeof e->hand);
        if (!strcmp(op, "take") && e->hand[t] == 0) {
            web_fail(x, 400, "%s holds no %s", c == SG_BLACK ? "sente" : "gote", piece);
            return false;
        }
        if (!strcmp(op, "add") && e->hand[t] >= 99) { web_fail(x, 400, "a hand holds 99 of a kind at most"); return false; }
        e->hand[t] = (uint8_t)(e->hand[t] + (!strcmp(op, "add") ? 1 : -1));
        return true;  /* a kind no hand may hold (a king, or past the set) is the core's to refuse */
    }
    return false;  /* not reached: OPS holds no other */
}

/* GET /api/edit: called without the lock (it touches nothing of the site's) */
unsigned web_route_edit(ctx *x)
{
    if (strcmp(x->rq->method, "GET")) return web_fail(x, 405, "%s: /api/edit takes GET", x->rq->method);
    if (strcmp(x->rq->url, "/api/edit")) return web_fail(x, 404, "no such route: %s %.80s", x->rq->method, x->rq->url);
    const char *sfen = web_get(x, WEB_QUERY, "sfen");
    if (!sfen || !*sfen) return web_fail(x, 400, "sfen: expected the position to edit (an SFEN)");
    if (strlen(sfen) > 256) return web_fail(x, 400, "sfen: over 256 bytes");
    sg_pos p, q;
    sg_error err;
    if (!sg_pos_read_sfen(&p, sfen, SG_STANDARD, false, &err))
        return web_fail(x, 400, "sfen:%d:%d: %s", err.line, err.col, err.msg);
    sg_edit e[2];
    int n = 0;
    if (!read_op(x, &p, &e[0], &n)) return x->a->code;
    const char *rest = web_get(x, WEB_QUERY, "rest");
    if (rest && *rest) {
        int c = side_of(rest);
        if (c < 0) return web_fail(x, 400, "rest: expected b or w (the side holding the rest of the set)");
        e[n++] = (sg_edit){.kind = SG_EDIT_HAND_REST, .color = (sg_color)c};
    }
    if (!sg_pos_edit(&p, e, n, true, &q, &err)) return web_fail(x, 400, "%s", err.msg);
    /* the answer: the position, and what is still wrong with it as a diagram and as a tsume start */
    sbuf b = {0};
    char text[SG_SFEN_MAX];
    sg_pos_to_sfen(&q, text, sizeof text);
    sb_lit(&b, "{\"sfen\":");
    sb_str(&b, text);
    sb_printf(&b, ",\"side\":\"%s\",\"in_check\":%s,", q.side == SG_WHITE ? "w" : "b",
              sg_in_check(&q) ? "true" : "false");
    /* the hands in the core's order, by USI letter, so a page need not read the SFEN's */
    sb_lit(&b, "\"hands\":{");
    const sg_ptype *order = sg_hand_order();
    for (int c = 0; c < 2; c++) {
        sb_printf(&b, "%s\"%c\":{", c ? "," : "", c ? 'w' : 'b');
        for (int i = 0; i < SG_HAND_ORDER_NB; i++)
            sb_printf(&b, "%s\"%s\":%d", i ? "," : "", sg_piece_info_of(order[i])->usi, q.hand[c][order[i]]);
        sb_lit(&b, "}");
    }
    sb_lit(&b, "},\"problems\":[");
    sg_problem pr[SG_PROBLEMS_MAX];
    int np = sg_pos_problems(&q, pr, SG_PROBLEMS_MAX);
    if (np > SG_PROBLEMS_MAX) np = SG_PROBLEMS_MAX;
    for (int i = 0; i < np; i++) {
        char sentence[160];
        sg_problem_text(&pr[i], sentence, sizeof sentence);
        sb_printf(&b, "%s{\"id\":\"%s\",\"text\":", i ? "," : "", sg_problem_id(pr[i].kind));
        sb_str(&b, sentence);
        sb_lit(&b, "}");
    }
    /* as a tsume with the side to move attacking (the editor's report asks the same) */
    sb_lit(&b, "],\"tsume\":[");
    char faults[TSUME_FAULTS_MAX][SG_TSUME_FAULT_LEN];
    int nf = sg_tsume_validate(&q, q.side, faults, TSUME_FAULTS_MAX);
    if (nf > TSUME_FAULTS_MAX) nf = TSUME_FAULTS_MAX;
    for (int i = 0; i < nf; i++) {
        if (i) sb_lit(&b, ",");
        sb_str(&b, faults[i]);
    }
    sb_lit(&b, "]}");
    return web_json(x, 200, &b);
}
