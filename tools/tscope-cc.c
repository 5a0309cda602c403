/* tscope-cc / tscope-c++ -- clang with TensorScope: the plugin (roles, lint,
 * instrumentation), the runtime header on the include path and, when
 * linking, the runtime library.  Every other argument goes to clang as is,
 * so `CC=tscope-cc ./configure && make` and
 * `cmake -DCMAKE_C_COMPILER=tscope-cc` work.  `tscope-cc --tscope-help`.
 *
 * A small C11 program (it replaced a bash script that cost ~5 ms a compile):
 * it reads its arguments once, stats a few files and exec()s clang, with no
 * shell and no child process.  It finds the plugin, header, runtime and API
 * descriptions relative to its own location (/proc/self/exe), so the
 * build-tree and installed copies differ only in the relative paths that
 * tools/CMakeLists.txt compiles in:
 *   TSCOPE_LLVM_BINDIR, TSCOPE_LLVM_VERSION, TSCOPE_REL_LIBDIR,
 *   TSCOPE_REL_INCLUDEDIR, TSCOPE_REL_DATADIR.
 * The program's name picks the compiler: a name with "++" runs clang++.
 *
 * Build caches (docs/build-caches.md): TSCOPE_LAUNCHER=ccache makes the
 * wrapper run `ccache clang ...`, so ccache sees the plugin, every plugin
 * argument (TSCOPE_API included: it becomes -fplugin-arg-tensorscope-api=)
 * and, through CCACHE_EXTRAFILES, the API files' contents.  Run the other
 * way round (`ccache tscope-cc`), ccache would hash this program only and
 * return stale objects, so that is an error naming the fix. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef TSCOPE_LLVM_BINDIR
#error "TSCOPE_LLVM_BINDIR must be defined (tools/CMakeLists.txt)"
#endif

static const char *me = "tscope-cc";

static void die(const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s: error: ", me);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  exit(2);
}

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    die("out of memory");
  return p;
}

/* a + b + c as a new string. */
static char *cat3(const char *a, const char *b, const char *c) {
  size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
  char *s = xmalloc(la + lb + lc + 1);
  memcpy(s, a, la);
  memcpy(s + la, b, lb);
  memcpy(s + la + lb, c, lc + 1);
  return s;
}

