# BeaconSim — see README.md. `make demo` and `make test` do all the set-up themselves.
SWIFT ?= swift
BIN := .build/debug/beaconsim
RELEASE_BIN := .build/release/beaconsim

.PHONY: setup build demo test test-internal-checks ci-recipes snapshots check-scenarios check-radio notebooks fuzz fuzz-smoke mutation bench bench-instructions bench-check lint clean

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

demo: build
	$(BIN) run Scenarios/retail-store.yaml
	@echo
	@echo "Open the timeline:  less $$(ls -d Results/retail-store/*-seed1* | tail -n 1)/timeline.jsonl"

# The release build takes `make install`'s flags (--static-swift-stdlib), so ci-recipes' installs reuse it
# instead of building release a second time.
# Last: the documented Slurm array on a real single-node Slurm (as root or through sudo; installs
# Debian's slurm and munge when missing, starts and stops its own daemons).
test:
	@scripts/setup.sh test
	$(MAKE) --no-print-directory lint
	$(SWIFT) build --build-tests
	$(SWIFT) build --product generate-manual
	$(SWIFT) test
	$(MAKE) --no-print-directory test-internal-checks
	$(SWIFT) build -c release --static-swift-stdlib --product beaconsim
	$(MAKE) --no-print-directory check-scenarios CHECK_BIN=$(RELEASE_BIN)
	$(MAKE) --no-print-directory check-radio CHECK_BIN=$(RELEASE_BIN)
	$(MAKE) --no-print-directory notebooks
	$(MAKE) --no-print-directory fuzz-smoke
	$(MAKE) --no-print-directory ci-recipes
	scripts/bumble-test.sh
	scripts/slurm-test.sh

# The checking build (BEACONSIM_INTERNAL_CHECKS, its own scratch path .build-checks): the link table's
# shape, the event queue's, source queue's and calendar's invariants verified after each change, over
# the tests of the queues, the medium seam and the worlds that power beacons off, skip and rotate.
INTERNAL_CHECKS_TESTS ?= SimulationCoreTests|SourceCalendarTests|SourceQueueTests|EveryMediumTests|RadioMediumTests|WorldTests|DwellSkipTests|PowerOffTests|PacketLimitTests|ReportShareTests|AddressRotationTests|CaptureReplayTests
test-internal-checks: setup
	BEACONSIM_INTERNAL_CHECKS=1 $(SWIFT) build --build-tests --scratch-path .build-checks
	BEACONSIM_INTERNAL_CHECKS=1 $(SWIFT) test --skip-build --scratch-path .build-checks --filter '$(INTERNAL_CHECKS_TESTS)'

# The README's CI recipes (docs/ci/: GitHub Actions, GitLab CI) run as written on this machine:
# make install into a scratch HOME, then beaconsim check on a scenario folder with --junit.
ci-recipes: setup
	scripts/ci-recipe-test.py

# libFuzzer over the scenario loader, the capture readers, the HCI event decoder, the merge's readers and
# the report writer (docs/fuzzing.md):
# FUZZ_TIME seconds per target (release build); findings land in Tests/FuzzFindings/ and fail the run.
FUZZ_TIME ?= 60
fuzz: setup
	BEACONSIM_FUZZ_CONFIG=release scripts/fuzz.sh --time $(FUZZ_TIME)

# The bounded run of `make test`: FUZZ_RUNS executions per target (debug build, in .build-fuzz).
FUZZ_RUNS ?= 1000
fuzz-smoke: setup
	scripts/fuzz.sh --runs $(FUZZ_RUNS) --timeout 60 scenario btsnoop pcap pcapng hci-event marker manifest merge report

# The mutation experiment of issue 15 at a small scale: mutated scenarios and captures through the CLI,
# counting crashes, hangs over 10 s and diagnostics without a location.
MUTATIONS ?= 300
mutation: build
	python3 scripts/mutation-experiment.py --count $(MUTATIONS) --bin $(BIN)

# Re-record the golden snapshots (Tests/Snapshots) after an intended output change; commit them on their own.
snapshots: build
	BEACONSIM_RECORD_SNAPSHOTS=1 $(SWIFT) test --filter SnapshotTests

# Every scenario's `expect:` claims, over its own number of replications (files under shared/ are
# imported by other scenarios, not scenarios themselves).
# CHECK_BIN picks the binary (make test passes the release build: the same code, several times faster).
CHECK_BIN ?= $(BIN)
check-scenarios: build
	$(CHECK_BIN) check $$(find Scenarios -name '*.yaml' -not -path 'Scenarios/bench/*' -not -path '*/shared/*' | sort) --out .build/check-results

# The radio model against the shared site surveys (../shared beside the clone): beaconsim fit with a
# 50/50 hold-out per venue, predict scored by an independent script; fails on regressions.
check-radio: build
	scripts/validate-radio.py --beaconsim $(CHECK_BIN)

# The notebooks, executed headless (nbclient) against results made first; Python packages in .build/venv.
notebooks: build
	scripts/run-notebooks.sh

# The performance cases and the naive mall-1h loop in one run (scripts/bench.py; one core each, one
# after the other): packets per CPU-second, the ratio to the naive loop, `run` with its outputs beside
# `bench`, the ranging and monitoring crowds, peak memory, the 1 h / 4 h / 16 h memory series, and
# issue 26's targets with this run's figures; then the instruction-count thresholds (bench-check).
# Takes about ten minutes on the 2-core development machine, most of it the two 1,000-phone crowds
# and the instruction counts (BENCH_ARGS=--skip ranging-1000 leaves out the longest case).
bench: setup
	$(SWIFT) build -c release --product beaconsim
	$(SWIFT) build -c release --product NaiveMall
	scripts/bench.py $(BENCH_ARGS)
	$(RELEASE_BIN) bench Scenarios/bench/venue-500w-300b.yaml
	$(MAKE) --no-print-directory bench-check

# Instruction counts (callgrind) of each case against its checked-in threshold
# (Benchmarks/Thresholds/<case>.json): fails on a regression. `scripts/bench-instructions.py --record`
# rewrites the thresholds (commit them with the reason).
bench-check: setup
	$(SWIFT) build -c release --product beaconsim
	scripts/bench-instructions.py --check

# Instructions executed by the simulation loop (valgrind's callgrind), which unlike CPU time do not
# vary with the host's load: `make bench-instructions BASE=other/beaconsim` compares two builds.
bench-instructions: setup
	$(SWIFT) build -c release --product beaconsim
	scripts/bench-instructions.py $(if $(BASE),--base $(BASE))

# `make install PREFIX=~/.local` (default /usr/local; DESTDIR for staging): a stripped release binary
# with the Swift runtime linked in (--static-swift-stdlib: it needs only libc, GSL and SQLite at run
# time), its man page and bash/zsh/fish completions. `beaconsim --version` names the commit built.
PREFIX ?= /usr/local
install: setup
	$(SWIFT) build -c release --static-swift-stdlib --product beaconsim
	$(SWIFT) build --product generate-manual
	scripts/install.sh "$(DESTDIR)$(PREFIX)" $(RELEASE_BIN) .build/debug/generate-manual

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/beaconsim" "$(DESTDIR)$(PREFIX)/share/man/man1/beaconsim.1" \
	    "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/beaconsim" \
	    "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_beaconsim" \
	    "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/beaconsim.fish"

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Examples Benchmarks Fuzz
	scripts/check-imports.py
	scripts/check-fence.py

clean:
	rm -rf .build .build-fuzz .build-checks
