package sessions

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tablemate/scoring"
)

// Finder looks a game's engine up by slug; whoever opens the store gives
// it (the registry's web/games.Engine, or a test's own engines).
type Finder func(slug string) (scoring.Game, bool)

// Table is a table's state rebuilt from its log.
//
// A table is built event by event (Replay, or the replay cache applying
// only the events newer than the version it holds), and every event's
// facts — the game it wrote to, its round or move number, the game as it
// left it — are worked out once, when it is applied. So nothing a page
// shows needs the log walked again, and taking in one more event costs
// the same at 10 events as at 10,000.
//
// A Table is a read-only value: versions share their slices (a newer
// version appends past the end an older one sees, never over it).
type Table struct {
	// Key is the table's internal key: it opens nothing and no page shows
	// it. (For tables made before links could be replaced it equals their
	// first edit link, which is one more reason never to show it.) The
	// links are in TableLinks.
	Key string
	// Info is the game the table plays now: the one the table was
	// started with, or the one chosen last (an evening plays several,
	// KindGameChosen). Each recorded game keeps its own (Game.Info).
	Info    scoring.Info
	Name    string
	Options json.RawMessage // the options of the game played now
	// Opened is the game the table was started with (its first event).
	Opened string
	// First is who starts the game played now, as chosen ("Who
	// starts?"); "" when nobody was chosen (seat order).
	First   string
	Players []string // seat order
	// Games are the games recorded, oldest first: Games.At(i) is game
	// number i+1 (see also Game).
	Games GameList
	Head  int // seq of the newest event: the version a client must have seen to write
	// Log is every event in order: Log.At(i) has seq i+1.
	Log     Log
	Created time.Time
	// Play is the guided game in progress, nil when none is.
	Play *Play
	// derived keeps what pages compute from this version of the table
	// (Derived); set on the tables Tables.Table loads and caches.
	derived *sync.Map

	engine scoring.Game
	// find looks up the engine of a game the table chooses next.
	find Finder
	// effect is the stack of events in effect that an undo may take back,
	// newest first, each with the table as it was before it; depth is
	// how many it holds.
	effect *effect
	depth  int
	// tally is what the counted games add up to (Evening), kept as games
	// come, change and go.
	tally Tally
	// facts are the notes and the games' times kept as events come
	// (facts.go); nil while none.
	facts *facts
	// broken is why an event in effect could not be applied; the table is
	// unreadable while it is set (an undo of that event clears it).
	broken error
	// bytes is the size of the log's payloads.
	bytes int
	// ownGames is set while the newest games (Games' tail, fewer than
	// gameChunk) are an array no other version of the table sees (made
	// while building this version): a game in it may be replaced in
	// place. An older game's chunk is copied whenever it changes.
	ownGames bool
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

// newDerived is the empty store of what pages derive from one version.
func newDerived() *sync.Map { return &sync.Map{} }

// Play is a guided game in progress: its setup and the steps so far. When
// its last step ends the game, the final state is recorded as a game.
type Play struct {
	Setup    json.RawMessage
	Steps    []json.RawMessage
	StartSeq int
	// Players are the seats when the game started: someone who joins the
	// table later watches this game and plays the next one.
	Players []string
	// kept is the engine's position after Steps, when the move that made
	// this version ran the engine (scoring.Kept): the next move plays on
	// from it, and the play pages draw it, without replaying the game. It
	// is not in snapshots: a game loaded from one is replayed once, at
	// the load (Table.keepPlay), which keeps the position again.
	kept scoring.Kept
}

// Log is the guided game as its engine reads it, with the position kept.
func (p *Play) Log() scoring.PlayLog {
	return scoring.PlayLog{Players: p.Players, Setup: p.Setup, Steps: p.RawSteps(), Kept: p.kept}
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
	Number int
	// Info is the game this one is of: an evening's games may differ.
	Info   scoring.Info
	engine scoring.Game
	Seq    int // the event that recorded (or last corrected) it
	State  json.RawMessage
	// result is the engine's verdict (Result reads it; nil for none, when
	// the engine could not read the state). A game a snapshot gave keeps
	// it encoded in lazy instead, decoded when first read: a page reads
	// the results of a few games, not of all. (A pointer: a game a
	// snapshot gave would carry an empty Result's 192 bytes.)
	result    *scoring.Result
	lazy      resultRef
	Corrected bool
	// Err is set when the engine can no longer read a stored state; the
	// game is shown but counts for nothing.
	Err string
	// Imported is set for a game brought in from a play file
	// (KindGameImported): its result is the file's, not the engine's.
	Imported *GameImported
	// Settled is set on a disputed game the table counted as entered
	// (KindGameSettled, ruling G-5).
	Settled bool
	// Unfinished is set on a game played along that the table stopped
	// and kept as it stood (KindPlayStopped), or a round game it stopped
	// before its end (KindGameStopped): it is not over, whatever its
	// engine says of the position.
	Unfinished bool
	// Record is the game as every page reads it: its status, each
	// player's score, place and win (record.go).
	Record GameRecord
	// rounds counts the rounds entered for a round-based game.
	rounds int
}

// Result is the engine's verdict on the game: each player's total,
// lines and rounds, the winners and what broke a rule.
func (g Game) Result() scoring.Result {
	if g.lazy.part != nil {
		return g.lazy.decode()
	}
	if g.result == nil {
		return scoring.Result{}
	}
	return *g.result
}

// LogEntry is one event of the log with the facts worked out when it was
// applied. They describe the event as it was entered, and stay so when a
// later undo takes it back (Table.UndoneBy says whether one did).
type LogEntry struct {
	Event
	// Game is the number of the game the event wrote to: the game it
	// recorded, a round of, corrected or finished by guided play; for an
	// undo, the game of the entry it took back. 0 for none.
	Game int
	// Round is the number of a recorded round within its game; Move the
	// number of a guided move within its game.
	Round, Move int
	// After is the game as an event that set a whole game left it (a
	// recording, a correction, the guided move that ended a game); nil
	// for other events (GameAsOf works out any game at any point).
	After *Game
	// points are a recorded round's points per player, with the lines of
	// that round; nil when the game could not be read. An entry a
	// snapshot gave keeps them encoded in lazy instead (Points reads
	// either).
	points []RoundPoints
	lazy   pointsRef
	// opened is set on the event that added its game to the table.
	opened bool
	// engine scored a recorded round (GameAsOf adds the round again).
	engine scoring.Game
	// undone holds the seq of the undo that took this entry back, 0 while
	// none did; it is written once, when that undo is applied.
	undone *atomic.Int64
}

// Points are a recorded round's points per player, with the lines of
// that round (as the round's game held them when it was entered or
// corrected); nil when the game could not be read, or for an event that
// recorded no round. An entry loaded from a snapshot decodes them here,
// on each call (the history's page reads a few entries of a long log).
func (e LogEntry) Points() []RoundPoints {
	if e.lazy.part == nil {
		return e.points
	}
	return e.lazy.decode()
}

// RoundPoints is one player's result in one round.
type RoundPoints struct {
	Name   string
	Points int
	Lines  []scoring.Line // the breakdown lines of that round
}

// UndoneBy returns the seq of the undo that took back the event with
// sequence number seq in this version of the table, 0 if none did.
func (t Table) UndoneBy(seq int) int {
	e, ok := t.Entry(seq)
	if !ok || e.undone == nil {
		return 0
	}
	if by := int(e.undone.Load()); by <= t.Head {
		return by
	}
	return 0
}

// Entry returns the log entry with sequence number seq.
func (t Table) Entry(seq int) (LogEntry, bool) {
	if seq < 1 || seq > t.Log.Len() {
		return LogEntry{}, false
	}
	return t.Log.At(seq - 1), true
}

// effect is one event in effect with what an undo of it must put back.
// It holds no copy of the table: a game an event changed round by round
// is worked out again from the log when the round is undone (GameAsOf),
// so a long game does not keep every state it went through.
type effect struct {
	seq int
	// game is the game the event wrote to; added is set when it added
	// that game, prev holds the game it replaced as a whole (a
	// correction). A round on a game already there has neither.
	game  int
	added bool
	prev  *Game
	// joined is set when it seated a player.
	joined bool
	// chosen holds the game played before, when it chose another.
	chosen *playing
	// play is the guided game before it, when it changed that.
	playChanged bool
	play        *Play
	// broken is the table's broken before it.
	broken error
	// facts are the table's facts before it (nil for none yet). An
	// event in effect a snapshot gave keeps check instead (never nil
	// then): what the snapshot kept to work them out (factsCheck).
	facts *facts
	check *factsCheck
	// next is the event in effect below it (down reads it). The events
	// in effect a base part gave are kept encoded in the part, in chunks
	// (stack.go): the lowest of a decoded chunk has no next but lower,
	// the chunk below.
	next  *effect
	lower *stackLink
}

// Replay rebuilds a table from its events: each is applied in turn, an
// undo taking back the newest event still in effect, and every game is
// scored by the engine.
func Replay(id string, events []Event, find Finder) (Table, error) {
	if len(events) == 0 {
		return Table{}, fmt.Errorf("replay %s: log does not start with %s", id, KindTableCreated)
	}
	t, err := start(id, events[0], find)
	if err != nil {
		return Table{}, err
	}
	if err := t.applyAll(events[1:], nil); err != nil {
		return Table{}, err
	}
	t.ownGames = false // others may see it now
	return t, t.readable()
}

// start makes a table from its first event.
func start(id string, e Event, find Finder) (Table, error) {
	if e.Kind != KindTableCreated || e.Seq != 1 {
		return Table{}, fmt.Errorf("replay %s: log does not start with %s", id, KindTableCreated)
	}
	var created TableCreated
	if err := json.Unmarshal(e.Payload, &created); err != nil {
		return Table{}, fmt.Errorf("replay %s: event 1: %w", id, err)
	}
	engine, ok := find(created.Game)
	if !ok {
		return Table{}, fmt.Errorf("replay %s: unknown game %q", id, created.Game)
	}
	return Table{
		Key: id, Info: engine.Info(), Name: created.Name, Options: created.Options, Opened: created.Game, First: created.First,
		Players: slices.Clone(created.Players), Head: 1, Created: e.At,
		Log: logOf(LogEntry{Event: e}), engine: engine, find: find, bytes: len(e.Payload),
	}, nil
}

// applyAll applies events in order (each must follow the head). said is
// what the engine said of the last event when it is a guided move whose
// command ran the engine already (nil otherwise).
func (t *Table) applyAll(events []Event, said *guided) error {
	notLast := movesFollowed(events)
	for i, e := range events {
		var s *guided
		switch {
		case notLast[i]:
			s = &guided{}
		case i == len(events)-1:
			s = said
		}
		if err := t.next(e, s); err != nil {
			return err
		}
	}
	return nil
}

// guided is what the engine's Guide said of a guided move: whether the
// game is over after it, and its final state then; or, for a game or a
// round, what the command's checks computed of it (checked.go).
type guided struct {
	over    bool
	final   json.RawMessage
	checked *checked
	// kept is the position after a guided move or a guided game's start,
	// when the engine keeps positions (scoring.Keeping).
	kept scoring.Kept
}

// movesFollowed marks the guided moves in events that a later move of the
// same game follows while they are still in effect. Such a move did not end
// its game — the later one was accepted only while the game went on — so
// applying it needs no call to the engine's Guide, which replays the whole
// game: a guided game replays in one Guide call, not one per move.
func movesFollowed(events []Event) map[int]bool {
	var inEffect, plays []int // positions in events, newest last
	out := map[int]bool{}
	for i, e := range events {
		switch e.Kind {
		case KindUndo:
			if n := len(inEffect); n > 0 {
				if m := len(plays); m > 0 && plays[m-1] == inEffect[n-1] {
					plays = plays[:m-1]
				}
				inEffect = inEffect[:n-1]
			}
			continue
		case KindPlayStep:
			if m := len(plays); m > 0 && events[plays[m-1]].Kind == KindPlayStep {
				out[plays[m-1]] = true
			}
			plays = append(plays, i)
		case KindPlayStarted:
			plays = append(plays, i)
		}
		inEffect = append(inEffect, i)
	}
	return out
}

// readable is the error that makes the table unreadable, if any: an
// event in effect that the engine refuses.
func (t Table) readable() error {
	if t.broken != nil {
		return fmt.Errorf("replay %s: %w", t.Key, t.broken)
	}
	return nil
}

// next applies the event after the head. An event the engine refuses
// makes the table unreadable until an undo takes it back (as if it had
// never been applied); a log that is out of order or undoes anything but
// the newest event in effect is an error at once.
func (t *Table) next(e Event, said *guided) error {
	if e.Seq != t.Head+1 {
		return fmt.Errorf("replay %s: event %d follows event %d", t.Key, e.Seq, t.Head)
	}
	entry := LogEntry{Event: e}
	t.Log.append(entry)
	t.Head = e.Seq
	t.bytes += len(e.Payload)
	undone := t.effect // what an undo takes back
	switch {
	case e.Kind == KindUndo:
		if err := t.undo(&entry); err != nil {
			return fmt.Errorf("replay %s: %w", t.Key, err)
		}
	case isClock(e.Kind):
		// The clock is read from the log (clock.go): it changes nothing
		// here, and no undo takes it back.
	default:
		entry.undone = new(atomic.Int64)
		fx := &effect{seq: e.Seq, broken: t.broken, facts: t.facts, next: t.effect}
		if t.broken == nil {
			if err := t.apply(e, &entry, fx, said); err != nil {
				t.broken = fmt.Errorf("event %d (%s): %w", e.Seq, e.Kind, err)
			}
		}
		t.effect = fx
		t.depth++
	}
	t.Log.setLast(entry) // the facts, before any reader sees it
	if e.Kind == KindUndo {
		t.facts = t.factsUndone(undone)
	} else {
		t.facts = t.facts.next(entry)
	}
	return nil
}

// undo takes back the newest event in effect, which the undo must name.
func (t *Table) undo(entry *LogEntry) error {
	var u Undo
	if err := json.Unmarshal(entry.Payload, &u); err != nil {
		return fmt.Errorf("event %d: %w", entry.Seq, err)
	}
	fx := t.effect
	if fx == nil || fx.seq < 1 || fx.seq != u.Seq { // (a kept chunk that did not read has events of no seq)
		return fmt.Errorf("event %d undoes %d, which is not the newest event in effect", entry.Seq, u.Seq)
	}
	taken := t.Log.At(u.Seq - 1)
	if taken.undone == nil { // (an entry of a kept chunk that did not read)
		return fmt.Errorf("event %d undoes %d, which cannot be read", entry.Seq, u.Seq)
	}
	taken.undone.Store(int64(entry.Seq))
	t.effect, t.depth = fx.down(), t.depth-1
	entry.Game = taken.Game
	// Slices are capped at their length, so the next append copies them
	// instead of writing over what newer versions (which saw the undone
	// event) still show.
	if fx.joined {
		t.Players = slices.Clip(t.Players[:len(t.Players)-1])
	}
	if fx.playChanged {
		t.Play = clipped(fx.play)
	}
	if fx.chosen != nil {
		t.setPlaying(*fx.chosen)
	}
	switch {
	case fx.added:
		last, _ := t.Games.Last()
		t.tally = t.tally.with(last.Record, -1)
		if !t.Games.dropLast() {
			t.ownGames = false
		}
	case fx.prev != nil:
		t.replace(*fx.prev)
	case fx.game > 0:
		// A round on a game that was there: the game as the rounds
		// before it left it.
		g, ok := t.GameAsOf(fx.game, entry.Seq)
		if !ok {
			t.broken = fmt.Errorf("event %d: game %d cannot be rebuilt", entry.Seq, fx.game)
			return nil
		}
		t.replace(g)
	}
	t.broken = fx.broken
	return nil
}

func clipped(p *Play) *Play {
	if p == nil {
		return nil
	}
	c := *p
	c.Steps = slices.Clip(c.Steps)
	return &c
}

// apply changes the table by one event in effect, noting its facts in
// entry and what an undo must put back in fx. It changes nothing when it
// fails.
func (t *Table) apply(e Event, entry *LogEntry, fx *effect, said *guided) error {
	switch e.Kind {
	case KindTableCreated: // only the first one counts
		return nil
	case KindPlayerJoined:
		var p PlayerJoined
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			return err
		}
		t.Players = append(t.Players, p.Name)
		fx.joined = true
	case KindGameRecorded:
		var g GameRecorded
		if err := json.Unmarshal(e.Payload, &g); err != nil {
			return err
		}
		recorded := t.put(entry, fx, scoreChecked(t.Games.Len()+1, e.Seq, g.State, t.engine, said))
		entry.After = &recorded
	case KindRoundRecorded:
		var r RoundRecorded
		if err := json.Unmarshal(e.Payload, &r); err != nil {
			return err
		}
		return t.addRound(r, entry, fx, said)
	case KindGameImported:
		var g GameImported
		if err := json.Unmarshal(e.Payload, &g); err != nil {
			return err
		}
		imported := t.put(entry, fx, importedGame(t.Games.Len()+1, e.Seq, t.Info, t.engine, g))
		entry.After = &imported
	case KindPlayStarted:
		var p PlayStarted
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			return err
		}
		if t.Play != nil {
			return fmt.Errorf("a guided game is already in progress")
		}
		fx.playChanged = true
		t.Play = &Play{Setup: p.Setup, StartSeq: e.Seq, Players: slices.Clone(t.Players)}
		if said != nil {
			t.Play.kept = said.kept
		}
	case KindPlayStep:
		var p PlayStep
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			return err
		}
		return t.playStep(p, entry, fx, said)
	case KindGameCorrected:
		var g GameCorrected
		if err := json.Unmarshal(e.Payload, &g); err != nil {
			return err
		}
		if g.Game < 1 || g.Game > t.Games.Len() {
			return fmt.Errorf("corrects game %d of %d", g.Game, t.Games.Len())
		}
		old := t.Games.At(g.Game - 1)
		fixed := scoreChecked(g.Game, e.Seq, g.State, old.engine, said)
		fixed.Corrected, fixed.rounds = true, old.rounds
		fx.prev = &old
		fixed = t.put(entry, fx, fixed)
		entry.After = &fixed
	case KindGameChosen:
		var g GameChosen
		if err := json.Unmarshal(e.Payload, &g); err != nil {
			return err
		}
		return t.choose(g, fx)
	case KindRoundCorrected:
		var c RoundCorrected
		if err := json.Unmarshal(e.Payload, &c); err != nil {
			return err
		}
		return t.correctRound(c, e.Seq, entry, fx)
	case KindGameSettled:
		var s GameSettled
		if err := json.Unmarshal(e.Payload, &s); err != nil {
			return err
		}
		return t.settle(s, entry, fx)
	case KindPlayStopped:
		var p PlayStopped
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			return err
		}
		return t.stop(p, entry, fx)
	case KindGameNoted:
		var g GameNoted
		if err := json.Unmarshal(e.Payload, &g); err != nil {
			return err
		}
		return t.note(g)
	case KindEveningNoted:
		var n EveningNoted
		if err := json.Unmarshal(e.Payload, &n); err != nil {
			return err
		}
		_, err := CheckNote(n.Note)
		return err
	case KindGameStopped:
		var s GameStopped
		if err := json.Unmarshal(e.Payload, &s); err != nil {
			return err
		}
		return t.stopGame(s, entry, fx)
	default:
		return fmt.Errorf("unknown event kind %q", e.Kind)
	}
	return nil
}

