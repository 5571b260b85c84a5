/* 自玉詰 (selfmate) by a bounded AND/OR search: see selfmate.h. */
#include <stdlib.h>
#include <string.h>
#include "selfmate.h"
#include "../os/clock.h"

/* per position (full key): proven within `proven` plies (0: not known), no
 * selfmate within `disproven` plies (0: not known) */
typedef struct { uint64_t key; uint8_t proven, disproven; } sm_entry;

typedef struct {
    sm_entry *table;
    uint64_t mask;
    sg_color att;
    uint64_t nodes;
    const sg_limits *limits;
    double t0;
    bool stopped, interrupted;
} sm_search;

static bool sm_stop(sm_search *s)
{
    if (s->stopped) return true;
    if ((s->nodes & 1023) == 0) {
        const sg_limits *l = s->limits;
        if (l->poll) l->poll(l->poll_ud);
        if (sg_limits_stop_asked(l)) s->stopped = s->interrupted = true;
        if (l->seconds > 0 && sg_clock_seconds() - s->t0 >= l->seconds) s->stopped = true;
    }
    if (s->limits->nodes && s->nodes >= s->limits->nodes) s->stopped = true;
    return s->stopped;
}

static sm_entry *slot(sm_search *s, uint64_t key) { return &s->table[key & s->mask]; }

static void remember(sm_search *s, uint64_t key, int plies, bool proven)
{
    sm_entry *e = slot(s, key);
    if (e->key != key) { e->key = key; e->proven = e->disproven = 0; }
    if (proven) { if (!e->proven || plies < e->proven) e->proven = (uint8_t)plies; }
    else if (plies > e->disproven) e->disproven = (uint8_t)plies;
}

/* is the attacker (to move in p) mated? */
static bool attacker_mated(const sg_pos *p) { return sg_in_check(p) && !sg_has_legal_move(p); }

static int sm_or(sm_search *s, sg_pos *p, int plies);

/* The defender to move (in check), `plies` left (odd): 1 when every defence mates the
 * attacker or leaves it a selfmate, 0 when one escapes (*escape), -1 stopped. */
static int sm_and(sm_search *s, sg_pos *p, int plies, sg_move *escape)
{
    s->nodes++;
    if (escape) *escape = SG_MOVE_NONE;
    sg_move ms[SG_MAX_MOVES];
    int n = sg_gen_legal(p, ms);
    if (n == 0) return 0;                     /* the attacker mated the defender: a failure */
    /* Step 1. At the last ply every defence must mate: one that gives no check escapes */
    if (plies == 1) {
        for (int i = 0; i < n; i++) {
            if (!sg_gives_check(p, ms[i])) { if (escape) *escape = ms[i]; return 0; }
        }
    }
    /* Step 2. Defences that do not check the attacker first: they escape soonest */
    sg_move order[SG_MAX_MOVES];
    int k = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++)
            if (sg_gives_check(p, ms[i]) == (pass == 1)) order[k++] = ms[i];
    bool stopped = false;
    for (int i = 0; i < n; i++) {
        sg_undo u;
        sg_do_move(p, order[i], &u);
        int v;
        if (sg_in_check(p) && attacker_mated(p)) v = 1;
        else if (plies - 1 >= 2) v = sm_or(s, p, plies - 1);
        else v = 0;
        sg_undo_move(p, order[i], &u);
        if (v == 0) { if (escape) *escape = order[i]; return 0; }
        if (v < 0) stopped = true;
        if (stopped && s->stopped) return -1;
    }
    return stopped ? -1 : 1;
}

/* The attacker to move, `plies` left (even): 1 a check forces the selfmate, 0 none, -1 stopped. */
static int sm_or(sm_search *s, sg_pos *p, int plies)
{
    if (sm_stop(s)) return -1;
    s->nodes++;
    uint64_t key = sg_pos_key(p);
    sm_entry *e = slot(s, key);
    if (e->key == key) {
        if (e->proven && e->proven <= plies) return 1;
        if (e->disproven >= plies) return 0;
    }
    sg_move ms[SG_MAX_MOVES];
    int n = sg_gen_checks(p, ms);
    bool stopped = false;
    for (int i = 0; i < n; i++) {
        sg_undo u;
        sg_do_move(p, ms[i], &u);
        int v = sm_and(s, p, plies - 1, NULL);
        sg_undo_move(p, ms[i], &u);
        if (v == 1) { remember(s, key, plies, true); return 1; }
        if (v < 0) { stopped = true; if (s->stopped) return -1; }
    }
    if (stopped) return -1;
    remember(s, key, plies, false);
    return 0;
}

/* the least even plies <= max with a selfmate from p (the attacker to move), 0 none, -1 stopped */
static int shortest(sm_search *s, sg_pos *p, int max)
{
    for (int k = 2; k <= max; k += 2) {
        int v = sm_or(s, p, k);
        if (v < 0) return -1;
        if (v == 1) return k;
    }
    return 0;
}

