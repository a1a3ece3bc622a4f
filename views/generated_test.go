package views

import (
	"bytes"
	"go/format"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"github.com/a-h/templ/generator"
	parser "github.com/a-h/templ/parser/v2"
)

// TestGeneratedCodeIsCurrent regenerates every .templ file in memory and
// fails if the committed *_templ.go differs: run `go tool templ generate`.
func TestGeneratedCodeIsCurrent(t *testing.T) {
	files, err := filepath.Glob("*.templ")
	if err != nil || len(files) == 0 {
		t.Fatalf("no .templ files found: %v", err)
	}
	for _, name := range files {
		tf, err := parser.Parse(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var b bytes.Buffer
		if _, err := generator.Generate(tf, &b, generator.WithVersion(templ.Version()), generator.WithFileName(name)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, err := format.Source(b.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := os.ReadFile(strings.TrimSuffix(name, ".templ") + "_templ.go")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s_templ.go is out of date: run `go tool templ generate` and commit the result", strings.TrimSuffix(name, ".templ"))
		}
	}
}
