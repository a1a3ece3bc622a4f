package sessions

import (
	"context"
	"encoding/json"
	"errors"
	"sync/atomic"
	"testing"

	"tablemate/scoring"
)

// countingSum is the sum game counting the engine's checks.
type countingSum struct {
	sumGame
	checks *atomic.Int64
}

func (g countingSum) Check(body []byte) (scoring.Result, error) {
	g.checks.Add(1)
	return g.sumGame.Check(body)
}

// TestCheckedGameIsScoredOnce: a whole result the page checked
// (Tables.Check, whose result says whether to hold it) is recorded and
// corrected without the engine running on it again, and the table shows
// the checked result. The write still refuses a name not at the table,
// and checks bytes other than the checked ones afresh.
func TestCheckedGameIsScoredOnce(t *testing.T) {
	var checks atomic.Int64
	_, ts := openTestWith(t, func(slug string) (scoring.Game, bool) {
		return countingSum{checks: &checks}, slug == "sum"
	})
	ctx := context.Background()
	id, err := ts.Create(ctx, "", TableCreated{Game: "sum", Players: []string{"Ana", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	state := json.RawMessage(`{"players":[{"name":"Ana","total":9},{"name":"Ben","total":3}]}`)
	c, err := ts.Check("sum", state)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Result().Winners; len(got) != 1 || got[0] != "Ana" {
		t.Errorf("the check's winners: %v", got)
	}
	before := checks.Load()
	if _, err := ts.RecordCheckedGame(ctx, id, 1, "game-1", c); err != nil {
		t.Fatal(err)
	}
	if n := checks.Load() - before; n != 0 {
		t.Errorf("recording a checked game ran the engine %d more times, want 0", n)
	}
	tb, err := ts.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if tb.Games.Len() != 1 || tb.Games.At(0).Result().Winners[0] != "Ana" {
		t.Fatalf("the table after the checked game: %+v", tb.Games)
	}

	fixed := json.RawMessage(`{"players":[{"name":"Ana","total":2},{"name":"Ben","total":3}]}`)
	c, err = ts.Check("sum", fixed)
	if err != nil {
		t.Fatal(err)
	}
	before = checks.Load()
	if _, err := ts.CorrectCheckedGame(ctx, id, tb.Head, "fix-1", 1, c, "typo"); err != nil {
		t.Fatal(err)
	}
	if n := checks.Load() - before; n != 0 {
		t.Errorf("correcting with a checked state ran the engine %d more times, want 0", n)
	}
	if tb, err = ts.Table(ctx, id); err != nil || tb.Games.At(0).Result().Winners[0] != "Ben" || !tb.Games.At(0).Corrected {
		t.Fatalf("the table after the checked correction: %+v %v", tb.Games, err)
	}

	// A checked state naming someone not at this table is still refused.
	stranger, err := ts.Check("sum", json.RawMessage(`{"players":[{"name":"Ana","total":9},{"name":"Zed","total":3}]}`))
	if err != nil {
		t.Fatal(err)
	}
	var in *scoring.InputError
	if _, err := ts.RecordCheckedGame(ctx, id, tb.Head, "game-2", stranger); !errors.As(err, &in) {
		t.Errorf("a checked game naming a stranger: %v, want an input error", err)
	}
}
