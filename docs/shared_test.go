package docs

import (
	"bytes"
	"encoding/json"
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

// TestTestdataCopiesMatchTheCases: the engines' tests keep subsets of the
// worked cases in their testdata; each case there is the case of the
// same id here, unchanged.
func TestTestdataCopiesMatchTheCases(t *testing.T) {
	byID := map[string]json.RawMessage{}
	for _, c := range cases(t, ScoreCases) {
		byID[id(t, c)] = c
	}
	copies, _ := filepath.Glob("../scoring/*/testdata/score-cases.json")
	if len(copies) == 0 {
		t.Fatal("no testdata/score-cases.json under scoring/: is the glob right?")
	}
	for _, path := range copies {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases(t, b) {
			want, ok := byID[id(t, c)]
			if !ok {
				t.Errorf("%s: case %s is not in docs/examples/score-cases.json", path, id(t, c))
				continue
			}
			if !jsonEqual(t, c, want) {
				t.Errorf("%s: case %s differs from docs/examples/score-cases.json", path, id(t, c))
			}
		}
	}
}

func cases(t *testing.T, b []byte) []json.RawMessage {
	t.Helper()
	var out []json.RawMessage
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func id(t *testing.T, c json.RawMessage) string {
	t.Helper()
	var v struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(c, &v); err != nil || v.ID == "" {
		t.Fatalf("a case without an id: %s", c)
	}
	return v.ID
}

func jsonEqual(t *testing.T, a, b json.RawMessage) bool {
	t.Helper()
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		t.Fatal("unreadable case")
	}
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	return bytes.Equal(ja, jb)
}
