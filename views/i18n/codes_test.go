package i18n

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"tablemate/docs"
)

// Engines name a violation or refused step by a stable code: either in a
// struct literal (Code: "not_ascending") or as the first argument of the
// engine's small helper (v("not_ascending", …), r.no("market_out", …)).
var (
	codeField = regexp.MustCompile(`\bCode:\s*"([a-z][a-z0-9_]*)"`)
	codeCall  = regexp.MustCompile(`\b([A-Za-z_][A-Za-z0-9_.]*)\(\s*"([a-z][a-z0-9]*(?:_[a-z0-9]+)+)"\s*,`)
	// scoring.Refusef(step, "code", …): the code is the second argument.
	codeRefusef = regexp.MustCompile(`\bRefusef\(\s*[^,()]+(?:\([^()]*\))?\s*,\s*"([a-z][a-z0-9_]*)"`)
	// Calls whose first snake_case argument is a field path, not a code.
	notCodeCalls = map[string]bool{"Errorf": true, "scoring.Errorf": true, "fmt.Errorf": true}
	ruleID       = regexp.MustCompile(`\bcase\s+("[A-Z]+-\d+"(?:\s*,\s*"[A-Z]+-\d+")*)\s*:`)
	apiCode      = regexp.MustCompile("`([a-z][a-z0-9]*(?:_[a-z0-9]+)*)`")
)

// engineCodes returns every code in scoring/ (tests excluded) with a file
// it appears in.
func engineCodes(t *testing.T) map[string]string {
	t.Helper()
	codes := map[string]string{}
	err := filepath.WalkDir(filepath.Join(root, "scoring"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range codeField.FindAllStringSubmatch(string(b), -1) {
			codes[m[1]] = path
		}
		for _, m := range codeRefusef.FindAllStringSubmatch(string(b), -1) {
			codes[m[1]] = path
		}
		for _, m := range codeCall.FindAllStringSubmatch(string(b), -1) {
			name := m[1][strings.LastIndex(m[1], ".")+1:]
			if !notCodeCalls[m[1]] && !notCodeCalls[name] {
				codes[m[2]] = path
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return codes
}

// apiCodes are the codes listed in docs/API.md's "Codes:" and "Step
// codes" paragraphs (the contract; field names elsewhere in it are not
// codes).
func apiCodes(t *testing.T) []string {
	var out []string
	for _, para := range strings.Split(docs.API, "\n\n") {
		i := strings.Index(para, "Codes:")
		if j := strings.Index(para, "Step codes"); j >= 0 && (i < 0 || j < i) {
			i = j
		}
		if i < 0 {
			continue
		}
		for _, m := range apiCode.FindAllStringSubmatch(para[i:], -1) {
			out = append(out, m[1])
		}
	}
	if len(out) < 20 {
		t.Fatalf("found only %d codes in API.md", len(out))
	}
	return out
}

func TestEveryViolationCodeHasGerman(t *testing.T) {
	codes := engineCodes(t)
	if len(codes) < 30 {
		t.Fatalf("found only %d codes in scoring/; is the scan broken?", len(codes))
	}
	for _, c := range apiCodes(t) {
		if _, ok := codes[c]; !ok {
			codes[c] = "API.md"
		}
	}
	var missing []string
	for c, file := range codes {
		if !Has("violation." + c) {
			missing = append(missing, c+" ("+file+")")
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("no German for violation code %s", m)
	}
	for _, k := range Keys() {
		if c, ok := strings.CutPrefix(k, "violation."); ok {
			if _, used := codes[c]; !used {
				t.Errorf("German for code %q, which no engine uses", c)
			}
		}
	}
}

func TestEveryRulingHasGerman(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "scoring", "rulings.go"))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, m := range ruleID.FindAllStringSubmatch(string(b), -1) {
		for _, id := range strings.Split(m[1], ",") {
			ids[strings.Trim(strings.TrimSpace(id), `"`)] = true
		}
	}
	if len(ids) < 15 {
		t.Fatalf("found only %d ruling ids", len(ids))
	}
	for id := range ids {
		if !Has("ruling." + id) {
			t.Errorf("no German for ruling %s", id)
		}
	}
	for _, k := range Keys() {
		if id, ok := strings.CutPrefix(k, "ruling."); ok && !ids[id] {
			t.Errorf("German for ruling %q, which scoring.Ruling does not know", id)
		}
	}
}
