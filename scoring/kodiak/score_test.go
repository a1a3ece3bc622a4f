package kodiak

import (
	"slices"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
)

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

// TestScoreCases runs the kodiak cases of examples/score-cases.json.
func TestScoreCases(t *testing.T) {
	scoringtest.RunCases(t, scoringtest.Cases(t, Slug), scoringtest.Only(Engine{}))
}

func totals(r scoring.Result) []int {
	var c []int
	for _, p := range r.Players {
		c = append(c, p.Total)
	}
	return c
}

// game is a valid 3-player game: Ana, Ben, Cy are Kodiak in rounds 1–3.
const game = `{"players":[
	{"name":"Ana","rounds":[
		{"kodiak":true,"cards":["red-king"],"pounces":2},
		{"cards":["swap"],"hairballs_kept":1},
		{"cards":["1","1"]}]},
	{"name":"Ben","rounds":[
		{"cards":[]},
		{"kodiak":true,"cards":["2"],"pounces":1},
		{"cards":["0"]}]},
	{"name":"Cy","rounds":[
		{"cards":["blue-king"],"hairballs_discarded":1},
		{"cards":[]},
		{"kodiak":true,"cards":[],"pounces":3}]}]}`

func TestGame(t *testing.T) {
	r := check(t, game)
	if !r.Valid || !r.GameOver || codes(r) != nil {
		t.Fatalf("valid=%v over=%v %v", r.Valid, r.GameOver, r.Violations)
	}
	if got := totals(r); !slices.Equal(got, []int{10, -3, 3}) {
		t.Errorf("totals %v", got)
	}
	if !slices.Equal(r.Players[0].Rounds, []int{-12, 20, 2}) || !slices.Equal(r.Players[2].Rounds, []int{18, 0, -15}) {
		t.Errorf("rounds %v %v", r.Players[0].Rounds, r.Players[2].Rounds)
	}
	if !slices.Equal(r.Winners, []string{"Ben"}) {
		t.Errorf("winners %v", r.Winners)
	}
	want := []scoring.Line{
		{Label: "round 1 (Kodiak): −2", Points: -2},
		{Label: "round 1 (Kodiak): 2 pounces (−10)", Points: -10},
		{Label: "round 2: 10", Points: 10},
		{Label: "round 2: 1 hairball kept (+10)", Points: 10},
		{Label: "round 3: 1 + 1", Points: 2},
	}
	if !slices.EqualFunc(r.Players[0].Breakdown, want, scoring.SameLine) {
		t.Errorf("Ana's lines %v", r.Players[0].Breakdown)
	}
	if got := r.Players[2].Breakdown[1]; !scoring.SameLine(got, scoring.Line{Label: "round 1: 1 hairball discarded (+5)", Points: 5}) {
		t.Errorf("Cy's line %v", got)
	}
}

// edit replaces one exact piece of the game.
func edit(t *testing.T, old, new string) string {
	t.Helper()
	if strings.Count(game, old) != 1 {
		t.Fatalf("%q is not unique in the game", old)
	}
	return strings.Replace(game, old, new, 1)
}