// correctRound replaces round c.Number of game c.Game through the engine
// (scoring.RoundCorrector) and scores the game again.
func (t *Table) correctRound(c RoundCorrected, seq int, entry *LogEntry, fx *effect) error {
	if c.Game < 1 || c.Game > t.Games.Len() {
		return fmt.Errorf("corrects a round of game %d of %d", c.Game, t.Games.Len())
	}
	// A round is corrected as the game it is of, whichever the table plays
	// now.
	old := t.Games.At(c.Game - 1)
	fix, ok := old.engine.(scoring.RoundCorrector)
	if !ok {
		return fmt.Errorf("%s is not scored round by round", old.Info.Slug)
	}
	state, err := fix.ReplaceRound(old.State, c.Number, c.Round)
	if err != nil {
		return err
	}
	fixed := score(c.Game, seq, state, old.engine)
	fixed.Corrected, fixed.rounds, fixed.Unfinished = true, old.rounds, old.Unfinished
	fx.prev = &old
	fixed = t.put(entry, fx, fixed)
	entry.After, entry.Round, entry.points = &fixed, c.Number, roundPoints(fixed, c.Number)
	return nil
}

// put makes g the table's game number g.Number — the next one, or one
// that is there already — and notes it in entry and fx.
// It returns the game as the table keeps it, with its record.
func (t *Table) put(entry *LogEntry, fx *effect, g Game) Game {
	entry.Game, fx.game = g.Number, g.Number
	if g.Number <= t.Games.Len() {
		return t.replace(g)
	}
	g.Record = recordOf(g)
	t.tally = t.tally.with(g.Record, 1)
	t.Games.append(g)
	entry.opened, fx.added = true, true
	return g
}

