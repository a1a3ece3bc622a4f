package sessions

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
	"tablemate/scoring/kks"
)

func findKKS(slug string) (scoring.Game, bool) {
	if slug == kks.Slug {
		return kks.Engine{}, true
	}
	return findSum(slug)
}

func TestGuidedGameRecordsItsFinalState(t *testing.T) {
	st, _ := openTest(t)
	ts := NewTables(st, findKKS)
	ctx := context.Background()
	id, err := ts.Create(ctx, "", TableCreated{Game: kks.Slug, Players: []string{"Ana", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	setup := []byte(`{"row":["red 10","black 2","red 1","blue 4","yellow 6","red 5","black 9"]}`)
	var in *scoring.InputError
	if _, err := ts.PlayStep(ctx, id, 1, "", []byte(`{"take":1}`)); !errors.As(err, &in) {
		t.Fatalf("a step before the setup: %v", err)
	}
	if _, err := ts.StartPlay(ctx, id, 1, "", []byte(`{"row":["red 10"]}`)); err == nil {
		t.Fatal("a row of one card started a game")
	}
	a, err := ts.StartPlay(ctx, id, 1, "start", setup)
	if err != nil {
		t.Fatal(err)
	}
	seen := a.Event.Seq
	// The deck in a fixed order: everything not in the row.
	var deck []string
	for _, c := range []string{"red", "black", "blue", "yellow"} {
		for v := 1; v <= 10; v++ {
			card := fmt.Sprintf("%s %d", c, v)
			if !strings.Contains(string(setup), `"`+card+`"`) {
				deck = append(deck, card)
			}
		}
	}
	for i := range 34 {
		step := `{"take":1}`
		if i < len(deck) {
			step = fmt.Sprintf(`{"take":1,"reveal":%q}`, deck[i])
		}
		tok := fmt.Sprint("step-", i)
		a, err := ts.PlayStep(ctx, id, seen, tok, []byte(step))
		if err != nil {
			t.Fatalf("step %d: %v", i+1, err)
		}
		if i == 0 { // a double tap of the first step records it once
			again, err := ts.PlayStep(ctx, id, seen, tok, []byte(step))
			if err != nil || !again.Repeat {
				t.Fatalf("double tap: %+v %v", again, err)
			}
		}
		seen = a.Event.Seq
	}
	tb, _ := ts.Table(ctx, id)
	if tb.Play != nil || tb.Games.Len() != 1 || !tb.Games.At(0).Result().Valid {
		t.Fatalf("after the last turn: play %v, %d games, valid %v", tb.Play != nil, tb.Games.Len(), tb.Games.Len() > 0 && tb.Games.At(0).Result().Valid)
	}
	// Undo of the last step re-opens the guided game.
	if _, err := ts.Undo(ctx, id, tb.Head, "undo"); err != nil {
		t.Fatal(err)
	}
	tb, _ = ts.Table(ctx, id)
	if tb.Play == nil || len(tb.Play.Steps) != 33 || tb.Games.Len() != 0 {
		t.Fatalf("after undo: play %v, games %d", tb.Play, tb.Games.Len())
	}
	// A move the rules refuse is not recorded and names the rule.
	_, err = ts.PlayStep(ctx, id, tb.Head, "", []byte(`{"take":9}`))
	var se *kks.StepError
	if !errors.As(err, &se) || se.Code != "no_such_position" {
		t.Fatalf("take 9: %v", err)
	}
}

// Someone who joins during a guided game watches it: the game goes on
// with the seats it started with, and its final state names only them.
func TestGuidedGameKeepsItsSeatsWhenSomeoneJoins(t *testing.T) {
	st, _ := openTest(t)
	ts := NewTables(st, findKKS)
	ctx := context.Background()
	id, err := ts.Create(ctx, "", TableCreated{Game: kks.Slug, Players: []string{"Ana", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	a, err := ts.StartPlay(ctx, id, 1, "", []byte(`{"row":["red 10","black 2","red 1","blue 4","yellow 6","red 5","black 9"]}`))
	if err != nil {
		t.Fatal(err)
	}
	a, err = ts.AddPlayer(ctx, id, a.Event.Seq, "", "Cy")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ts.PlayStep(ctx, id, a.Event.Seq, "", []byte(`{"take":1,"reveal":"red 2"}`)); err != nil {
		t.Fatalf("a move after Cy joined: %v", err)
	}
	tb, _ := ts.Table(ctx, id)
	if got := strings.Join(tb.Play.Players, ","); got != "Ana,Ben" || len(tb.Players) != 3 {
		t.Errorf("guided game seats %q with table players %v, want Ana,Ben of three", got, tb.Players)
	}
}

// While a round game is played along, rounds cannot also be entered by
// hand: the guided game records its own rounds.
func TestNoHandEnteredRoundsDuringAGuidedGame(t *testing.T) {
	st, _ := openTest(t)
	ts := NewTables(st, func(slug string) (scoring.Game, bool) { return cambio.Engine{}, slug == cambio.Slug })
	ctx := context.Background()
	id, err := ts.Create(ctx, "", TableCreated{Game: cambio.Slug, Players: []string{"Ana", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	a, err := ts.StartPlay(ctx, id, 1, "", []byte(`{"dealer":0}`))
	if err != nil {
		t.Fatal(err)
	}
	_, err = ts.RecordRound(ctx, id, a.Event.Seq, "", []byte(`{"players":[{"name":"Ana","cards":["3"]},{"name":"Ben","cards":[]}]}`))
	var in *scoring.InputError
	if !errors.As(err, &in) || in.Field != "round" {
		t.Fatalf("a round by hand during a guided game: %v, want an error on round", err)
	}
}
