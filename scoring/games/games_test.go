package games

import (
	"testing"

	"tablemate/scoring/scoringtest"
)

// TestScoreCases runs the worked cases of docs/examples/score-cases.json
// through the engines the API and CLI use (the one runner of the worked
// cases, scoringtest.RunCases; each engine's tests run its own with it).
func TestScoreCases(t *testing.T) {
	scoringtest.RunCases(t, scoringtest.Cases(t, ""), Find)
}

func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, info := range Infos() {
		if info.Slug == "" || info.Title == "" || info.MinPlayers < 1 || info.MaxPlayers < info.MinPlayers {
			t.Errorf("incomplete info: %+v", info)
		}
		if seen[info.Slug] {
			t.Errorf("slug %s listed twice", info.Slug)
		}
		seen[info.Slug] = true
		if g, ok := Find(info.Slug); !ok || g.Info().Slug != info.Slug {
			t.Errorf("Find(%q) failed", info.Slug)
		}
	}
	// API.md's list of games.
	for _, slug := range []string{"koffer-katze-sombrero", "auf-der-hut", "kociaki-lobuziaki", "cambio", "kodiak", "alaska", "rune-market"} {
		if !seen[slug] {
			t.Errorf("%s is not registered", slug)
		}
	}
	if _, ok := Find("chess"); ok {
		t.Error("Find accepts an unknown game")
	}
}
