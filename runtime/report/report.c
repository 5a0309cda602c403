/*
 * report.c -- the leak report: live tensors grouped by creation site (the
 * site with most first), each site with the scopes its tensors were created
 * in, what keeps them alive (the cache's holder describer), and up to three
 * distinct stack traces.  Text for people (tscope_report, at exit) and JSON
 * for tools (tscope_report_json, json=PATH); both come from one snapshot.
 */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#define MAX_TRACES 3

typedef struct item {
    void *handle;
    uint64_t gen;
    const tscope_site *created;
    const tscope_site *scope;
    ts_backtrace *bt; /* copy, or NULL */
} item;

typedef struct snapshot {
    item *items;
    size_t n, cap;
    bool oom;
} snapshot;

static void collect(uint32_t idx, ts_record *r, void *arg) {
    snapshot *s = arg;
    if (ts_rec_bits(r) & TS_REC_DIED_AT_EXIT)
        return;
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 256;
        item *grown = realloc(s->items, cap * sizeof *grown);
        if (!grown) {
            s->oom = true;
            return;
        }
        s->items = grown;
        s->cap = cap;
    }
    const ts_origin *o = ts_origin_get(ts_rec_origin(r));
    item *it = &s->items[s->n++];
    it->handle = ts_rec_handle(r);
    it->gen = atomic_load_explicit(&r->generation, memory_order_relaxed);
    it->created = o->site;
    it->scope = o->scope;
    it->bt = NULL;
    if (ts_rec_bits(r) & TS_REC_HAS_EXT) {
        ts_ext_lock();
        ts_ext *e = ts_ext_get(idx, false);
        if (e)
            it->bt = ts_backtrace_copy(e->created_bt);
        ts_ext_unlock();
    }
}

static int str_cmp(const char *a, const char *b) {
    if (a == b)
        return 0;
    if (!a)
        return -1;
    if (!b)
        return 1;
    return strcmp(a, b);
}

/* Sites compare by content: the plugin may emit one constant per call. */
static int site_cmp(const tscope_site *a, const tscope_site *b) {
    if (a == b)
        return 0;
    if (!a)
        return -1;
    if (!b)
        return 1;
    int c = str_cmp(a->file, b->file);
    if (c)
        return c;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    if ((c = str_cmp(a->function, b->function)))
        return c;
    return str_cmp(a->api, b->api);
}

static int item_cmp(const void *pa, const void *pb) {
    const item *a = pa, *b = pb;
    int c = site_cmp(a->created, b->created);
    return c ? c : site_cmp(a->scope, b->scope);
}

typedef struct group {
    size_t first, count; /* items[first .. first+count) */
    const tscope_site *created;
} group;

/* Most tensors first; ties by site so the output is stable. */
static int group_cmp(const void *pa, const void *pb) {
    const group *a = pa, *b = pb;
    if (a->count != b->count)
        return a->count > b->count ? -1 : 1;
    return site_cmp(a->created, b->created);
}

typedef struct report {
    snapshot snap;
    group *groups;
    size_t ngroups;
} report;

static void report_build(report *rep) {
    memset(rep, 0, sizeof *rep);
    ts_for_each_live(collect, &rep->snap);
    item *items = rep->snap.items;
    size_t n = rep->snap.n;
    if (!n)
        return;
    qsort(items, n, sizeof *items, item_cmp);
    rep->groups = malloc(n * sizeof *rep->groups);
    if (!rep->groups)
        return;
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        while (j < n && site_cmp(items[i].created, items[j].created) == 0)
            j++;
        rep->groups[rep->ngroups++] = (group){i, j - i, items[i].created};
        i = j;
    }
    qsort(rep->groups, rep->ngroups, sizeof *rep->groups, group_cmp);
}

static void report_free(report *rep) {
    for (size_t i = 0; i < rep->snap.n; i++)
        free(rep->snap.items[i].bt);
    free(rep->snap.items);
    free(rep->groups);
}

static bool same_bt(const ts_backtrace *a, const ts_backtrace *b) {
    return a->n == b->n && memcmp(a->pcs, b->pcs, (size_t)a->n * sizeof(void *)) == 0;
}

/* Orders traces: most tensors first, then by program counters, so the
 * output does not depend on addresses of tensors or hashing. */
typedef struct trace_count {
    const ts_backtrace *bt;
    size_t count;
} trace_count;
static int trace_cmp(const void *pa, const void *pb) {
    const trace_count *a = pa, *b = pb;
    if (a->count != b->count)
        return a->count > b->count ? -1 : 1;
    for (int i = 0; i < a->bt->n && i < b->bt->n; i++)
        if (a->bt->pcs[i] != b->bt->pcs[i])
            return (uintptr_t)a->bt->pcs[i] < (uintptr_t)b->bt->pcs[i] ? -1 : 1;
    return a->bt->n - b->bt->n;
}