func TestCodes(t *testing.T) {
	tests := []struct {
		name     string
		body     string
		codes    []string
		gameOver bool
	}{
		{"two rounds: not over yet", `{"players":[
			{"name":"Ana","rounds":[{"kodiak":true,"cards":["1"]},{"cards":[]}]},
			{"name":"Ben","rounds":[{"cards":[]},{"kodiak":true,"cards":["4"]}]},
			{"name":"Cy","rounds":[{"cards":["3"]},{"cards":["2"]}]}]}`, nil, false},
		{"no rounds", `{"players":[{"name":"Ana"},{"name":"Ben"}]}`, nil, false},
		{"one player", `{"players":[{"name":"Ana","rounds":[{"kodiak":true,"cards":[]}]}]}`, []string{"player_count"}, true},
		{"seven players", `{"players":[{"name":"A"},{"name":"B"},{"name":"C"},{"name":"D"},{"name":"E"},{"name":"F"},{"name":"G"}]}`, []string{"player_count"}, false},
		{"six players is the most", `{"players":[{"name":"A"},{"name":"B"},{"name":"C"},{"name":"D"},{"name":"E"},{"name":"F"}]}`, nil, false},
		{"round lists differ", edit(t, `,
		{"cards":["1","1"]}]}`, `]}`), []string{"round_count"}, true},
		{"no Kodiak in a round", edit(t, `{"kodiak":true,"cards":["2"],"pounces":1}`, `{"cards":["2"]}`), []string{"kodiak_count"}, true},
		{"two Kodiaks in a round", edit(t, `{"cards":["0"]}`, `{"kodiak":true,"cards":["0"]}`), []string{"kodiak_count"}, true},
		{"Kodiak skips a seat", `{"players":[
			{"name":"Ana","rounds":[{"kodiak":true,"cards":[]},{"cards":["1"]}]},
			{"name":"Ben","rounds":[{"cards":["1"]},{"cards":[]}]},
			{"name":"Cy","rounds":[{"cards":["1"]},{"kodiak":true,"cards":["1"]}]}]}`, []string{"kodiak_order"}, false},
		{"a later start seat is fine", `{"players":[
			{"name":"Ana","rounds":[{"cards":["1"]},{"kodiak":true,"cards":[]}]},
			{"name":"Ben","rounds":[{"cards":["1"]},{"cards":["1"]}]},
			{"name":"Cy","rounds":[{"kodiak":true,"cards":[]},{"cards":["1"]}]}]}`, nil, false},
		{"a mouse pounces", edit(t, `{"cards":["0"]}`, `{"cards":["0"],"pounces":1}`), []string{"pounce_not_kodiak"}, true},
		// ruling G-3: a fourth pounce also takes a card Kodiak never had.
		{"four pounces", edit(t, `"pounces":3`, `"pounces":4`), []string{"too_many_pounces", "kodiak_cards"}, true},
		// ruling KOD-3: "Kodiak's cards left (kept hairballs included, they
		// are table cards) ≤ 3 − pounces − hairballs discarded"; "after 3
		// pounces Kodiak holds nothing".
		{"three pounces and still a card", edit(t, `"cards":[],"pounces":3`, `"cards":["4"],"pounces":3`), []string{"nobody_out", "kodiak_cards"}, true},
		{"two pounces and a hairball discarded leave none", edit(t, `"cards":["red-king"],"pounces":2`, `"cards":["red-king"],"pounces":2,"hairballs_discarded":1`), []string{"kodiak_cards"}, true},
		{"a kept hairball is one of Kodiak's cards", edit(t, `"cards":["red-king"],"pounces":2`, `"cards":["red-king"],"pounces":2,"hairballs_kept":1`), []string{"kodiak_cards"}, true},
		{"three pounces and a hairball discarded are more than 3", edit(t, `"cards":[],"pounces":3`, `"cards":[],"pounces":3,"hairballs_discarded":1`), []string{"kodiak_cards"}, true},
		{"Kodiak never gains a card", edit(t, `{"kodiak":true,"cards":["2"],"pounces":1}`, `{"kodiak":true,"cards":["1","2","3","4"]}`), []string{"kodiak_cards"}, true},
		{"near miss: Kodiak keeps all 3", edit(t, `{"kodiak":true,"cards":["2"],"pounces":1}`, `{"kodiak":true,"cards":["2","3","4"]}`), nil, true},
		{"near miss: a mouse gains cards", edit(t, `{"cards":["0"]}`, `{"cards":["0","1","2","3","4"]}`), nil, true},
		{"negative hairballs", edit(t, `"hairballs_kept":1`, `"hairballs_kept":-1`), []string{"negative_count"}, true},
		{"negative pounces", edit(t, `"pounces":2`, `"pounces":-2`), []string{"negative_count"}, true},
		{"77 hairballs", edit(t, `"hairballs_discarded":1`, `"hairballs_discarded":77`), []string{"count_too_high"}, true},
		{"76 hairballs discarded pass", edit(t, `"hairballs_discarded":1`, `"hairballs_discarded":76`), nil, true},
		{"nobody out", edit(t, `{"cards":[]},
		{"kodiak":true,"cards":["2"]`, `{"cards":["1"]},
		{"kodiak":true,"cards":["2"]`), []string{"nobody_out"}, true},
		{"a kept hairball is a table card", edit(t, `{"cards":[]},
		{"kodiak":true,"cards":["2"]`, `{"cards":[],"hairballs_kept":1},
		{"kodiak":true,"cards":["2"]`), []string{"nobody_out"}, true},
		{"a discarded hairball is not", edit(t, `{"cards":[]},
		{"kodiak":true,"cards":["2"]`, `{"cards":[],"hairballs_discarded":1},
		{"kodiak":true,"cards":["2"]`), nil, true},
		{"hairball typed as a card", edit(t, `{"cards":["swap"],"hairballs_kept":1}`, `{"cards":["swap"," Hairball "]}`), []string{"hairball_as_card"}, true},
		{"a fourth round", `{"players":[
			{"name":"Ana","rounds":[{"kodiak":true,"cards":[]},{"cards":[]},{"kodiak":true,"cards":[]}]},
			{"name":"Ben","rounds":[{"cards":["1"]},{"kodiak":true,"cards":["1"]},{"cards":["1"]}]}]}`, []string{"after_game_end"}, true},
		{"two cycles allow it", `{"players":[
			{"name":"Ana","rounds":[{"kodiak":true,"cards":[]},{"cards":[]},{"kodiak":true,"cards":[]}]},
			{"name":"Ben","rounds":[{"cards":["1"]},{"kodiak":true,"cards":["1"]},{"cards":["1"]}]}],"options":{"cycles":2}}`, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := check(t, tt.body)
			if got := codes(r); !slices.Equal(got, tt.codes) {
				t.Errorf("codes = %v, want %v (%v)", got, tt.codes, r.Violations)
			}
			if r.GameOver != tt.gameOver || r.Valid != (len(tt.codes) == 0) {
				t.Errorf("game_over=%v valid=%v", r.GameOver, r.Valid)
			}
			if (len(r.Winners) > 0) != (r.Valid && r.GameOver) {
				t.Errorf("winners %v", r.Winners)
			}
		})
	}
}

