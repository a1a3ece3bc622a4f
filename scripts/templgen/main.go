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
// The code is generated as templ generate -path DIR does: the file's own
// name in it, templ's version, gofmt'd.
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

// With -check it writes nothing: it names each *_templ.go that is not
// what generating gives (out of date, or left without its .templ) and
// exits 1 if there is one, else says how many it checked (views'
// TestGeneratedCodeIsCurrent runs it so: built without -race, under which
// templ's parser takes minutes).
func main() {
	args := os.Args[1:]
	check := len(args) > 0 && args[0] == "-check"
	if check {
		args = args[1:]
	}
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: templgen [-check] DIR...")
		os.Exit(2)
	}
	failed, stale, n := false, 0, 0
	for _, dir := range args {
		s, c, err := generateDir(dir, os.Stdout, check)
		stale, n = stale+s, n+c
		if err != nil {
			fmt.Fprintln(os.Stderr, "templgen:", err)
			failed = true
		}
	}
	if check && stale > 0 {
		fmt.Printf("templgen: %d of %d generated files out of date: run make generate and commit the result\n", stale, n)
		os.Exit(1)
	}
	if check {
		fmt.Printf("templgen: %d generated files current\n", n)
	}
	if failed {
		os.Exit(1)
	}
}

// generateDir brings the generated code of one directory up to date,
// naming on out each file it writes or removes (with check, each it
// would), and returns how many that was and how many .templ files there
// are.
func generateDir(dir string, out *os.File, check bool) (changed, files int, err error) {
	sources, err := filepath.Glob(filepath.Join(dir, "*.templ"))
	if err != nil {
		return 0, 0, err
	}
	var errs []error
	for _, src := range sources {
		stale, err := generateFile(src, check)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		switch {
		case stale && check:
			changed++
			fmt.Fprintf(out, "templ: %s is out of date\n", target(src))
		case stale:
			changed++
			fmt.Fprintf(out, "templ: wrote %s\n", target(src))
		}
	}
	generated, err := filepath.Glob(filepath.Join(dir, "*_templ.go"))
	if err != nil {
		return changed, len(sources), err
	}
	for _, g := range generated {
		src := strings.TrimSuffix(g, "_templ.go") + ".templ"
		if _, err := os.Stat(src); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		changed++
		if check {
			fmt.Fprintf(out, "templ: %s has no .templ: make generate removes it\n", g)
			continue
		}
		if err := os.Remove(g); err != nil {
			errs = append(errs, err)
			continue
		}
		fmt.Fprintf(out, "templ: removed %s (its .templ is gone)\n", g)
	}
	return changed, len(sources), errors.Join(errs...)
}

func target(src string) string { return strings.TrimSuffix(src, ".templ") + "_templ.go" }

// generateFile generates one .templ file's Go code and, unless check,
// writes it when it differs from what is there; stale says it did.
func generateFile(src string, check bool) (stale bool, err error) {
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
	if check {
		return true, nil
	}
	return true, os.WriteFile(target(src), code, 0o644)
}
