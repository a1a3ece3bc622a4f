package sessions

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
)

// countingCambio is Cambio's engine counting its Check and AppendRound
// calls.
type countingCambio struct {
	cambio.Engine
	checks, appends *atomic.Int64
}

func (c countingCambio) Check(body []byte) (scoring.Result, error) {
	c.checks.Add(1)
	return c.Engine.Check(body)
}

func (c countingCambio) AppendRound(state, round []byte) ([]byte, error) {
	c.appends.Add(1)
	return c.Engine.AppendRound(state, round)
}

// A round entered is added to its game and scored once: by the command's
// checks, whose state and result the table then takes (it scored twice,
// checking and applying). The table it builds is the one Replay builds.
func TestAWriteScoresItsGameOnce(t *testing.T) {
	checks, appends := new(atomic.Int64), new(atomic.Int64)
	engine := countingCambio{checks: checks, appends: appends}
	find := func(slug string) (scoring.Game, bool) {
		if slug == cambio.Slug {
			return engine, true
		}
		return findSum(slug)
	}
	st, ts := openTestWith(t, find)
	ctx := context.Background()
	link, err := ts.Create(ctx, "", TableCreated{Game: cambio.Slug, Players: []string{"Ana", "Ben", "Cy"}})
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := ts.Table(ctx, link)
	for i := range 12 {
		round := json.RawMessage(fmt.Sprintf(`{"players":[{"name":"Ana","cards":["%d"]},{"name":"Ben","cards":["3","4"]},{"name":"Cy","cards":["2"],"cambio":true}]}`, 5+i%3))
		c0, a0 := checks.Load(), appends.Load()
		if _, err := ts.RecordRound(ctx, link, tb.Head, fmt.Sprint("r", i), round); err != nil {
			t.Fatal(err)
		}
		if c, a := checks.Load()-c0, appends.Load()-a0; c != 1 || a != 1 {
			t.Errorf("round %d: %d checks and %d rounds added, want 1 and 1", i+1, c, a)
		}
		tb, _ = ts.Table(ctx, link)
	}
	events, err := st.Events(ctx, tb.Key)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Replay(tb.Key, events, find)
	if err != nil {
		t.Fatal(err)
	}
	tb.derived = nil
	sameTables(t, "the table the writes built", tb, want)

	// A whole game too: checked once, the same game as replayed.
	sum, _ := ts.Create(ctx, "", TableCreated{Game: "sum", Players: []string{"Ana", "Ben", "Cy"}})
	if _, err := ts.RecordGame(ctx, sum, 1, "", state(3, 2, 1)); err != nil {
		t.Fatal(err)
	}
	got, _ := ts.Table(ctx, sum)
	events, _ = st.Events(ctx, got.Key)
	want, _ = Replay(got.Key, events, find)
	sameTables(t, "a recorded game", got, want)
}
