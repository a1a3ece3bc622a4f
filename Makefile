# Tablemate: `make run` starts the app on every network interface (phones
# join over the Wi-Fi; it prints their URLs and a QR code), `make test`
# runs every test. Both install what they need on a fresh Debian machine
# with Go: that takes root or sudo (apt-get) and network to the Go module
# proxy and the Debian mirrors.

GO        ?= go
ADDR      ?= :8080
DB        ?= ./tablemate.db
FUZZTIME  ?= 5000x

.PHONY: run build build-deps test deps generate vet staticcheck unit e2e fuzz bench lighthouse clean

run: build
	./bin/tablemate serve -addr $(ADDR) -db $(DB)

build: build-deps generate
	$(GO) build -o bin/tablemate ./cmd/tablemate

build-deps:
	@scripts/install-build-deps.sh

# templ components: the shared ones (views) and each game's (web/<game>),
# one directory at a time so the generated code names its file as the
# test of it does (views/generated_test.go).
generate:
	@for d in views $(wildcard web/*/); do $(GO) tool templ generate -path $$d || exit 1; done

# Everything CI checks: generated code current, vet, staticcheck, unit and
# HTTP tests with -race, short fuzz runs, and the browser tests.
test: build-deps deps vet staticcheck unit fuzz e2e

deps:
	@scripts/install-deps.sh

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go' | grep -v '_templ.go$$'))" || { echo "gofmt needed:"; gofmt -l .; exit 1; }
	$(GO) vet ./...

staticcheck:
	$(GO) tool staticcheck ./...

unit:
	$(GO) test -race -count=1 ./...

fuzz:
	@scripts/fuzz.sh $(FUZZTIME)

e2e: build
	$(GO) test -count=1 -tags e2e -timeout 10m ./e2e/... ./cmd/tablemate-load/...

bench:
	$(GO) test -run=NONE -bench=. -benchmem ./scoring/... ./views/... ./web/...

# Lighthouse scores of the main pages (a measurement for the README).
lighthouse: build-deps
	scripts/lighthouse/run.sh

clean:
	rm -rf bin