#define MAX_CANDIDATES 64
/* Up to MAX_TRACES distinct traces of group g, with how many tensors each
 * (chosen among the first MAX_CANDIDATES distinct ones). */
static size_t distinct_traces(const report *rep, const group *g, const ts_backtrace **traces,
                              size_t *counts) {
    trace_count cand[MAX_CANDIDATES];
    size_t nc = 0;
    for (size_t i = g->first; i < g->first + g->count; i++) {
        const ts_backtrace *bt = rep->snap.items[i].bt;
        if (!bt)
            continue;
        size_t k = 0;
        while (k < nc && !same_bt(cand[k].bt, bt))
            k++;
        if (k < nc)
            cand[k].count++;
        else if (nc < MAX_CANDIDATES)
            cand[nc++] = (trace_count){bt, 1};
    }
    qsort(cand, nc, sizeof *cand, trace_cmp);
    size_t nt = nc < MAX_TRACES ? nc : MAX_TRACES;
    for (size_t k = 0; k < nt; k++) {
        traces[k] = cand[k].bt;
        counts[k] = cand[k].count;
    }
    return nt;
}

/* Distinct holder phrases of group g with counts (describer outside locks). */
typedef struct phrase {
    char text[512];
    size_t count;
} phrase;
static size_t holder_phrases(const report *rep, const group *g, phrase *out, size_t max) {
    tscope_holder_describer_ describe = ts_holder_describer();
    if (!describe)
        return 0;
    size_t np = 0;
    for (size_t i = g->first; i < g->first + g->count; i++) {
        char buf[512] = "";
        const item *it = &rep->snap.items[i];
        if (!describe(it->handle, it->gen, buf, sizeof buf) || !buf[0])
            continue;
        size_t k = 0;
        while (k < np && strcmp(out[k].text, buf) != 0)
            k++;
        if (k < np)
            out[k].count++;
        else if (np < max) {
            snprintf(out[np].text, sizeof out[np].text, "%s", buf);
            out[np++].count = 1;
        }
    }
    return np;
}

/* Symbolizes every frame the report will print in one go: one symbolizer
 * process per object instead of one per trace. */
static void prefetch_symbols(const report *rep) {
    size_t n = 0, cap = 0;
    void **pcs = NULL;
    for (size_t gi = 0; gi < rep->ngroups; gi++) {
        const ts_backtrace *traces[MAX_TRACES];
        size_t counts[MAX_TRACES];
        size_t nt = distinct_traces(rep, &rep->groups[gi], traces, counts);
        for (size_t k = 0; k < nt; k++) {
            for (int f = 0; f < traces[k]->n; f++) {
                if (n == cap) {
                    size_t ncap = cap ? cap * 2 : 64;
                    void **grown = realloc(pcs, ncap * sizeof *grown);
                    if (!grown)
                        goto done;
                    pcs = grown;
                    cap = ncap;
                }
                pcs[n++] = traces[k]->pcs[f];
            }
        }
    }
done:
    if (n)
        ts_symbolize_many(pcs, n);
    free(pcs);
}

static size_t report_text(FILE *out, const char *header) {
    report rep;
    report_build(&rep);
    prefetch_symbols(&rep);
    size_t total = rep.snap.n;
    if (!total) {
        report_free(&rep);
        return 0;
    }
    char site[1024];
    fprintf(out, "TensorScope: %s\n", header);
    for (size_t gi = 0; gi < rep.ngroups; gi++) {
        const group *g = &rep.groups[gi];
        const item *items = rep.snap.items;
        ts_format_site(items[g->first].created, site, sizeof site);
        fprintf(out, "TensorScope: %zu tensor%s created at %s\n", g->count,
                g->count == 1 ? "" : "s", site);
        /* Items of a group are sorted by scope: count runs. */
        for (size_t i = g->first; i < g->first + g->count;) {
            size_t j = i + 1;
            while (j < g->first + g->count && site_cmp(items[i].scope, items[j].scope) == 0)
                j++;
            if (items[i].scope) {
                ts_format_site(items[i].scope, site, sizeof site);
                fprintf(out, "    %zu in the scope begun at %s\n", j - i, site);
            } else {
                fprintf(out, "    %zu outside any scope\n", j - i);
            }
            i = j;
        }
        phrase phrases[8];
        size_t np = holder_phrases(&rep, g, phrases, 8);
        for (size_t k = 0; k < np; k++)
            fprintf(out, "    %zu %s\n", phrases[k].count, phrases[k].text);
        const ts_backtrace *traces[MAX_TRACES];
        size_t counts[MAX_TRACES];
        size_t nt = distinct_traces(&rep, g, traces, counts);
        for (size_t k = 0; k < nt; k++) {
            fprintf(out, "    stack trace %zu of %zu (%zu tensor%s):\n", k + 1, nt, counts[k],
                    counts[k] == 1 ? "" : "s");
            ts_backtrace_print(out, traces[k], "      ");
        }
    }
    fprintf(out, "TensorScope: %zu tensors leaked from %zu sites\n", total, rep.ngroups);
    fflush(out);
    report_free(&rep);
    return total;
}

