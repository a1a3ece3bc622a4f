package docs_test

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"tablemate/docs"
	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
	"tablemate/web/games"
)

// gameDocs is everything the documents say of the game slug: its section
// of API.md ("## <slug>") and every docs/api-*.md whose title names it
// ("# Score check: rune-market", "# Guided play: cambio, kodiak").
func gameDocs(t *testing.T, slug string) (text string, files []string) {
	t.Helper()
	for _, section := range strings.Split(docs.API, "\n## ") {
		if title, _, _ := strings.Cut(section, "\n"); strings.TrimSpace(title) == slug {
			text += section + "\n"
			files = append(files, "API.md")
		}
	}
	paths, _ := filepath.Glob("api-*.md")
	for _, f := range paths {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		title, _, _ := strings.Cut(string(body), "\n")
		_, names, ok := strings.Cut(title, ": ")
		if !ok || !strings.HasPrefix(title, "# ") {
			t.Errorf("%s: the title is not \"# <what>: <slug>[, <slug>]\": %q", f, title)
			continue
		}
		for _, n := range strings.Split(names, ",") {
			if strings.TrimSpace(n) == slug {
				text += string(body) + "\n"
				files = append(files, f)
			}
		}
	}
	return text, files
}

// contracts are the seven games' Contracts, by slug.
func contracts(t *testing.T) map[string]scoring.Contract {
	t.Helper()
	out := map[string]scoring.Contract{}
	for _, g := range games.Engines() {
		d, ok := g.(scoring.Documented)
		if !ok {
			t.Errorf("%s: its engine has no Contract (scoring.Documented)", g.Info().Slug)
			continue
		}
		out[g.Info().Slug] = d.Contract()
	}
	if len(out) != 7 {
		t.Fatalf("%d games have a contract, want the seven", len(out))
	}
	return out
}

// TestEveryCodeIsDocumented: every code an engine answers (its
// Contract's Codes) is in its game's documents, as `code`, so a stranger
// meets no code the documents do not explain.
func TestEveryCodeIsDocumented(t *testing.T) {
	for slug, c := range contracts(t) {
		text, files := gameDocs(t, slug)
		if len(files) == 0 {
			t.Errorf("%s: no document names the game", slug)
			continue
		}
		for _, code := range c.Codes {
			if !strings.Contains(text, "`"+code+"`") {
				t.Errorf("%s: code %s is in none of %v", slug, code, files)
			}
		}
	}
}

// jsonName is a member name as an example writes it ("tokens":) or the
// text names it (`tokens`).
func documentsField(text, name string) bool {
	return strings.Contains(text, "`"+name+"`") || strings.Contains(text, `"`+name+`"`)
}

// TestEveryRequestFieldIsDocumented: every field of every request an
// engine reads — the score check's, the play API's setup and steps, a
// round, the table's options — is named in its game's documents, walked
// from the engine's own types (scoring.JSONFields).
func TestEveryRequestFieldIsDocumented(t *testing.T) {
	for slug, c := range contracts(t) {
		text, files := gameDocs(t, slug)
		for _, typ := range []reflect.Type{c.Score, c.Setup, c.Step, c.Round, c.Options} {
			if typ == nil {
				continue
			}
			for _, path := range scoring.JSONFields(typ) {
				name := path[strings.LastIndex(path, ".")+1:]
				name = strings.TrimSuffix(name, "[]")
				if !documentsField(text, name) {
					t.Errorf("%s: field %s of %s (%s) is in none of %v", slug, name, typ, path, files)
				}
			}
		}
	}
}

// TestContractCodesAreTheEngines: an engine's Contract lists exactly the
// codes its code answers (every constant passed as a code, found through
// the type system by scoringtest.Messages), so the documents' test walks
// all of them and none that is gone.
func TestContractCodesAreTheEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks every engine")
	}
	for slug, c := range contracts(t) {
		var pkg string
		for _, g := range games.Engines() {
			if g.Info().Slug == slug {
				pkg = reflect.TypeOf(g).PkgPath()
			}
		}
		said := scoringtest.Messages(t, pkg)
		var found []string
		for code := range said.Codes {
			found = append(found, code)
		}
		sort.Strings(found)
		if !slices.IsSorted(c.Codes) || len(slices.Compact(slices.Clone(c.Codes))) != len(c.Codes) {
			t.Errorf("%s: Contract's codes are not sorted and each once: %v", slug, c.Codes)
		}
		for _, code := range found {
			if !slices.Contains(c.Codes, code) {
				t.Errorf("%s: %s answers code %s (%s), which its Contract lacks", slug, pkg, code, said.Codes[code])
			}
		}
		for _, code := range c.Codes {
			if !slices.Contains(found, code) {
				t.Errorf("%s: its Contract lists code %s, which %s never answers", slug, code, pkg)
			}
		}
	}
}

// apiCodeRE is a code in backquotes.
var apiCodeRE = regexp.MustCompile("`([a-z][a-z0-9]*(?:_[a-z0-9]+)+)`")

// TestDocumentedCodesAreAnswered: a code a game's "Codes" lists is one
// its engine answers; a document promising a code no engine has misleads
// as much as a missing one.
func TestDocumentedCodesAreAnswered(t *testing.T) {
	for slug, c := range contracts(t) {
		text, _ := gameDocs(t, slug)
		for _, para := range strings.Split(text, "\n\n") {
			i := strings.Index(para, "Codes")
			if i < 0 || strings.Contains(para, "| code |") {
				continue
			}
			for _, m := range apiCodeRE.FindAllStringSubmatch(para[i:], -1) {
				if !slices.Contains(c.Codes, m[1]) && !isField(c, m[1]) {
					t.Errorf("%s: the documents list code %s, which the engine never answers", slug, m[1])
				}
			}
		}
	}
}

// isField reports whether name is a request field of c (codes and field
// names share the snake_case form).
func isField(c scoring.Contract, name string) bool {
	for _, typ := range []reflect.Type{c.Score, c.Setup, c.Step, c.Round, c.Options} {
		if typ == nil {
			continue
		}
		for _, p := range scoring.JSONFields(typ) {
			if strings.HasSuffix(strings.TrimSuffix(p, "[]"), name) {
				return true
			}
		}
	}
	return false
}