// replace puts g in the place of the game with its number, keeping the
// tally. The game's chunk is copied first unless this version made it:
// older versions of the table still show the game it replaces.
func (t *Table) replace(g Game) Game {
	g.Record = recordOf(g)
	t.tally = t.tally.with(t.Games.at(g.Number-1).Record, -1).with(g.Record, 1)
	t.ownGames = t.Games.put(g.Number-1, g, t.ownGames, false)
	return g
}

// playStep adds a move to the guided game; when the engine says the game
// is over, its final state becomes the table's next game.
func (t *Table) playStep(p PlayStep, entry *LogEntry, fx *effect, said *guided) error {
	guide, ok := t.engine.(scoring.Guided)
	if !ok || t.Play == nil {
		return fmt.Errorf("no guided game in progress")
	}
	if said == nil { // nobody ran the engine on this move yet
		s, err := stepOn(guide, t.Play, p.Step)
		if err != nil {
			return err
		}
		said = &s
	}
	play := *t.Play
	play.Steps = append(play.Steps, p.Step)
	play.kept = said.kept
	entry.Move = len(play.Steps)
	fx.playChanged, fx.play = true, t.Play
	t.Play = &play
	if said.over {
		finished := t.put(entry, fx, score(t.Games.Len()+1, entry.Seq, said.final, t.engine))
		entry.After = &finished
		t.Play = nil
	}
	return nil
}

