package sessions

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"tablemate/scoring"
)

// MaxTableNameLen bounds a table's name.
const MaxTableNameLen = 60

// MaxTableEvents bounds a table's log: an evening is a few hundred
// entries; a table this long is refused further entries (and an import
// this long is refused) with a message saying so.
const MaxTableEvents = 20_000

// maxOptionsLen bounds a table's options (a small JSON object).
const maxOptionsLen = 1024

// ErrNothingToUndo means only the table's creation is left in the log.
var ErrNothingToUndo = errors.New("nothing to undo: no entry is left to take back")

// Tables is the write and read API the web app uses. Every write carries
// the seq the client saw (optimistic concurrency) and the token of the form
// it came from (idempotency), so a double tap or a reload never records a
// move twice.
//
// Every change is a command: a decide function checks it against the
// table as it stands and says which event records it. Live writes and
// imports run the same decide functions, so an imported log passes
// exactly the checks its moves passed when they were made.
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
	locks tableLocks
	count counters
	// notify, if set, is told the new head after every recorded write.
	notify func(tableID string, head int)
	// summaries keeps tables' summaries for leagues and the history page
	// (summary.go).
	summaries *summaryCache
	// deriver names the code that derives summaries (see Deriver).
	deriver string
	// replaced, if set, is told when a link was replaced (OnReplace).
	replaced func(owner string, role Role, old string)
	// snaps are the tables' snapshots (snapshot.go), snapCount what
	// came of them.
	snaps     *snapshots
	snapCount snapshotStats
	// leagues keeps leagues' stats and profiles (league_stats.go).
	leagues leagueDerived
}

// NewTables returns the table API over store, scoring games found by find.
func NewTables(store *Store, find Finder) *Tables {
	return &Tables{store: store, find: find, cache: newReplayCache(256, 512<<20),
		summaries: newSummaryCache(4096, 200_000), deriver: Deriver(), snaps: newSnapshots(), leagues: newLeagueDerived()}
}

// OnChange registers fn to be told a table's new head after each write
// (live pages subscribe through it). Set it before serving.
func (ts *Tables) OnChange(fn func(tableID string, head int)) { ts.notify = fn }

// decision is what a command decided: the event that records it, and for
// a guided move what the engine said of it (applying it then needs no
// second run of the engine).
type decision struct {
	kind    Kind
	payload any
	said    *guided
}

// command runs decide against the table whose edit link is edit, as the
// client saw it, and appends the event it decides on; the append checks
// the link again in its transaction. A form whose token was recorded
// already gets that first answer (a double tap), without its checks,
// which could now fail.
//
// A recorded token answers only for the write it was first used for
// (want): the same kind of entry with the same input. Another form that
// carries it is refused with ErrTokenUsed, so "Player added." is never
// said of an Undo's token.
func (ts *Tables) command(ctx context.Context, edit string, seen int, token string, want repeat, decide func(Table) (decision, error)) (Appended, error) {
	if err := checkToken(token); err != nil {
		return Appended{}, err
	}
	// What the command reads before it appends is part of the write: a
	// storage failure there is ErrNotSaved too.
	const op = "read the table to write"
	key, head, err := ts.store.headBy(ctx, edit, RoleEdit)
	if err != nil {
		return Appended{}, linkFailed(ts.store, op, err)
	}
	if token != "" {
		e, found, err := ts.store.byToken(ctx, key, token)
		if err != nil {
			return Appended{}, ts.store.failed(op, err)
		}
		if found {
			if !want.answers(e) {
				return Appended{}, ErrTokenUsed
			}
			return Appended{Event: e, Repeat: true}, nil
		}
	}
	t, err := ts.at(ctx, key, head)
	if err != nil {
		return Appended{}, ts.store.failed(op, err)
	}
	if t.Head != seen {
		if !want.rebases() || !onlyClockSince(&t, seen) {
			// Checked against another version than the client saw, the
			// command could pass checks that its own version fails.
			return Appended{}, &StaleError{Seen: seen, Head: t.Head, Entries: entriesSince(&t, seen)}
		}
		// Only the clock moved since the client's version: nothing a
		// command checks changed, so the entry is decided and recorded
		// at the head (a tap on the clock by another phone does not
		// turn a round being entered into a conflict). The store still
		// checks that head.
		seen = t.Head
	}
	d, err := decide(t.view())
	if err != nil {
		return Appended{}, err
	}
	e, err := record(t, d, time.Time{})
	if err != nil {
		return Appended{}, err
	}
	key, a, err := ts.store.appendAs(ctx, edit, seen, token, want, e.Kind, json.RawMessage(e.Payload))
	if err == nil && !a.Repeat {
		if after, ok := ts.advance(key, a.Event, d.said); ok {
			a.after = &after
		}
		ts.changed(key, a.Event.Seq)
	}
	return a, err
}

