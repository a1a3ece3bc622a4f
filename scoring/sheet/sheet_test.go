package sheet

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"tablemate/scoring"
)

// TestScore adds sheets up: totals are the sums as typed (negatives
// too), the highest or the lowest wins as chosen, ties all win (G-2),
// and no winner is named before the game is over.
func TestScore(t *testing.T) {
	for _, tc := range []struct {
		name    string
		s       State
		totals  []int
		winners []string
	}{
		{"highest wins", State{Name: "Skat", Over: true, Players: []Player{{"Ana", []int{10, -3, 5}}, {"Ben", []int{2, 2, 2}}}}, []int{12, 6}, []string{"Ana"}},
		{"lowest wins", State{Name: "Golf", LowestWins: true, Over: true, Players: []Player{{"Ana", []int{4, 5}}, {"Ben", []int{3, 3}}}}, []int{9, 6}, []string{"Ben"}},
		{"tie shares the win", State{Name: "X", Over: true, Players: []Player{{"Ana", []int{7}}, {"Ben", []int{7}}, {"Cy", []int{1}}}}, []int{7, 7, 1}, []string{"Ana", "Ben"}},
		{"negatives", State{Name: "X", Over: true, Players: []Player{{"Ana", []int{-4, -6}}, {"Ben", []int{-1}}}}, []int{-10, -1}, []string{"Ben"}},
		{"not over: no winner yet", State{Name: "X", Players: []Player{{"Ana", []int{9}}, {"Ben", []int{1}}}}, []int{9, 1}, []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := Score(tc.s)
			var totals []int
			for _, p := range res.Players {
				totals = append(totals, p.Total)
			}
			if !slices.Equal(totals, tc.totals) || !slices.Equal(res.Winners, tc.winners) {
				t.Errorf("totals %v winners %v, want %v %v", totals, res.Winners, tc.totals, tc.winners)
			}
			if !res.Valid || len(res.Violations) != 0 {
				t.Errorf("a sheet breaks no rule: %+v", res)
			}
		})
	}
}

func round(t *testing.T, state []byte, r Round) ([]byte, error) {
	t.Helper()
	body, _ := json.Marshal(r)
	return Engine{}.AppendRound(state, body)
}