static int is_regular(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int ends_with(const char *s, const char *suffix) {
  size_t ls = strlen(s), lx = strlen(suffix);
  return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

static int starts_with(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* ---- a growable argument vector ---------------------------------------- */
struct argv_buf {
  char **v;
  size_t n, cap;
};

static void push(struct argv_buf *b, const char *s) {
  if (b->n + 2 > b->cap) {
    b->cap = b->cap ? 2 * b->cap : 64;
    char **v = realloc(b->v, b->cap * sizeof *v);
    if (!v)
      die("out of memory");
    b->v = v;
  }
  b->v[b->n++] = (char *)s;
  b->v[b->n] = NULL;
}

/* ---- paths ---------------------------------------------------------------- */
static char *here, *libdir, *incdir, *apidir, *plugin;
static const char *clang;

static void find_paths(void) {
  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0)
    die("cannot find its own location (/proc/self/exe: %s)", strerror(errno));
  self[n] = '\0';
  char *slash = strrchr(self, '/');
  if (slash)
    *slash = '\0';
  here = cat3(self, "", "");
  libdir = cat3(here, "/", TSCOPE_REL_LIBDIR);
  incdir = cat3(here, "/", TSCOPE_REL_INCLUDEDIR);
  apidir = cat3(here, "/", TSCOPE_REL_DATADIR "/tensorscope/apis");
  plugin = cat3(libdir, "/", "tensorscope.so");
}

/* ---- --tscope-help ------------------------------------------------------- */
static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "gsl onnx " -- the shipped descriptions, each followed by a space. */
static char *shipped_names(void) {
  struct argv_buf names = {0};
  DIR *d = opendir(apidir);
  if (d) {
    struct dirent *e;
    while ((e = readdir(d))) {
      size_t len = strlen(e->d_name);
      if (len > 5 && ends_with(e->d_name, ".yaml")) {
        char *name = cat3(e->d_name, "", "");
        name[len - 5] = '\0';
        push(&names, name);
      }
    }
    closedir(d);
  }
  if (names.n)
    qsort(names.v, names.n, sizeof *names.v, cmp_str);
  size_t total = 1;
  for (size_t i = 0; i < names.n; i++)
    total += strlen(names.v[i]) + 1;
  char *out = xmalloc(total), *p = out;
  for (size_t i = 0; i < names.n; i++) {
    size_t len = strlen(names.v[i]);
    memcpy(p, names.v[i], len);
    p[len] = ' ';
    p += len + 1;
  }
  *p = '\0';
  return out;
}

static void usage(void) {
  printf("Usage: %s [--tscope-api=NAME|FILE]... [--tscope-runtime=static|shared|none]\n"
         "       [clang arguments...]\n"
         "\n"
         "Runs %s with the TensorScope plugin (instrumentation and lint), the\n"
         "runtime header on the include path, and the runtime library when linking.\n"
         "Every other argument is passed to clang unchanged.\n"
         "\n"
         "  --tscope-api=NAME|FILE   an API description: NAME picks a shipped file\n"
         "                           (%s\n"
         "                           in %s), FILE a YAML file of yours.\n"
         "                           Repeatable; also TSCOPE_API=NAME,FILE,... in the\n"
         "                           environment.\n"
         "  --tscope-runtime=KIND    runtime to link: static (default for programs),\n"
         "                           shared (default with -shared), none\n"
         "  --tscope-help            this text\n"
         "  --help                   this text, then clang's own help\n"
         "\n"
         "Plugin arguments go straight through, e.g.\n"
         "  -fplugin-arg-tensorscope-instrument=0   lint only, no runtime calls\n"
         "  -fplugin-arg-tensorscope-lint=0         no compile-time lint\n"
         "  -fplugin-arg-tensorscope-help           list them all\n"
         "%s -fsyntax-only FILE.c lints FILE.c.  See docs/plugin.md.\n"
         "\n"
         "Environment: TSCOPE_API (above); TSCOPE_LAUNCHER=ccache or sccache runs clang\n"
         "through the cache with the API files (and, for sccache, the plugin) hashed\n"
         "(CCACHE_EXTRAFILES, SCCACHE_EXTRAFILES); see docs/build-caches.md.\n",
         me, clang, shipped_names(), apidir, me);
  fflush(stdout);
}

/* ---- API descriptions ------------------------------------------------------ */
/* Resolves one --tscope-api / TSCOPE_API item to a file. */
static const char *api_file(const char *item) {
  if (is_regular(item))
    return item;
  /* A path (a bare NAME is a shipped description, even where a folder of
     that name exists: GSL's source tree has gsl/). */
  if (strchr(item, '/') || ends_with(item, ".yaml") || ends_with(item, ".yml")) {
    struct stat st;
    if (stat(item, &st) == 0) {
      if (S_ISDIR(st.st_mode))
        die("API description '%s' is a directory, not a file (from --tscope-api or TSCOPE_API)", item);
      die("API description '%s' is not a regular file (a device, a fifo or a socket; from --tscope-api or TSCOPE_API)", item);
    }
    die("API description '%s' not found (from --tscope-api or TSCOPE_API)", item);
  }
  char *dir = cat3(apidir, "/", "");
  char *shipped = cat3(dir, item, ".yaml");
  free(dir);
  if (is_regular(shipped))
    return shipped;
  die("unknown API description '%s' (from --tscope-api or TSCOPE_API): not a file, and no %s/%s.yaml",
      item, apidir, item);
  return NULL;
}

/* ---- inputs that are already preprocessed ----------------------------------- */
/* True when clang will not preprocess this input (so -I would be unused and
   warn: -Werror -c x.i, what distcc sends).  `lang` is the current -x value
   (NULL or "none": by extension).  Anything unknown counts as a source. */
static int needs_no_preprocessing(const char *input, const char *lang) {
  static const char *const langs[] = {"cpp-output", "c++-cpp-output", "objective-c-cpp-output",
                                      "objective-c++-cpp-output", "assembler", "ir", NULL};
  static const char *const exts[] = {".i", ".ii", ".mi", ".mii", ".s", ".o", ".a", ".so",
                                     ".bc", ".ll", ".lo", ".obj", NULL};
  if (lang && strcmp(lang, "none") != 0) {
    for (int i = 0; langs[i]; i++)
      if (strcmp(lang, langs[i]) == 0)
        return 1;
    return 0;
  }
  if (strcmp(input, "-") == 0)
    return 0;
  for (int i = 0; exts[i]; i++)
    if (ends_with(input, exts[i]))
      return 1;
  return 0;
}

/* ---- build caches and distcc ---------------------------------------------- */
/* The base name of our parent's executable ("" when unknown). */
static const char *parent_name(void) {
  static char exe[PATH_MAX];
  char link[64];
  snprintf(link, sizeof link, "/proc/%ld/exe", (long)getppid());
  ssize_t n = readlink(link, exe, sizeof exe - 1);
  if (n <= 0)
    return "";
  exe[n] = '\0';
  return base_name(exe);
}

/* `ccache tscope-cc ...` / `sccache tscope-cc ...` (or
   CMAKE_C_COMPILER_LAUNCHER=ccache): our parent is the cache.  It has hashed
   this program, not the plugin, the API files or TSCOPE_API, and would serve
   stale objects and warnings. */
static void refuse_outer_cache(const char *parent) {
  if (strcmp(parent, "ccache") != 0 && strcmp(parent, "sccache") != 0)
    return;
  die("run by %s ('%s %s ...' or a compiler launcher): %s would hash %s itself, "
      "not the plugin, the API files or TSCOPE_API, and return stale objects and warnings; "
      "let %s run %s instead: TSCOPE_LAUNCHER=%s %s ... (docs/build-caches.md)",
      parent, parent, me, parent, me, me, parent, parent, me);
}

/* Run by distcc on the client (it preprocesses here, the server compiles):
   what only this machine has does not reach the server. */
static void check_under_distcc(const char *env_api, char **items, size_t n) {
  if (env_api && *env_api)
    die("TSCOPE_API does not reach distcc servers (distcc sends the command line, not the "
        "environment); pass --tscope-api=%s in the compile command instead (docs/distributed.md)",
        env_api);
  for (size_t i = 0; i < n; i++)
    if (items[i][0] != '/' && is_regular(items[i]))
      die("--tscope-api=%s: a relative path, which a distcc server cannot find (it compiles in "
          "a directory of its own); give an absolute path present on every server, or the NAME "
          "of a shipped description (docs/distributed.md)",
          items[i]);
}

/* VAR (CCACHE_EXTRAFILES, SCCACHE_EXTRAFILES) gains FILES: the cache hashes
   their contents.  sccache's server resolves a relative path in its own
   directory, so its list gets absolute paths. */
static void add_extrafiles(const char *var, char **files, size_t n, int absolute) {
  if (!n)
    return;
  const char *old = getenv(var);
  char *value = cat3(old && *old ? old : "", "", "");
  for (size_t i = 0; i < n; i++) {
    const char *f = files[i];
    char *abs = absolute ? realpath(f, NULL) : NULL;
    if (absolute && !abs)
      die("cannot resolve '%s' for %s: %s", f, var, strerror(errno));
    if (abs)
      f = abs;
    value = *value ? cat3(value, ":", f) : cat3(f, "", "");
  }
  if (setenv(var, value, 1) != 0)
    die("cannot set %s: %s", var, strerror(errno));
}

static void run(char **argv) {
  execvp(argv[0], argv);
  die("cannot run %s: %s", argv[0], strerror(errno));
}

int main(int argc, char **argv) {
  int cxx = argc > 0 && strstr(base_name(argv[0]), "++") != NULL;
  me = cxx ? "tscope-c++" : "tscope-cc";
  clang = cxx ? TSCOPE_LLVM_BINDIR "/clang++" : TSCOPE_LLVM_BINDIR "/clang";
  find_paths();

  if (access(clang, X_OK) != 0)
    die("%s not found (TensorScope was built for LLVM %s)", clang, TSCOPE_LLVM_VERSION);
  if (!is_regular(plugin))
    die("plugin %s not found", plugin);

  struct argv_buf apis = {0}, api_items = {0}; /* files; as given */
  const char *env_api = getenv("TSCOPE_API");
  if (env_api && *env_api) {
    char *list = cat3(env_api, "", ""), *save = NULL;
    for (char *a = strtok_r(list, ",", &save); a; a = strtok_r(NULL, ",", &save))
      push(&apis, api_file(a));
  }

  struct argv_buf args = {0};
  const char *runtime = NULL; /* static | shared | none (NULL: decide below) */
  int info_only = 0;          /* --version, -dumpversion, -print-*: nothing to add */
  int compile_only = 0;       /* -c, -S, -E, -M, -fsyntax-only: no link */
  int preprocess = 0;         /* -E / -M / -MM: no plugin needed */
  int shared = 0, inputs = 0, sources = 0, want_help = 0;
  int depfile = 0;            /* -M, -MM, -MD, -MMD: a dependency list is written */
  int expect_value = 0;       /* the previous option takes the next argument */
  int lang_next = 0;          /* ... and that option was -x */
  const char *lang = NULL;    /* the current -x */

  static const char *const takes_value[] = {
      "-o", "-I", "-L", "-D", "-U", "-x", "-include", "-imacros", "-isystem", "-idirafter",
      "-iquote", "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-isysroot", "-MF", "-MT",
      "-MQ", "-Xlinker", "-Xclang", "-Xassembler", "-Xpreprocessor", "-arch", "-target", "-u",
      "-z", "-T", "-l", "-F", "-mllvm", "--param", "-Xopenmp-target", "-include-pch",
      "-working-directory", "--serialize-diagnostics", NULL};

  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (expect_value) {
      if (lang_next)
        lang = arg;
      push(&args, arg);
      expect_value = lang_next = 0;
      continue;
    }
    if (starts_with(arg, "--tscope-")) {
      if (starts_with(arg, "--tscope-api=")) {
        push(&api_items, arg + strlen("--tscope-api="));
        push(&apis, api_file(arg + strlen("--tscope-api=")));
      } else if (starts_with(arg, "--tscope-runtime=")) {
        const char *v = arg + strlen("--tscope-runtime=");
        if (strcmp(v, "static") && strcmp(v, "shared") && strcmp(v, "none"))
          die("bad value in '%s' (expected static, shared or none)", arg);
        runtime = v;
      } else if (strcmp(arg, "--tscope-help") == 0) {
        usage();
        return 0;
      } else {
        die("unknown option '%s' (%s --tscope-help lists the options)", arg, me);
      }
      continue;
    }
    if (!strcmp(arg, "-M") || !strcmp(arg, "-MM") || !strcmp(arg, "-MD") || !strcmp(arg, "-MMD"))
      depfile = 1;
    if (strcmp(arg, "--help") == 0)
      want_help = 1;
    else if (!strcmp(arg, "--version") || !strcmp(arg, "-dumpversion") ||
             !strcmp(arg, "-dumpmachine") || !strcmp(arg, "-dumpspecs") ||
             starts_with(arg, "-print-") || starts_with(arg, "--print-") || !strcmp(arg, "-###"))
      info_only = 1;
    else if (!strcmp(arg, "-c") || !strcmp(arg, "-S") || !strcmp(arg, "-fsyntax-only") ||
             !strcmp(arg, "-emit-ast"))
      compile_only = 1;
    else if (!strcmp(arg, "-E") || !strcmp(arg, "-M") || !strcmp(arg, "-MM"))
      compile_only = preprocess = 1;
    else if (!strcmp(arg, "-shared"))
      shared = 1;
    else if (starts_with(arg, "-Xarch_"))
      expect_value = 1;
    else if (arg[0] == '-' && arg[1] != '\0') {
      for (int k = 0; takes_value[k]; k++)
        if (strcmp(arg, takes_value[k]) == 0) {
          expect_value = 1;
          lang_next = strcmp(arg, "-x") == 0;
          break;
        }
      if (starts_with(arg, "-x") && arg[2] != '\0')
        lang = arg + 2; /* -xc++ */
    } else {
      inputs++; /* a file, or "-" (standard input) */
      if (!needs_no_preprocessing(arg, lang))
        sources++;
    }
    push(&args, arg);
  }

  if (want_help) {
    usage();
    putchar('\n');
    fflush(stdout);
    char *help[] = {(char *)clang, "--help", NULL};
    run(help);
  }

  /* Queries (cmake and configure probe with these): clang alone. */
  if (info_only || inputs == 0) {
    struct argv_buf q = {0};
    push(&q, clang);
    for (size_t i = 0; i < args.n; i++)
      push(&q, args.v[i]);
    run(q.v);
  }

  const char *parent = parent_name();
  refuse_outer_cache(parent);
  if (strcmp(parent, "distcc") == 0 && sources)
    check_under_distcc(env_api, api_items.v, api_items.n);

  struct argv_buf cmd = {0};
  const char *launcher = getenv("TSCOPE_LAUNCHER");
  if (launcher && *launcher) {
    const char *lname = base_name(launcher);
    if (strcmp(lname, "distcc") == 0 || strcmp(lname, "pump") == 0 || strcmp(lname, "icecc") == 0)
      die("TSCOPE_LAUNCHER=%s: %s would get clang's command, -fplugin= included, which distccd "
          "does not run; put %s first instead: %s %s ... (CC=\"%s %s\"; docs/distributed.md)",
          launcher, lname, lname, lname, me, lname, me);
    push(&cmd, launcher);
    if (strcmp(lname, "ccache") == 0 && !preprocess)
      add_extrafiles("CCACHE_EXTRAFILES", apis.v, apis.n, 0);
    if (strcmp(lname, "sccache") == 0 && !preprocess) {
      /* sccache 0.4 hashes neither the -fplugin= library nor the API files. */
      struct argv_buf extra = {0};
      push(&extra, plugin);
      for (size_t i = 0; i < apis.n; i++)
        push(&extra, apis.v[i]);
      add_extrafiles("SCCACHE_EXTRAFILES", extra.v, extra.n, 1);
    }
  }
  push(&cmd, clang);
  /* The header path only where something is preprocessed: on a .i it is
     unused, and clang -Werror says so. */
  if (sources)
    push(&cmd, cat3("-I", incdir, ""));
  if (!preprocess) {
    push(&cmd, cat3("-fplugin=", plugin, ""));
    for (size_t i = 0; i < apis.n; i++)
      push(&cmd, cat3("-fplugin-arg-tensorscope-api=", apis.v[i], ""));
  } else if (depfile) {
    /* -M, -MM, -E -MD: no plugin runs (it would list the API files in the
       dependency output itself); the objects depend on them all the same. */
    for (size_t i = 0; i < apis.n; i++) {
      push(&cmd, "-Xclang");
      push(&cmd, cat3("-fdepfile-entry=", apis.v[i], ""));
    }
  }
  for (size_t i = 0; i < args.n; i++)
    push(&cmd, args.v[i]);
  if (!compile_only) {
    if (!runtime)
      runtime = shared ? "shared" : "static";
    /* `-x none`: a user's `-x c++` must not make clang read the library as C++. */
    if (!strcmp(runtime, "static")) {
      push(&cmd, "-x");
      push(&cmd, "none");
      push(&cmd, cat3(libdir, "/libtensorscope.a", ""));
      push(&cmd, "-lpthread");
      push(&cmd, "-ldl");
    } else if (!strcmp(runtime, "shared")) {
      push(&cmd, "-x");
      push(&cmd, "none");
      push(&cmd, cat3("-L", libdir, ""));
      push(&cmd, "-ltensorscope");
      push(&cmd, cat3("-Wl,-rpath,", libdir, ""));
      push(&cmd, "-lpthread");
      push(&cmd, "-ldl");
    }
  }
  run(cmd.v);
  return 127;
}
