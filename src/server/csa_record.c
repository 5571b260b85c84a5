/* komadai --csa-server: game records as shogi-server keeps them, so its
 * rating and result tools read them: DIR/YYYY/MM/DD/GAME_ID.csa, written
 * line by line and flushed after every line (a killed server loses no move
 * played), and a line per finished game in DIR/00LIST. */
#include <errno.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "csa_server.h"
#include "../core/endings.h"

static void clock_text(char *out, size_t size, const char *fmt)
{
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(out, size, fmt, &tm);
}

static bool mkdirs(const char *path)
{
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(tmp, 0755) < 0 && errno != EEXIST) return false;
        *p = '/';
    }
    return mkdir(tmp, 0755) == 0 || errno == EEXIST;
}

void sgsv_record_line(sgsv_game *g, const char *fmt, ...)
{
    if (!g->rec) return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(g->rec, fmt, ap);
    va_end(ap);
    fputc('\n', g->rec);
    fflush(g->rec);
}

bool sgsv_record_open(sgsv_server *s, sgsv_game *g)
{
    if (!s->records[0]) return true;
    char day[32], dir[1024];
    clock_text(day, sizeof day, "%Y/%m/%d");
    if (snprintf(dir, sizeof dir, "%s/%s", s->records, day) >= (int)sizeof dir) return false;
    if (snprintf(g->path, sizeof g->path, "%s/%s.csa", dir, g->id) >= (int)sizeof g->path) return false;
    if (!mkdirs(dir) || !(g->rec = fopen(g->path, "w"))) return false;
    sgsv_record_line(g, "V2\nN+%s\nN-%s\n'Max_Moves:%d\n'Least_Time_Per_Move:%d", g->names[0], g->names[1],
                       g->info.max_moves, g->info.least);
    if (g->info.time.increment > 0) sgsv_record_line(g, "'Increment:%d", g->info.time.increment);
    char now[32], pos[512];
    clock_text(now, sizeof now, "%Y/%m/%d %H:%M:%S");
    sg_csa_write_position(&g->start, pos, sizeof pos);
    size_t pl = strlen(pos);
    if (pl > 0 && pos[pl - 1] == '\n') pos[pl - 1] = '\0';
    sgsv_record_line(g, "$EVENT:%s\n$START_TIME:%s\n%s", g->id, now, pos);
    if (g->ids[0][0] && g->ids[1][0]) sgsv_record_line(g, "'rating:%s:%s", g->ids[0], g->ids[1]);
    return true;
}

static const char *side_result(const sg_csa_match *m, int side)
{
    if (m->result == SG_CSA_RES_CHUDAN || m->winner < 0) return "draw";
    return m->winner == side ? "win" : "lose";
}

void sgsv_record_finish(sgsv_server *s, sgsv_game *g)
{
    const sg_csa_match *m = &g->m;
    char end[32];
    clock_text(end, sizeof end, "%Y/%m/%d %H:%M:%S");
    if (m->phase == SG_CSA_OVER) {
        const char *word = sg_csa_result_record_word(m->result);
        if (word) sgsv_record_line(g, "%s", word);
        if (m->result == SG_CSA_RES_CUSTOM && sg_game_decided(&m->game)) {
            sg_ending_words w;
            sg_ending_words_for(&m->game.verdict, sg_game_pos(&m->game)->side, SG_REC_CSA, &w);
            if (w.comment[0]) sgsv_record_line(g, "'%s", w.comment);
        }
        char pos[512];
        sg_csa_write_position(sg_game_pos(&m->game), pos, sizeof pos);
        for (char *p = pos; *p;) {
            char *nl = strchr(p, '\n');
            int l = nl ? (int)(nl - p) : (int)strlen(p);
            sgsv_record_line(g, "'%.*s", l, p);
            p = nl ? nl + 1 : p + l;
        }
        sgsv_record_line(g, "'summary:%s:%s %s:%s %s", m->cause, g->names[0], side_result(m, 0), g->names[1],
                           side_result(m, 1));
        if (s->records[0]) {
            char list[600];
            FILE *f = snprintf(list, sizeof list, "%s/00LIST", s->records) < (int)sizeof list ? fopen(list, "a") : NULL;
            if (f) {
                fprintf(f, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", end, m->cause, side_result(m, 0),
                        g->ids[0][0] ? g->ids[0] : g->names[0], g->ids[1][0] ? g->ids[1] : g->names[1],
                        side_result(m, 1), g->path);
                fclose(f);
            }
        }
    }
    sgsv_record_line(g, "'$END_TIME:%s", end);
    if (g->rec) fclose(g->rec);
    g->rec = NULL;
}

/* ---- after a restart -------------------------------------------------------------------- */
static bool unfinished(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return false;
    char line[1100];
    bool ended = false;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "'$END_TIME:", 11) == 0) ended = true;
    fclose(f);
    return !ended;
}

/* DIR/YYYY/MM/DD/ID.csa: depth 3 below the records directory */
static int scan(sgsv_server *s, const char *dir, int depth)
{
    DIR *d = opendir(dir);
    if (!d) return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[1024];
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path) continue;
        size_t l = strlen(e->d_name);
        if (depth < 3) n += scan(s, path, depth + 1);
        else if (l > 4 && strcmp(e->d_name + l - 4, ".csa") == 0 && unfinished(path)) {
            sgsv_log(s, "interrupted game (no result): %s", path);
            n++;
        }
    }
    closedir(d);
    return n;
}

void sgsv_record_scan(sgsv_server *s)
{
    if (!s->records[0]) return;
    int n = scan(s, s->records, 0);
    if (n) sgsv_log(s, "%d interrupted game(s) in %s", n, s->records);
}
