package sessions

import (
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"tablemate/scoring"
)

// Finder looks a game's engine up by slug (scoring/games.Find).
type Finder func(slug string) (scoring.Game, bool)

// Table is a table's state rebuilt from its log.
type Table struct {
	// Key is the table's internal key: it opens nothing and no page shows
	// it. (For tables made before links could be replaced it equals their
	// first edit link, which is one more reason never to show it.) The
	// links are in TableLinks.
	Key     string
	Info    scoring.Info // the game played at this table
	Name    string
	Options json.RawMessage
	Players []string // seat order
	Games   []Game
	Head    int // seq of the newest event: the version a client must have seen to write
	Log     []LogEntry
	Created time.Time
	// Play is the guided game in progress, nil when none is.
	Play *Play
	// derived keeps what pages compute from this version of the table
	// (Derived); set on the tables Tables.Table loads and caches.
	derived *sync.Map
}

// Derived returns what compute gives for key, computed once per version
// of the table: a replayed table is read-only and shared while its head
// stays, so a page's view of it (its history in German, say) can be too.
// The caller must treat the value as read-only.
func (t Table) Derived(key string, compute func() any) any {
	if t.derived == nil {
		return compute()
	}
	if v, ok := t.derived.Load(key); ok {
		return v
	}
	v, _ := t.derived.LoadOrStore(key, compute())
	return v
}

// Play is a guided game in progress: its setup and the steps so far. When
// its last step ends the game, the final state is recorded as a game.
type Play struct {
	Setup    json.RawMessage
	Steps    []json.RawMessage
	StartSeq int
	// Players are the seats when the game started: someone who joins the
	// table later watches this game and plays the next one.
	Players []string
}

// RawSteps gives the steps as the engine's Guide takes them.
func (p *Play) RawSteps() [][]byte {
	out := make([][]byte, len(p.Steps))
	for i, s := range p.Steps {
		out[i] = s
	}
	return out
}

// Game is one recorded game (for round-based games: one whole game) with
// the engine's verdict on it.
type Game struct {
	Number    int
	Seq       int // the event that recorded (or last corrected) it
	State     json.RawMessage
	Result    scoring.Result
	Corrected bool
	// Err is set when the engine can no longer read a stored state; the
	// game is shown but counts for nothing.
	Err string
}

// LogEntry is one event of the log with whether an undo took it back.
type LogEntry struct {
	Event
	UndoneBy int // seq of the undo event, 0 if still in effect
}

// Replay rebuilds a table from its events: undo events take back the newest
// event still in effect, then the remaining events are applied in order and
// every game is scored by the engine.
func Replay(id string, events []Event, find Finder) (Table, error) {
	if len(events) == 0 || events[0].Kind != KindTableCreated {
		return Table{}, fmt.Errorf("replay %s: log does not start with %s", id, KindTableCreated)
	}
	var created TableCreated
	if err := json.Unmarshal(events[0].Payload, &created); err != nil {
		return Table{}, fmt.Errorf("replay %s: event 1: %w", id, err)
	}
	engine, ok := find(created.Game)
	if !ok {
		return Table{}, fmt.Errorf("replay %s: unknown game %q", id, created.Game)
	}
	t := Table{
		Key: id, Info: engine.Info(), Name: created.Name, Options: created.Options,
		Players: append([]string(nil), created.Players...),
		Head:    events[len(events)-1].Seq, Created: events[0].At,
	}
	undone, err := undoneBy(events)
	if err != nil {
		return Table{}, fmt.Errorf("replay %s: %w", id, err)
	}
	for _, e := range events {
		t.Log = append(t.Log, LogEntry{Event: e, UndoneBy: undone[e.Seq]})
		if undone[e.Seq] != 0 {
			continue
		}
		if err := t.apply(e, engine); err != nil {
			return Table{}, fmt.Errorf("replay %s: event %d (%s): %w", id, e.Seq, e.Kind, err)
		}
	}
	return t, nil
}

// undoneBy maps each undone event's seq to the undo that took it back.
func undoneBy(events []Event) (map[int]int, error) {
	undone := map[int]int{}
	var inEffect []int // seqs that an undo may take back, oldest first
	for _, e := range events[1:] {
		if e.Kind != KindUndo {
			inEffect = append(inEffect, e.Seq)
			continue
		}
		var u Undo
		if err := json.Unmarshal(e.Payload, &u); err != nil {
			return nil, fmt.Errorf("event %d: %w", e.Seq, err)
		}
		if len(inEffect) == 0 || inEffect[len(inEffect)-1] != u.Seq {
			return nil, fmt.Errorf("event %d undoes %d, which is not the newest event in effect", e.Seq, u.Seq)
		}
		inEffect = inEffect[:len(inEffect)-1]
		undone[u.Seq] = e.Seq
	}
	return undone, nil
}