// Create validates and starts a table, returning its edit link. Bad input
// is a *scoring.InputError naming the form field.
func (ts *Tables) Create(ctx context.Context, token string, c TableCreated) (string, error) {
	c, err := ts.decideCreate(c)
	if err != nil {
		return "", err
	}
	if err := checkToken(token); err != nil {
		return "", err
	}
	return ts.store.createTable(ctx, token, c)
}

// decideCreate checks a new table and returns it as it is recorded.
func (ts *Tables) decideCreate(c TableCreated) (TableCreated, error) {
	engine, ok := ts.find(c.Game)
	if !ok {
		return c, scoring.Errorf("game", "choose one of the games")
	}
	info := engine.Info()
	c.Name = scoring.CleanName(c.Name)
	if len([]rune(c.Name)) > MaxTableNameLen {
		return c, scoring.Errorf("name", "a table name is at most %d characters", MaxTableNameLen)
	}
	if r, bad := scoring.Unwritable(c.Name); bad {
		return c, scoring.Errorf("name", "a table name cannot hold control characters, invisible or private characters, or characters that turn the direction of text (it holds %s)", scoring.CodePoint(r))
	}
	if c.Name == "" {
		c.Name = info.Title
	}
	players := make([]string, 0, len(c.Players))
	for _, p := range c.Players {
		if p = scoring.CleanName(p); p != "" {
			players = append(players, p)
		}
	}
	if len(players) < info.MinPlayers || len(players) > info.MaxPlayers {
		return c, scoring.Errorf("players", "%s is played by %d to %d players; you named %d",
			info.Title, info.MinPlayers, info.MaxPlayers, len(players))
	}
	if err := scoring.SeatNames("players", players); err != nil {
		return c, err
	}
	c.Players = players
	if c.First = scoring.CleanName(c.First); c.First != "" && !slices.Contains(players, c.First) {
		return c, scoring.Errorf("first", "%q is not one of the players named", c.First)
	}
	if len(c.Options) > 0 && (len(c.Options) > maxOptionsLen || !isObject(c.Options) || !utf8.Valid(c.Options)) {
		return c, scoring.Errorf("options", "a table's options are a JSON object of at most %d bytes", maxOptionsLen)
	}
	return c, nil
}

func isObject(raw json.RawMessage) bool {
	var m map[string]json.RawMessage
	return json.Unmarshal(raw, &m) == nil && m != nil
}

// Table loads the table whose edit link is edit: from the replay cache
// while its head has not moved, with only the newer events applied when it
// has, else by replaying its log. A link that is not one is ErrNotFound;
// one that was replaced is a *ReplacedError.
func (ts *Tables) Table(ctx context.Context, edit string) (Table, error) {
	ts.count.lookups.Add(1)
	key, head, err := ts.store.headBy(ctx, edit, RoleEdit)
	if err != nil {
		return Table{}, err
	}
	return ts.table(ctx, key, head)
}

// ReadOnly loads the table whose view-only link is view, like Table.
func (ts *Tables) ReadOnly(ctx context.Context, view string) (Table, error) {
	ts.count.lookups.Add(1)
	key, head, err := ts.store.headBy(ctx, view, RoleView)
	if err != nil {
		return Table{}, err
	}
	return ts.table(ctx, key, head)
}

// byKey loads a table by its key (a league's tables, summaries).
func (ts *Tables) byKey(ctx context.Context, key string) (Table, error) {
	head, err := ts.store.headOf(ctx, key)
	if err != nil {
		return Table{}, err
	}
	return ts.table(ctx, key, head)
}

// table returns the table with key key at head or newer (Tables.at), as
// a read-only value.
func (ts *Tables) table(ctx context.Context, key string, head int) (Table, error) {
	t, err := ts.at(ctx, key, head)
	if err != nil {
		return Table{}, err
	}
	return t.view(), nil
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
	want := repeat{KindGameRecorded, map[string]any{"state": state}}
	return ts.command(ctx, edit, seen, token, want, func(t Table) (decision, error) { return ts.decideGame(t, GameRecorded{State: state}) })
}

// RecordCheckedGame is RecordGame of the state c checked (Tables.Check),
// taking its result instead of running the engine again.
func (ts *Tables) RecordCheckedGame(ctx context.Context, edit string, seen int, token string, c Checked) (Appended, error) {
	state := c.c.state
	want := repeat{KindGameRecorded, map[string]any{"state": state}}
	return ts.command(ctx, edit, seen, token, want, func(t Table) (decision, error) {
		return ts.decideGameChecked(t, GameRecorded{State: state}, c.c)
	})
}

