package scripts

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// timings are the measured durations of test-times.txt: packages (the
// test binary's time, the longest of its runs) and tests, by name.
type timings struct {
	packages map[string]time.Duration
	tests    map[string]time.Duration // "e2e TestX/part"
}

func readTimings(t *testing.T, path string) timings {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tm := timings{packages: map[string]time.Duration{}, tests: map[string]time.Duration{}}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		secs, err := strconv.ParseFloat(fields[len(fields)-1], 64)
		d := time.Duration(secs * float64(time.Second))
		switch {
		case err != nil:
			t.Fatalf("%s:%d: %q does not end in seconds", path, n, line)
		case fields[0] == "package" && len(fields) == 3:
			tm.packages[fields[1]] = d
		case fields[0] == "test" && len(fields) == 4:
			tm.tests[fields[1]+" "+fields[2]] = d
		default:
			t.Fatalf("%s:%d: %q is neither \"package PKG SECONDS\" nor \"test PKG TEST SECONDS\"", path, n, line)
		}
	}
	return tm
}

// makeVar is a variable's default in the Makefile ("NAME ?= VALUE").
func makeVar(t *testing.T, makefile, name string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + name + `\s*\?=\s*(\S+)`).FindStringSubmatch(makefile)
	if m == nil {
		t.Fatalf("the Makefile sets no %s", name)
	}
	return m[1]
}

// goDuration is the value of a constant such as `phoneLimit = 4 *
// time.Minute` in a Go file.
func goDuration(t *testing.T, file, name string) time.Duration {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var found time.Duration
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok {
			return true
		}
		for i, id := range vs.Names {
			if id.Name != name || i >= len(vs.Values) {
				continue
			}
			b, ok := vs.Values[i].(*ast.BinaryExpr)
			if !ok || b.Op != token.MUL {
				t.Fatalf("%s: %s is not N * time.Unit", file, name)
			}
			lit, ok1 := b.X.(*ast.BasicLit)
			unit, ok2 := b.Y.(*ast.SelectorExpr)
			if !ok1 || !ok2 {
				t.Fatalf("%s: %s is not N * time.Unit", file, name)
			}
			n, _ := strconv.Atoi(lit.Value)
			units := map[string]time.Duration{"Second": time.Second, "Minute": time.Minute}
			found = time.Duration(n) * units[unit.Sel.Name]
		}
		return true
	})
	if found == 0 {
		t.Fatalf("%s: no constant %s", file, name)
	}
	return found
}

// TestLimitsLeaveHeadroom: every limit of make test is at least twice
// what test-times.txt measured (on the 2-core machine while it was busy
// with other work): go test's -timeout of every package (UNIT_TIMEOUT;
// E2E_TIMEOUT for the browser tests and the load test), and a browser
// test's phone (e2e's phoneLimit, for each test that opens phones: the
// parts of a test that has parts, each of which has a phone of its own).
// When a test grows, measure again (README, "`make test` in detail") and raise
// the limit rather than cut the headroom.
func TestLimitsLeaveHeadroom(t *testing.T) {
	mk, err := os.ReadFile("../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	duration := func(name string) time.Duration {
		d, err := time.ParseDuration(makeVar(t, string(mk), name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return d
	}
	unit, e2e := duration("UNIT_TIMEOUT"), duration("E2E_TIMEOUT")
	phone := goDuration(t, "../e2e/server_test.go", "phoneLimit")
	tm := readTimings(t, "test-times.txt")
	if len(tm.packages) < 30 || len(tm.tests) < 30 {
		t.Fatalf("test-times.txt lists %d packages and %d tests: it is not a whole run", len(tm.packages), len(tm.tests))
	}
	for _, want := range []string{"web/server", "sessions", "e2e", "cmd/tablemate-load"} {
		if _, ok := tm.packages[want]; !ok {
			t.Errorf("test-times.txt has no time for %s", want)
		}
	}
	for pkg, took := range tm.packages {
		limit, name := unit, "UNIT_TIMEOUT"
		if pkg == "e2e" || pkg == "cmd/tablemate-load" {
			limit, name = e2e, "E2E_TIMEOUT"
		}
		if 2*took > limit {
			t.Errorf("%s took %s: %s (%s) leaves less than twice that", pkg, took, name, limit)
		}
	}
	for name, took := range tm.tests {
		if !strings.HasPrefix(name, "e2e ") || hasParts(tm.tests, name) {
			continue
		}
		if 2*took > phone {
			t.Errorf("%s took %s: e2e's phoneLimit (%s) leaves less than twice that", name, took, phone)
		}
	}
}

// hasParts reports whether a test has subtests listed.
func hasParts(tests map[string]time.Duration, name string) bool {
	for other := range tests {
		if strings.HasPrefix(other, name+"/") {
			return true
		}
	}
	return false
}

// TestLimitsCheckFinds: the check fails a limit under twice the time.
func TestLimitsCheckFinds(t *testing.T) {
	mk := "UNIT_TIMEOUT ?= 15m\nE2E_TIMEOUT  ?= 20m\n"
	if got := makeVar(t, mk, "E2E_TIMEOUT"); got != "20m" {
		t.Errorf("E2E_TIMEOUT %q", got)
	}
	tests := map[string]time.Duration{"e2e TestWalk": 5 * time.Minute, "e2e TestWalk/forms": time.Minute, "e2e TestOne": time.Minute}
	if !hasParts(tests, "e2e TestWalk") || hasParts(tests, "e2e TestOne") || hasParts(tests, "e2e TestWalk/forms") {
		t.Error("hasParts")
	}
	dir := t.TempDir()
	file := dir + "/limits.go"
	os.WriteFile(file, []byte("package p\n\nimport \"time\"\n\nconst (\n\tphoneLimit = 4 * time.Minute\n\tstepLimit = 30 * time.Second\n)\n"), 0o644)
	if got := goDuration(t, file, "stepLimit"); got != 30*time.Second {
		t.Errorf("stepLimit %s", got)
	}
	times := dir + "/times.txt"
	os.WriteFile(times, []byte("# measured\npackage web/server 339.5\ntest e2e TestWalk/forms 31\n"), 0o644)
	tm := readTimings(t, times)
	if tm.packages["web/server"] != 339500*time.Millisecond || tm.tests["e2e TestWalk/forms"] != 31*time.Second {
		t.Errorf("%+v", tm)
	}
}
