# BeaconSim — see README.md. `make demo` and `make test` do all the set-up themselves.
SWIFT ?= swift
BIN := .build/debug/beaconsim
RELEASE_BIN := .build/release/beaconsim

.PHONY: setup build demo test snapshots check-scenarios notebooks bench lint clean

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

demo: build
	$(BIN) run Scenarios/retail-store.yaml
	@echo
	@echo "Open the timeline:  less $$(ls -d Results/retail-store/*-seed1* | tail -n 1)/timeline.jsonl"

test:
	@scripts/setup.sh test
	$(MAKE) --no-print-directory lint
	$(SWIFT) build --build-tests
	$(SWIFT) test
	$(MAKE) --no-print-directory check-scenarios
	$(MAKE) --no-print-directory notebooks
	scripts/bumble-test.sh

# Re-record the golden snapshots (Tests/Snapshots) after an intended output change; commit them on their own.
snapshots: build
	BEACONSIM_RECORD_SNAPSHOTS=1 $(SWIFT) test --filter SnapshotTests

# Every scenario's `expect:` claims, over its own number of replications (files under shared/ are
# imported by other scenarios, not scenarios themselves).
check-scenarios: build
	$(BIN) check $$(find Scenarios -name '*.yaml' -not -path 'Scenarios/bench/*' -not -path '*/shared/*' | sort) --out .build/check-results

# The notebooks, executed headless (nbclient) against results made first; Python packages in .build/venv.
notebooks: build
	scripts/run-notebooks.sh

bench: setup
	$(SWIFT) build -c release
	$(RELEASE_BIN) bench Scenarios/bench/mall-1h.yaml
	$(RELEASE_BIN) bench Scenarios/bench/venue-500w-300b.yaml

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Examples
	scripts/check-imports.py

clean:
	rm -rf .build
