package cambio

import (
	"slices"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
)

// check runs the engine and tests the invariants every answer keeps.
func check(t *testing.T, body string) scoring.Result {
	t.Helper()
	r, err := Engine{}.Check([]byte(body))
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	if r.Game != Slug {
		t.Errorf("envelope: %+v", r)
	}
	// No null lists, a known rule and a message for every violation, each
	// total the sum of its breakdown and of its rounds (ruling G-1), with
	// every other invariant of a result.
	scoringtest.Check(t, Engine{}, r)
	return r
}

func codes(r scoring.Result) []string { return scoringtest.Codes(r.Violations) }

func totals(r scoring.Result) []int {
	var c []int
	for _, p := range r.Players {
		c = append(c, p.Total)
	}
	return c
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name     string
		body     string
		codes    []string
		totals   []int
		gameOver bool
		winners  []string
	}{
		{"the API.md example: caller Ana is fewest", `{"players":[
			{"name":"Ana","rounds":[{"cards":["7","red-king","swap"],"cambio":true},{"cards":[]}]},
			{"name":"Ben","rounds":[{"cards":["3","blue-king"]},{"cards":["1","2"]}]}],
			"options":{"cambio_tie":"reward"}}`,
			nil, []int{10, 19}, false, nil},
		{"a player's cards typed as their sum (CAM-1): 17, the caller's 4 is fewest", `{"players":[
			{"name":"Ana","rounds":[{"cards":["sum:4"],"cambio":true}]},
			{"name":"Ben","rounds":[{"cards":["sum:17"]}]},
			{"name":"Cy","rounds":[{"cards":["sum:9"]}]}]}`,
			nil, []int{-1, 17, 9}, false, nil},
		{"a caller whose cards are a sum still holds cards (CAM-3)", `{"players":[
			{"name":"Ana","rounds":[{"cards":["sum:0"],"cambio":true}]},
			{"name":"Ben","rounds":[{"cards":["sum:17"]}]}]}`,
			nil, []int{-5, 17}, false, nil},
		{"caller not fewest gets +5 (CAM-2)", `{"players":[
			{"name":"Ana","rounds":[{"cards":["7"],"cambio":true}]},
			{"name":"Ben","rounds":[{"cards":["6"]}]}]}`,
			nil, []int{12, 6}, false, nil},
		{"tie counts as fewest by default (CAM-2)", `{"players":[
			{"name":"Ana","rounds":[{"cards":["6"],"cambio":true}]},
			{"name":"Ben","rounds":[{"cards":["6"]}]}]}`,
			nil, []int{1, 6}, false, nil},
		{"tie is +5 with cambio_tie penalty", `{"players":[
			{"name":"Ana","rounds":[{"cards":["6"],"cambio":true}]},
			{"name":"Ben","rounds":[{"cards":["6"]}]}],"options":{"cambio_tie":"penalty"}}`,
			nil, []int{11, 6}, false, nil},
		{"penalty option still rewards a strict fewest", `{"players":[
			{"name":"Ana","rounds":[{"cards":["5"],"cambio":true}]},
			{"name":"Ben","rounds":[{"cards":["6"]}]}],"options":{"cambio_tie":"penalty"}}`,
			nil, []int{0, 6}, false, nil},
		{"no cards left scores 0 (CAM-2)", `{"players":[
			{"name":"Ana","rounds":[{"cards":[]}]},{"name":"Ben","rounds":[{"cards":["red-king","red-king"]}]}]}`,
			nil, []int{0, -4}, false, nil},
		{"game ends in the round a total reaches 50", `{"players":[
			{"name":"Ana","rounds":[{"cards":["13","13","13","11"]}]},{"name":"Ben","rounds":[{"cards":[]}]}]}`,
			nil, []int{50, 0}, true, []string{"Ben"}},
		{"49 is not yet the end", `{"players":[
			{"name":"Ana","rounds":[{"cards":["13","13","13","10"]}]},{"name":"Ben","rounds":[{"cards":[]}]}]}`,
			nil, []int{49, 0}, false, nil},
		{"ties all win (G-2)", `{"players":[
			{"name":"Ana","rounds":[{"cards":[]}]},{"name":"Ben","rounds":[{"cards":["blue-king","blue-king","blue-king","blue-king"]}]},
			{"name":"Cy","rounds":[{"cards":["v:-2","v:2"]}]}]}`,
			nil, []int{0, 52, 0}, true, []string{"Ana", "Cy"}},
		{"target option ends earlier", `{"players":[
			{"name":"Ana","rounds":[{"cards":["10"]}]},{"name":"Ben","rounds":[{"cards":[]}]}],"options":{"target":10}}`,
			nil, []int{10, 0}, true, []string{"Ben"}},
		{"a caller bonus can reach 50", `{"players":[
			{"name":"Ana","rounds":[{"cards":["13","13","13","6"],"cambio":true}]},{"name":"Ben","rounds":[{"cards":["1"]}]}]}`,
			nil, []int{50, 1}, true, []string{"Ben"}},
		{"a caller reward can stay under 50", `{"players":[
			{"name":"Ana","rounds":[{"cards":["13","13","13","13"]}]},{"name":"Ben","rounds":[{"cards":["13","13","13","13"],"cambio":true}]}]}`,
			nil, []int{52, 47}, true, []string{"Ben"}},

		{"one player", `{"players":[{"name":"Ana","rounds":[{"cards":[]}]}]}`,
			[]string{"player_count"}, []int{0}, false, nil},
		{"nine players", `{"players":[{"name":"A"},{"name":"B"},{"name":"C"},{"name":"D"},{"name":"E"},{"name":"F"},{"name":"G"},{"name":"H"},{"name":"I"}]}`,
			[]string{"player_count"}, []int{0, 0, 0, 0, 0, 0, 0, 0, 0}, false, nil},
		{"eight players is the most", `{"players":[{"name":"A"},{"name":"B"},{"name":"C"},{"name":"D"},{"name":"E"},{"name":"F"},{"name":"G"},{"name":"H"}]}`,
			nil, []int{0, 0, 0, 0, 0, 0, 0, 0}, false, nil},
		{"no players", `{"players":[]}`, []string{"player_count"}, nil, false, nil},
		{"round lists differ", `{"players":[
			{"name":"Ana","rounds":[{"cards":[]},{"cards":[]}]},{"name":"Ben","rounds":[{"cards":["3"]}]}]}`,
			[]string{"round_count"}, []int{0, 3}, false, nil},
		{"two callers in one round", `{"players":[
			{"name":"Ana","rounds":[{"cards":["1"],"cambio":true}]},{"name":"Ben","rounds":[{"cards":["3"],"cambio":true}]},
			{"name":"Cy","rounds":[{"cards":["2"]}]}]}`,
			[]string{"multiple_callers"}, []int{-4, 8, 2}, false, nil},
		{"callers in different rounds are fine", `{"players":[
			{"name":"Ana","rounds":[{"cards":["1"],"cambio":true},{"cards":["5"]}]},{"name":"Ben","rounds":[{"cards":["3"]},{"cards":["4"],"cambio":true}]}]}`,
			nil, []int{1, 2}, false, nil},
		{"a round after the end", `{"players":[
			{"name":"Ana","rounds":[{"cards":["13","13","13","13"]},{"cards":["1"]}]},{"name":"Ben","rounds":[{"cards":[]},{"cards":[]}]}]}`,
			[]string{"after_game_end"}, []int{53, 0}, true, nil},

		// ruling CAM-3: "A recorded round with no caller and every player
		// still holding cards has not ended (round_not_ended)."
		{"no caller and everyone holds cards: not ended", `{"players":[
			{"name":"Ana","rounds":[{"cards":["3","4"]}]},{"name":"Ben","rounds":[{"cards":["5"]}]}]}`,
			[]string{"round_not_ended"}, []int{7, 5}, false, nil},
		{"no caller and one player without cards: ended", `{"players":[
			{"name":"Ana","rounds":[{"cards":["3","4"]}]},{"name":"Ben","rounds":[{"cards":[]}]}]}`,
			nil, []int{7, 0}, false, nil},
		{"a caller ends the round though everyone holds cards", `{"players":[
			{"name":"Ana","rounds":[{"cards":["3","4"]}]},{"name":"Ben","rounds":[{"cards":["5"],"cambio":true}]}]}`,
			nil, []int{7, 0}, false, nil},
		// ruling CAM-3: "the caller still holds at least one card at the
		// end of the round (caller_out)".
		{"the caller holds no cards", `{"players":[
			{"name":"Ana","rounds":[{"cards":[],"cambio":true}]},{"name":"Ben","rounds":[{"cards":["2","3"]}]}]}`,
			[]string{"caller_out"}, []int{-5, 5}, false, nil},
		{"another player runs out during the last turns", `{"players":[
			{"name":"Ana","rounds":[{"cards":["1"],"cambio":true}]},{"name":"Ben","rounds":[{"cards":[]}]}]}`,
			nil, []int{6, 0}, false, nil},
		// ruling G-3: every violation, the round's and each player's.
		{"two callers, one of them out", `{"players":[
			{"name":"Ana","rounds":[{"cards":[],"cambio":true}]},{"name":"Ben","rounds":[{"cards":["3"],"cambio":true}]},
			{"name":"Cy","rounds":[{"cards":["2"]}]}]}`,
			[]string{"multiple_callers", "caller_out"}, []int{-5, 8, 2}, false, nil},
		{"not ended in two rounds, then after the end", `{"players":[
			{"name":"Ana","rounds":[{"cards":["13","13","13","13"]},{"cards":["1"]}]},{"name":"Ben","rounds":[{"cards":["1"]},{"cards":["1"]}]}]}`,
			[]string{"round_not_ended", "round_not_ended", "after_game_end"}, []int{53, 2}, true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := check(t, tt.body)
			if got := codes(r); !slices.Equal(got, tt.codes) {
				t.Errorf("codes = %v, want %v (%v)", got, tt.codes, r.Violations)
			}
			if got := totals(r); !slices.Equal(got, tt.totals) {
				t.Errorf("totals = %v, want %v", got, tt.totals)
			}
			if r.GameOver != tt.gameOver || r.Valid != (len(tt.codes) == 0) {
				t.Errorf("game_over=%v valid=%v", r.GameOver, r.Valid)
			}
			if !slices.Equal(r.Winners, tt.winners) && !(len(r.Winners) == 0 && tt.winners == nil) {
				t.Errorf("winners = %v, want %v", r.Winners, tt.winners)
			}
		})
	}
}