// stepOn runs the engine on a move after play's steps: from the position
// play keeps, one step, when the engine keeps positions; else the game
// replayed with the move.
func stepOn(guide scoring.Guided, play *Play, step json.RawMessage) (guided, error) {
	if keeping, ok := guide.(scoring.Keeping); ok {
		kept, over, final, err := keeping.KeepStep(play.Log(), step)
		return guided{over: over, final: final, kept: kept}, err
	}
	over, final, err := guide.Guide(play.Players, play.Setup, append(play.RawSteps(), step))
	return guided{over: over, final: final}, err
}

// addRound applies a round to the current game or starts the next one
// (said: what the command computed of it, if it did).
func (t *Table) addRound(r RoundRecorded, entry *LogEntry, fx *effect, said *guided) error {
	var prev Game
	switch {
	case r.Game == t.Games.Len()+1:
	case r.Game == t.Games.Len() && r.Game > 0:
		prev = t.Games.At(r.Game - 1)
	default:
		return fmt.Errorf("round for game %d, but the table has %d", r.Game, t.Games.Len())
	}
	engine := t.engine
	if prev.engine != nil {
		engine = prev.engine
	}
	g, err := roundChecked(engine, prev, r, entry.Seq, said)
	if err != nil {
		return err
	}
	entry.engine = engine
	t.put(entry, fx, g)
	entry.Round, entry.points = g.rounds, roundPoints(g, g.rounds)
	return nil
}

