package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocsIndexListsEveryDocument: docs/README.md links every document
// of docs/, and every link there leads to a file.
func TestDocsIndexListsEveryDocument(t *testing.T) {
	index, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	links := map[string]bool{}
	for _, m := range regexp.MustCompile(`\]\(([^)#]+)\)`).FindAllStringSubmatch(string(index), -1) {
		links[m[1]] = true
		if _, err := os.Stat(m[1]); err != nil {
			t.Errorf("docs/README.md links %s: %v", m[1], err)
		}
	}
	docs, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("examples/*")
	for _, d := range append(docs, more...) {
		if d != "README.md" && !links[d] {
			t.Errorf("docs/README.md does not list %s: add a line saying what it is", d)
		}
	}
	if !strings.Contains(string(index), "](../README.md)") {
		t.Error("docs/README.md does not lead back to the README")
	}
}
