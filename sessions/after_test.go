package sessions

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
)

// TestAWriteHandsBackTheTableItLeft: every kind of write answers with the
// table at its new head, and that table is the one a fresh load finds (so
// the page after a write needs no second load); a repeated token hands
// none back (nothing new was written), nor does a write when another
// server wrote in between (the command's table was not the version
// before it).
func TestAWriteHandsBackTheTableItLeft(t *testing.T) {
	st, ts := openTestWith(t, findMix)
	ctx := context.Background()
	id, err := ts.Create(ctx, "", TableCreated{Game: "mix", Players: []string{"Ana", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	round := func(a, b int) json.RawMessage {
		return json.RawMessage(fmt.Sprintf(`{"players":[{"name":"Ana","total":%d},{"name":"Ben","total":%d}]}`, a, b))
	}
	writes := []struct {
		name  string
		write func(head int, token string) (Appended, error)
	}{
		{"a player joins", func(h int, tok string) (Appended, error) { return ts.AddPlayer(ctx, id, h, tok, "Cy") }},
		{"a whole game", func(h int, tok string) (Appended, error) {
			return ts.RecordGame(ctx, id, h, tok, json.RawMessage(`{"players":[{"name":"Ana","total":3},{"name":"Ben","total":5}]}`))
		}},
		{"a round", func(h int, tok string) (Appended, error) { return ts.RecordRound(ctx, id, h, tok, round(12, 4)) }},
		{"the round that ends the game", func(h int, tok string) (Appended, error) { return ts.RecordRound(ctx, id, h, tok, round(12, 1)) }},
		{"a correction", func(h int, tok string) (Appended, error) {
			return ts.CorrectGame(ctx, id, h, tok, 1, json.RawMessage(`{"players":[{"name":"Ana","total":4},{"name":"Ben","total":5}]}`), "typo")
		}},
		{"guided play started", func(h int, tok string) (Appended, error) { return ts.StartPlay(ctx, id, h, tok, json.RawMessage(`{}`)) }},
		{"a step", func(h int, tok string) (Appended, error) { return ts.PlayStep(ctx, id, h, tok, json.RawMessage(`2`)) }},
		{"an undo", func(h int, tok string) (Appended, error) { return ts.Undo(ctx, id, h, tok) }},
		{"the step again", func(h int, tok string) (Appended, error) { return ts.PlayStep(ctx, id, h, tok, json.RawMessage(`2`)) }},
		{"the step that ends the guided game", func(h int, tok string) (Appended, error) {
			app, err := ts.PlayStep(ctx, id, h, tok+"a", json.RawMessage(`3`))
			if err != nil {
				return app, err
			}
			return ts.PlayStep(ctx, id, app.Event.Seq, tok, json.RawMessage(`4`))
		}},
	}
	for i, w := range writes {
		before, err := ts.Table(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		token := fmt.Sprintf("tok-%02d-aaaaaaaaaaaaaaaa", i)
		app, err := w.write(before.Head, token)
		if err != nil {
			t.Fatalf("%s: %v", w.name, err)
		}
		after, ok := app.After()
		if !ok {
			t.Fatalf("%s: no table handed back", w.name)
		}
		fresh, err := ts.Table(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if after.Head != app.Event.Seq || fresh.Head != after.Head {
			t.Fatalf("%s: handed back head %d, the event is %d, a load finds %d", w.name, after.Head, app.Event.Seq, fresh.Head)
		}
		sameTable(t, w.name, after, fresh)
		again, err := w.write(before.Head, token)
		if err != nil || !again.Repeat {
			t.Fatalf("%s sent again: %+v, %v", w.name, again, err)
		}
		if _, ok := again.After(); ok {
			t.Errorf("%s sent again: a repeat handed back a table", w.name)
		}
	}
	if last, _ := ts.Table(ctx, id); last.Games.Len() != 3 || last.Play != nil {
		t.Fatalf("the writes left %d games, guided play %v", last.Games.Len(), last.Play)
	}

	// Another server writes between this one's load and its write: the
	// command checks against the head it reads, so it still hands back
	// the table at the head it wrote.
	other := NewTables(st, findMix)
	h, _ := ts.Table(ctx, id)
	if _, err := other.AddPlayer(ctx, id, h.Head, "", "Dee"); err != nil {
		t.Fatal(err)
	}
	app, err := ts.AddPlayer(ctx, id, h.Head+1, "", "Eve")
	if err != nil {
		t.Fatal(err)
	}
	if after, ok := app.After(); ok {
		fresh, _ := ts.Table(ctx, id)
		sameTable(t, "after another server's write", after, fresh)
	}
}

// sameTable compares what a page reads of two versions of a table.
func sameTable(t *testing.T, name string, a, b Table) {
	t.Helper()
	if a.Head != b.Head || !reflect.DeepEqual(a.Players, b.Players) || a.Games.Len() != b.Games.Len() ||
		(a.Play == nil) != (b.Play == nil) || a.Play != nil && len(a.Play.Steps) != len(b.Play.Steps) {
		t.Fatalf("%s: handed back head %d, players %v, %d games, play %v; a load finds head %d, %v, %d games, play %v",
			name, a.Head, a.Players, a.Games.Len(), a.Play, b.Head, b.Players, b.Games.Len(), b.Play)
	}
	for i := range a.Games.Len() {
		ga, gb := a.Games.At(i), b.Games.At(i)
		if ga.Number != gb.Number || ga.Seq != gb.Seq || string(ga.State) != string(gb.State) || ga.Corrected != gb.Corrected ||
			!reflect.DeepEqual(ga.Result(), gb.Result()) {
			t.Fatalf("%s: game %d handed back %+v, a load finds %+v", name, i+1, ga, gb)
		}
	}
	if !reflect.DeepEqual(a.Standings(), b.Standings()) || !reflect.DeepEqual(a.Log.Len(), b.Log.Len()) {
		t.Fatalf("%s: standings %v / %v", name, a.Standings(), b.Standings())
	}
}