// round is game prev (the zero Game for a new one) of engine's game with
// round r added by the event seq.
func round(engine scoring.Game, prev Game, r RoundRecorded, seq int) (Game, error) {
	rounds, ok := engine.(scoring.Rounds)
	if !ok {
		return Game{}, fmt.Errorf("%s is not scored round by round", engine.Info().Slug)
	}
	state, err := rounds.AppendRound(prev.State, r.Round)
	if err != nil {
		return Game{}, err
	}
	g := score(r.Game, seq, state, engine)
	g.Corrected, g.rounds = prev.Corrected, prev.rounds+1
	return g, nil
}

// roundPoints picks each player's points and lines of round n out of a
// game's result.
func roundPoints(g Game, n int) []RoundPoints {
	if g.Err != "" {
		return nil
	}
	prefix := fmt.Sprintf("round %d", n)
	players := g.Result().Players
	out := make([]RoundPoints, 0, len(players))
	for _, p := range players {
		if n > len(p.Rounds) {
			continue // sat this round out
		}
		rp := RoundPoints{Name: p.Name, Points: p.Rounds[n-1]}
		for _, l := range p.Breakdown {
			if rest, ok := strings.CutPrefix(l.Label, prefix); ok && (rest == "" || rest[0] == ':' || rest[0] == ' ') {
				rp.Lines = append(rp.Lines, l)
			}
		}
		out = append(out, rp)
	}
	return out
}

