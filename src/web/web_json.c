/* JSON in: the API's bodies are one flat object of strings, numbers,
 * booleans and nulls (docs/WEB.md "Security"); anything else is refused
 * with the byte where it went wrong. */
#include "web_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *skip_ws(const char *s) { while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') s++; return s; }

static const char *json_string(const char *s, char *out, size_t size)
{
    if (*s != '"') return NULL;
    s++;
    size_t n = 0;
    while (*s != '"') {
        unsigned char c = (unsigned char)*s;
        if (c == 0 || c < 0x20) return NULL;
        if (c == '\\') {
            s++;
            char e = *s;
            if (e == 'u') {
                unsigned v = 0;
                for (int i = 1; i <= 4; i++) {
                    char h = s[i];
                    if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F'))) return NULL;
                    v = v * 16 + (unsigned)(h <= '9' ? h - '0' : (h | 32) - 'a' + 10);
                }
                s += 4;
                if (v >= 0x80 || v == 0) return NULL;  /* only ASCII escapes are taken */
                c = (unsigned char)v;
            } else {
                const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
                const char *k = e ? strchr(from, e) : NULL;
                if (!k) return NULL;
                c = (unsigned char)to[k - from];
            }
        }
        if (n + 1 >= size) return NULL;
        out[n++] = (char)c;
        s++;
    }
    out[n] = 0;
    return s + 1;
}

bool web_json_parse(const char *s, jobj *o, char *why, size_t whysize)
{
    o->n = 0;
    const char *start = s;
    s = skip_ws(s);
    if (*s != '{') { snprintf(why, whysize, "malformed JSON: expected an object at byte %d", (int)(s - start) + 1); return false; }
    s = skip_ws(s + 1);
    if (*s == '}') { s = skip_ws(s + 1); goto end; }
    for (;;) {
        if (o->n == JSON_KEYS) { snprintf(why, whysize, "malformed JSON: more than %d keys", JSON_KEYS); return false; }
        jv *v = &o->v[o->n];
        const char *k = json_string(s, v->key, sizeof v->key);
        if (!k) { snprintf(why, whysize, "malformed JSON: expected a key at byte %d", (int)(s - start) + 1); return false; }
        s = skip_ws(k);
        if (*s != ':') { snprintf(why, whysize, "malformed JSON: expected ':' at byte %d", (int)(s - start) + 1); return false; }
        s = skip_ws(s + 1);
        const char *after = NULL;
        if (*s == '"') { v->kind = JV_STR; after = json_string(s, v->str, sizeof v->str); }
        else if (!strncmp(s, "true", 4)) { v->kind = JV_BOOL; v->b = true; after = s + 4; }
        else if (!strncmp(s, "false", 5)) { v->kind = JV_BOOL; v->b = false; after = s + 5; }
        else if (!strncmp(s, "null", 4)) { v->kind = JV_NULL; after = s + 4; }
        else if (*s == '-' || (*s >= '0' && *s <= '9')) {
            char *e;
            v->kind = JV_NUM;
            v->num = strtod(s, &e);
            after = e > s && isfinite(v->num) ? e : NULL;
        }
        if (!after) { snprintf(why, whysize, "malformed JSON: bad value at byte %d", (int)(s - start) + 1); return false; }
        o->n++;
        s = skip_ws(after);
        if (*s == ',') { s = skip_ws(s + 1); continue; }
        if (*s == '}') { s = skip_ws(s + 1); break; }
        snprintf(why, whysize, "malformed JSON: expected ',' or '}' at byte %d", (int)(s - start) + 1);
        return false;
    }
end:
    if (*s) { snprintf(why, whysize, "malformed JSON: text after the object at byte %d", (int)(s - start) + 1); return false; }
    return true;
}

const jv *web_jget(const jobj *o, const char *key)
{
    for (int i = 0; i < o->n; i++) if (!strcmp(o->v[i].key, key)) return &o->v[i];
    return NULL;
}

const char *web_jstr(const jobj *o, const char *key)
{
    const jv *v = web_jget(o, key);
    return v && v->kind == JV_STR ? v->str : NULL;
}
