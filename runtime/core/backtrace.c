/*
 * backtrace.c -- stack traces for reports (option backtrace=N).
 *
 * Capture is glibc's backtrace() (cheap: no symbolization).  Symbolization
 * happens only when a report is printed: dladdr() names the object and the
 * nearest exported symbol; addr2line (binutils) or llvm-symbolizer, run
 * through popen, add function, file and line from debug info.  When neither
 * tool is installed, or the object has no debug info, the trace degrades to
 * "object+offset" and the exported symbol name.
 */
#include "internal.h"

#include <dlfcn.h>
#include <elf.h>
#include <execinfo.h>
#include <link.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * The trace must start at the user's frame.  Counting frames to skip is
 * fragile (inlining; sanitizers intercept backtrace() and unwind on their
 * own), so the public entry point passes its return address and the trace
 * starts at the frame that matches it.
 */
ts_backtrace *ts_backtrace_capture(void *caller_pc) {
    int want = ts_opts.backtrace;
    if (want <= 0)
        return NULL;
    enum { EXTRA = 8 }; /* our own frames above the caller */
    void *pcs[TS_MAX_BACKTRACE + EXTRA];
    int total = backtrace(pcs, want + EXTRA);
    int first = 0;
    while (first < total && first < EXTRA && pcs[first] != caller_pc)
        first++;
    if (first == total || first == EXTRA)
        first = 0; /* not found: keep everything rather than lose frames */
    int n = total - first;
    if (n <= 0)
        return NULL;
    if (n > want)
        n = want;
    ts_backtrace *bt = malloc(sizeof *bt + (size_t)n * sizeof(void *));
    if (!bt)
        return NULL;
    bt->n = n;
    memcpy(bt->pcs, pcs + first, (size_t)n * sizeof(void *));
    return bt;
}

/* Whether the object loaded at `base` is position-dependent (ET_EXEC):
 * then symbolizers want absolute addresses, else offsets from the base. */
ts_backtrace *ts_backtrace_copy(const ts_backtrace *bt) {
    if (!bt)
        return NULL;
    size_t size = sizeof *bt + (size_t)bt->n * sizeof(void *);
    ts_backtrace *c = malloc(size);
    if (c)
        memcpy(c, bt, size);
    return c;
}

static bool is_fixed_executable(const void *base) {
    const ElfW(Ehdr) *eh = base;
    return base && memcmp(eh->e_ident, ELFMAG, SELFMAG) == 0 && eh->e_type == ET_EXEC;
}

static bool tool_exists(const char *name) {
    const char *path = getenv("PATH");
    if (!path)
        return false;
    char buf[1024];
    for (const char *p = path; *p;) {
        const char *end = strchr(p, ':');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        snprintf(buf, sizeof buf, "%.*s/%s", (int)len, p, name);
        if (access(buf, X_OK) == 0)
            return true;
        p += len;
        if (*p == ':')
            p++;
    }
    return false;
}

/* Shell-quotes `s` into buf with single quotes. */
static void quote(const char *s, char *buf, size_t n) {
    size_t o = 0;
    if (o < n - 1)
        buf[o++] = '\'';
    for (; *s && o + 5 < n; s++) {
        if (*s == '\'') {
            memcpy(buf + o, "'\\''", 4);
            o += 4;
        } else {
            buf[o++] = *s;
        }
    }
    if (o < n - 1)
        buf[o++] = '\'';
    buf[o] = '\0';
}

static int symbolizer_tool(void) {
    static int tool = -1; /* 0 none, 1 addr2line, 2 llvm-symbolizer */
    if (tool < 0)
        tool = tool_exists("addr2line") ? 1 : tool_exists("llvm-symbolizer") ? 2 : 0;
    return tool;
}

/* Parses "FUNCTION" and "FILE:LINE[:COL]" ("??" / "??:0" when unknown). */
static void parse_answer(char *fn, char *loc, ts_symbol *out) {
    fn[strcspn(fn, "\n")] = '\0';
    loc[strcspn(loc, "\n")] = '\0';
    if (fn[0] && strcmp(fn, "??") != 0)
        snprintf(out->function, sizeof out->function, "%s", fn);
    char *colon = strchr(loc, ':');
    if (colon && strncmp(loc, "??", 2) != 0) {
        *colon = '\0';
        unsigned line = (unsigned)strtoul(colon + 1, NULL, 10);
        if (line) {
            snprintf(out->file, sizeof out->file, "%s", loc);
            out->line = line;
        }
    }
}

#define BATCH 64

/* One symbolizer process for up to BATCH addresses of one object. */
static void run_symbolizer(const char *object, const uintptr_t *rel, ts_symbol **outs, size_t n) {
    int tool = symbolizer_tool();
    if (!tool || !n)
        return;
    char q[1200], cmd[1500 + BATCH * 20];
    quote(object, q, sizeof q);
    int len = tool == 1 ? snprintf(cmd, sizeof cmd, "addr2line -f -C -e %s", q)
                        : snprintf(cmd, sizeof cmd, "llvm-symbolizer --no-inlines --obj=%s", q);
    for (size_t i = 0; i < n; i++)
        len += snprintf(cmd + len, sizeof cmd - (size_t)len, " 0x%lx", (unsigned long)rel[i]);
    snprintf(cmd + len, sizeof cmd - (size_t)len, " 2>/dev/null");
    FILE *p = popen(cmd, "r");
    if (!p)
        return;
    char fn[512], loc[1024];
    for (size_t i = 0; i < n; i++) {
        if (!fgets(fn, sizeof fn, p) || !fgets(loc, sizeof loc, p))
            break;
        parse_answer(fn, loc, outs[i]);
        if (tool == 2 && !fgets(fn, sizeof fn, p)) /* blank line between answers */
            break;
    }
    pclose(p);
}

