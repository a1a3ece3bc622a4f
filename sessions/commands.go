package sessions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"tablemate/scoring"
)

// MaxTableNameLen bounds a table's name.
const MaxTableNameLen = 60

// ErrNothingToUndo means only the table's creation is left in the log.
var ErrNothingToUndo = errors.New("nothing to undo: no entry is left to take back")

// Tables is the write and read API the web app uses. Every write carries
// the seq the client saw (optimistic concurrency) and the token of the form
// it came from (idempotency), so a double tap or a reload never records a
// move twice.
//
// Tables are opened through their links (links.go): reads through the edit
// or the view-only link, writes only through the edit link, which each
// write checks in the transaction that appends it, so a replaced link
// cannot write even a moment after it was replaced. A table's key
// (Table.Key) is internal and opens nothing.
type Tables struct {
	store *Store
	find  Finder
	cache *replayCache
	// notify, if set, is told the new head after every recorded write.
	notify func(tableID string, head int)
	// replaced, if set, is told when a link was replaced (OnReplace).
	replaced func(owner string, role Role, old string)
}

// NewTables returns the table API over store, scoring games found by find.
func NewTables(store *Store, find Finder) *Tables {
	return &Tables{store: store, find: find, cache: newReplayCache(256)}
}

// OnChange registers fn to be told a table's new head after each write
// (live pages subscribe through it). Set it before serving.
func (ts *Tables) OnChange(fn func(tableID string, head int)) { ts.notify = fn }

// write appends an event through the table's edit link and tells the
// subscriber about it.
func (ts *Tables) write(ctx context.Context, edit string, seen int, token string, kind Kind, payload any) (Appended, error) {
	key, a, err := ts.store.append(ctx, edit, seen, token, kind, payload)
	if err == nil && !a.Repeat && ts.notify != nil {
		ts.notify(key, a.Event.Seq)
	}
	return a, err
}

// Create validates and starts a table, returning its edit link. Bad input
// is a *scoring.InputError naming the form field.
func (ts *Tables) Create(ctx context.Context, token string, c TableCreated) (string, error) {
	engine, ok := ts.find(c.Game)
	if !ok {
		return "", scoring.Errorf("game", "choose one of the games")
	}
	info := engine.Info()
	c.Name = strings.TrimSpace(c.Name)
	if len([]rune(c.Name)) > MaxTableNameLen {
		return "", scoring.Errorf("name", "a table name is at most %d characters", MaxTableNameLen)
	}
	if c.Name == "" {
		c.Name = info.Title
	}
	players := make([]string, 0, len(c.Players))
	for _, p := range c.Players {
		if p = strings.TrimSpace(p); p != "" {
			players = append(players, p)
		}
	}
	if len(players) < info.MinPlayers || len(players) > info.MaxPlayers {
		return "", scoring.Errorf("players", "%s is played by %d to %d players; you named %d",
			info.Title, info.MinPlayers, info.MaxPlayers, len(players))
	}
	if err := scoring.CheckNames("players", players); err != nil {
		return "", err
	}
	c.Players = players
	return ts.store.createTable(ctx, token, c)
}

// Table loads the table whose edit link is edit. A link that is not one
// is ErrNotFound; one that was replaced is a *ReplacedError.
func (ts *Tables) Table(ctx context.Context, edit string) (Table, error) {
	key, head, err := ts.store.headBy(ctx, edit, RoleEdit)
	if err != nil {
		return Table{}, err
	}
	return ts.table(ctx, key, head)
}

// ReadOnly loads the table whose view-only link is view, like Table.
func (ts *Tables) ReadOnly(ctx context.Context, view string) (Table, error) {
	key, head, err := ts.store.headBy(ctx, view, RoleView)
	if err != nil {
		return Table{}, err
	}
	return ts.table(ctx, key, head)
}

// byKey loads a table by its key (a league's tables).
func (ts *Tables) byKey(ctx context.Context, key string) (Table, error) {
	head, err := ts.store.headOf(ctx, key)
	if err != nil {
		return Table{}, err
	}
	return ts.table(ctx, key, head)
}

