package api_test

import (
	"net/http"
	"testing"

	"tablemate/scoring/scoringtest"
	"tablemate/web/games"
)

// TestScoreAPIForEveryGame posts a valid finished state of each of the
// seven games to its score endpoint and checks the totals and winners
// the rules give.
func TestScoreAPIForEveryGame(t *testing.T) {
	ts := newTestServer(t)
	cases := scoringtest.Cases(t, "")
	if len(cases) < 5 {
		t.Fatalf("%d worked cases", len(cases))
	}
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
	for _, info := range games.Infos() {
		if !seen[info.Slug] {
			t.Errorf("no state for %s", info.Slug)
		}
	}
}
