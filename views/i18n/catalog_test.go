package i18n_test

// The catalog's completeness tests run from outside the package, with
// the registry (web/games) linked in: a game's German lives with the game
// and joins the catalog when the registry registers it.

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"tablemate/views/i18n"
	_ "tablemate/web/games" // every game's German
)

// german is key's German text, "" when there is none.
func german(key string) string {
	return i18n.Lookup(i18n.With(context.Background(), i18n.German, "/"), key, "")
}

// root is the module root, two levels up from this package.
const root = "../.."

// readSources reads the files matching patterns (relative to the module
// root), leaving out tests and generated templ code; at least min must
// match, or the patterns (or root) are wrong.
func readSources(t *testing.T, min int, patterns ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, pattern := range patterns {
		files, err := filepath.Glob(filepath.Join(root, pattern))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") || strings.HasSuffix(f, "_templ.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out[f] = string(b)
		}
	}
	if len(out) < min {
		t.Fatalf("found only %d files for %v; is root right?", len(out), patterns)
	}
	return out
}

// sources lists the files whose i18n calls are checked: every templ file
// and every Go file of views, the result cards (views/card), the web
// packages (web/server and each game's web/<game>), cmd/tablemate
// and this package's own (JoinNames says " and ").
func sources(t *testing.T) map[string]string {
	return readSources(t, 20, "views/*.templ", "views/*.go", "views/card/*.go", "web/*/*.templ", "web/*/*.go", "cmd/tablemate/*.go", "views/i18n/i18n.go")
}

const lit = `("(?:[^"\\\n]|\\.)*"|` + "`[^`]*`" + `)`

// Calls whose literal arguments are catalog keys: i18n.T (key first
// after the context), scoring.Phrasef
// and scoring.Count (a sentence or count kept as a phrase, said when the
// page is rendered) and formErrorf / kit.FormErrorf (a form error's
// format).
var (
	keyFirst = regexp.MustCompile(`\bi18n\.T\(\s*[A-Za-z_][A-Za-z0-9_.()]*\s*,\s*` + lit)
	keyMark  = regexp.MustCompile(`(?:\bscoring\.Phrasef|\.None)\(\s*` + lit)
	// scoring.Count(n, "one", "many", …): a page's count kept as a phrase.
	keyCount = regexp.MustCompile(`\bscoring\.Count\(\s*[^,]+,\s*` + lit + `\s*,\s*` + lit)
	// formErrorf(field, "format", …): an editor's form error (web/).
	keyForm = regexp.MustCompile(`\b[fF]ormErrorf\(\s*(?:[^,()]|\([^()]*\))+,\s*` + lit)
	anyLit  = regexp.MustCompile(lit)
)

func unquote(t *testing.T, file, s string) string {
	t.Helper()
	u, err := strconv.Unquote(s)
	if err != nil {
		t.Fatalf("%s: cannot read literal %s: %v", file, s, err)
	}
	return u
}

// usedKeys returns every literal catalog key in the sources, with the
// file it was first seen in.
func usedKeys(t *testing.T, src map[string]string) map[string]string {
	used := map[string]string{}
	add := func(file, s string) {
		k := unquote(t, file, s)
		if _, ok := used[k]; !ok {
			used[k] = file
		}
	}
	for file, text := range src {
		for _, m := range keyFirst.FindAllStringSubmatch(text, -1) {
			add(file, m[1])
		}
		for _, m := range keyMark.FindAllStringSubmatch(text, -1) {
			add(file, m[1])
		}
		for _, m := range keyCount.FindAllStringSubmatch(text, -1) {
			add(file, m[1])
			add(file, m[2])
		}
		for _, m := range keyForm.FindAllStringSubmatch(text, -1) {
			add(file, m[1])
		}
	}
	return used
}