size_t ts_report_text(FILE *out, const char *header) { return report_text(out, header); }

void tscope_report(FILE *out) {
    report_text(out ? out : stderr, "tensors alive now, by creation site");
}

/* ---- JSON ----------------------------------------------------------------- */

static void json_string(FILE *out, const char *s) {
    if (!s) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\t': fputs("\\t", out); break;
        default:
            if (*p < 0x20)
                fprintf(out, "\\u%04x", *p);
            else
                fputc(*p, out);
        }
    }
    fputc('"', out);
}

static void json_site(FILE *out, const tscope_site *s) {
    if (!s) {
        fputs("null", out);
        return;
    }
    fputs("{\"file\": ", out);
    json_string(out, s->file);
    fprintf(out, ", \"line\": %u, \"column\": %u, \"function\": ", s->line, s->column);
    json_string(out, s->function);
    fputs(", \"api\": ", out);
    json_string(out, s->api);
    fputc('}', out);
}

static void json_trace(FILE *out, const ts_backtrace *bt, size_t count) {
    ts_symbolize_many(bt->pcs, (size_t)bt->n);
    fprintf(out, "{\"count\": %zu, \"frames\": [", count);
    for (int i = 0; i < bt->n; i++) {
        ts_symbol sym;
        ts_symbolize(bt->pcs[i], &sym);
        fprintf(out, "%s{\"pc\": \"%p\", \"function\": ", i ? ", " : "", bt->pcs[i]);
        json_string(out, sym.function[0] ? sym.function : NULL);
        fputs(", \"file\": ", out);
        json_string(out, sym.file[0] ? sym.file : NULL);
        fprintf(out, ", \"line\": %u, \"object\": ", sym.line);
        json_string(out, sym.object[0] ? sym.object : NULL);
        fputc('}', out);
    }
    fputs("]}", out);
}

void tscope_report_json(FILE *out) {
    if (!out)
        return;
    report rep;
    report_build(&rep);
    prefetch_symbols(&rep);
    const item *items = rep.snap.items;
    fprintf(out, "{\n  \"tool\": \"TensorScope\",\n  \"version\": \"%d.%d\",\n",
            TSCOPE_VERSION_MAJOR, TSCOPE_VERSION_MINOR);
    fprintf(out, "  \"live_tensors\": %zu,\n  \"site_count\": %zu,\n  \"sites\": [",
            rep.snap.n, rep.ngroups);
    for (size_t gi = 0; gi < rep.ngroups; gi++) {
        const group *g = &rep.groups[gi];
        fputs(gi ? ",\n    {" : "\n    {", out);
        fputs("\"site\": ", out);
        json_site(out, items[g->first].created);
        fprintf(out, ", \"count\": %zu,\n     \"scopes\": [", g->count);
        bool first = true;
        for (size_t i = g->first; i < g->first + g->count;) {
            size_t j = i + 1;
            while (j < g->first + g->count && site_cmp(items[i].scope, items[j].scope) == 0)
                j++;
            fputs(first ? "{\"scope\": " : ", {\"scope\": ", out);
            json_site(out, items[i].scope);
            fprintf(out, ", \"count\": %zu}", j - i);
            first = false;
            i = j;
        }
        fputs("],\n     \"held_by\": [", out);
        phrase phrases[8];
        size_t np = holder_phrases(&rep, g, phrases, 8);
        for (size_t k = 0; k < np; k++) {
            fputs(k ? ", {\"description\": " : "{\"description\": ", out);
            json_string(out, phrases[k].text);
            fprintf(out, ", \"count\": %zu}", phrases[k].count);
        }
        fputs("],\n     \"backtraces\": [", out);
        const ts_backtrace *traces[MAX_TRACES];
        size_t counts[MAX_TRACES];
        size_t nt = distinct_traces(&rep, g, traces, counts);
        for (size_t k = 0; k < nt; k++) {
            if (k)
                fputs(", ", out);
            json_trace(out, traces[k], counts[k]);
        }
        fputs("]}", out);
    }
    fputs(rep.ngroups ? "\n  ]\n}\n" : "]\n}\n", out);
    fflush(out);
    report_free(&rep);
}