func (ts *Tables) decideGame(t Table, g GameRecorded) (decision, error) {
	return ts.decideGameChecked(t, g, nil)
}

// decideGameChecked is decideGame taking pre, what the page's check of
// the same state computed (Tables.Check), instead of running the engine
// again when it was this table's engine on these very bytes.
func (ts *Tables) decideGameChecked(t Table, g GameRecorded, pre *checked) (decision, error) {
	engine, ok := ts.find(t.Info.Slug)
	if !ok {
		return decision{}, fmt.Errorf("unknown game %q", t.Info.Slug)
	}
	c, err := checkedWith(t, engine, g.State, pre)
	if err != nil {
		return decision{}, err
	}
	return decision{kind: KindGameRecorded, payload: g, said: &guided{checked: c}}, nil
}

// RecordRound adds a round to the game in progress, or starts the next
// game when there is none (the last one is over). The round must be
// readable by the engine, and the game with it must name only the table's
// players.
func (ts *Tables) RecordRound(ctx context.Context, edit string, seen int, token string, round json.RawMessage) (Appended, error) {
	want := repeat{KindRoundRecorded, map[string]any{"round": round}}
	return ts.command(ctx, edit, seen, token, want, func(t Table) (decision, error) { return ts.decideRound(t, round) })
}

// decideRound also says which game the round belongs to.
func (ts *Tables) decideRound(t Table, round json.RawMessage) (decision, error) {
	engine, ok := ts.find(t.Info.Slug)
	if !ok {
		return decision{}, fmt.Errorf("unknown game %q", t.Info.Slug)
	}
	rounds, ok := engine.(scoring.Rounds)
	if !ok {
		return decision{}, scoring.Errorf("round", "%s is not scored round by round", t.Info.Title)
	}
	if t.Play != nil { // the guided game records its own rounds
		return decision{}, scoring.Errorf("round", "a game is being played along at this table; finish or undo it before entering rounds by hand")
	}
	rec := RoundRecorded{Game: t.Games.Len() + 1, Round: round}
	var prev json.RawMessage
	if g, inProgress := t.Current(); inProgress {
		rec.Game, prev = g.Number, g.State
	}
	state, err := rounds.AppendRound(prev, round)
	if err != nil {
		return decision{}, err
	}
	c, err := ts.checkedState(t, state)
	if err != nil {
		return decision{}, err
	}
	return decision{kind: KindRoundRecorded, payload: rec, said: &guided{checked: c}}, nil
}

// StartPlay begins a guided game with the game's setup (KKS: the row).
func (ts *Tables) StartPlay(ctx context.Context, edit string, seen int, token string, setup json.RawMessage) (Appended, error) {
	want := repeat{KindPlayStarted, map[string]any{"setup": setup}}
	return ts.command(ctx, edit, seen, token, want, func(t Table) (decision, error) { return ts.decideStart(t, setup) })
}

func (ts *Tables) decideStart(t Table, setup json.RawMessage) (decision, error) {
	guide, err := ts.guide(t)
	if err != nil {
		return decision{}, err
	}
	if t.Play != nil {
		return decision{}, scoring.Errorf("setup", "a guided game is already being played at this table")
	}
	var said guided
	if keeping, ok := guide.(scoring.Keeping); ok {
		said.kept, err = keeping.Keep(scoring.PlayLog{Players: t.Players, Setup: setup})
	} else {
		_, _, err = guide.Guide(t.Players, setup, nil)
	}
	if err != nil {
		return decision{}, err
	}
	return decision{kind: KindPlayStarted, payload: PlayStarted{Setup: setup}, said: &said}, nil
}

// PlayStep records one move of the guided game; the engine must accept it
// (its error says which rule refuses it).
func (ts *Tables) PlayStep(ctx context.Context, edit string, seen int, token string, step json.RawMessage) (Appended, error) {
	want := repeat{KindPlayStep, map[string]any{"step": step}}
	return ts.command(ctx, edit, seen, token, want, func(t Table) (decision, error) { return ts.decideStep(t, step) })
}

func (ts *Tables) decideStep(t Table, step json.RawMessage) (decision, error) {
	guide, err := ts.stepRoom(t)
	if err != nil {
		return decision{}, err
	}
	said, err := stepOn(guide, t.Play, step)
	if err != nil {
		return decision{}, err
	}
	return decision{kind: KindPlayStep, payload: PlayStep{Step: step}, said: &said}, nil
}