func (t *Table) apply(e Event, engine scoring.Game) error {
	switch e.Kind {
	case KindTableCreated, KindUndo:
		return nil
	case KindPlayerJoined:
		var p PlayerJoined
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			return err
		}
		t.Players = append(t.Players, p.Name)
	case KindGameRecorded:
		var g GameRecorded
		if err := json.Unmarshal(e.Payload, &g); err != nil {
			return err
		}
		t.Games = append(t.Games, score(len(t.Games)+1, e.Seq, g.State, engine))
	case KindRoundRecorded:
		var r RoundRecorded
		if err := json.Unmarshal(e.Payload, &r); err != nil {
			return err
		}
		return t.addRound(r, e.Seq, engine)
	case KindPlayStarted:
		var p PlayStarted
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			return err
		}
		if t.Play != nil {
			return fmt.Errorf("a guided game is already in progress")
		}
		t.Play = &Play{Setup: p.Setup, StartSeq: e.Seq, Players: slices.Clone(t.Players)}
	case KindPlayStep:
		var p PlayStep
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			return err
		}
		return t.playStep(p, e.Seq, engine)
	case KindGameCorrected:
		var g GameCorrected
		if err := json.Unmarshal(e.Payload, &g); err != nil {
			return err
		}
		if g.Game < 1 || g.Game > len(t.Games) {
			return fmt.Errorf("corrects game %d of %d", g.Game, len(t.Games))
		}
		t.Games[g.Game-1] = score(g.Game, e.Seq, g.State, engine)
		t.Games[g.Game-1].Corrected = true
	default:
		return fmt.Errorf("unknown event kind %q", e.Kind)
	}
	return nil
}

// playStep adds a move to the guided game; when the engine says the game
// is over, its final state becomes the table's next game.
func (t *Table) playStep(p PlayStep, seq int, engine scoring.Game) error {
	guide, ok := engine.(scoring.Guided)
	if !ok || t.Play == nil {
		return fmt.Errorf("no guided game in progress")
	}
	t.Play.Steps = append(t.Play.Steps, p.Step)
	over, final, err := guide.Guide(t.Play.Players, t.Play.Setup, t.Play.RawSteps())
	if err != nil {
		return err
	}
	if over {
		t.Games = append(t.Games, score(len(t.Games)+1, seq, final, engine))
		t.Play = nil
	}
	return nil
}

// addRound applies a round to the current game or starts the next one.
func (t *Table) addRound(r RoundRecorded, seq int, engine scoring.Game) error {
	rounds, ok := engine.(scoring.Rounds)
	if !ok {
		return fmt.Errorf("%s is not scored round by round", t.Info.Slug)
	}
	var prev json.RawMessage
	switch {
	case r.Game == len(t.Games)+1:
	case r.Game == len(t.Games) && r.Game > 0:
		prev = t.Games[r.Game-1].State
	default:
		return fmt.Errorf("round for game %d, but the table has %d", r.Game, len(t.Games))
	}
	state, err := rounds.AppendRound(prev, r.Round)
	if err != nil {
		return err
	}
	g := score(r.Game, seq, state, engine)
	if r.Game > len(t.Games) {
		t.Games = append(t.Games, g)
	} else {
		g.Corrected = t.Games[r.Game-1].Corrected
		t.Games[r.Game-1] = g
	}
	return nil
}

func score(number, seq int, state json.RawMessage, engine scoring.Game) Game {
	g := Game{Number: number, Seq: seq, State: state}
	res, err := engine.Check(state)
	if err != nil {
		g.Err = err.Error()
		return g
	}
	g.Result = res
	return g
}

// Newest returns the newest event still in effect that an undo may take
// back, and false when there is none (only the table's creation).
func (t Table) Newest() (LogEntry, bool) {
	for i := len(t.Log) - 1; i >= 1; i-- {
		if e := t.Log[i]; e.UndoneBy == 0 && e.Kind != KindUndo {
			return e, true
		}
	}
	return LogEntry{}, false
}

// ByRounds reports whether the table's game is scored round by round.
func (t Table) ByRounds(find Finder) bool {
	engine, ok := find(t.Info.Slug)
	if !ok {
		return false
	}
	_, ok = engine.(scoring.Rounds)
	return ok
}

// Current returns the game in progress of a round-based table: the last
// game while it is not over. ok is false when the next round starts a new
// game.
func (t Table) Current() (Game, bool) {
	if len(t.Games) == 0 {
		return Game{}, false
	}
	g := t.Games[len(t.Games)-1]
	return g, !g.Result.GameOver
}

// Game returns the 1-based game number n.
func (t Table) Game(n int) (Game, bool) {
	if n < 1 || n > len(t.Games) {
		return Game{}, false
	}
	return t.Games[n-1], true
}
