package docs

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// shared is the project's shared documents beside the repository (absent
// from a lone clone, which then has only its own copies).
const shared = "../../shared"

// copied are the shared documents the repository keeps a copy of, as
// paths relative to both docs/ and shared/; every file of examples/ is
// one too.
var copied = []string{"API.md", "RULINGS.md"}

// TestSameAsShared: the copies here are byte for byte the shared
// documents. Without ../shared there is nothing to compare; the tests
// that use the documents read the copies here either way.
func TestSameAsShared(t *testing.T) {
	if _, err := os.Stat(shared); errors.Is(err, fs.ErrNotExist) {
		t.Logf("no %s beside the repository: the copies in docs/ stand alone", shared)
		return
	}
	files := append([]string(nil), copied...)
	for _, dir := range []string{shared, "."} {
		entries, err := os.ReadDir(filepath.Join(dir, "examples"))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if name := "examples/" + e.Name(); !e.IsDir() && !slices.Contains(files, name) {
				files = append(files, name)
			}
		}
	}
	for _, name := range files {
		theirs, err := os.ReadFile(filepath.Join(shared, name))
		if err != nil {
			t.Errorf("docs/%s has no counterpart in ../shared (%v): remove it or ask for it to be shared", name, err)
			continue
		}
		ours, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("../shared/%s has no copy in docs/: cp ../shared/%s docs/%s", name, name, name)
			continue
		}
		if !bytes.Equal(ours, theirs) {
			t.Errorf("docs/%s differs from ../shared/%s at line %d: cp ../shared/%s docs/%s", name, name, firstDiffLine(ours, theirs), name, name)
		}
	}
}

func firstDiffLine(a, b []byte) int {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}
