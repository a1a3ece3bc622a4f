package docs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablemate/web/games"
)

// TestScoreCheckExamplesAreValid: the request example of every score-check
// document (docs/api-<game>.md, "# Score check: <slug>") is a finished
// game its own engine accepts without a broken rule, so a reader who sends
// it as written gets a clean answer.
func TestScoreCheckExamplesAreValid(t *testing.T) {
	files, _ := filepath.Glob("api-*.md")
	checked := 0
	for _, f := range files {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(body), "\n")
		slug, ok := strings.CutPrefix(lines[0], "# Score check: ")
		if !ok {
			continue
		}
		engine, ok := games.Engine(slug)
		if !ok {
			t.Errorf("%s: no game %q", f, slug)
			continue
		}
		example := requestExample(lines)
		if example == "" {
			t.Errorf("%s: no indented request example under \"## Request\"", f)
			continue
		}
		res, err := engine.Check([]byte(example))
		if err != nil {
			t.Errorf("%s: the example is not a game state: %v", f, err)
			continue
		}
		if !res.Valid || len(res.Winners) == 0 {
			t.Errorf("%s: the example breaks a rule or has no winner: %+v", f, res.Violations)
		}
		checked++
	}
	if checked < 3 {
		t.Errorf("checked %d score-check documents, want the three (Kodiak, Alaska, the Rune Market)", checked)
	}
}

// requestExample is the first indented block after "## Request".
func requestExample(lines []string) string {
	var block []string
	in := false
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "## Request"):
			in = true
		case !in:
		case strings.HasPrefix(l, "    "):
			block = append(block, l)
		case len(block) > 0:
			return strings.Join(block, "\n")
		}
	}
	return strings.Join(block, "\n")
}
