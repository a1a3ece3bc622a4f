package sessions

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"tablemate/scoring"
)

// LeagueExport is a whole league as a portable file: its settings, its
// members and every table's event log.
type LeagueExport struct {
	Format  string   `json:"format"` // "tablemate-league"
	Version int      `json:"version"`
	Name    string   `json:"name"`
	Scheme  string   `json:"scheme"`
	Points  string   `json:"points,omitempty"`
	Members []Member `json:"members"`
	Tables  []Export `json:"tables"`
}

// ExportLeague returns a league with all its tables.
func (ts *Tables) ExportLeague(ctx context.Context, l League) (LeagueExport, error) {
	x := LeagueExport{Format: "tablemate-league", Version: ExportVersion, Name: l.Name, Scheme: string(l.Scheme),
		Points: l.PointsText, Members: l.Members, Tables: []Export{}}
	for _, key := range l.tables {
		t, err := ts.byKey(ctx, key)
		if err != nil {
			return LeagueExport{}, err
		}
		x.Tables = append(x.Tables, ExportOf(t))
	}
	return x, nil
}

// ImportLeague checks a league file (every table replayed through the
// engines, every player a member) and stores it as a new league with new
// links. Nothing is stored unless all of it is good. The league returned
// holds its admin link.
func (ts *Tables) ImportLeague(ctx context.Context, data []byte) (League, error) {
	var x LeagueExport
	if err := scoring.Decode(data, &x, ""); err != nil {
		return League{}, err
	}
	if x.Format != "tablemate-league" || x.Version != ExportVersion {
		return League{}, scoring.Errorf("format", "this is not a Tablemate league file of version %d", ExportVersion)
	}
	names := make([]string, len(x.Members))
	for i, m := range x.Members {
		names[i] = m.Name
	}
	// Check every table before writing anything: it replays, and everyone
	// at it is a member. What is left to fail while writing is the disk.
	for i, tx := range x.Tables {
		if err := ts.checkExport(tx, names); err != nil {
			return League{}, prefixed(err, scoring.Index("tables", i))
		}
	}
	l, err := ts.CreateLeague(ctx, x.Name, x.Scheme, x.Points, names)
	if err != nil {
		return League{}, err
	}
	if err := ts.fillLeague(ctx, l, x); err != nil {
		ts.dropLeague(ctx, l.ID)
		return League{}, err
	}
	return ts.reload(ctx, l)
}

func (ts *Tables) fillLeague(ctx context.Context, l League, x LeagueExport) error {
	for _, m := range x.Members {
		if m.Emoji != "" {
			if _, err := ts.store.write.ExecContext(ctx, `UPDATE league_members SET emoji = ? WHERE league_id = ? AND name = ?`, m.Emoji, l.ID, m.Name); err != nil {
				return fmt.Errorf("import league: %w", err)
			}
		}
	}
	l, err := ts.reload(ctx, l)
	if err != nil {
		return err
	}
	for _, m := range x.Members {
		if m.MergedInto != "" {
			if err := ts.MergeMembers(ctx, l, m.Name, m.MergedInto); err != nil {
				return prefixed(err, "members")
			}
		}
	}
	for i, tx := range x.Tables {
		data, err := marshal(tx)
		if err != nil {
			return err
		}
		id, err := ts.Import(ctx, data)
		if err != nil {
			return prefixed(err, scoring.Index("tables", i))
		}
		if err := ts.AddTable(ctx, l, id); err != nil {
			return prefixed(err, scoring.Index("tables", i))
		}
	}
	return nil
}

// checkExport replays an exported table without storing it and checks
// its players are among members.
func (ts *Tables) checkExport(x Export, members []string) error {
	events := make([]Event, len(x.Events))
	for i, e := range x.Events {
		events[i] = Event(e)
	}
	t, err := Replay("import", events, ts.find)
	if err != nil {
		return scoring.Errorf("events", "the log does not replay: %v", err)
	}
	for _, p := range t.Players {
		if !slices.ContainsFunc(members, func(m string) bool { return strings.EqualFold(m, p) }) {
			return scoring.Errorf("events", "%s plays at this table but is not a member", p)
		}
	}
	return nil
}

// dropLeague removes a league whose import failed half way. Its tables'
// events stay (the log is append-only) but belong to no league.
func (ts *Tables) dropLeague(ctx context.Context, id string) {
	for _, q := range []string{`DELETE FROM league_tables WHERE league_id = ?`, `DELETE FROM league_members WHERE league_id = ?`, `DELETE FROM leagues WHERE id = ?`} {
		ts.store.write.ExecContext(ctx, q, id)
	}
}

func prefixed(err error, prefix string) error {
	if in, ok := err.(*scoring.InputError); ok {
		return scoring.Refield(in, scoring.Join(prefix, in.Field))
	}
	return err
}