func TestMessagesNameTheFacts(t *testing.T) {
	body := `{"players":[
		{"name":"Ana","rounds":[{"kodiak":true,"cards":["1"],"pounces":4},{"cards":["1"],"pounces":1},{"kodiak":true,"cards":["hairball"]}]},
		{"name":"Ben","rounds":[{"cards":["1"]},{"cards":["2"]},{"kodiak":true,"cards":["3"],"hairballs_kept":-1}]}]}`
	r := check(t, body)
	msgs := map[string]string{}
	for _, v := range r.Violations {
		msgs[v.Code] += v.Player + ": " + v.Message + "|"
	}
	for code, want := range map[string]string{
		"too_many_pounces":  "round 1: Ana has 4 pounces",
		"nobody_out":        "round 1: everyone still holds table cards (Ana 1, Ben 1)",
		"kodiak_count":      "round 2: nobody is marked as Kodiak",
		"pounce_not_kodiak": "round 2: Ana is a mouse but has 1 pounce",
		"hairball_as_card":  "round 3: Ana has 1 hairball among the cards",
		"negative_count":    "Ben: round 3: Ben has hairballs_kept -1",
		"after_game_end":    "round 3 was entered after the game ended: with 2 players and 1 cycle the game has 2 rounds",
	} {
		if !strings.Contains(msgs[code], want) {
			t.Errorf("%s: %q lacks %q", code, msgs[code], want)
		}
	}
	if !strings.Contains(msgs["kodiak_count"], "round 3: Ana and Ben are all marked as Kodiak") {
		t.Errorf("kodiak_count: %q", msgs["kodiak_count"])
	}
	r = check(t, `{"players":[
			{"name":"Ana","rounds":[{"kodiak":true,"cards":[]},{"cards":["1"]}]},
			{"name":"Ben","rounds":[{"cards":["1"]},{"cards":[]}]},
			{"name":"Cy","rounds":[{"cards":["1"]},{"kodiak":true,"cards":["1"]}]}]}`)
	if m := r.Violations[0].Message; m != "round 2: Cy is Kodiak, but Kodiak passes left each round: Ana was Kodiak in round 1, so round 2 is Ben's" {
		t.Errorf("kodiak_order: %q", m)
	}
}

