/* The rule sets of the board: which pieces exist, drops, royals, start. */
#include <string.h>
#include "position.h"

const sg_variant_info sg_variants[SG_VARIANT_NB] = {
    [SG_STANDARD] = {
        "standard", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", true, false,
        {[SG_PAWN] = 18, [SG_LANCE] = 4, [SG_KNIGHT] = 4, [SG_SILVER] = 4, [SG_GOLD] = 4,
         [SG_BISHOP] = 2, [SG_ROOK] = 2, [SG_KING] = 2}},
    [SG_SHO] = {
        "sho", "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1", false, true,
        {[SG_PAWN] = 18, [SG_LANCE] = 4, [SG_KNIGHT] = 4, [SG_SILVER] = 4, [SG_GOLD] = 4,
         [SG_BISHOP] = 2, [SG_ROOK] = 2, [SG_ELEPHANT] = 2, [SG_KING] = 2}},
};

bool sg_variant_from_name(const char *name, sg_variant *out)
{
    for (int v = 0; v < SG_VARIANT_NB; v++)
        if (strcmp(name, sg_variants[v].name) == 0) { *out = (sg_variant)v; return true; }
    return false;
}
