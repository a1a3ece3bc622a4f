package sessions

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/kks"
)

// replayCounter is Koffer, Katze & Sombrero counting the times its guided
// game is replayed from the start.
type replayCounter struct {
	kks.Engine
	replays *atomic.Int64
}

func (g replayCounter) Guide(players []string, setup []byte, steps [][]byte) (bool, []byte, error) {
	g.replays.Add(1)
	return g.Engine.Guide(players, setup, steps)
}

func (g replayCounter) Keep(l scoring.PlayLog) (scoring.Kept, error) {
	if !l.Kept.Keeps(len(l.Steps)) {
		g.replays.Add(1)
	}
	return g.Engine.Keep(l)
}

func (g replayCounter) KeepStep(l scoring.PlayLog, step []byte) (scoring.Kept, bool, []byte, error) {
	if !l.Kept.Keeps(len(l.Steps)) {
		g.replays.Add(1)
	}
	return g.Engine.KeepStep(l, step)
}

// countedGuidedGame starts a guided KKS game of Ana and Ben at a new
// table, on a store whose KKS engine counts the times its guided game is
// replayed from the start (replays).
func countedGuidedGame(t *testing.T) (st *Store, find Finder, replays *atomic.Int64, ts *Tables, id string, app Appended) {
	t.Helper()
	st, _ = openTest(t)
	replays = new(atomic.Int64)
	find = func(slug string) (scoring.Game, bool) {
		if slug == kks.Slug {
			return replayCounter{replays: replays}, true
		}
		return findSum(slug)
	}
	ts = NewTables(st, find)
	ctx := context.Background()
	id, err := ts.Create(ctx, "", TableCreated{Game: kks.Slug, Players: []string{"Ana", "Ben"}})
	if err != nil {
		t.Fatal(err)
	}
	if app, err = ts.StartPlay(ctx, id, 1, "", guidedSetup); err != nil {
		t.Fatal(err)
	}
	return st, find, replays, ts, id, app
}

// A guided game is played on from the position its table keeps: a whole
// game of 34 moves replays the game once (its start), not once per move,
// and ends with the final state the replayed log gives. A table loaded
// afresh (another server, or a restart) replays it once, at its next move.
func TestAMoveIsPlayedOnFromTheKeptPosition(t *testing.T) {
	st, find, replays, ts, id, app := countedGuidedGame(t)
	ctx := context.Background()
	var err error
	steps := guidedSteps()
	half := len(steps) / 2
	for _, s := range steps[:half] {
		if app, err = ts.PlayStep(ctx, id, app.Event.Seq, "", s); err != nil {
			t.Fatal(err)
		}
	}
	if n := replays.Load(); n != 1 {
		t.Errorf("%d moves replayed the game %d times, want once (its start)", half, n)
	}
	// Another server's table (its own cache) replays once, then plays on.
	other := NewTables(st, find)
	replays.Store(0)
	for _, s := range steps[half:] {
		if app, err = other.PlayStep(ctx, id, app.Event.Seq, "", s); err != nil {
			t.Fatal(err)
		}
	}
	if n := replays.Load(); n != 1 {
		t.Errorf("a table loaded afresh replayed its game %d times over %d moves, want once", n, len(steps)-half)
	}
	got, err := other.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if got.Play != nil || got.Games.Len() != 1 {
		t.Fatalf("after the last move: play %v, %d games", got.Play, got.Games.Len())
	}
	raw := make([][]byte, len(steps))
	for i, s := range steps {
		raw[i] = s
	}
	over, final, err := kks.Engine{}.Guide([]string{"Ana", "Ben"}, guidedSetup, raw)
	if !over || err != nil || string(got.Games.At(0).State) != string(json.RawMessage(final)) {
		t.Errorf("the game kept move by move ended %s, the replayed log %s (%v %v)", got.Games.At(0).State, final, over, err)
	}
}

// A table loaded from its snapshot with a guided game in progress keeps
// the game's position (positions are not in snapshots): it is replayed
// once, at the load, so the pages read the position (LastOf, ResumeOf
// with Play.Log) and the next move plays on from it without replaying
// the game again; the game ends as the replayed log does.
func TestASnapshotsGuidedGameKeepsItsPosition(t *testing.T) {
	st, find, replays, ts, id, app := countedGuidedGame(t)
	ctx := context.Background()
	var err error
	steps := guidedSteps()
	if 2+len(steps)-1 < snapshotMin {
		t.Fatalf("%d events is too short a table for a snapshot (%d)", 2+len(steps)-1, snapshotMin)
	}
	for _, s := range steps[:len(steps)-1] {
		if app, err = ts.PlayStep(ctx, id, app.Event.Seq, "", s); err != nil {
			t.Fatal(err)
		}
	}
	if err := ts.SaveSnapshots(ctx); err != nil {
		t.Fatal(err)
	}
	other := NewTables(st, find) // a restart: nothing in memory
	replays.Store(0)
	got, err := other.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if s := other.Stats(); s.Snapshots != 1 || s.Replays != 0 {
		t.Fatalf("loaded from %d snapshots with %d replays of the log, want the snapshot", s.Snapshots, s.Replays)
	}
	if got.Play == nil || !got.Play.Log().Kept.Keeps(len(got.Play.Steps)) {
		t.Fatalf("the loaded table's guided game keeps no position (play %v)", got.Play != nil)
	}
	if _, err = other.PlayStep(ctx, id, app.Event.Seq, "", steps[len(steps)-1]); err != nil {
		t.Fatal(err)
	}
	if n := replays.Load(); n != 1 {
		t.Errorf("the game was replayed %d times after the restart, want once (the load)", n)
	}
	end, err := other.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	raw := make([][]byte, len(steps))
	for i, s := range steps {
		raw[i] = s
	}
	over, final, err := kks.Engine{}.Guide([]string{"Ana", "Ben"}, guidedSetup, raw)
	if end.Play != nil || end.Games.Len() != 1 || !over || err != nil || string(end.Games.At(0).State) != string(json.RawMessage(final)) {
		t.Errorf("the game ended %v with %d games, the replayed log %s (%v %v)", end.Play != nil, end.Games.Len(), final, over, err)
	}
}
