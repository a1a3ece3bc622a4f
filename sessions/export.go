package sessions

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"tablemate/scoring"
)

// ExportVersion is the format version of an exported table.
const ExportVersion = 1

// Export is a whole table as a portable file: its event log. Importing it
// replays the log, so nothing but the events needs to be trusted.
type Export struct {
	Format  string        `json:"format"` // "tablemate-table"
	Version int           `json:"version"`
	Name    string        `json:"name"`
	Game    string        `json:"game"`
	Events  []ExportEvent `json:"events"`
}

// ExportEvent is one event of an exported log.
type ExportEvent struct {
	Seq     int             `json:"seq"`
	Kind    Kind            `json:"kind"`
	Payload json.RawMessage `json:"payload"`
	At      time.Time       `json:"at"`
}

// Export returns the complete log of the table whose edit link is edit.
func (ts *Tables) Export(ctx context.Context, edit string) (Export, error) {
	t, err := ts.Table(ctx, edit)
	if err != nil {
		return Export{}, err
	}
	return ExportOf(t), nil
}

// ExportOf is a replayed table as an export: its events, never its links
// or its key.
func ExportOf(t Table) Export {
	x := Export{Format: "tablemate-table", Version: ExportVersion, Name: t.Name, Game: t.Info.Slug}
	for _, e := range t.Log {
		x.Events = append(x.Events, ExportEvent{Seq: e.Seq, Kind: e.Kind, Payload: e.Payload, At: e.At})
	}
	return x
}

// maxImportEvents bounds an imported log (a very long evening is a few
// hundred events).
const maxImportEvents = 100_000

// Import checks an exported table by replaying it through the engines and
// stores it as a new table with new links, all in one transaction: a bad
// file writes nothing. It returns the new table's edit link. Errors are
// *scoring.InputError naming what is wrong.
func (ts *Tables) Import(ctx context.Context, data []byte) (string, error) {
	var x Export
	if err := scoring.Decode(data, &x, ""); err != nil {
		return "", err
	}
	switch {
	case x.Format != "tablemate-table":
		return "", scoring.Errorf("format", "this is not an exported Tablemate table")
	case x.Version != ExportVersion:
		return "", scoring.Errorf("version", "version %d is not one this Tablemate reads (%d)", x.Version, ExportVersion)
	case len(x.Events) == 0:
		return "", scoring.Errorf("events", "the file holds no events")
	case len(x.Events) > maxImportEvents:
		return "", scoring.Errorf("events", "the file holds more than %d events", maxImportEvents)
	}
	events := make([]Event, len(x.Events))
	for i, e := range x.Events {
		if e.Seq != i+1 {
			return "", scoring.Errorf(scoring.Index("events", i)+".seq", "events must be numbered 1, 2, 3 … in order; found %d", e.Seq)
		}
		events[i] = Event(e)
	}
	t, err := Replay("import", events, ts.find)
	if err != nil {
		return "", scoring.Errorf("events", "the log does not replay: %s", strings.TrimPrefix(err.Error(), "replay import: "))
	}
	var created TableCreated
	json.Unmarshal(events[0].Payload, &created) // Replay read it already
	if created.Game != x.Game || t.Name != x.Name {
		return "", scoring.Errorf("events[0]", "the log starts a table of %q named %q, but the file says %q named %q", created.Game, t.Name, x.Game, x.Name)
	}
	if err := ts.checkImported(t, created); err != nil {
		return "", err
	}
	return ts.store.importTable(ctx, created, events)
}

// checkImported applies the checks a live table gets: names and counts.
func (ts *Tables) checkImported(t Table, c TableCreated) error {
	if len(c.Players) < t.Info.MinPlayers || len(t.Players) > t.Info.MaxPlayers {
		return scoring.Errorf("events", "%s is played by %d to %d players", t.Info.Title, t.Info.MinPlayers, t.Info.MaxPlayers)
	}
	if err := scoring.CheckNames("players", t.Players); err != nil {
		return scoring.Errorf("events", "player names: %s", err.Error())
	}
	for _, g := range t.Games {
		if g.Err != "" {
			return scoring.Errorf("events", "game %d cannot be read: %s", g.Number, g.Err)
		}
	}
	return nil
}

// importTable writes a replayed log as a new table in one transaction.
func (s *Store) importTable(ctx context.Context, c TableCreated, events []Event) (string, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return "", fmt.Errorf("import: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	id, now := newID(), s.stamp()
	last := events[len(events)-1]
	edit, err := insertTable(ctx, tx, id, c, last.Seq, stampOf(events[0].At, now), now)
	if err != nil {
		return "", fmt.Errorf("import: %w", err)
	}
	for _, e := range events {
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO events (table_id, seq, kind, payload, created_at) VALUES (?, ?, ?, ?, ?)`,
			id, e.Seq, string(e.Kind), string(e.Payload), stampOf(e.At, now)); err != nil {
			return "", fmt.Errorf("import event %d: %w", e.Seq, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return "", fmt.Errorf("import: commit: %w", err)
	}
	return edit, nil
}

func stampOf(t time.Time, fallback string) string {
	if t.IsZero() {
		return fallback
	}
	return t.UTC().Format(time.RFC3339Nano)
}