// table returns the table with key key at head: from the replay cache
// while its head has not moved, else by replaying its log.
func (ts *Tables) table(ctx context.Context, key string, head int) (Table, error) {
	if t, ok := ts.cache.get(key, head); ok {
		return t, nil
	}
	events, err := ts.store.Events(ctx, key)
	if err != nil {
		return Table{}, err
	}
	t, err := Replay(key, events, ts.find)
	if err != nil {
		return t, err
	}
	t.derived = &sync.Map{}
	ts.cache.put(t)
	return t, nil
}

// Recent lists the tables whose edit links are given, most recently
// changed first; links that open nothing (any more) are left out. There is
// deliberately no list of all tables: a table is found only through its
// links, so the links come from the phone (its cookie).
func (ts *Tables) Recent(ctx context.Context, edits []string) ([]Summary, error) {
	return ts.store.Summaries(ctx, edits)
}

// RecordGame appends a finished game. The state must be readable by the
// table's engine and name only the table's players; rule violations are
// fine (the result page shows them, ruling G-3).
func (ts *Tables) RecordGame(ctx context.Context, edit string, seen int, token string, state json.RawMessage) (Appended, error) {
	t, rep, err := ts.load(ctx, edit, token)
	if err != nil || rep.Repeat {
		return rep, err
	}
	if err := ts.checkState(t, state); err != nil {
		return Appended{}, err
	}
	return ts.write(ctx, edit, seen, token, KindGameRecorded, GameRecorded{State: state})
}

// RecordRound adds a round to the game in progress, or starts the next
// game when there is none (the last one is over). The round must be
// readable by the engine, and the game with it must name only the table's
// players.
func (ts *Tables) RecordRound(ctx context.Context, edit string, seen int, token string, round json.RawMessage) (Appended, error) {
	t, rep, err := ts.load(ctx, edit, token)
	if err != nil || rep.Repeat {
		return rep, err
	}
	engine, ok := ts.find(t.Info.Slug)
	if !ok {
		return Appended{}, fmt.Errorf("unknown game %q", t.Info.Slug)
	}
	rounds, ok := engine.(scoring.Rounds)
	if !ok {
		return Appended{}, scoring.Errorf("round", "%s is not scored round by round", t.Info.Title)
	}
	if t.Play != nil { // the guided game records its own rounds
		return Appended{}, scoring.Errorf("round", "a game is being played along at this table; finish or undo it before entering rounds by hand")
	}
	rec := RoundRecorded{Game: len(t.Games) + 1, Round: round}
	var prev json.RawMessage
	if g, inProgress := t.Current(); inProgress {
		rec.Game, prev = g.Number, g.State
	}
	state, err := rounds.AppendRound(prev, round)
	if err != nil {
		return Appended{}, err
	}
	if err := ts.checkState(t, state); err != nil {
		return Appended{}, err
	}
	return ts.write(ctx, edit, seen, token, KindRoundRecorded, rec)
}

// StartPlay begins a guided game with the game's setup (KKS: the row).
func (ts *Tables) StartPlay(ctx context.Context, edit string, seen int, token string, setup json.RawMessage) (Appended, error) {
	t, rep, err := ts.load(ctx, edit, token)
	if err != nil || rep.Repeat {
		return rep, err
	}
	guide, err := ts.guide(t)
	if err != nil {
		return Appended{}, err
	}
	if t.Play != nil {
		return Appended{}, scoring.Errorf("setup", "a guided game is already being played at this table")
	}
	if _, _, err := guide.Guide(t.Players, setup, nil); err != nil {
		return Appended{}, err
	}
	return ts.write(ctx, edit, seen, token, KindPlayStarted, PlayStarted{Setup: setup})
}

// PlayStep records one move of the guided game; the engine must accept it
// (its error says which rule refuses it).
func (ts *Tables) PlayStep(ctx context.Context, edit string, seen int, token string, step json.RawMessage) (Appended, error) {
	t, rep, err := ts.load(ctx, edit, token)
	if err != nil || rep.Repeat {
		return rep, err
	}
	guide, err := ts.guide(t)
	if err != nil {
		return Appended{}, err
	}
	if t.Play == nil {
		return Appended{}, scoring.Errorf("step", "no guided game is being played at this table")
	}
	if _, _, err := guide.Guide(t.Play.Players, t.Play.Setup, append(t.Play.RawSteps(), step)); err != nil {
		return Appended{}, err
	}
	return ts.write(ctx, edit, seen, token, KindPlayStep, PlayStep{Step: step})
}

