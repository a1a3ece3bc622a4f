package views

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// TestGeneratedCodeIsCurrent regenerates every .templ file of views and
// of the web packages (web/*/, a game's components live with the game)
// in memory and fails if the committed *_templ.go differs: run `make
// generate`. The generator is make generate's own (scripts/templgen
// -check), run as a program: built without -race, under which templ's
// parser took over two minutes.
func TestGeneratedCodeIsCurrent(t *testing.T) {
	files, err := filepath.Glob("../web/*/*.templ")
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"run", "../scripts/templgen", "-check", "."}
	for _, f := range files {
		if dir := filepath.Dir(f); !slices.Contains(args, dir) {
			args = append(args, dir)
		}
	}
	if len(args) < 8 {
		t.Fatalf("found the components of only %d web packages", len(args)-4)
	}
	out, err := exec.Command("go", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	m := regexp.MustCompile(`templgen: (\d+) generated files current`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("templgen -check said:\n%s", out)
	}
	if n, _ := strconv.Atoi(string(m[1])); n < 20 {
		t.Errorf("found only %d .templ files", n)
	}
}
