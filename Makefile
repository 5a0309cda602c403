# TensorScope -- a thin wrapper over CMake for people.
#   make            build into build/ (runtime, plugin for LLVM 19, tools)
#   make check      all tests (both LLVM versions, ASan+UBSan and TSan runtime builds)
#   make demo       the main job: the shipped examples, before and after
#   make bench      the benchmarks (rewrites docs/performance.md)
#   make check-real GSL's test suite, GSL's doc/examples and lua built with
#                   the plugin (check-gsl, check-gsl-examples, check-lua)
#   make install PREFIX=/usr/local
# `make check`, `make demo` and `make bench` install missing Debian packages
# first when run as root (and print the apt-get line otherwise).

BUILD   ?= build
PREFIX  ?= /usr/local
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
LLVM    ?= 19
CMAKE_FLAGS ?=

.PHONY: all build deps check demo bench install clean check-gsl check-gsl-examples check-lua check-real

all: build

build:
	@tools/install-deps.sh build $(if $(filter 22,$(LLVM)),llvm22)
	cmake -S . -B $(BUILD) -DTSCOPE_LLVM_VERSION=$(LLVM) $(CMAKE_FLAGS) >/dev/null
	cmake --build $(BUILD) -j$(JOBS)

check:
	@tools/install-deps.sh check
	bash test/run-all.sh

demo: build
	bash examples/run-demo.sh $(BUILD)

check-gsl:
	@tools/install-deps.sh bench
	$(MAKE) build
	bash test/gsl/run.sh $(BUILD)

check-gsl-examples:
	@tools/install-deps.sh bench
	$(MAKE) build
	bash test/gsl-examples/run.sh $(BUILD)

check-lua:
	@tools/install-deps.sh bench
	$(MAKE) build
	bash test/lua/run.sh $(BUILD)

# Real code nobody here wrote, built with the plugin (about 30 minutes).
check-real: check-gsl check-gsl-examples check-lua

bench:
	@tools/install-deps.sh bench
	$(MAKE) build
	bash bench/run-all.sh $(BUILD)

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf build build-*
