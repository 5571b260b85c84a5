/* The names and ranges of the built-in's parameters: the evaluation's (the
 * values live in eval.c, where it reads them) and the search's (search.c).
 * The ranges keep every divisor above zero. */
#include <strings.h>
#include "eval.h"
#include "eval_params.h"
#include "search.h"

typedef struct { const char *name; int *value; int min, max; } row;

/* the defaults, read once before the first change */
#define PIECE(n, t) {"Eval_" n, &sg_eval_piece_values[t], 0, 3000}
#define HAND(n, t) {"Eval_Hand_" n, &sg_eval_hand_values[t], 0, 3000}
#define WEIGHT(n, f, lo, hi) {"Eval_" n, &sg_eval_W.f, lo, hi}
static const row ROWS[] = {
    PIECE("Pawn", SG_PAWN), PIECE("Lance", SG_LANCE), PIECE("Knight", SG_KNIGHT), PIECE("Silver", SG_SILVER),
    PIECE("Gold", SG_GOLD), PIECE("Bishop", SG_BISHOP), PIECE("Rook", SG_ROOK),
    PIECE("Tokin", SG_PRO_PAWN), PIECE("ProLance", SG_PRO_LANCE), PIECE("ProKnight", SG_PRO_KNIGHT),
    PIECE("ProSilver", SG_PRO_SILVER), PIECE("Horse", SG_HORSE), PIECE("Dragon", SG_DRAGON),
    PIECE("Elephant", SG_ELEPHANT), PIECE("Prince", SG_PRINCE),
    HAND("Pawn", SG_PAWN), HAND("Lance", SG_LANCE), HAND("Knight", SG_KNIGHT), HAND("Silver", SG_SILVER),
    HAND("Gold", SG_GOLD), HAND("Bishop", SG_BISHOP), HAND("Rook", SG_ROOK),
    WEIGHT("Mobility", mobility, 0, 50), WEIGHT("GuardNear", guard_near, 0, 200),
    WEIGHT("GuardFar", guard_far, 0, 200), WEIGHT("PressNear", press_near, 0, 200),
    WEIGHT("PressFar", press_far, 0, 200), WEIGHT("AttackSquared", attack_sq, 0, 100),
    WEIGHT("AttackHand", attack_hand, 0, 100), WEIGHT("Defend", defend, 0, 100),
    WEIGHT("Tempo", tempo, 0, 200),
#define SEARCH(n, f, lo, hi) {"Search_" n, &sg_search_W.f, lo, hi}
    /* ranges near the defaults: scripts/tune spsa perturbs by a twentieth of a range */
    SEARCH("RazorBase", razor_base, 0, 800), SEARCH("RazorDepth2", razor_depth2, 0, 600),
    SEARCH("FutilityDepth", rfp_depth, 0, 12), SEARCH("FutilityMargin", rfp_margin, 20, 300),
    SEARCH("NullBase", null_base, 1, 6), SEARCH("NullDiv", null_div, 1, 8), SEARCH("NullEvalDiv", null_eval_div, 50, 600),
    SEARCH("ProbcutMargin", probcut_margin, 50, 600), SEARCH("LmpBase", lmp_base, 0, 20),
    SEARCH("MoveFutilityBase", fut_base, 0, 500), SEARCH("MoveFutilityDepth", fut_depth, 20, 300),
    SEARCH("SeeQuiet", see_quiet, 0, 100), SEARCH("SeeCapture", see_capture, 0, 400),
    SEARCH("HistoryRefuted", hist_refute, 0, 8000),
    SEARCH("LmrBase", lmr_base, -100, 200), SEARCH("LmrDiv", lmr_div, 100, 400), SEARCH("LmrHistory", lmr_hist, 2000, 40000),
    SEARCH("Aspiration", aspiration, 5, 200), SEARCH("SingularMargin", singular_margin, 0, 10),
    SEARCH("QsDelta", qs_delta, 0, 600),
};
#define NROWS ((int)(sizeof ROWS / sizeof ROWS[0]))

static int defaults[NROWS];
static bool have_defaults;
static uint64_t generation;

static void keep_defaults(void)
{
    if (have_defaults) return;
    for (int i = 0; i < NROWS; i++) defaults[i] = *ROWS[i].value;
    have_defaults = true;
}

bool sg_eval_param_at(int i, sg_eval_param *out)
{
    if (i < 0 || i >= NROWS) return false;
    keep_defaults();
    *out = (sg_eval_param){ROWS[i].name, *ROWS[i].value, defaults[i], ROWS[i].min, ROWS[i].max};
    return true;
}

static int find(const char *name)
{
    for (int i = 0; i < NROWS; i++)
        if (strcasecmp(ROWS[i].name, name) == 0) return i;
    return -1;
}

bool sg_eval_param_get(const char *name, sg_eval_param *out)
{
    return sg_eval_param_at(find(name), out);
}

bool sg_eval_param_set(const char *name, int v)
{
    int i = find(name);
    if (i < 0 || v < ROWS[i].min || v > ROWS[i].max) return false;
    keep_defaults();
    if (*ROWS[i].value != v) generation++;
    *ROWS[i].value = v;
    return true;
}

void sg_eval_params_reset(void)
{
    keep_defaults();
    for (int i = 0; i < NROWS; i++) {
        if (*ROWS[i].value != defaults[i]) generation++;
        *ROWS[i].value = defaults[i];
    }
}

uint64_t sg_eval_params_generation(void) { return generation; }
