package kks

import (
	"errors"
	"strconv"
	"testing"

	"tablemate/scoring"
)

func TestGuideReplaysToTheFinalState(t *testing.T) {
	players := []string{"Amelia", "Victor"}
	setup := []byte(`{"row":["red 10","black 2","red 1","blue 4","yellow 6","red 5","black 9"]}`)
	deck := []string{"blue 7", "yellow 2", "red 2", "red 3", "red 4", "red 6", "red 7", "red 8", "red 9",
		"black 1", "black 3", "black 4", "black 5", "black 6", "black 7", "black 8", "black 10",
		"blue 1", "blue 2", "blue 3", "blue 5", "blue 6", "blue 8", "blue 9", "blue 10",
		"yellow 1", "yellow 3", "yellow 4", "yellow 5", "yellow 7", "yellow 8", "yellow 9", "yellow 10"}
	var steps [][]byte
	for i := 0; i < 34; i++ { // 2 players: 17 turns each (KKS-3)
		s := Step{Take: 1}
		if i < len(deck) {
			c, _ := ParseCard(deck[i])
			s.Reveal = &c
		}
		over, _, err := Engine{}.Guide(players, setup, steps)
		if err != nil || over {
			t.Fatalf("before step %d: over %v, %v", i+1, over, err)
		}
		steps = append(steps, StepJSON(s))
	}
	over, final, err := Engine{}.Guide(players, setup, steps)
	if err != nil || !over {
		t.Fatalf("after 34 turns: over %v, %v", over, err)
	}
	res, err := Engine{}.Check(final)
	if err != nil || !res.Valid || len(res.Players) != 2 {
		t.Fatalf("final state: %+v %v", res, err)
	}
	// A 35th step is refused by the rules, with the rule named.
	_, _, err = Engine{}.Guide(players, setup, append(steps, StepJSON(Step{Take: 1})))
	var se *StepError
	if !errors.As(err, &se) || se.Code != "after_game_end" || se.Rule == "" {
		t.Fatalf("step after the end: %v", err)
	}
	// Unreadable input names the field.
	var in *scoring.InputError
	if _, _, err := (Engine{}).Guide(players, []byte(`{"row":["red 10","green 2"]}`), nil); !errors.As(err, &in) || in.Field != "row[1]" {
		t.Errorf("bad setup: %v", err)
	}
	if _, _, err := (Engine{}).Guide(players, setup, [][]byte{[]byte(`{"take":"x"}`)}); !errors.As(err, &in) {
		t.Errorf("bad step: %v", err)
	}
}

// A bad row card says what ParseCard says, with the format kept for a
// page to translate.
func TestParseSetupKeepsParseCardsWords(t *testing.T) {
	for _, tok := range []string{"green 2", "red", "red 11", "red ten", "", "red 1 2"} {
		_, perr := ParseCard(tok)
		_, err := ParseSetup([]byte(`{"row":["blue 4",` + strconv.Quote(tok) + `]}`))
		var in *scoring.InputError
		if !errors.As(err, &in) || in.Field != "row[1]" || in.Message != perr.Error() || in.Phrase.Format() == "%s" || in.Phrase.Format() == "" {
			t.Errorf("%q: %+v, want %q", tok, err, perr)
		}
	}
	_, err := ParseSetup([]byte(`{"row":["blue 4","red 1","blue 4"]}`))
	var in *scoring.InputError
	if !errors.As(err, &in) || in.Message != "the blue 4 lies in the row already at position 1; each card exists once (ruling KKS-1)" {
		t.Errorf("repeated card: %v", err)
	}
}