// stepRoom is every check of a guided move but the engine's: the table's
// game is played along, a game is in progress and has room for a move.
func (ts *Tables) stepRoom(t Table) (scoring.Guided, error) {
	guide, err := ts.guide(t)
	if err != nil {
		return nil, err
	}
	if t.Play == nil {
		return nil, scoring.Errorf("step", "no guided game is being played at this table")
	}
	if len(t.Play.Steps) >= MaxPlaySteps {
		return nil, scoring.Errorf("step", "a game played along has at most %d moves: undo back and enter its result by hand", MaxPlaySteps)
	}
	return guide, nil
}

// MaxPlaySteps bounds a guided game: a move is checked from the position
// the table keeps, but a table loaded from a snapshot, or a game whose
// engine keeps none, replays the game so far through its engine, so this
// keeps a move's cost bounded (a long Kodiak game of twenty cycles is
// well under it).
const MaxPlaySteps = 2000

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
	want := repeat{KindGameCorrected, map[string]any{"game": n, "state": state}}
	return ts.command(ctx, edit, seen, token, want, func(t Table) (decision, error) {
		return ts.decideCorrection(t, GameCorrected{Game: n, State: state, Reason: reason}, nil)
	})
}

// CorrectCheckedGame is CorrectGame with the state c checked
// (Tables.Check), taking its result instead of running the engine again.
func (ts *Tables) CorrectCheckedGame(ctx context.Context, edit string, seen int, token string, n int, c Checked, reason string) (Appended, error) {
	state := c.c.state
	want := repeat{KindGameCorrected, map[string]any{"game": n, "state": state}}
	return ts.command(ctx, edit, seen, token, want, func(t Table) (decision, error) {
		return ts.decideCorrection(t, GameCorrected{Game: n, State: state, Reason: reason}, c.c)
	})
}

// maxReasonLen bounds the reason given for a correction.
const maxReasonLen = 200

func (ts *Tables) decideCorrection(t Table, g GameCorrected, pre *checked) (decision, error) {
	if _, ok := t.Game(g.Game); !ok {
		return decision{}, scoring.Errorf("game", "this table has no game %d", g.Game)
	}
	g.Reason = strings.TrimSpace(g.Reason)
	if len([]rune(g.Reason)) > maxReasonLen || !scoring.PlainText(g.Reason) {
		return decision{}, scoring.Errorf("reason", "a reason is one line of at most %d characters", maxReasonLen)
	}
	// A game is corrected as the game it is, whichever the table plays now.
	c, err := checkedWith(t, t.Games.At(g.Game-1).engine, g.State, pre)
	if err != nil {
		return decision{}, err
	}
	return decision{kind: KindGameCorrected, payload: g, said: &guided{checked: c}}, nil
}

// CorrectRound replaces round r of game n, any round of a game entered
// round by round; the old round stays in the log.
func (ts *Tables) CorrectRound(ctx context.Context, edit string, seen int, token string, n, r int, round json.RawMessage, reason string) (Appended, error) {
	want := repeat{KindRoundCorrected, map[string]any{"game": n, "number": r, "round": round}}
	return ts.command(ctx, edit, seen, token, want, func(t Table) (decision, error) {
		return ts.decideRoundCorrection(t, RoundCorrected{Game: n, Number: r, Round: round, Reason: reason})
	})
}

func (ts *Tables) decideRoundCorrection(t Table, c RoundCorrected) (decision, error) {
	g, ok := t.Game(c.Game)
	if !ok {
		return decision{}, scoring.Errorf("game", "this table has no game %d", c.Game)
	}
	// A round is corrected as the game it is of, whichever the table
	// plays now.
	fix, ok := g.engine.(scoring.RoundCorrector)
	if !ok {
		return decision{}, scoring.Errorf("round", "%s is not scored round by round", g.Info.Title)
	}
	if c.Number < 1 {
		return decision{}, scoring.Errorf("number", "game %d has no round %d", c.Game, c.Number)
	}
	c.Reason = strings.TrimSpace(c.Reason)
	if len([]rune(c.Reason)) > maxReasonLen || !scoring.PlainText(c.Reason) {
		return decision{}, scoring.Errorf("reason", "a reason is one line of at most %d characters", maxReasonLen)
	}
	state, err := fix.ReplaceRound(g.State, c.Number, c.Round)
	if err != nil {
		return decision{}, err
	}
	if err := checkState(t, g.engine, state); err != nil {
		return decision{}, err
	}
	return decision{kind: KindRoundCorrected, payload: c}, nil
}

