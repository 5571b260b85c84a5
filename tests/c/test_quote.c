/* sg_quote: how outside text is shown in a message (control characters and
 * bytes that are not UTF-8 as \xHH, UTF-8 as it is, cut at a character with
 * "..."), and the messages that quote bad input through it. */
#include "check.h"
#include "../../src/core/quote.h"
#include "../../src/core/notation.h"

/* {text, its length, out size, expected} */
static const struct { const char *text; size_t n, size; const char *want; } ROWS[] = {
    {"7g7f", 4, 64, "7g7f"},
    {"", 0, 64, ""},
    {"\x1b[31m", 5, 64, "\\x1B[31m"},                 /* an escape sequence */
    {"a\tb\r\n", 5, 64, "a\\x09b\\x0D\\x0A"},
    {"a\0b", 3, 64, "a\\x00b"},                        /* a zero byte inside the text */
    {"\x7f", 1, 64, "\\x7F"},
    {"\xff\xfe", 2, 64, "\\xFF\\xFE"},                 /* not UTF-8 */
    {"\xc3", 1, 64, "\\xC3"},                          /* a cut character */
    {"\xc0\xaf", 2, 64, "\\xC0\\xAF"},                 /* an overlong '/' */
    {"\xed\xa0\x80", 3, 64, "\\xED\\xA0\\x80"},        /* a surrogate */
    {"\xc2\x9b", 2, 64, "\\xC2\\x9B"},                 /* U+009B, a C1 control (CSI) */
    {"\xc2\xa0", 2, 64, "\xc2\xa0"},                   /* U+00A0 is kept */
    {"７六歩", 9, 64, "７六歩"},
    {"\xf0\x9f\x98\x80", 4, 64, "\xf0\x9f\x98\x80"},   /* four bytes */
    {"back\\slash", 10, 64, "back\\slash"},            /* a backslash stays */
    {"abcdefghij", 10, 8, "abcd..."},                  /* cut to fit */
    {"abcdefg", 7, 8, "abcdefg"},                      /* fits exactly */
    {"\x01\x02\x03\x04", 4, 12, "\\x01\\x02..."},     /* an escape is never cut */
    {"六六六六", 12, 10, "六六..."},                   /* nor a character */
};

static void test_rows(void)
{
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
        char out[64];
        if (!CHECK_EQ_STR(sg_quote(ROWS[i].text, ROWS[i].n, out, ROWS[i].size), ROWS[i].want))
            printf("  row %zu\n", i);
    }
    char one[1];
    CHECK_EQ_STR(sg_quote("abc", 3, one, 1), "");
}

/* every byte value alone and in pairs: the result is printable UTF-8 */
static void test_all_bytes(void)
{
    int bad = 0;
    for (int a = 0; a < 256; a++)
        for (int b = 0; b < 256; b++) {
            char in[2] = {(char)a, (char)b}, out[16];
            sg_quote(in, 2, out, sizeof out);
            for (const unsigned char *p = (const unsigned char *)out; *p; p++)
                if (*p < 0x20 || *p == 0x7f) bad++;
        }
    CHECK_EQ_INT(bad, 0);
}

/* messages of the core that quote the move through it */
static void test_messages(void)
{
    sg_pos p;
    sg_error e;
    sg_move m;
    sg_notation n;
    CHECK(sg_pos_from_sfen(&p, "startpos", SG_STANDARD, &e));
    CHECK(!sg_move_parse_any(&p, "\x01\x02zz", SG_SQ_NONE, &m, &n, &e));
    CHECK_EQ_STR(e.msg, "not a move '\\x01\\x02zz' (write it like 7g7f, P-7f, +7776FU or ７六歩)");
    CHECK(!sg_move_parse(&p, "7g\x1b[2J", SG_NOTATION_USI, SG_SQ_NONE, &m, &e));
    CHECK_EQ_STR(e.msg, "not a USI move '7g\\x1B[2J' (write it like 7g7f, 8h2b+ or P*5e)");
    CHECK(!sg_move_parse(&p, "P-7f\x07", SG_NOTATION_WESTERN, SG_SQ_NONE, &m, &e));
    CHECK_EQ_STR(e.msg, "unexpected '\\x07' after the move 'P-7f'");
    CHECK(!sg_pos_from_sfen(&p, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP\x1b/1B5R1/LNSGKGSNL b - 1", SG_STANDARD, &e));
    CHECK_EQ_STR(e.msg, "unknown piece letter '\\x1B'");
    CHECK(!sg_pos_from_sfen(&p, "4k4/9/9/9/9/9/9/9/4K4 b \xef\xbc\x90 1", SG_STANDARD, &e));
    CHECK_EQ_STR(e.msg, "'\xef\xbc\x90' cannot be in hand");
}

int main(void)
{
    sg_init();
    test_rows();
    test_all_bytes();
    test_messages();
    return check_report();
}
