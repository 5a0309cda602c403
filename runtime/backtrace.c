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

/* Runs the symbolizer for one address; fills function / file / line. */
static bool run_symbolizer(const char *object, uintptr_t addr, ts_symbol *out) {
    static int tool = -1; /* 0 none, 1 addr2line, 2 llvm-symbolizer */
    if (tool < 0)
        tool = tool_exists("addr2line") ? 1 : tool_exists("llvm-symbolizer") ? 2 : 0;
    if (!tool)
        return false;
    char q[1200], cmd[1500];
    quote(object, q, sizeof q);
    if (tool == 1)
        snprintf(cmd, sizeof cmd, "addr2line -f -C -e %s 0x%lx 2>/dev/null", q, (unsigned long)addr);
    else
        snprintf(cmd, sizeof cmd, "llvm-symbolizer --obj=%s 0x%lx 2>/dev/null", q, (unsigned long)addr);
    FILE *p = popen(cmd, "r");
    if (!p)
        return false;
    char fn[512] = "", loc[1024] = "";
    bool ok = fgets(fn, sizeof fn, p) && fgets(loc, sizeof loc, p);
    pclose(p);
    if (!ok)
        return false;
    fn[strcspn(fn, "\n")] = '\0';
    loc[strcspn(loc, "\n")] = '\0';
    if (strcmp(fn, "??") != 0)
        snprintf(out->function, sizeof out->function, "%s", fn);
    /* "file:line" or "file:line:col" (llvm-symbolizer), "??:0" when unknown. */
    char *colon = strchr(loc, ':');
    if (colon && strncmp(loc, "??", 2) != 0) {
        *colon = '\0';
        unsigned line = (unsigned)strtoul(colon + 1, NULL, 10);
        if (line) {
            snprintf(out->file, sizeof out->file, "%s", loc);
            out->line = line;
        }
    }
    return true;
}

/* Symbolizing runs a process per address: remember the answers (reports
 * repeat the same frames: per site, and in both text and JSON). */
#define SYMBOL_CACHE 256
static struct {
    void *pc;
    ts_symbol sym;
} symbol_cache[SYMBOL_CACHE];
static pthread_mutex_t symbol_mutex = PTHREAD_MUTEX_INITIALIZER;

static void symbolize_uncached(void *pc, ts_symbol *out);

void ts_symbolize(void *pc, ts_symbol *out) {
    size_t slot = ((uintptr_t)pc >> 2) % SYMBOL_CACHE;
    pthread_mutex_lock(&symbol_mutex);
    if (symbol_cache[slot].pc == pc && pc) {
        *out = symbol_cache[slot].sym;
        pthread_mutex_unlock(&symbol_mutex);
        return;
    }
    pthread_mutex_unlock(&symbol_mutex);
    symbolize_uncached(pc, out);
    pthread_mutex_lock(&symbol_mutex);
    symbol_cache[slot].pc = pc;
    symbol_cache[slot].sym = *out;
    pthread_mutex_unlock(&symbol_mutex);
}

static void symbolize_uncached(void *pc, ts_symbol *out) {
    memset(out, 0, sizeof *out);
    Dl_info info;
    /* Return addresses point after the call: look up the call itself. */
    uintptr_t addr = (uintptr_t)pc - 1;
    if (!dladdr((void *)addr, &info) || !info.dli_fname)
        return;
    snprintf(out->object, sizeof out->object, "%s", info.dli_fname);
    if (info.dli_sname)
        snprintf(out->function, sizeof out->function, "%s", info.dli_sname);
    const char *object = info.dli_fname;
    char self[1024];
    if (!object[0] || strchr(object, '/') == NULL) {
        /* The main program: dladdr may give argv[0]; use the real path. */
        ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        if (n > 0) {
            self[n] = '\0';
            object = self;
            snprintf(out->object, sizeof out->object, "%s", self);
        }
    }
    uintptr_t rel = is_fixed_executable(info.dli_fbase) ? addr : addr - (uintptr_t)info.dli_fbase;
    run_symbolizer(object, rel, out);
}

void ts_backtrace_print(FILE *out, const ts_backtrace *bt, const char *indent) {
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