func TestBreakdownLines(t *testing.T) {
	r := check(t, `{"players":[
		{"name":"Ana","rounds":[{"cards":["6"],"cambio":true},{"cards":["7","red-king","swap"]},{"cards":[]}]},
		{"name":"Ben","rounds":[{"cards":["9"]},{"cards":["1"],"cambio":true},{"cards":["v:3"]}]}]}`)
	want := []scoring.Line{
		{Label: "round 1: 6", Points: 6},
		{Label: "round 1: Cambio called, fewest (−5)", Points: -5},
		{Label: "round 2: 7 + −2 + 10", Points: 15},
		{Label: "round 3: no cards", Points: 0},
	}
	if !slices.EqualFunc(r.Players[0].Breakdown, want, scoring.SameLine) {
		t.Errorf("Ana: %v", r.Players[0].Breakdown)
	}
	if !slices.Equal(r.Players[0].Rounds, []int{1, 15, 0}) || !slices.Equal(r.Players[1].Rounds, []int{9, -4, 3}) {
		t.Errorf("rounds %v %v", r.Players[0].Rounds, r.Players[1].Rounds)
	}
	r = check(t, `{"players":[{"name":"Ana","rounds":[{"cards":["6"],"cambio":true}]},{"name":"Ben","rounds":[{"cards":["5"]}]}]}`)
	if got := r.Players[0].Breakdown[1].Label; got != "round 1: Cambio called, not fewest (+5)" {
		t.Errorf("label %q", got)
	}
	r = check(t, `{"players":[{"name":"Ana","rounds":[{"cards":["5"],"cambio":true}]},{"name":"Ben","rounds":[{"cards":["5"]}]}],"options":{"cambio_tie":"penalty"}}`)
	if got := r.Players[0].Breakdown[1].Label; got != "round 1: Cambio called, tied for fewest (+5)" {
		t.Errorf("label %q", got)
	}
}

func TestMessagesNameTheFacts(t *testing.T) {
	r := check(t, `{"players":[
		{"name":"Ana","rounds":[{"cards":["13","13","13","13"],"cambio":true},{"cards":["1"],"cambio":true}]},
		{"name":"Ben","rounds":[{"cards":["1"],"cambio":true},{"cards":["1"],"cambio":true}]},
		{"name":"Cy","rounds":[{"cards":["1"]}]}]}`)
	msgs := map[string]string{}
	for _, v := range r.Violations {
		msgs[v.Code] += v.Message + "|"
	}
	for code, want := range map[string]string{
		"round_count":      "Ana 2, Ben 2, Cy 1",
		"multiple_callers": "round 1: Ana and Ben all called",
		"after_game_end":   "round 2 was entered after the game ended: Ana reached 50 or more in round 1",
	} {
		if !strings.Contains(msgs[code], want) {
			t.Errorf("%s: %q lacks %q", code, msgs[code], want)
		}
	}
}

// TestScoreCases runs the cambio cases of examples/score-cases.json.
func TestScoreCases(t *testing.T) {
	scoringtest.RunCases(t, scoringtest.Cases(t, Slug), scoringtest.Only(Engine{}))
}
