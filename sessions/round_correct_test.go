package sessions

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
)

func findCambio(slug string) (scoring.Game, bool) {
	if slug == "cambio" {
		return cambio.Engine{}, true
	}
	return nil, false
}

// Any round of a round game can be corrected, not only the last: the log
// keeps a round_corrected event, replayed through the engine
// (scoring.RoundCorrector); the rounds after it stay, an undo takes the
// correction back, an export imports with it (issue #18).
func TestCorrectAnyRound(t *testing.T) {
	st, err := Open(testDB(t, "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	st.Migrate(ctx)
	ts := NewTables(st, findCambio)
	id, err := ts.Create(ctx, "", TableCreated{Game: "cambio", Players: []string{"Ana", "Ben", "Cy"}})
	if err != nil {
		t.Fatal(err)
	}
	rounds := []string{
		`{"players":[{"name":"Ana","cards":["7"],"cambio":true},{"name":"Ben","cards":["3"]},{"name":"Cy","cards":[]}]}`,
		`{"players":[{"name":"Ana","cards":[]},{"name":"Ben","cards":["2","2"]},{"name":"Cy","cards":["9"]}]}`,
		`{"players":[{"name":"Ana","cards":["1"]},{"name":"Ben","cards":[]},{"name":"Cy","cards":["4"]}]}`,
	}
	seen := 1
	for _, r := range rounds {
		a, err := ts.RecordRound(ctx, id, seen, "", json.RawMessage(r))
		if err != nil {
			t.Fatal(err)
		}
		seen = a.Event.Seq
	}
	totals := func() []int {
		tb, err := ts.Table(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var out []int
		for _, p := range tb.Games.At(0).Result().Players {
			out = append(out, p.Total)
		}
		return out
	}
	// Round 1: Ana called with 7 and was not fewest (+5): 12 + 0 + 1.
	if got := totals(); got[0] != 13 || got[1] != 7 || got[2] != 13 {
		t.Fatalf("before: %v", got)
	}
	// Round 1 was really Ana 2 (fewest, −5), Ben 3, Cy 5.
	fix := json.RawMessage(`{"players":[{"name":"Ana","cards":["2"],"cambio":true},{"name":"Ben","cards":["3"]},{"name":"Cy","cards":["sum:5"]}]}`)
	a, err := ts.CorrectRound(ctx, id, seen, "fix1", 1, 1, fix, "Ana's 7 was a 2")
	if err != nil {
		t.Fatal(err)
	}
	if a.Event.Kind != KindRoundCorrected {
		t.Errorf("the correction is a %s event", a.Event.Kind)
	}
	if got := totals(); got[0] != -2 || got[1] != 7 || got[2] != 18 {
		t.Errorf("after correcting round 1: %v, want [-2 7 18]", got)
	}
	tb, _ := ts.Table(ctx, id)
	if e, _ := tb.Entry(a.Event.Seq); e.Game != 1 || e.Round != 1 || !tb.Games.At(0).Corrected {
		t.Errorf("the correction's entry: game %d round %d, corrected %v", e.Game, e.Round, tb.Games.At(0).Corrected)
	}
	// A fourth round goes on from the corrected game.
	a, err = ts.RecordRound(ctx, id, a.Event.Seq, "", json.RawMessage(`{"players":[{"name":"Ana","cards":[]},{"name":"Ben","cards":["1"]},{"name":"Cy","cards":["1"]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := totals(); got[0] != -2 || got[1] != 8 || got[2] != 19 {
		t.Errorf("round 4 after the correction: %v", got)
	}
	// A replay of the whole log (another process) agrees.
	exp, err := ts.Export(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(exp)
	copyID, err := ts.Import(ctx, body)
	if err != nil {
		t.Fatalf("import of a table with a round corrected: %v", err)
	}
	other, _ := ts.Table(ctx, copyID)
	if got, _ := other.Games.At(0).Result().Total("Cy"); got != 19 {
		t.Errorf("imported copy: Cy %d, want 19", got)
	}
	// Undo round 4, then the correction: the round as first entered.
	tb, _ = ts.Table(ctx, id)
	u, err := ts.Undo(ctx, id, tb.Head, "u1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ts.Undo(ctx, id, u.Event.Seq, "u2"); err != nil {
		t.Fatal(err)
	}
	if got := totals(); got[0] != 13 || got[1] != 7 || got[2] != 13 {
		t.Errorf("after undoing the correction: %v", got)
	}
	// A round the game does not have, or a stranger, is refused with the field.
	tb, _ = ts.Table(ctx, id)
	for _, bad := range []struct {
		game, n int
		round   string
	}{
		{1, 4, rounds[0]},
		{2, 1, rounds[0]},
		{1, 2, `{"players":[{"name":"Zed","cards":[]}]}`},
		{1, 0, rounds[0]},
	} {
		_, err := ts.CorrectRound(ctx, id, tb.Head, "", bad.game, bad.n, json.RawMessage(bad.round), "")
		var in *scoring.InputError
		if !errors.As(err, &in) {
			t.Errorf("game %d round %d %s: %v, want an input error", bad.game, bad.n, bad.round, err)
		}
	}
}
