/* Inside the store (store.h): the table a database backend fills.  The
 * store's queries are written once (store.c) in PostgreSQL's placeholders
 * ($1, $2 ...; the SQLite backend reads them as ?1, ?2 ...); a backend runs
 * them, runs the schema text of its dialect (store_schema.c) and carries the
 * news of a changed game to the other processes on the same database. */
#ifndef SG_WEB_STORE_DB_H
#define SG_WEB_STORE_DB_H

#include "store.h"

typedef enum { SG_SQL_NULL, SG_SQL_INT, SG_SQL_REAL, SG_SQL_TEXT } sg_sql_type;
typedef struct {
    sg_sql_type t;
    int64_t i;
    double d;
    const char *s;
} sg_sql_arg;

/* one result row: n columns as text, NULL for an SQL NULL */
typedef void (*sg_sql_row_fn)(void *cls, int n, const char *const *col);

typedef enum { SG_DIALECT_SQLITE, SG_DIALECT_PG, SG_DIALECT_NB } sg_dialect;

enum { SG_SQL_ERROR = -1, SG_SQL_UNIQUE = -2 };

typedef struct {
    const char *name;
    sg_dialect dialect;
    const char *begin;           /* the statement that starts a writing transaction */
    /* where: the SQLite file, or the PostgreSQL URL; NULL and a sentence in err on failure */
    void *(*open)(const char *where, char *err, int errsize);
    void (*close)(void *db);
    /* one statement with arguments: each row to fn; the rows returned, else the rows changed,
     * or SG_SQL_UNIQUE (a unique constraint refused it) or SG_SQL_ERROR */
    int (*run)(void *db, const char *sql, const sg_sql_arg *a, int n, sg_sql_row_fn fn, void *cls);
    /* several statements without arguments (a migration); false and the message in err */
    bool (*script)(void *db, const char *sql, char *err, int errsize);
    /* the schema's lock across processes while migrating (a no-op where BEGIN locks the file) */
    bool (*lock)(void *db, bool on);
    /* news of changes: `changed` is told of every game another process (or this one) changed,
     * from a thread of the backend's; announce tells the others, inside the open transaction */
    bool (*listen)(void *db, sg_store_changed_fn changed, void *cls);
    void (*announce)(void *db, int64_t game_id);
    /* the text of the last error */
    const char *(*error)(void *db);
} sg_store_backend;

extern const sg_store_backend sg_store_sqlite, sg_store_pg;

/* the migrations of a dialect, oldest first (store_schema.c) */
const char *const *sg_store_migrations(sg_dialect d, int *n);
const char *sg_store_migrations_table(void);

#endif
