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

// TestGeneratedCodeIsCurrent regenerates every .templ file of views and
// of the web packages (web/*/, a game's components live with the game)
// in memory and fails if the committed *_templ.go differs: run `make
// generate`.
func TestGeneratedCodeIsCurrent(t *testing.T) {
	var files []string
	for _, pattern := range []string{"*.templ", "../web/*/*.templ"} {
		found, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, found...)
	}
	if len(files) < 20 {
		t.Fatalf("found only %d .templ files", len(files))
	}
	for _, name := range files {
		tf, err := parser.Parse(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var b bytes.Buffer
		if _, err := generator.Generate(tf, &b, generator.WithVersion(templ.Version()), generator.WithFileName(filepath.Base(name))); err != nil {
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
