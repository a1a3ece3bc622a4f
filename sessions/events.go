package sessions

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Kind names what an event records.
type Kind string

// The event kinds of a table's log.
const (
	KindTableCreated   Kind = "table_created"
	KindPlayerJoined   Kind = "player_joined"
	KindGameRecorded   Kind = "game_recorded"
	KindGameCorrected  Kind = "game_corrected"
	KindUndo           Kind = "undo"
	KindRoundRecorded  Kind = "round_recorded"
	KindRoundCorrected Kind = "round_corrected"
	KindPlayStarted    Kind = "play_started"
	KindPlayStep       Kind = "play_step"
)

// Event is one entry of a table's log. Payload is the kind's JSON body.
type Event struct {
	Seq     int
	Kind    Kind
	Payload json.RawMessage
	At      time.Time
}

// TableCreated starts a table: which game, its name, the players in seat
// order and the game's options (engine JSON, may be empty).
type TableCreated struct {
	Game    string          `json:"game"`
	Name    string          `json:"name"`
	Players []string        `json:"players"`
	Options json.RawMessage `json:"options,omitempty"`
	// First is who starts the first game ("Who starts?"); "" for seat
	// order.
	First string `json:"first,omitempty"`
}

// PlayerJoined adds a player in the next seat.
type PlayerJoined struct {
	Name string `json:"name"`
}

// GameRecorded stores one finished game as the engine's request body, so
// replaying the log re-scores it with the engine that reads it.
type GameRecorded struct {
	State json.RawMessage `json:"state"`
}

// GameCorrected replaces the state of an earlier game (1-based number),
// e.g. after a dispute was settled; the old state stays in the log.
type GameCorrected struct {
	Game   int             `json:"game"`
	State  json.RawMessage `json:"state"`
	Reason string          `json:"reason,omitempty"`
}

// RoundRecorded adds one round to game Game (1-based) of a round-based
// game; a Game one past the last starts a new game.
type RoundRecorded struct {
	Game  int             `json:"game"`
	Round json.RawMessage `json:"round"`
}

// RoundCorrected replaces round Number (1-based) of game Game, any round
// of it, not only the last, with Round (in round_recorded's format); the
// engine works out the game again (scoring.RoundCorrector) and the old
// round stays in the log.
type RoundCorrected struct {
	Game   int             `json:"game"`
	Number int             `json:"number"`
	Round  json.RawMessage `json:"round"`
	Reason string          `json:"reason,omitempty"`
}

// PlayStarted begins a guided game ("play along") with the game's setup.
type PlayStarted struct {
	Setup json.RawMessage `json:"setup"`
}

// PlayStep is one move of a guided game, in the game's step format.
type PlayStep struct {
	Step json.RawMessage `json:"step"`
}

// Undo takes back the event with sequence number Seq (the newest one that
// is still in effect).
type Undo struct {
	Seq int `json:"seq"`
}

// StaleError means the client acted on an old view of the table: someone
// else (or an earlier tap) moved first. Head is the table's newest seq.
// Entries, when known (not 0), is how many entries were made since Seen
// not counting the clock's taps (the versions count those too), so a
// phone can say truly how far the table moved on.
type StaleError struct {
	Seen, Head int
	Entries    int
}

func (e *StaleError) Error() string {
	return fmt.Sprintf("the table changed since you loaded it (you saw move %d, it is now at %d)", e.Seen, e.Head)
}

// Appended is the outcome of a write. Repeat is true when the same form
// (same client token) had already been recorded: nothing new was written
// and Event is the one recorded the first time.
type Appended struct {
	Event  Event
	Repeat bool
	// after is the table at the write's head, when the command applied
	// the event to the table it had checked it against (After).
	after *Table
}

// After is the table as the write left it — the table the command
// checked the write against, with the committed event applied — so the
// answer to a write needs no second load to say where to go on. ok is
// false for a repeat (nothing new was written) and when the command did
// not hold the version right before the write (another server wrote in
// between); the caller loads the table then.
func (a Appended) After() (t Table, ok bool) {
	if a.after == nil {
		return Table{}, false
	}
	return *a.after, true
}

// append adds one event to the table whose edit link is edit if the
// client's seen seq is the head. Concurrent writers serialise: SQLite's
// transaction is IMMEDIATE (the database's write lock), PostgreSQL's locks
// the table's row first (resolve: SELECT … FOR UPDATE), on any server. The
// link is checked in that transaction, so a link replaced a moment before
// writes nothing. A token already in the table's log answers with the
// recorded event instead. The commit tells other servers the new head
// (follow.go). It returns the table's key. A token recorded for another
// write than want is ErrTokenUsed.
//
// With SQLite, appends that arrive together, to any tables, share one
// transaction and its one fsync (groupcommit.go); each is answered only
// after that commit.
func (s *Store) append(ctx context.Context, edit string, seen int, token string, kind Kind, payload any) (string, Appended, error) {
	return s.appendAs(ctx, edit, seen, token, repeat{kind: kind}, kind, payload)
}

