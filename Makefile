# Tablemate: `make run` starts the app on every network interface (phones
# join over the Wi-Fi; it prints their URLs and a QR code), `make test`
# runs every test. Both install what they need on a fresh Debian machine
# with Go: that takes root or sudo (apt-get) and network to the Go module
# proxy and the Debian mirrors.

GO        ?= go
ADDR      ?= :8080
DB        ?= ./tablemate.db

# Everything here builds with -trimpath (added to the GOFLAGS go env
# already has). Without it Go's build cache keys each of the module's
# packages on the directory it is in, so a clone in a new directory (as
# CI makes) compiled, vetted and analysed all of it again however warm
# the cache: on a fresh clone of 98bfa9b, 827 s of CPU for go vet,
# building the -race tests and staticcheck, against 101 s with -trimpath
# once another clone had built the same code (2026-11-28). A changed
# package and those that import it are built again either way.
export GOFLAGS := $(strip $(shell $(GO) env GOFLAGS) -trimpath)

# Fuzzing in make test is a time box: FUZZBOX seconds, FUZZTIME
# executions of each target, starting at another package each day
# (scripts/fuzz.sh). make fuzz-long runs every target LONGFUZZTIME.
FUZZTIME     ?= 2000x
FUZZBOX      ?= 45
LONGFUZZTIME ?= 200000x

# Limits, each at least twice what the run takes on a busy machine
# (scripts/test-times.txt; scripts' TestLimitsLeaveHeadroom checks it).
# go test's -timeout is per package: a test binary that runs longer is
# stopped with the names of the tests still running. A browser test has
# its own, shorter limits (e2e/server_test.go: phoneLimit, stepLimit).
UNIT_TIMEOUT ?= 40m
E2E_TIMEOUT  ?= 45m
# How many tests of one package run at once (t.Parallel): the browser
# tests share two Chromiums, the HTTP tests one PostgreSQL.
UNIT_PARALLEL ?= 4
E2E_PARALLEL  ?= 4
# The packages whose tests take longest start first (go test starts
# packages in the order given; ./... alone is alphabetical, which left
# web/server, the longest, to start last and run alone at the end).
UNIT_FIRST ?= ./web/server/ ./sessions/ ./docs/ ./cmd/tablemate/
# Tests that read many pages, draw cards, scan the sources or walk an
# engine's moves, and check no concurrency of their own, run without
# -race after the race run (webtest.WithoutRace, and the withoutRace of
# sessions, views/card, views/i18n and scoring/aufderhut, skip them under -race:
# there they cost seven to twenty times as much). Every test that calls
# one is named here (web/webtest's TestWithoutRaceRunsInMakeUnit).
UNIT_NORACE      ?= ^(TestNoEnglishOnGermanPages|TestLinksCrawl|TestGzipPageIsThePage|TestEveningViewsAgree|TestResultCardsAndLinkPreviews|TestPagesStayWithinTheirWeightBudget|TestEveryGame|TestScoresAsTypedAreNotCalledChecked|TestWinnersFirstAndUnmistakable|TestEvening|TestLongEvening|TestEveryMessageHasGerman|TestCountFormsTakeTheirArguments|TestNoOrphanedGerman|TestSharedCatalogHoldsNoGamesWords|TestSharedKeysInSharedCatalog|TestMovesAreEveryLegalStep|TestKeptFactsAreTheWalk|TestSnapshotIsTheReplay|TestLazyReadsAreTheReplays|TestIncrementalBuildMatchesReplay|TestFactsAreThoseOfTheirTime|TestSnapshotLoadedTableGoesOn)$$
UNIT_NORACE_PKGS ?= ./web/server/ ./sessions/ ./web/cards/ ./views/card/ ./views/i18n/ ./scoring/aufderhut/

# The unit step's test binaries are linked without DWARF (-ldflags=-w):
# about half the linker's time (web/server's -race binary 6.4 s of CPU
# against 3.5 s, web/kociaki's 5.4 against 3.0, sessions' 3.3 against
# 2.0; 2026-11-28), for some fifty binaries each run. Nothing a test
# prints needs it: panics' and the race detector's stacks name files and
# lines from the symbol table, which stays.
UNIT_LDFLAGS ?= -w

