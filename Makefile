# SPDX-License-Identifier: MIT
# texunit - the top-level wrapper around CMake and CTest.
#
#   make            build (build/)
#   make demo       build and run the demonstration (the README's main job)
#   make test       build and run every test (CTest)
#   make asan       build with clang, AddressSanitizer and UBSan (build-asan/) and run every test
#   make test-clang the kernel tests (test_fast, test_bind) in a clang Release build (build-clang/):
#                   the kernels as make bench builds them, AVX2 register pairs included
#   make fuzz       build the libFuzzer targets (build-fuzz/, FUZZ_BUILD_TYPE: RelWithDebInfo)
#                   and run each FUZZ_SECONDS (60), FUZZ_JOBS (1) at a time
#   make bench      build Release (build-bench/, with clang when installed: BENCH_CC) and run
#                   texbench against lavapipe; BENCH_ARGS passes options (e.g. BENCH_ARGS=--quick)
#   make fuzz-long  the same, FUZZ_SECONDS (3600) each at nice 19, or until FUZZ_RUNS executions
#                   when that is given; both print a table (fuzz/run.sh)
#   make install    install into PREFIX (default /usr/local)
#   make format     clang-format the tree; make format-check fails when it is not clean
#   make deps       install the Debian packages the build and the tests need that are missing
#                   (as root or with sudo; otherwise it lists them and the build goes on)
#   make clean      remove the build trees

MAKEFLAGS += --no-print-directory

BUILD     ?= build
ASAN      ?= build-asan
CLANG     ?= build-clang
FUZZ      ?= build-fuzz
BENCH     ?= build-bench
BENCH_ARGS ?=
# The kernels run 10-25 % faster built by clang 14 than by gcc 12 (bench/README.md).
BENCH_CC  ?= $(shell command -v clang 2>/dev/null || echo cc)
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?=
FUZZ_JOBS ?= 1
# The fuzz tree is optimized for long runs; CI's short pass builds it at -O0 (Debug), which
# compiles the sanitized kernels in less than half the time.
FUZZ_BUILD_TYPE ?= RelWithDebInfo
PREFIX    ?= /usr/local
JOBS      ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_ARGS ?=
# The project's own builds treat warnings as errors (a consumer's build does not).
WERROR    = -DTEXUNIT_WERROR=ON

# Everything a fresh Debian 12 machine needs to build texunit and run all of its tests.
DEBIAN_PACKAGES = gcc clang make cmake pkg-config libpng-dev libzstd-dev zlib1g-dev g++ \
                  libastcenc-dev libsquish-dev libopenexr-dev python3-pil libegl-dev libegl-mesa0 \
                  libgl1-mesa-dri mesa-vulkan-drivers libvulkan-dev glslang-tools

SOURCES = $(shell find include src tools tests bench fuzz examples -name '*.[ch]' 2>/dev/null)

.PHONY: all build demo test asan test-clang fuzz fuzz-build fuzz-long bench install format format-check deps clean

all: build

build: deps
	cmake -S . -B $(BUILD) $(WERROR) $(CMAKE_ARGS)
	cmake --build $(BUILD) -j $(JOBS)

# The demo needs only the texunit tool: build that target alone, quietly (warnings and
# errors still show on standard error).
demo: deps
	@cmake -S . -B $(BUILD) --log-level=WARNING $(WERROR) $(CMAKE_ARGS) > /dev/null
	@echo "building the texunit tool in $(BUILD)/"
	@cmake --build $(BUILD) -j $(JOBS) --target texunit_tool > /dev/null
	@sh examples/demo.sh $(BUILD)/texunit

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

asan: deps
	cmake -S . -B $(ASAN) -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug \
	      -DTEXUNIT_SANITIZE=ON $(WERROR) $(CMAKE_ARGS)
	cmake --build $(ASAN) -j $(JOBS)
	cd $(ASAN) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	      ctest --output-on-failure -j $(JOBS)

# Only clang makes the AVX2 build's 2D sampling kernels in register pairs (kernels_avx2_pairs.c),
# and ASan's build reads texels with plain loads instead of gathers: this runs those kernels'
# gathers against the generic path.
test-clang: deps
	cmake -S . -B $(CLANG) -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Release $(WERROR) $(CMAKE_ARGS)
	cmake --build $(CLANG) -j $(JOBS) --target test_fast test_bind
	cd $(CLANG) && ctest --output-on-failure -R '^test_(fast|bind)$$'

fuzz-build: deps
	cmake -S . -B $(FUZZ) -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=$(FUZZ_BUILD_TYPE) -DTEXUNIT_FUZZ=ON \
	      -DTEXUNIT_TESTS=OFF $(WERROR) $(CMAKE_ARGS)
	cmake --build $(FUZZ) -j $(JOBS) --target texunit_fuzzers

fuzz: fuzz-build
	FUZZ_JOBS=$(FUZZ_JOBS) sh fuzz/run.sh $(FUZZ) $(FUZZ_SECONDS)

# The long run: an hour per target unless FUZZ_SECONDS is given (FUZZ_RUNS=10000000 stops a
# target at that many executions first), at the lowest priority.
fuzz-long: fuzz-build
	FUZZ_JOBS=$(FUZZ_JOBS) nice -n 19 sh fuzz/run.sh $(FUZZ) $(if $(filter command line,$(origin FUZZ_SECONDS)),$(FUZZ_SECONDS),3600) $(FUZZ_RUNS)

# texbench is built only when the Vulkan headers and glslangValidator were found.
bench: deps
	cmake -S . -B $(BENCH) -DCMAKE_C_COMPILER=$(BENCH_CC) -DCMAKE_BUILD_TYPE=Release \
	      -DTEXUNIT_TESTS=OFF $(WERROR) $(CMAKE_ARGS)
	@if cmake --build $(BENCH) --target help | grep -q texbench; then \
	  cmake --build $(BENCH) --target texbench -j $(JOBS) && $(BENCH)/bench/texbench $(BENCH_ARGS); \
	else echo "skipped: texbench was not configured (see the cmake output above)"; fi

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

format:
	clang-format -i $(SOURCES)

format-check:
	clang-format --dry-run --Werror $(SOURCES)

# Installs only what is missing; does nothing when everything is there. Without dpkg or
# apt-get, or as a user who is neither root nor allowed sudo, it says which packages are
# missing and the build goes on: CMake leaves out the optional pieces it cannot find (libpng,
# the reference codecs, the Vulkan and EGL tests, texbench) and says so.
deps:
	@if ! command -v dpkg-query >/dev/null 2>&1; then \
	  echo "make deps: not a Debian system; the build needs a C11 compiler, cmake and make, and"; \
	  echo "  uses, when found, the equivalents of: $(DEBIAN_PACKAGES)"; \
	  exit 0; \
	fi; \
	missing=""; for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	[ -n "$$missing" ] || exit 0; \
	if [ "$$(id -u)" = 0 ]; then SUDO=""; \
	elif command -v sudo >/dev/null 2>&1 && { sudo -n true 2>/dev/null || [ -t 0 ]; }; then SUDO=sudo; \
	else SUDO=none; fi; \
	if ! command -v apt-get >/dev/null 2>&1 || [ "$$SUDO" = none ]; then \
	  echo "make deps: missing Debian packages:$$missing"; \
	  echo "  install them as root (apt-get install$$missing); building what can be built without them"; \
	  exit 0; \
	fi; \
	echo "installing Debian packages:$$missing"; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing

clean:
	rm -rf $(BUILD) $(ASAN) $(CLANG) $(FUZZ) $(BENCH) build-release
