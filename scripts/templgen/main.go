// Command templgen writes the Go code of the templ components in the
// directories it is given (make generate: views and web/*/), as `templ
// generate -path DIR` does, but quietly and only where something
// changed: a *_templ.go is written only when its content differs, one
// whose .templ is gone is removed, and each file written or removed is
// named. Nothing else is printed; `make run` and `make test` call it on
// every build.
//
// (templ generate rewrites every *_templ.go each time, and counts every
// other .go file of the directory as a changed "watched file", printing
// its watch mode's "Post-generation event received" whenever the
// directory takes longer than its 100 ms grouping window: on a busy
// machine, at random.)
//
// The code is generated as views' TestGeneratedCodeIsCurrent expects:
// the file's own name in it, templ's version, gofmt'd.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/a-h/templ"
	"github.com/a-h/templ/generator"
	parser "github.com/a-h/templ/parser/v2"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: templgen DIR...")
		os.Exit(2)
	}
	failed := false
	for _, dir := range os.Args[1:] {
		if err := generateDir(dir, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "templgen:", err)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

// generateDir brings the generated code of one directory up to date,
// naming on out each file it writes or removes.
func generateDir(dir string, out *os.File) error {
	sources, err := filepath.Glob(filepath.Join(dir, "*.templ"))
	if err != nil {
		return err
	}
	var errs []error
	for _, src := range sources {
		wrote, err := generateFile(src)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if wrote {
			fmt.Fprintf(out, "templ: wrote %s\n", target(src))
		}
	}
	generated, err := filepath.Glob(filepath.Join(dir, "*_templ.go"))
	if err != nil {
		return err
	}
	for _, g := range generated {
		src := strings.TrimSuffix(g, "_templ.go") + ".templ"
		if _, err := os.Stat(src); errors.Is(err, fs.ErrNotExist) {
			if err := os.Remove(g); err != nil {
				errs = append(errs, err)
				continue
			}
			fmt.Fprintf(out, "templ: removed %s (its .templ is gone)\n", g)
		}
	}
	return errors.Join(errs...)
}

func target(src string) string { return strings.TrimSuffix(src, ".templ") + "_templ.go" }

// generateFile generates one .templ file's Go code and writes it when it
// differs from what is there.
func generateFile(src string) (wrote bool, err error) {
	tf, err := parser.Parse(src)
	if err != nil {
		return false, fmt.Errorf("%s: %w", src, err)
	}
	diags, err := parser.Diagnose(tf)
	if err != nil {
		return false, fmt.Errorf("%s: %w", src, err)
	}
	for _, d := range diags {
		fmt.Fprintf(os.Stderr, "templ: %s:%d:%d: %s\n", src, d.Range.From.Line+1, d.Range.From.Col+1, d.Message)
	}
	var b bytes.Buffer
	if _, err := generator.Generate(tf, &b, generator.WithVersion(templ.Version()), generator.WithFileName(filepath.Base(src))); err != nil {
		return false, fmt.Errorf("%s: %w", src, err)
	}
	code, err := format.Source(b.Bytes())
	if err != nil {
		return false, fmt.Errorf("%s: the generated code does not format: %w", src, err)
	}
	old, err := os.ReadFile(target(src))
	if err == nil && bytes.Equal(old, code) {
		return false, nil
	}
	return true, os.WriteFile(target(src), code, 0o644)
}
