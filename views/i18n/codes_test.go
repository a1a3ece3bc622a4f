package i18n_test

import (
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"tablemate/docs"
	"tablemate/scoring/scoringtest"
	"tablemate/views/i18n"
	"tablemate/web/games"
)

// engines are the packages whose sentences a page says: every engine of
// the registry (found through its type), the vocabulary they share and
// the sessions, whose input errors reach the forms.
func engines() []string {
	pkgs := []string{"tablemate/scoring", "tablemate/sessions", "tablemate/sessions/league", "tablemate/sessions/plays"}
	for _, g := range games.Engines() {
		pkgs = append(pkgs, reflect.TypeOf(g).PkgPath())
	}
	return pkgs
}

var (
	saidOnce sync.Once
	said     scoringtest.Said
)

// engineSaid is what the engines say, collected once through the type
// system (scoringtest.Messages): every message format and code, and the
// problems that keep a sentence from being translated.
func engineSaid(t *testing.T) scoringtest.Said {
	t.Helper()
	saidOnce.Do(func() { said = scoringtest.Messages(t, engines()...) })
	if len(said.Formats) < 300 || len(said.Codes) < 100 {
		t.Fatalf("found only %d formats and %d codes in %v: is the collection broken?", len(said.Formats), len(said.Codes), engines())
	}
	return said
}

// TestRefusalsAreTranslatable: every sentence an engine says — a
// refusal, violation, score line, tie-break question or input error — is
// a constant format (with its arguments) passed to its constructor
// (scoring.Refusef, Violationf, Linef, Errorf, Phrasef or a helper that
// passes its format on), never a message built with fmt.Sprintf or a
// literal with a ready-made message, so the catalog can say it in German.
func TestRefusalsAreTranslatable(t *testing.T) {
	for _, p := range *engineSaid(t).Problems {
		t.Error(p)
	}
}

// wordless is a format with no words to translate ("%s", "%s: %s",
// "%[1]s %[2]s"): it reads the same in every language.
var wordless = regexp.MustCompile(`^(?:%(?:\[\d+\])?[a-z]|[^\pL])*$`)

// TestEveryEngineMessageHasGerman: each sentence an engine of the
// registry says — refusals, violations, score lines, tie-break
// questions, input errors and the words they pass as phrases — has
// German in the catalog.
func TestEveryEngineMessageHasGerman(t *testing.T) {
	s := engineSaid(t)
	var missing []string
	for f, pos := range s.Formats {
		if !i18n.Has(f) && !wordless.MatchString(f) {
			missing = append(missing, pos+": "+f)
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("no German for %s", m)
	}
}

// apiCode is a code as API.md writes it, in backquotes.
var apiCode = regexp.MustCompile("`([a-z][a-z0-9]*(?:_[a-z0-9]+)*)`")

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

// TestEveryViolationCodeHasGerman: every code an engine names (and every
// code API.md lists) has its German explanation, shown beside the
// engine's sentence; none is there for a code no engine uses.
func TestEveryViolationCodeHasGerman(t *testing.T) {
	codes := map[string]string{}
	for c, pos := range engineSaid(t).Codes {
		codes[c] = pos
	}
	for _, c := range apiCodes(t) {
		if _, ok := codes[c]; !ok {
			codes[c] = "API.md"
		}
	}
	var missing []string
	for c, file := range codes {
		if !i18n.Has("violation." + c) {
			missing = append(missing, c+" ("+file+")")
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("no German for violation code %s", m)
	}
	for _, k := range i18n.Keys() {
		if c, ok := strings.CutPrefix(k, "violation."); ok {
			if _, used := codes[c]; !used {
				t.Errorf("German for code %q, which no engine uses", c)
			}
		}
	}
}

// TestEveryRulingHasGerman: each ruling an engine registered (or scoring shares) has German,
// and there is German for no other.
func TestEveryRulingHasGerman(t *testing.T) {
	ids := i18n.RulingIDs()
	if len(ids) < 15 {
		t.Fatalf("found only %d ruling ids", len(ids))
	}
	for _, id := range ids {
		if !i18n.Has("ruling." + id) {
			t.Errorf("no German for ruling %s", id)
		}
	}
	for _, k := range i18n.Keys() {
		if id, ok := strings.CutPrefix(k, "ruling."); ok && !slices.Contains(ids, id) {
			t.Errorf("German for ruling %q, which no engine knows", id)
		}
	}
}