# go test, with a line per package (and per browser test) as it ends,
# the failures' own output first when something fails, and every
# temporary file removed on any exit (scripts/testrun).
TESTRUN = $(GO) run ./scripts/testrun

.PHONY: run build build-deps test deps generate vet staticcheck unit e2e fuzz fuzz-long bench lighthouse clean

run: build
	@echo "starting: bin/tablemate serve -addr $(ADDR) -db $(DB) (Ctrl+C stops it)"
	@TABLEMATE_STARTED_BY="make run" ./bin/tablemate serve -addr $(ADDR) -db $(DB)

build: build-deps generate
	@GO=$(GO) scripts/build.sh

build-deps:
	@scripts/install-build-deps.sh

# templ components: the shared ones (views) and each game's (web/<game>).
# scripts/templgen writes a *_templ.go only when it changes and names it;
# otherwise it says nothing.
generate:
	@$(GO) run ./scripts/templgen views $(wildcard web/*/)

# Everything CI checks: generated code current, vet, staticcheck, unit and
# HTTP tests with -race, fuzzing in a time box, and the browser
# tests. Each phase says when it starts and how long it took.
test: build-deps deps vet staticcheck unit fuzz e2e

deps:
	@scripts/install-deps.sh

vet:
	@scripts/phase.sh vet "gofmt and go vet (the browser tests too)" sh -c 'files=$$(gofmt -l $$(git ls-files "*.go" | grep -v "_templ.go$$")); \
		if [ -n "$$files" ]; then echo "gofmt needed:"; echo "$$files"; exit 1; fi; $(GO) vet -tags e2e ./...'

staticcheck:
	@scripts/phase.sh staticcheck "go tool staticcheck (the browser tests too)" $(GO) tool staticcheck -tags e2e ./...

unit:
	@scripts/phase.sh unit "every package's tests with -race (the store's on SQLite and PostgreSQL), then the few without -race" \
		sh -c '$(TESTRUN) -name unit -postgres -log bin/test-output/unit.json -- \
		-race -count=1 -ldflags=$(UNIT_LDFLAGS) -timeout $(UNIT_TIMEOUT) -parallel $(UNIT_PARALLEL) $(UNIT_FIRST) ./...; status=$$?; \
		TABLEMATE_TEST_POSTGRES=skip $(TESTRUN) -name unit-norace -log bin/test-output/unit-norace.json -- \
		-count=1 -ldflags=$(UNIT_LDFLAGS) -timeout $(UNIT_TIMEOUT) -parallel $(UNIT_PARALLEL) -run "$(UNIT_NORACE)" $(UNIT_NORACE_PKGS) || status=1; exit $$status'

fuzz:
	@scripts/phase.sh fuzz "fuzz targets, $(FUZZTIME) each, for at most $(FUZZBOX) s" scripts/fuzz.sh $(FUZZTIME) $(FUZZBOX)

# The long fuzzing: not part of make test.
fuzz-long:
	@scripts/phase.sh fuzz-long "every fuzz target, $(LONGFUZZTIME) each" scripts/fuzz.sh $(LONGFUZZTIME)

# The browser tests drive bin/tablemate, just built (not a second link).
e2e: build
	@TABLEMATE_E2E_BINARY=$(CURDIR)/bin/tablemate scripts/phase.sh e2e "the browser tests (headless Chromium) and the kill-and-restart load test" \
		$(TESTRUN) -name e2e -each-test -log bin/test-output/e2e.json -- \
		-count=1 -tags e2e -timeout $(E2E_TIMEOUT) -parallel $(E2E_PARALLEL) ./e2e/... ./cmd/tablemate-load/...

bench:
	$(GO) test -run=NONE -bench=. -benchmem ./scoring/... ./views/... ./web/...

# Lighthouse scores of the main pages (a measurement for the README).
lighthouse: build-deps
	scripts/lighthouse/run.sh

clean:
	rm -rf bin
