package games

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"testing"

	"tablemate/scoring"
)

// TestScoreCases runs the worked cases of docs/examples/score-cases.json
// (copied to testdata) through the engines the API and CLI use.
func TestScoreCases(t *testing.T) {
	b, err := os.ReadFile("testdata/score-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		ID      string          `json:"id"`
		Game    string          `json:"game"`
		Request json.RawMessage `json:"request"`
		Expect  struct {
			Valid    bool     `json:"valid"`
			GameOver bool     `json:"game_over"`
			Codes    []string `json:"codes"`
			Players  []struct {
				Name   string `json:"name"`
				Total  int    `json:"total"`
				Rounds []int  `json:"rounds"`
			} `json:"players"`
			Winners []string `json:"winners"`
		} `json:"expect"`
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			engine, ok := Find(c.Game)
			if !ok {
				t.Fatalf("no engine for %s", c.Game)
			}
			res, err := engine.Check(c.Request)
			if err != nil {
				t.Fatal(err)
			}
			if res.Valid != c.Expect.Valid || res.GameOver != c.Expect.GameOver {
				t.Errorf("valid %v game_over %v, want %v %v (%v)", res.Valid, res.GameOver, c.Expect.Valid, c.Expect.GameOver, res.Violations)
			}
			for _, code := range c.Expect.Codes {
				if !hasCode(res.Violations, code) {
					t.Errorf("violation %s missing from %v", code, res.Violations)
				}
			}
			if len(res.Players) != len(c.Expect.Players) {
				t.Fatalf("%d players, want %d", len(res.Players), len(c.Expect.Players))
			}
			for i, want := range c.Expect.Players {
				got := res.Players[i]
				if got.Name != want.Name || got.Total != want.Total {
					t.Errorf("player %d = %s %d, want %s %d", i, got.Name, got.Total, want.Name, want.Total)
				}
				if want.Rounds != nil && !slices.Equal(got.Rounds, want.Rounds) {
					t.Errorf("%s rounds %v, want %v", want.Name, got.Rounds, want.Rounds)
				}
			}
			if !slices.Equal(res.Winners, c.Expect.Winners) {
				t.Errorf("winners %v, want %v", res.Winners, c.Expect.Winners)
			}
		})
	}
}

func hasCode(vs []scoring.Violation, code string) bool {
	for _, v := range vs {
		if v.Code == code {
			return true
		}
	}
	return false
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

// TestScoreCasesCopyIsCurrent compares the copies of the worked cases
// with shared/examples/score-cases.json when it sits beside the module
// (../shared), so a new or changed case is not missed: testdata holds the
// whole file, and each engine's testdata the cases of its game.
func TestScoreCasesCopyIsCurrent(t *testing.T) {
	shared, err := os.ReadFile("../../../shared/examples/score-cases.json")
	if err != nil {
		t.Skipf("shared/examples not beside the module: %v", err)
	}
	copied, err := os.ReadFile("testdata/score-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var want, got []map[string]any
	if err := json.Unmarshal(shared, &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(copied, &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("testdata/score-cases.json differs from shared/examples/score-cases.json: copy it again")
	}
	for game, file := range map[string]string{"cambio": "../cambio/testdata/score-cases.json", "koffer-katze-sombrero": "../kks/testdata/score-cases.json"} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var sub []map[string]any
		if err := json.Unmarshal(b, &sub); err != nil {
			t.Fatal(err)
		}
		var of []map[string]any
		for _, c := range want {
			if c["game"] == game {
				of = append(of, c)
			}
		}
		if !reflect.DeepEqual(sub, of) {
			t.Errorf("%s does not hold exactly the %s cases of shared/examples/score-cases.json", file, game)
		}
	}
}