/* The main line from the attacker's move at p with `plies` left: the first check that
 * works in the fewest plies, then the defence that lasts longest (a mate of the attacker
 * lasts 0), and so on. */
static int main_line(sm_search *s, sg_pos *p, int plies, sg_move *pv)
{
    int len = 0;
    sg_pos q = *p;
    while (plies >= 2 && len + 2 <= SG_SELFMATE_MAX_LENGTH) {
        sg_move ms[SG_MAX_MOVES];
        int n = sg_gen_checks(&q, ms);
        int best = -1, need = shortest(s, &q, plies);
        if (need <= 0) break;
        for (int i = 0; i < n && best < 0; i++) {
            sg_undo u;
            sg_do_move(&q, ms[i], &u);
            if (sm_and(s, &q, need - 1, NULL) == 1) best = i;
            sg_undo_move(&q, ms[i], &u);
        }
        if (best < 0) break;
        sg_undo u;
        sg_do_move(&q, ms[best], &u);
        pv[len++] = ms[best];
        sg_move ds[SG_MAX_MOVES];
        int nd = sg_gen_legal(&q, ds), pick = -1, longest = -1;
        for (int i = 0; i < nd; i++) {
            sg_pos r = q;
            sg_do_move(&r, ds[i], &u);
            int l = attacker_mated(&r) ? 0 : shortest(s, &r, need - 2);
            if (l < 0) return len;
            if (l > longest) { longest = l; pick = i; }
        }
        if (pick < 0) break;
        sg_do_move(&q, ds[pick], &u);
        pv[len++] = ds[pick];
        if (longest == 0) break;
        plies = longest;
    }
    return len;
}

static bool sm_begin(sm_search *s, const sg_pos *root, const sg_limits *limits, int table_mb)
{
    memset(s, 0, sizeof *s);
    size_t entries = 1;
    size_t want = (size_t)(table_mb < 1 ? 1 : table_mb) << 20;
    while (entries * 2 * sizeof(sm_entry) <= want) entries *= 2;
    s->table = calloc(entries, sizeof(sm_entry));
    if (!s->table) return false;
    s->mask = entries - 1;
    s->att = root->side;
    s->limits = limits;
    s->t0 = sg_clock_seconds();
    return true;
}

int sg_selfmate_move(const sg_pos *p, sg_move m, int plies, const sg_limits *limits, int table_mb,
                     sg_move *refutation)
{
    sm_search s;
    if (refutation) *refutation = SG_MOVE_NONE;
    if (plies < 2 || (plies & 1) || plies > SG_SELFMATE_MAX_LENGTH) return 0;
    if (!sm_begin(&s, p, limits, table_mb)) return -1;
    sg_pos q = *p;
    sg_undo u;
    sg_do_move(&q, m, &u);
    int v = sg_in_check(&q) ? sm_and(&s, &q, plies - 1, refutation) : 0;
    free(s.table);
    return v;
}

void sg_selfmate_solve(const sg_pos *root, int length, int max_length, const sg_limits *limits, int table_mb,
                       sg_selfmate_result *r)
{
    memset(r, 0, sizeof *r);
    r->status = SG_SELFMATE_UNKNOWN;
    sm_search s;
    if (!sm_begin(&s, root, limits, table_mb)) return;
    if (max_length > SG_SELFMATE_MAX_LENGTH) max_length = SG_SELFMATE_MAX_LENGTH;
    int from = length ? length : 2, to = length ? length : max_length;
    sg_pos p = *root;
    r->status = SG_SELFMATE_NONE;
    /* the attacker must have a king to be mated, and the start be legal as a problem */
    if (p.king[p.side] == SG_SQ_NONE || sg_pos_royal_attackers(&p, sg_opp(p.side))) goto done;
    for (int len = from; len <= to; len += 2) {
        int v = sm_or(&s, &p, len);
        if (v < 0) { r->status = SG_SELFMATE_UNKNOWN; break; }
        if (v == 0) continue;
        /* every first move that works in len (the key and its duals) */
        sg_move ms[SG_MAX_MOVES];
        int n = sg_gen_checks(&p, ms);
        for (int i = 0; i < n; i++) {
            sg_undo u;
            sg_do_move(&p, ms[i], &u);
            int w = sm_and(&s, &p, len - 1, NULL);
            sg_undo_move(&p, ms[i], &u);
            if (w == 1) r->keys[r->nkeys++] = ms[i];
        }
        r->status = SG_SELFMATE_FOUND;
        r->length = len;
        r->pv_len = main_line(&s, &p, len, r->pv);
        if (s.stopped) r->status = SG_SELFMATE_UNKNOWN;
        break;
    }
done:
    r->nodes = s.nodes;
    r->interrupted = s.interrupted;
    r->seconds = sg_clock_seconds() - s.t0;
    free(s.table);
}