// TestAppendRound keeps a sheet round by round: a new game is named by
// its first round, a player missing from a round scores 0 in it, a game
// ends with its last round (or a round of final scores), and an ended
// game takes no more.
func TestAppendRound(t *testing.T) {
	s, err := round(t, nil, Round{Name: " Wingspan ", Scores: []Entry{{"Ana", 3}, {"Ben", -2}}})
	if err != nil {
		t.Fatal(err)
	}
	s, err = round(t, s, Round{Scores: []Entry{{"Ana", 4}}})
	if err != nil {
		t.Fatal(err)
	}
	s, err = round(t, s, Round{Scores: []Entry{{"Ben", 10}, {"Ana", 1}}, Last: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Engine{}.Check(s)
	if err != nil {
		t.Fatal(err)
	}
	if got := Named(s); got != "Wingspan" {
		t.Errorf("name %q", got)
	}
	// Ana 3+4+1 = 8, Ben −2+0+10 = 8: a tie, both win.
	if !res.GameOver || !slices.Equal(res.Winners, []string{"Ana", "Ben"}) || res.Players[0].Total != 8 || res.Players[1].Total != 8 {
		t.Errorf("result %+v", res)
	}
	if !slices.Equal(res.Players[1].Rounds, []int{-2, 0, 10}) {
		t.Errorf("Ben's rounds %v, want [-2 0 10]", res.Players[1].Rounds)
	}
	if _, err := round(t, s, Round{Scores: []Entry{{"Ana", 1}}}); err == nil {
		t.Error("a round after the end was taken")
	}

	final, err := round(t, nil, Round{Name: "Catan", FinalOnly: true, Scores: []Entry{{"Ana", 10}, {"Ben", 8}}})
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := (Engine{}).Check(final); !res.GameOver || !slices.Equal(res.Winners, []string{"Ana"}) {
		t.Errorf("final scores end the game: %+v", res)
	}

	ended, err := round(t, nil, Round{Name: "Y", Scores: []Entry{{"Ana", 1}}})
	if err != nil {
		t.Fatal(err)
	}
	if ended, err = round(t, ended, Round{Last: true}); err != nil {
		t.Fatal(err)
	}
	if res, _ := (Engine{}).Check(ended); !res.GameOver {
		t.Error("an empty last round ends the game")
	}
}

// TestRefused names the field of what is not a sheet. A later round's
// name is held to the first one's rule (issue #31: a 1 MB name was stored
// from the second round on).
func TestRefused(t *testing.T) {
	first, err := round(t, nil, Round{Name: "Wingspan", Scores: []Entry{{"Ana", 1}, {"Ben", 2}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		state []byte
		r     Round
		field string
	}{
		{"no name", nil, Round{Scores: []Entry{{"Ana", 1}}}, "name"},
		{"no scores", nil, Round{Name: "X"}, "scores"},
		{"twice", nil, Round{Name: "X", Scores: []Entry{{"Ana", 1}, {"Ana", 2}}}, "scores[1].name"},
		{"too big", nil, Round{Name: "X", Scores: []Entry{{"Ana", 2_000_000}}}, "scores[0].points"}, // ruling G-1
		{"a later round's name of 100,000 characters", first, Round{Name: strings.Repeat("x", 100_000), Scores: []Entry{{"Ana", 1}}}, "name"},
		{"a later round's name with U+FFFE", first, Round{Name: "Wingspan\ufffe", Scores: []Entry{{"Ana", 1}}}, "name"},
		{"a later round's name of 41 characters", first, Round{Name: strings.Repeat("é", MaxNameLen+1), Scores: []Entry{{"Ana", 1}}}, "name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := round(t, tc.state, tc.r)
			var in *scoring.InputError
			if !errors.As(err, &in) || in.Field != tc.field {
				t.Errorf("error %v, want one on %q", err, tc.field)
			}
		})
	}
}

// FuzzCheck: any body is a sheet or an input error, never a panic.
func FuzzCheck(f *testing.F) {
	f.Add([]byte(`{"name":"X","players":[{"name":"Ana","scores":[1,-2]}],"over":true}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		if _, err := (Engine{}).Check(body); err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("not an input error: %v", err)
			}
		}
	})
}

// TestReplaceRound corrects any round of a sheet, an ended one too: the
// round's scores replace the ones typed (a player it leaves out scores 0
// in it), and the sheet keeps its name, its rule and its end.
func TestReplaceRound(t *testing.T) {
	s, _ := round(t, nil, Round{Name: "Golf", LowestWins: true, Scores: []Entry{{"Ana", 3}, {"Ben", 5}}})
	s, _ = round(t, s, Round{Scores: []Entry{{"Ana", 4}, {"Ben", 1}}})
	s, err := round(t, s, Round{Scores: []Entry{{"Ana", 2}, {"Ben", 2}}, Last: true})
	if err != nil {
		t.Fatal(err)
	}
	fix := func(state []byte, n int, r Round) ([]byte, error) {
		body, _ := json.Marshal(r)
		return Engine{}.ReplaceRound(state, n, body)
	}
	// Round 1 was Ana 3, Ben 5; it was Ana 9 and Ben out of it. The name
	// and rule a correction's round carries are not read.
	fixed, err := fix(s, 1, Round{Name: "Skat", Scores: []Entry{{"Ana", 9}}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Engine{}.Check(fixed)
	if err != nil {
		t.Fatal(err)
	}
	if Named(fixed) != "Golf" || !res.GameOver || !slices.Equal(res.Players[0].Rounds, []int{9, 4, 2}) || !slices.Equal(res.Players[1].Rounds, []int{0, 1, 2}) {
		t.Fatalf("corrected sheet %s: %+v", fixed, res)
	}
	// The fewest still win: Ben 3 against Ana 15.
	if !slices.Equal(res.Winners, []string{"Ben"}) {
		t.Errorf("winners %v, want Ben", res.Winners)
	}
	if name, lowest := (Engine{}).SheetOf(fixed); name != "Golf" || !lowest {
		t.Errorf("the sheet is %q, lowest wins %v", name, lowest)
	}

	for _, tc := range []struct {
		name  string
		n     int
		r     Round
		field string
	}{
		{"no round 4", 4, Round{Scores: []Entry{{"Ana", 1}}}, "round"},
		{"no round 0", 0, Round{Scores: []Entry{{"Ana", 1}}}, "round"},
		{"no scores", 2, Round{}, "scores"},
		{"twice", 2, Round{Scores: []Entry{{"Ana", 1}, {"Ana", 2}}}, "scores[1].name"},
		{"a stranger", 2, Round{Scores: []Entry{{"Cy", 1}}}, "scores[0].name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := fix(s, tc.n, tc.r)
			var in *scoring.InputError
			if !errors.As(err, &in) || in.Field != tc.field {
				t.Errorf("error %v, want one on %q", err, tc.field)
			}
		})
	}
	// A sheet ended without a score of its own has only its typed rounds.
	ended, _ := round(t, nil, Round{Name: "Y", Scores: []Entry{{"Ana", 1}}})
	ended, _ = round(t, ended, Round{Last: true})
	if _, err := fix(ended, 2, Round{Scores: []Entry{{"Ana", 5}}}); err == nil {
		t.Error("the round that only ended the game was corrected")
	}
}

// FuzzReplaceRound: any round on any sheet is a corrected sheet or an
// input error, never a panic; a corrected sheet checks.
func FuzzReplaceRound(f *testing.F) {
	f.Add([]byte(`{"name":"X","players":[{"name":"Ana","scores":[1,-2]}],"over":true}`), 2, []byte(`{"scores":[{"name":"Ana","points":4}]}`))
	f.Add([]byte(`{"name":"X","players":[{"name":"Ana","scores":[1,-2]},{"name":"Ben","scores":[3]}]}`), 2, []byte(`{"scores":[{"name":"Ben","points":4}]}`))
	f.Fuzz(func(t *testing.T, state []byte, n int, round []byte) {
		out, err := Engine{}.ReplaceRound(state, n, round)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("not an input error: %v", err)
			}
			return
		}
		if _, err := (Engine{}).Check(out); err != nil {
			t.Fatalf("a corrected sheet does not check: %v", err)
		}
	})
}
