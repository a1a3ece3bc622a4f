package sessions

import (
	"context"
	"encoding/json"
	"time"
)

// ExportVersion is the format version of an exported table.
const ExportVersion = 1

// Export is a whole table as a portable file: its event log. Importing it
// runs every event through the command that made it (ImportFile), so
// nothing but the events needs to be trusted.
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
	x := Export{Format: "tablemate-table", Version: ExportVersion, Name: t.Name, Game: t.Opened}
	for _, e := range t.Log.All() {
		x.Events = append(x.Events, ExportEvent{Seq: e.Seq, Kind: e.Kind, Payload: e.Payload, At: e.At})
	}
	return x
}