// TestEveryMessageHasGerman: every catalog key the handlers and templates
// use has German (the engines' sentences: TestEveryEngineMessageHasGerman).
func TestEveryMessageHasGerman(t *testing.T) {
	withoutRace(t)
	used := usedKeys(t, sources(t))
	if len(used) < 100 {
		t.Fatalf("found only %d keys; is the scan broken?", len(used))
	}
	var missing []string
	for k, file := range used {
		if !i18n.Has(k) {
			missing = append(missing, file+": "+strconv.Quote(k))
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("no German for %s", m)
	}
}

// TestNoOrphanedGerman: every German entry is a string literal somewhere
// in the handlers and templates (through i18n.T or a phrase), or a sentence, word or code an engine says (collected through the type
// system), or a ruling's id.
func TestNoOrphanedGerman(t *testing.T) {
	withoutRace(t)
	literals := map[string]bool{}
	for file, text := range sources(t) {
		for _, m := range anyLit.FindAllString(text, -1) {
			if u, err := strconv.Unquote(m); err == nil {
				literals[u] = true
			} else if !strings.HasPrefix(m, "`") {
				t.Logf("%s: skipped literal %s", file, m)
			}
		}
	}
	s := engineSaid(t)
	for f := range s.Formats {
		literals[f] = true
	}
	for c := range s.Codes {
		literals["violation."+c] = true
	}
	for _, c := range apiCodes(t) {
		literals["violation."+c] = true
	}
	for _, id := range i18n.RulingIDs() {
		literals["ruling."+id] = true
	}
	for _, k := range i18n.Keys() {
		if !literals[k] && !httpStatusText[k] {
			t.Errorf("German entry %q is not used anywhere", k)
		}
	}
}

// httpStatusText are the status texts (http.StatusText) error pages use
// as headings; they appear in no source of ours.
var httpStatusText = map[string]bool{
	"Bad Request": true, "Method Not Allowed": true, "Conflict": true, "Request Entity Too Large": true,
	"Unsupported Media Type": true, "Unprocessable Entity": true, "Internal Server Error": true,
	"Request Timeout": true, "Service Unavailable": true,
}

// formatArg is one verb of a format and the argument it takes (from 1).
type formatArg struct {
	n    int
	verb string
}

var formatVerb = regexp.MustCompile(`%(?:\[(\d+)\])?[-+# 0]*\d*(?:\.\d+)?([a-zA-Z%])`)

// formatArgs are the verbs of format s with their arguments, as fmt
// numbers them ("%[2]s" takes the second, a verb after it the third).
func formatArgs(s string) []formatArg {
	var out []formatArg
	next := 1
	for _, m := range formatVerb.FindAllStringSubmatch(s, -1) {
		if m[2] == "%" {
			continue
		}
		n := next
		if m[1] != "" {
			n, _ = strconv.Atoi(m[1])
		}
		next = n + 1
		out = append(out, formatArg{n, m[2]})
	}
	return out
}

// TestFormatVerbsMatch: a German text takes the same arguments as its
// English key, so a %d never meets a string.
func TestFormatVerbsMatch(t *testing.T) {
	sig := func(s string) []string {
		var out []string
		for _, v := range formatArgs(s) {
			out = append(out, strconv.Itoa(v.n)+v.verb)
		}
		sort.Strings(out)
		return out
	}
	for _, k := range i18n.Keys() {
		if strings.HasPrefix(k, "violation.") || strings.HasPrefix(k, "ruling.") || strings.HasPrefix(k, "label.") {
			continue
		}
		if a, b := strings.Join(sig(k), ","), strings.Join(sig(german(k)), ","); a != b {
			t.Errorf("%q takes %s but its German %q takes %s", k, a, german(k), b)
		}
	}
}

// withoutRace skips a test in a binary built with -race: the scans of
// the source files cost seven times as much under the race detector
// (17.8 s of CPU for this package, against 2.5 s without) and run in one
// goroutine; make unit runs them again without -race right after (the
// Makefile's UNIT_NORACE, which web/webtest's
// TestWithoutRaceRunsInMakeUnit holds to name each), so their checks
// still run in make test.
func withoutRace(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("not under -race (make unit runs it without, UNIT_NORACE)")
	}
}

// TestCountFormsTakeTheirArguments: scoring.Count gives the
// plural form the count and then the further arguments, and the singular
// the further arguments alone, so the plural's last argument is one
// further on than the singular's ("%[2]s, game %[3]d: %[1]d rounds" beside
// "%s, game %d: 1 round"). A singular numbered as if it had the count
// printed "%!s(int=1)" on a page.
func TestCountFormsTakeTheirArguments(t *testing.T) {
	withoutRace(t)
	last := func(s string) int {
		most := 0
		for _, v := range formatArgs(s) {
			most = max(most, v.n)
		}
		return most
	}
	counted := regexp.MustCompile(`(?:\bi18n\.N\(\s*[A-Za-z_][A-Za-z0-9_.()]*\s*,|\bscoring\.Count\()[^,]+,\s*` + lit + `\s*,\s*` + lit)
	pairs := 0
	for file, text := range sources(t) {
		for _, m := range counted.FindAllStringSubmatch(text, -1) {
			pairs++
			one, many := unquote(t, file, m[1]), unquote(t, file, m[2])
			for _, c := range [][2]string{{one, many}, {german(one), german(many)}} {
				if c[0] == "" || c[1] == "" {
					continue // no German: TestEveryMessageHasGerman says so
				}
				if last(c[1]) != last(c[0])+1 {
					t.Errorf("%s: %q takes %d arguments but its plural %q takes %d: the plural gets the count first, the singular does not", file, c[0], last(c[0]), c[1], last(c[1]))
				}
			}
		}
	}
	if pairs < 50 {
		t.Fatalf("found only %d counted forms; is the scan broken?", pairs)
	}
}
