package docs_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tablemate/web/games"
)

// The tests of this file hold the repository to docs/architecture.md:
// every game in one home, no rule outside its engine, imports in one
// direction. They read the source tree from the repository's root.
const root = ".."

// home is where one game lives: its engine package and its web package,
// both named after the engine's package (scoring/kks, web/kks).
type home struct {
	slug, name, engine, web string
}

// homes are the registry's games with their folders.
func homes(t *testing.T) []home {
	t.Helper()
	var out []home
	for _, g := range games.All() {
		pkg := reflect.TypeOf(g.Engine).PkgPath() // tablemate/scoring/kks
		name := path.Base(pkg)
		h := home{slug: g.Engine.Info().Slug, name: name, engine: "scoring/" + name, web: "web/" + name}
		if pkg != "tablemate/"+h.engine {
			t.Fatalf("%s's engine is %s, not in scoring/<game>", h.slug, pkg)
		}
		if _, err := os.Stat(filepath.Join(root, h.web)); err != nil {
			t.Fatalf("%s has no web package %s: %v", h.slug, h.web, err)
		}
		out = append(out, h)
	}
	if len(out) == 0 {
		t.Fatal("the registry lists no game")
	}
	return out
}

// under reports whether the slash path file is in dir or below it.
func under(file, dir string) bool {
	return file == dir || strings.HasPrefix(file, dir+"/")
}

// sourceFiles calls fn with every file of the repository with one of the
// extensions, as a slash path from the root. Skipped: what is data or
// about the code rather than code — docs/ (the contract and its worked
// cases), every testdata/ folder, e2e/ (browser tests, which address
// pages by their public URLs), *_test.go (tests address the public URLs
// and the API, whose slugs are the contract), the generated *_templ.go
// (their .templ is read instead) and the vendored static/npm.
func sourceFiles(t *testing.T, exts []string, fn func(file string, src []byte)) {
	t.Helper()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
		if d.IsDir() {
			switch {
			case strings.HasPrefix(d.Name(), ".") && p != root, d.Name() == "testdata", d.Name() == "node_modules",
				rel == "docs", rel == "e2e", rel == "static/npm", rel == "bin":
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(rel, "_test.go") || strings.HasSuffix(rel, "_templ.go") {
			return nil
		}
		for _, ext := range exts {
			if strings.HasSuffix(rel, ext) {
				src, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				fn(rel, src)
				return nil
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// goStrings returns the string literals of a Go file outside its imports,
// with their lines.
func goStrings(t *testing.T, file string, src []byte) map[int][]string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	out := map[int][]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				if s, err := strconv.Unquote(n.Value); err == nil {
					line := fset.Position(n.Pos()).Line
					out[line] = append(out[line], s)
				}
			}
		}
		return true
	})
	return out
}

// quoted finds the quoted strings of templ, JavaScript, CSS and HTML.
var quoted = regexp.MustCompile("\"[^\"\\n]*\"|'[^'\\n]*'|`[^`]*`")

// otherStrings returns the quoted strings of a templ, JS, CSS or HTML
// file with their lines, leaving out templ's import lines.
func otherStrings(src []byte) map[int][]string {
	out := map[int][]string{}
	for i, line := range strings.Split(string(src), "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "import ") || strings.HasPrefix(trimmed, `"tablemate/`) || strings.Contains(trimmed, ` "tablemate/`) {
			continue
		}
		for _, q := range quoted.FindAllString(line, -1) {
			out[i+1] = append(out[i+1], q[1:len(q)-1])
		}
	}
	return out
}

// names reports whether the text s names a slug: the slug as a whole
// segment of it (a form value, a URL's path segment, a data attribute),
// where segments are runs of lower-case letters, digits, hyphens and
// underscores (so a violation code such as "cambio_twice" is a code of
// its own, not the slug).
func names(s, slug string) bool {
	for _, seg := range strings.FieldsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	}) {
		if seg == slug {
			return true
		}
	}
	return false
}

// TestNoSlugOutsideItsHome: no game's slug, nor the name of its packages
// ("kks", "runemarket": a file or class named after the game), is written
// as a literal outside
// its own packages (scoring/<game>, web/<game> and their subpackages) and
// the registry (web/games): the shared code, the CLI and the tools name a
// game through the registry or the engine's Slug, so adding or renaming a
// game touches its own folders only. Go is read with go/ast (string
// literals, imports aside); templ, JS, CSS and HTML by their quoted
// strings. What sourceFiles skips, and why, is said there.
func TestNoSlugOutsideItsHome(t *testing.T) {
	hs := homes(t)
	check := func(file string, lits map[int][]string) {
		for _, h := range hs {
			if under(file, h.engine) || under(file, h.web) || under(file, "web/games") {
				continue
			}
			for line, ss := range lits {
				for _, s := range ss {
					for _, word := range []string{h.slug, h.name} {
						if names(s, word) {
							t.Errorf("%s:%d: the game %q is named by %q (in %q); use the engine's Slug or the registry", file, line, h.slug, word, s)
						}
					}
				}
			}
		}
	}
	sourceFiles(t, []string{".go"}, func(file string, src []byte) { check(file, goStrings(t, file, src)) })
	sourceFiles(t, []string{".templ", ".js", ".css", ".html"}, func(file string, src []byte) { check(file, otherStrings(src)) })
}

// TestSlugCheckFinds: the check above finds a slug where it is written
// out, and not in prose or other words.
func TestSlugCheckFinds(t *testing.T) {
	for s, want := range map[string]bool{
		"cambio": true, "/api/v1/games/cambio/score": true, "/check/koffer-katze-sombrero": true,
		`[data-game="rune-market"]`: true, "Cambio": false, "cambio-round": false, "Who called Cambio?": false, "violation.cambio_twice": false,
	} {
		slug := "cambio"
		if strings.Contains(s, "koffer") {
			slug = "koffer-katze-sombrero"
		} else if strings.Contains(s, "rune") {
			slug = "rune-market"
		}
		if got := names(s, slug); got != want {
			t.Errorf("names(%q, %q) = %v, want %v", s, slug, got, want)
		}
	}
	lits := goStrings(t, "x.go", []byte("package x\n\nimport \"tablemate/scoring/cambio\"\n\nvar u = \"/games/\" + \"kodiak\"\n"))
	if len(lits) != 1 || len(lits[5]) != 2 || lits[5][1] != "kodiak" {
		t.Errorf("goStrings: %v", lits)
	}
	if got := otherStrings([]byte("import \"tablemate/web/kit\"\n<a href=\"/games/alaska\">x</a>\n")); len(got) != 1 || got[2][0] != "/games/alaska" {
		t.Errorf("otherStrings: %v", got)
	}
}