// appendAs is append with the write a recorded token must be to answer
// for it (repeat).
func (s *Store) appendAs(ctx context.Context, edit string, seen int, token string, want repeat, kind Kind, payload any) (string, Appended, error) {
	body, err := json.Marshal(payload)
	if err != nil {
		return "", Appended{}, fmt.Errorf("append %s: %w", kind, err)
	}
	w := appendWrite{edit: edit, seen: seen, token: token, want: want, kind: kind, body: body}
	if g := s.group(); g != nil {
		return g.append(ctx, w)
	}
	op := "append " + string(kind)
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return "", Appended{}, s.failed(op, err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	tableID, a, err := s.appendIn(ctx, tx, w)
	if err != nil || a.Repeat {
		return tableID, a, err
	}
	if err := tx.Commit(); err != nil {
		return "", Appended{}, s.commitFailed(op, err)
	}
	s.wrote()
	return tableID, a, nil
}

// appendWrite is one append: the event, and what the client saw.
type appendWrite struct {
	edit  string
	seen  int
	token string
	// want is the write a token already recorded must be (repeat).
	want repeat
	kind Kind
	body []byte
}

// appendIn makes the checks of an append and writes its event in tx,
// uncommitted. A repeated token answers the event recorded first
// (Repeat, nothing written).
func (s *Store) appendIn(ctx context.Context, tx *txn, w appendWrite) (string, Appended, error) {
	op := "append " + string(w.kind)
	tableID, _, err := resolve(ctx, tx, w.edit, RoleEdit)
	if err != nil {
		return "", Appended{}, linkFailed(s, op, err)
	}
	if w.token != "" {
		e, err := scanEvent(tx.QueryRowContext(ctx,
			`SELECT seq, kind, payload, created_at FROM events WHERE table_id = ? AND client_token = ?`, tableID, w.token))
		switch {
		case err == nil && !w.want.answers(e):
			return "", Appended{}, ErrTokenUsed // recorded for another write
		case err == nil:
			return tableID, Appended{Event: e, Repeat: true}, nil
		case !errors.Is(err, sql.ErrNoRows):
			return "", Appended{}, s.failed(op, err)
		}
	}
	var head int
	err = tx.QueryRowContext(ctx, `SELECT head FROM tables WHERE id = ?`, tableID).Scan(&head)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return "", Appended{}, ErrNotFound
	case err != nil:
		return "", Appended{}, s.failed(op, err)
	case head != w.seen:
		return "", Appended{}, &StaleError{Seen: w.seen, Head: head}
	}
	e := Event{Seq: head + 1, Kind: w.kind, Payload: w.body}
	at := s.stamp()
	if err := insertEvent(ctx, tx, tableID, e, w.token, at); err != nil {
		return "", Appended{}, s.failed(op, err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tables SET head = ?, updated_at = ? WHERE id = ?`, e.Seq, at, tableID); err != nil {
		return "", Appended{}, s.failed(op, err)
	}
	if err := s.d.notify(ctx, tx, headNotice(tableID, e.Seq)); err != nil {
		return "", Appended{}, s.failed(op, err)
	}
	e.At, _ = time.Parse(time.RFC3339Nano, at)
	return tableID, Appended{Event: e}, nil
}

// insertEvent writes one event of a table's log.
func insertEvent(ctx context.Context, tx *txn, tableID string, e Event, token, at string) error {
	_, err := tx.ExecContext(ctx,
		`INSERT INTO events (table_id, seq, kind, payload, client_token, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		tableID, e.Seq, string(e.Kind), string(e.Payload), nullable(token), at)
	return err
}

// byToken finds the event a form with this token already recorded.
func (s *Store) byToken(ctx context.Context, tableID, token string) (Event, bool, error) {
	e, err := scanEvent(s.read.QueryRowContext(ctx,
		`SELECT seq, kind, payload, created_at FROM events WHERE table_id = ? AND client_token = ?`, tableID, token))
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return Event{}, false, nil
	case err != nil:
		return Event{}, false, fmt.Errorf("event by token: %w", err)
	}
	return e, true, nil
}

// Events returns a table's whole log in order.
func (s *Store) Events(ctx context.Context, tableID string) ([]Event, error) {
	out, err := s.eventsFrom(ctx, tableID, 1)
	if err == nil && len(out) == 0 {
		return nil, ErrNotFound
	}
	return out, err
}

// eventsFrom returns a table's events from seq on, in order.
func (s *Store) eventsFrom(ctx context.Context, tableID string, seq int) ([]Event, error) {
	st, err := s.readStmt(ctx, `SELECT seq, kind, payload, created_at FROM events WHERE table_id = ? AND seq >= ? ORDER BY seq`)
	if err != nil {
		return nil, fmt.Errorf("events of a table: %w", err)
	}
	rows, err := st.QueryContext(ctx, tableID, seq)
	if err != nil {
		return nil, fmt.Errorf("events of a table: %w", err)
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		e, err := scanEvent(rows)
		if err != nil {
			return nil, fmt.Errorf("events of a table: %w", err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("events of a table: %w", err)
	}
	return out, nil
}

type scanner interface{ Scan(dest ...any) error }

func scanEvent(row scanner) (Event, error) {
	var e Event
	var kind, payload, at string
	if err := row.Scan(&e.Seq, &kind, &payload, &at); err != nil {
		return Event{}, err
	}
	e.Kind = Kind(kind)
	e.Payload = json.RawMessage(payload)
	e.At, _ = time.Parse(time.RFC3339Nano, at)
	return e, nil
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