// AddPlayer seats one more player.
func (ts *Tables) AddPlayer(ctx context.Context, edit string, seen int, token, name string) (Appended, error) {
	want := repeat{KindPlayerJoined, map[string]any{"name": scoring.CleanName(name)}}
	return ts.command(ctx, edit, seen, token, want, func(t Table) (decision, error) { return ts.decideJoin(t, name) })
}

func (ts *Tables) decideJoin(t Table, name string) (decision, error) {
	name = scoring.CleanName(name)
	if len(t.Players) >= t.Info.MaxPlayers {
		return decision{}, scoring.Errorf("name", "%s is played by at most %d players", t.Info.Title, t.Info.MaxPlayers)
	}
	if err := scoring.SeatNames("players", append(append([]string{}, t.Players...), name)); err != nil {
		return decision{}, scoring.Refield(err, "name")
	}
	return decision{kind: KindPlayerJoined, payload: PlayerJoined{Name: name}}, nil
}

// Undo takes back the newest entry still in effect.
func (ts *Tables) Undo(ctx context.Context, edit string, seen int, token string) (Appended, error) {
	return ts.command(ctx, edit, seen, token, repeat{kind: KindUndo}, ts.decideUndo)
}

func (ts *Tables) decideUndo(t Table) (decision, error) {
	newest, ok := t.Newest()
	if !ok {
		return decision{}, ErrNothingToUndo
	}
	return decision{kind: KindUndo, payload: Undo{Seq: newest.Seq}}, nil
}

// MaxTableBytes bounds the size of a table's log (its payloads): a long
// evening is well under a megabyte. It keeps what a table holds in
// memory, and the export of any table, within what an import reads.
const MaxTableBytes = 8 << 20

// record is the event that stores what a command decided, refused when
// the table has no room left for it.
func record(t Table, d decision, at time.Time) (Event, error) {
	body, err := marshal(d.payload)
	if err != nil {
		return Event{}, fmt.Errorf("record %s: %w", d.kind, err)
	}
	switch {
	case !utf8.Valid(body):
		return Event{}, scoring.Errorf("", "an entry must be UTF-8 text, and this one is not")
	case t.Head >= MaxTableEvents:
		return Event{}, scoring.Errorf("table", "this table holds %d entries, the most one table keeps: start a new table to go on", MaxTableEvents)
	case t.bytes+len(body) > MaxTableBytes:
		return Event{}, scoring.Errorf("table", "this table's entries fill %d MiB, the most one table keeps: start a new table to go on", MaxTableBytes>>20)
	}
	return Event{Seq: t.Head + 1, Kind: d.kind, Payload: body, At: at}, nil
}

// checkedState checks a state of the table's game (checkState) and keeps
// what it computed: applying the event
// to the table then takes the engine's result from it (checked.go).
func (ts *Tables) checkedState(t Table, state json.RawMessage) (*checked, error) {
	engine, ok := ts.find(t.Info.Slug)
	if !ok {
		return nil, fmt.Errorf("unknown game %q", t.Info.Slug)
	}
	res, err := checkStateResult(t, engine, state)
	if err != nil {
		return nil, err
	}
	return &checked{slug: t.Info.Slug, state: state, result: res}, nil
}

// checkState checks a state of engine's game for table t: readable, and
// naming only the table's players.
func checkState(t Table, engine scoring.Game, state json.RawMessage) error {
	_, err := checkStateResult(t, engine, state)
	return err
}

// checkStateResult is checkState with the engine's result.
func checkStateResult(t Table, engine scoring.Game, state json.RawMessage) (scoring.Result, error) {
	if engine == nil {
		return scoring.Result{}, fmt.Errorf("game of unknown kind")
	}
	res, err := engine.Check(state)
	if err != nil {
		return scoring.Result{}, err
	}
	if err := seatedOnly(t, res); err != nil {
		return scoring.Result{}, err
	}
	return res, nil
}

// checkedWith checks state with engine for table t, as checkedState
// does, taking pre's result when pre is engine's check of these very
// bytes (the names are checked against the table either way).
func checkedWith(t Table, engine scoring.Game, state json.RawMessage, pre *checked) (*checked, error) {
	if engine == nil {
		return nil, fmt.Errorf("game of unknown kind")
	}
	slug := engine.Info().Slug
	if pre != nil && pre.slug == slug && bytes.Equal(pre.state, state) {
		if err := seatedOnly(t, pre.result); err != nil {
			return nil, err
		}
		return pre, nil
	}
	res, err := checkStateResult(t, engine, state)
	if err != nil {
		return nil, err
	}
	return &checked{slug: slug, state: state, result: res}, nil
}

// seatedOnly fails when a result names someone not seated at table t.
func seatedOnly(t Table, res scoring.Result) error {
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
