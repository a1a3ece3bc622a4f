package server

import (
	"encoding/json"
	"net/http"
	"testing"

	"tablemate/docs"
)

// workedCase is a worked case of docs/examples/score-cases.json.
type workedCase struct {
	ID      string          `json:"id"`
	Game    string          `json:"game"`
	Request json.RawMessage `json:"request"`
	Expect  struct {
		Valid   bool     `json:"valid"`
		Winners []string `json:"winners"`
	} `json:"expect"`
}

func workedCases(t *testing.T) []workedCase {
	t.Helper()
	var cases []workedCase
	if err := json.Unmarshal(docs.ScoreCases, &cases); err != nil || len(cases) < 5 {
		t.Fatalf("%d worked cases: %v", len(cases), err)
	}
	return cases
}

// TestScoreAPIForEveryGame posts a valid finished state of each of the
// seven games to its score endpoint and checks the totals and winners
// the rules give.
func TestScoreAPIForEveryGame(t *testing.T) {
	ts := newTestServer(t)
	cases := workedCases(t)
	bodies := map[string]struct {
		body    string
		winners []string
	}{
		"kodiak": {`{"players":[{"name":"Ana","rounds":[{"kodiak":true,"cards":["3"],"pounces":1},{"cards":[]}]},
			{"name":"Ben","rounds":[{"cards":[]},{"kodiak":true,"cards":["13","red-king"]}]}]}`, []string{"Ana"}},
		"alaska":      {`{"players":[{"name":"Ana","salmon":5},{"name":"Ben","salmon":3}]}`, []string{"Ana"}},
		"rune-market": {`{"players":[{"name":"Ana","runes":{"red":2}},{"name":"Ben","runes":{"blue":1}}]}`, []string{"Ana"}},
	}
	for _, c := range cases {
		bodies[c.Game+"/case"] = struct {
			body    string
			winners []string
		}{string(c.Request), c.Expect.Winners}
	}
	seen := map[string]bool{}
	for name, c := range bodies {
		game := name
		if i := len(name) - len("/case"); i > 0 && name[i:] == "/case" {
			game = name[:i]
		}
		seen[game] = true
		status, res := ts.PostJSON("/api/v1/games/"+game+"/score", c.body)
		if status != http.StatusOK {
			t.Errorf("%s: %d %v", name, status, res)
			continue
		}
		var winners []string
		for _, w := range res["winners"].([]any) {
			winners = append(winners, w.(string))
		}
		if len(winners) != len(c.winners) || (len(winners) > 0 && winners[0] != c.winners[0]) {
			t.Errorf("%s: winners %v, want %v (%v)", name, winners, c.winners, res["violations"])
		}
	}
	for _, g := range []string{"koffer-katze-sombrero", "auf-der-hut", "kociaki-lobuziaki", "cambio", "kodiak", "alaska", "rune-market"} {
		if !seen[g] {
			t.Errorf("no state for %s", g)
		}
	}
}