// GameAsOf returns game n as it stood right after event seq: the game
// the events in effect then left. It walks the log back from seq only as
// far as the newest event that set the whole game (its recording or a
// correction) or the round that opened it, then adds the rounds since.
func (t Table) GameAsOf(n, seq int) (Game, bool) {
	var rounds []LogEntry // newest first
	var base *Game
	var engine scoring.Game
walk:
	for i, e := range t.Log.Backward(seq) {
		if i < 1 {
			break
		}
		if e.Game != n || e.Kind == KindUndo {
			continue
		}
		if by := e.undone.Load(); by != 0 && int(by) <= seq {
			continue // taken back by then
		}
		switch {
		case e.After != nil:
			base = e.After
			break walk
		case e.Kind == KindRoundRecorded:
			rounds = append(rounds, e)
			engine = e.engine
			if e.opened {
				break walk
			}
		}
	}
	if base == nil && len(rounds) == 0 {
		return Game{}, false
	}
	g := Game{Number: n}
	if base != nil {
		g, engine = *base, base.engine
	}
	for i := len(rounds) - 1; i >= 0; i-- {
		var r RoundRecorded
		if err := json.Unmarshal(rounds[i].Payload, &r); err != nil {
			return Game{}, false
		}
		next, err := round(engine, g, r, rounds[i].Seq)
		if err != nil {
			return Game{}, false
		}
		g = next
	}
	g.Record = recordOf(g)
	return g, true
}