func (ts *Tables) guide(t Table) (scoring.Guided, error) {
	engine, ok := ts.find(t.Info.Slug)
	guide, isGuided := engine.(scoring.Guided)
	if !ok || !isGuided {
		return nil, scoring.Errorf("setup", "%s has no guided play yet", t.Info.Title)
	}
	return guide, nil
}

// CorrectGame replaces game number n's state; the old one stays in the log.
func (ts *Tables) CorrectGame(ctx context.Context, edit string, seen int, token string, n int, state json.RawMessage, reason string) (Appended, error) {
	t, rep, err := ts.load(ctx, edit, token)
	if err != nil || rep.Repeat {
		return rep, err
	}
	if _, ok := t.Game(n); !ok {
		return Appended{}, scoring.Errorf("game", "this table has no game %d", n)
	}
	if err := ts.checkState(t, state); err != nil {
		return Appended{}, err
	}
	return ts.write(ctx, edit, seen, token, KindGameCorrected, GameCorrected{Game: n, State: state, Reason: strings.TrimSpace(reason)})
}

// AddPlayer seats one more player.
func (ts *Tables) AddPlayer(ctx context.Context, edit string, seen int, token, name string) (Appended, error) {
	t, rep, err := ts.load(ctx, edit, token)
	if err != nil || rep.Repeat {
		return rep, err
	}
	name = strings.TrimSpace(name)
	if len(t.Players) >= t.Info.MaxPlayers {
		return Appended{}, scoring.Errorf("name", "%s is played by at most %d players", t.Info.Title, t.Info.MaxPlayers)
	}
	if err := scoring.CheckNames("players", append(append([]string{}, t.Players...), name)); err != nil {
		return Appended{}, scoring.Refield(err, "name")
	}
	return ts.write(ctx, edit, seen, token, KindPlayerJoined, PlayerJoined{Name: name})
}

// Undo takes back the newest entry still in effect.
func (ts *Tables) Undo(ctx context.Context, edit string, seen int, token string) (Appended, error) {
	t, rep, err := ts.load(ctx, edit, token)
	if err != nil || rep.Repeat {
		return rep, err
	}
	newest, ok := t.Newest()
	if !ok {
		return Appended{}, ErrNothingToUndo
	}
	return ts.write(ctx, edit, seen, token, KindUndo, Undo{Seq: newest.Seq})
}

// load replays a table for a write through its edit link, unless the
// form's token was already recorded: then the answer is that first
// recording (a double tap), and the command's checks, which could now
// fail, are skipped.
func (ts *Tables) load(ctx context.Context, edit, token string) (Table, Appended, error) {
	key, head, err := ts.store.headBy(ctx, edit, RoleEdit)
	if err != nil {
		return Table{}, Appended{}, err
	}
	if token != "" {
		e, found, err := ts.store.byToken(ctx, key, token)
		if err != nil || found {
			return Table{}, Appended{Event: e, Repeat: found}, err
		}
	}
	t, err := ts.table(ctx, key, head)
	return t, Appended{}, err
}

func (ts *Tables) checkState(t Table, state json.RawMessage) error {
	engine, ok := ts.find(t.Info.Slug)
	if !ok {
		return fmt.Errorf("unknown game %q", t.Info.Slug)
	}
	res, err := engine.Check(state)
	if err != nil {
		return err
	}
	seated := map[string]bool{}
	for _, p := range t.Players {
		seated[p] = true
	}
	for i, p := range res.Players {
		if !seated[p.Name] {
			return scoring.Errorf(scoring.Join(scoring.Index("players", i), "name"), "%q is not a player at this table", p.Name)
		}
	}
	return nil
}

func marshal(v any) ([]byte, error) { return json.Marshal(v) }
