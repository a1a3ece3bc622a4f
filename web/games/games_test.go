package games_test

import (
	"regexp"
	"strings"
	"testing"

	"tablemate/docs"
	"tablemate/scoring/scoringtest"
	"tablemate/web/games"
)

// TestScoreCases runs the worked cases of docs/examples/score-cases.json
// through the registry's engines, which the API and CLI use (the one runner of the worked
// cases, scoringtest.RunCases; each engine's tests run its own with it).
func TestScoreCases(t *testing.T) {
	scoringtest.RunCases(t, scoringtest.Cases(t, ""), games.Engine)
}

func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, info := range games.Infos() {
		if info.Slug == "" || info.Title == "" || info.MinPlayers < 1 || info.MaxPlayers < info.MinPlayers {
			t.Errorf("incomplete info: %+v", info)
		}
		if seen[info.Slug] {
			t.Errorf("slug %s listed twice", info.Slug)
		}
		seen[info.Slug] = true
		if g, ok := games.Engine(info.Slug); !ok || g.Info().Slug != info.Slug {
			t.Errorf("Find(%q) failed", info.Slug)
		}
	}
	// API.md's list of games ("`{game}` is one of: …"): every game it
	// lists is registered, and every registered game is listed.
	_, list, ok := strings.Cut(docs.API, "`{game}` is one of:")
	list, _, _ = strings.Cut(list, "\n`GET")
	listed := regexp.MustCompile("`([a-z0-9-]+)`").FindAllStringSubmatch(list, -1)
	if !ok || len(listed) < 2 {
		t.Fatalf("API.md lists no games: %q", list)
	}
	for _, m := range listed {
		if !seen[m[1]] {
			t.Errorf("API.md lists %s, which is not registered", m[1])
		}
		delete(seen, m[1])
	}
	for slug := range seen {
		t.Errorf("%s is registered but not in API.md's list of games", slug)
	}
	if _, ok := games.Engine("chess"); ok {
		t.Error("Find accepts an unknown game")
	}
}

// BenchmarkScore checks and scores each worked case of
// docs/examples/score-cases.json through its engine: decode, validate,
// score (go test -bench Score).
func BenchmarkScore(b *testing.B) {
	for _, c := range scoringtest.Cases(b, "") {
		engine, ok := games.Engine(c.Game)
		if !ok {
			b.Fatalf("no engine for %s", c.Game)
		}
		b.Run(c.ID, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.Request)))
			for b.Loop() {
				if _, err := engine.Check(c.Request); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestScoreAllocations keeps the score check of a 3-player KKS state
// within its budget of allocations (issue #25: at most 40; 233 before the
// engine read the usual request without encoding/json). Allocations are
// counted, not timed, so this holds on any machine.
func TestScoreAllocations(t *testing.T) {
	for _, c := range scoringtest.Cases(t, "") {
		if c.ID != "kks-3p-simulated" {
			continue
		}
		engine, _ := games.Engine(c.Game)
		if n := testing.AllocsPerRun(200, func() { engine.Check(c.Request) }); n > 40 {
			t.Errorf("%s: %v allocations per check, want at most 40", c.ID, n)
		}
		return
	}
	t.Fatal("no case kks-3p-simulated")
}
