/* A tiny test harness: CHECK counts, main() ends with "N passed, N failed". */
#ifndef SG_CHECK_H
#define SG_CHECK_H
#include <stdio.h>
#include <string.h>

static int check_passed, check_failed;

#define CHECK(cond) check_at((cond), #cond, __FILE__, __LINE__)
#define CHECK_EQ_INT(a, b) check_int((long long)(a), (long long)(b), #a " == " #b, __FILE__, __LINE__)
#define CHECK_EQ_STR(a, b) check_str((a), (b), #a " == " #b, __FILE__, __LINE__)

static inline int check_at(int ok, const char *what, const char *file, int line)
{
    if (ok) check_passed++;
    else { check_failed++; printf("FAIL %s:%d: %s\n", file, line, what); }
    return ok;
}
static inline int check_int(long long a, long long b, const char *what, const char *file, int line)
{
    if (a == b) { check_passed++; return 1; }
    check_failed++;
    printf("FAIL %s:%d: %s (%lld != %lld)\n", file, line, what, a, b);
    return 0;
}
static inline int check_str(const char *a, const char *b, const char *what, const char *file, int line)
{
    if (a && b && strcmp(a, b) == 0) { check_passed++; return 1; }
    check_failed++;
    printf("FAIL %s:%d: %s (\"%s\" != \"%s\")\n", file, line, what, a ? a : "(null)", b ? b : "(null)");
    return 0;
}
static inline int check_report(void)
{
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed != 0;
}
#endif
