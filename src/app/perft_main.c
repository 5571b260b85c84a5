/* build/perft: the engine behind scripts/perft.
 *   perft [--variant standard|sho] SFEN|startpos|sho|standard DEPTH [--divide] [--no-bulk]
 * The last line printed is the node count alone; with --divide the lines
 * before it are "MOVE COUNT".  Bad input: a message on stderr, exit 2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../search/perft.h"

/* the usage on stderr after a mistake, on stdout when asked for (--help) */
static int usage(const char *msg)
{
    if (msg) fprintf(stderr, "perft: %s\n", msg);
    fprintf(msg ? stderr : stdout, "usage: perft [--variant standard|sho] SFEN|startpos|sho DEPTH [--divide] [--no-bulk]\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *sfen = NULL, *depth_text = NULL;
    bool divide = false, bulk = true;
    sg_variant v = SG_STANDARD;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--divide") == 0) divide = true;
        else if (strcmp(argv[i], "--no-bulk") == 0) bulk = false;
        else if (strcmp(argv[i], "--variant") == 0) {
            if (++i >= argc) return usage("--variant needs a name");
            if (!sg_variant_from_name(argv[i], &v)) {
                fprintf(stderr, "perft: unknown variant '%s' (standard or sho)\n", argv[i]);
                return 2;
            }
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(NULL);
            return 0;   /* asked for: not an error */
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            fprintf(stderr, "perft: unknown option '%s'\n", argv[i]);
            return 2;
        } else if (!sfen) sfen = argv[i];
        else if (!depth_text) depth_text = argv[i];
        else return usage("too many arguments (quote the SFEN)");
    }
    if (!sfen || !depth_text) return usage("need a SFEN and a depth");
    char *end;
    long depth = strtol(depth_text, &end, 10);
    if (*end || end == depth_text || depth < 0 || depth > 20) {
        fprintf(stderr, "perft: bad depth '%s' (a whole number from 0 to 20)\n", depth_text);
        return 2;
    }
    /* a variant's name stands for its start position: "perft sho 3" */
    sg_variant named;
    if (sg_variant_from_name(sfen, &named)) {
        v = named;
        sfen = "startpos";
    }
    sg_pos p;
    sg_error err;
    if (!sg_pos_from_sfen(&p, sfen, v, &err)) {
        fprintf(stderr, "perft: sfen:%d:%d: %s\n", err.line, err.col, err.msg);
        return 2;
    }
    sg_perft_opts o = {bulk, NULL};
    if (divide && depth >= 1) {
        sg_move moves[SG_MAX_MOVES];
        uint64_t counts[SG_MAX_MOVES], total = 0;
        int n = sg_perft_divide(&p, (int)depth, &o, moves, counts);
        for (int i = 0; i < n; i++) {
            char u[6];
            sg_move_to_usi(moves[i], u);
            printf("%s %llu\n", u, (unsigned long long)counts[i]);
            total += counts[i];
        }
        printf("%llu\n", (unsigned long long)total);
    } else {
        printf("%llu\n", (unsigned long long)sg_perft(&p, (int)depth, &o));
    }
    return 0;
}