func TestHairballCardScoresZero(t *testing.T) {
	r := check(t, edit(t, `{"cards":["swap"],"hairballs_kept":1}`, `{"cards":["swap","hairball"]}`))
	if r.Players[0].Rounds[1] != 10 || r.Players[0].Breakdown[2].Label != "round 2: 10 + hairball 0" {
		t.Errorf("%v %v", r.Players[0].Rounds, r.Players[0].Breakdown)
	}
}

func TestKodiakSeat(t *testing.T) {
	var got []int
	for r := 1; r <= 5; r++ {
		got = append(got, KodiakSeat(r, 2, 3))
	}
	if !slices.Equal(got, []int{2, 0, 1, 2, 0}) || KodiakSeat(1, 0, 0) != 0 || KodiakSeat(0, 0, 3) != 2 {
		t.Errorf("%v", got)
	}
}

func TestRoundScore(t *testing.T) {
	c, _ := ParseCard("7")
	r := Round{Kodiak: true, Cards: []Card{c}, Pounces: 1, HairballsKept: 1, HairballsDiscarded: 2}
	if got := RoundScore(r); got != 7+10+10-5 {
		t.Errorf("RoundScore = %d", got)
	}
	if TableCards(r) != 2 || TableCards(Round{HairballsKept: -3}) != 0 {
		t.Error("TableCards")
	}
	if (Options{}).GameRounds(4) != 4 || (Options{Cycles: 2}).GameRounds(3) != 6 {
		t.Error("GameRounds")
	}
}

// Ruling KOD-1: Kodiak passes to the left each round. The rotation starts
// at the table's chosen first player (the rule text: the youngest starts
// as Kodiak) until a round shows who was Kodiak; from then on that round
// anchors it, whoever was chosen.
func TestNextFromTheChosenFirstKodiak(t *testing.T) {
	players := func(rounds ...[]bool) State {
		s := State{Players: []Player{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}}}
		for _, r := range rounds {
			for i, k := range r {
				s.Players[i].Rounds = append(s.Players[i].Rounds, Round{Kodiak: k, Cards: []Card{}})
			}
		}
		return s
	}
	for _, tc := range []struct {
		name              string
		s                 State
		first             int
		round, rounds, at int
	}{
		{"no round yet, seat 0 chosen", players(), 0, 1, 3, 0},
		{"no round yet, Cy chosen", players(), 2, 1, 3, 2},
		{"no round yet, Ben chosen", players(), 1, 1, 3, 1},
		{"a seat not at the table counts as the first", players(), 7, 1, 3, 0},
		{"a negative seat counts as the first", players(), -1, 1, 3, 0},
		{"round 1 had Cy as Kodiak: round 2 is Ana's", players([]bool{false, false, true}), 1, 2, 3, 0},
		{"round 1 had Ben: round 2 is Cy's, whoever was chosen", players([]bool{false, true, false}), 0, 2, 3, 2},
		{"no single Kodiak entered yet: the chosen seat anchors", players([]bool{false, false, false}), 2, 2, 3, 0},
	} {
		round, rounds, at := NextFrom(tc.s, tc.first)
		if round != tc.round || rounds != tc.rounds || at != tc.at {
			t.Errorf("%s: NextFrom = round %d of %d, seat %d; want round %d of %d, seat %d", tc.name, round, rounds, at, tc.round, tc.rounds, tc.at)
		}
	}
	if r, n, at := Next(players()); r != 1 || n != 3 || at != 0 {
		t.Errorf("Next without a chosen first = %d %d %d, want seat 0", r, n, at)
	}
}