/* dladdr's part: the object (and its nearest exported symbol); returns the
 * address to ask the symbolizer about in *rel.  False when unknown. */
static bool locate(void *pc, ts_symbol *out, uintptr_t *rel) {
    memset(out, 0, sizeof *out);
    Dl_info info;
    /* Return addresses point after the call: look up the call itself. */
    uintptr_t addr = (uintptr_t)pc - 1;
    if (!dladdr((void *)addr, &info) || !info.dli_fname)
        return false;
    snprintf(out->object, sizeof out->object, "%s", info.dli_fname);
    if (info.dli_sname)
        snprintf(out->function, sizeof out->function, "%s", info.dli_sname);
    if (!info.dli_fname[0] || strchr(info.dli_fname, '/') == NULL) {
        /* The main program: dladdr may give argv[0]; use the real path. */
        char self[1024];
        ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        if (n > 0) {
            self[n] = '\0';
            snprintf(out->object, sizeof out->object, "%s", self);
        }
    }
    *rel = is_fixed_executable(info.dli_fbase) ? addr : addr - (uintptr_t)info.dli_fbase;
    return true;
}

/* Symbolizing runs a process per object: reports ask for all their frames
 * at once (ts_symbolize_many) and the answers are remembered. */
#define SYMBOL_CACHE 256
static struct {
    void *pc;
    ts_symbol sym;
} symbol_cache[SYMBOL_CACHE];
static pthread_mutex_t symbol_mutex = PTHREAD_MUTEX_INITIALIZER;

static size_t cache_slot(void *pc) { return ((uintptr_t)pc >> 2) % SYMBOL_CACHE; }

static bool cache_get(void *pc, ts_symbol *out) {
    bool hit = false;
    pthread_mutex_lock(&symbol_mutex);
    if (pc && symbol_cache[cache_slot(pc)].pc == pc) {
        *out = symbol_cache[cache_slot(pc)].sym;
        hit = true;
    }
    pthread_mutex_unlock(&symbol_mutex);
    return hit;
}

static void cache_put(void *pc, const ts_symbol *sym) {
    pthread_mutex_lock(&symbol_mutex);
    symbol_cache[cache_slot(pc)].pc = pc;
    symbol_cache[cache_slot(pc)].sym = *sym;
    pthread_mutex_unlock(&symbol_mutex);
}

void ts_symbolize_many(void *const *pcs, size_t n) {
    ts_symbol *syms = calloc(n ? n : 1, sizeof *syms);
    uintptr_t *rels = calloc(n ? n : 1, sizeof *rels);
    bool *todo = calloc(n ? n : 1, sizeof *todo);
    if (!syms || !rels || !todo)
        goto out;
    ts_symbol scratch;
    for (size_t i = 0; i < n; i++)
        todo[i] = !cache_get(pcs[i], &scratch) && locate(pcs[i], &syms[i], &rels[i]);
    /* One batch per object (and per BATCH addresses). */
    for (size_t i = 0; i < n; i++) {
        if (!todo[i])
            continue;
        uintptr_t batch_rel[BATCH];
        ts_symbol *batch_out[BATCH];
        size_t nb = 0;
        for (size_t j = i; j < n && nb < BATCH; j++) {
            if (todo[j] && strcmp(syms[j].object, syms[i].object) == 0) {
                batch_rel[nb] = rels[j];
                batch_out[nb++] = &syms[j];
                todo[j] = false;
                cache_put(pcs[j], &syms[j]); /* placeholder until answered */
            }
        }
        run_symbolizer(syms[i].object, batch_rel, batch_out, nb);
        for (size_t j = 0; j < n; j++)
            for (size_t k = 0; k < nb; k++)
                if (batch_out[k] == &syms[j])
                    cache_put(pcs[j], &syms[j]);
    }
out:
    free(syms);
    free(rels);
    free(todo);
}

void ts_symbolize(void *pc, ts_symbol *out) {
    if (cache_get(pc, out))
        return;
    uintptr_t rel;
    if (locate(pc, out, &rel)) {
        ts_symbol *o = out;
        run_symbolizer(out->object, &rel, &o, 1);
    }
    cache_put(pc, out);
}

void ts_backtrace_print(FILE *out, const ts_backtrace *bt, const char *indent) {
    ts_symbolize_many(bt->pcs, (size_t)bt->n);
    for (int i = 0; i < bt->n; i++) {
        ts_symbol sym;
        ts_symbolize(bt->pcs[i], &sym);
        fprintf(out, "%s#%d %p in %s", indent, i, bt->pcs[i],
                sym.function[0] ? sym.function : "??");
        if (sym.file[0])
            fprintf(out, " %s:%u", sym.file, sym.line);
        else if (sym.object[0])
            fprintf(out, " (%s)", sym.object);
        fputc('\n', out);
    }
}