func score(number, seq int, state json.RawMessage, engine scoring.Game) Game {
	g := Game{Number: number, Seq: seq, State: state, Info: engine.Info(), engine: engine}
	res, err := engine.Check(state)
	if err != nil {
		g.Err = err.Error()
		return g
	}
	g.result = &res
	return g
}

// resultOf is r kept by a game.
func resultOf(r scoring.Result) *scoring.Result { return &r }

// Engine is the rules engine the table's games are scored by.
func (t Table) Engine() scoring.Game { return t.engine }

// Newest returns the newest event still in effect that an undo may take
// back, and false when there is none (only the table's creation).
func (t Table) Newest() (LogEntry, bool) {
	if t.effect == nil {
		return LogEntry{}, false
	}
	return t.Entry(t.effect.seq)
}

// LastPlayStarted returns the start (KindPlayStarted) of the newest
// guided game still in effect, and false when there is none. It is kept
// as events come (facts.started), so asking reads one entry at most,
// however long the log.
func (t Table) LastPlayStarted() (LogEntry, bool) {
	if t.facts == nil || t.facts.started == 0 {
		return LogEntry{}, false
	}
	e, ok := t.Entry(t.facts.started)
	if !ok || e.Kind != KindPlayStarted {
		return LogEntry{}, false
	}
	return e, true
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
	g, ok := t.Games.Last()
	if !ok {
		return Game{}, false
	}
	return g, !g.Result().GameOver && !g.Unfinished
}

// Game returns the 1-based game number n.
func (t Table) Game(n int) (Game, bool) {
	if n < 1 || n > t.Games.Len() {
		return Game{}, false
	}
	return t.Games.At(n - 1), true
}

// view is the table as handed to callers: its slices capped at their
// length, so a caller that appends to one copies it rather than writing
// where the next version of the table will.
func (t Table) view() Table {
	t.Players, t.Games, t.Log = slices.Clip(t.Players), t.Games.clip(), t.Log.clip()
	if f := t.facts; f != nil && !f.done.capped() {
		clipped := *f
		clipped.done = f.done.clip()
		t.facts = &clipped
	}
	t.ownGames = false
	return t
}
