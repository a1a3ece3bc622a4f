package sessions

import (
	"bytes"
	"context"
	"encoding/json"
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

// ImportLeague stores a league file (ExportLeague) as a new league with
// new links; see ImportFile. The league returned holds its admin link.
func (ts *Tables) ImportLeague(ctx context.Context, data []byte) (League, error) {
	im, err := ts.ImportFile(ctx, bytes.NewReader(data))
	if err == nil && im.League == nil {
		return League{}, scoring.Errorf("format", "this is not a Tablemate league file of version %d", ExportVersion)
	}
	if err != nil {
		return League{}, err
	}
	return *im.League, nil
}

// importLeague reads the rest of a league file (its header is read) the
// way its admin built it: the league started with its members, the
// members with an emoji added, the merges made, then every table entered
// move by move and added. Each step runs the live check; nothing is
// written unless all of it passes, and then all in one transaction.
// With a one-time token an import made already, nothing is written and
// the league it made is returned, *again set.
func (ts *Tables) importLeague(ctx context.Context, dec *json.Decoder, h header, token string, again *bool) (League, error) {
	if err := h.known("", "format", "version", "name", "scheme", "points", "members"); err != nil {
		return League{}, err
	}
	var name, scheme, points string
	var members []Member
	for f, v := range map[string]any{"name": &name, "scheme": &scheme, "points": &points, "members": &members} {
		if err := decodeField(h.fields, f, v, ""); err != nil {
			return League{}, err
		}
	}
	var plain []string
	for _, m := range members {
		if m.Emoji == "" {
			plain = append(plain, m.Name)
		}
	}
	l, err := decideLeague(name, scheme, points, plain)
	if err != nil {
		return League{}, err
	}
	for i, m := range members {
		if m.Emoji == "" {
			continue
		}
		added, err := decideMember(l, m.Name, m.Emoji)
		if err != nil {
			return League{}, prefixed(err, scoring.Index("members", i))
		}
		l.Members = append(l.Members, added)
	}
	if err := mergeInOrder(&l, members); err != nil {
		return League{}, err
	}
	var tables []*pendingTable
	if h.list == "tables" {
		if err := expect(dec, json.Delim('['), "tables", scoring.Errorf("tables", "the tables must be a list")); err != nil {
			return League{}, err
		}
		for i := 0; dec.More(); i++ {
			field := scoring.Index("tables", i)
			th, err := readHeader(dec, field)
			if err != nil {
				return League{}, err
			}
			p, err := ts.readTable(dec, th, field)
			if err != nil {
				return League{}, err
			}
			if err := decideLeagueTable(l, p.t); err != nil {
				return League{}, prefixed(err, field)
			}
			l.tables = append(l.tables, p.t.Key)
			tables = append(tables, p)
		}
		if err := expect(dec, json.Delim(']'), "tables", scoring.Errorf("tables", "the tables must be a list")); err != nil {
			return League{}, err
		}
	}
	if err := readEnd(dec, ""); err != nil {
		return League{}, err
	}
	if token != "" {
		l.ID = leagueIDOf(token)
	}
	made, madeLeague, err := ts.store.writeImport(ctx, &l, tables, ts.deriver, token)
	if err != nil {
		return League{}, err
	}
	if madeLeague != "" {
		// The league the token's import made, which had no table.
		*again = true
		admin, _, err := current(ctx, ts.store.read, madeLeague, RoleAdmin)
		if err != nil {
			return League{}, err
		}
		return ts.LeagueByAdmin(ctx, admin)
	}
	if made != "" {
		// The league the token's import made: the first league its
		// first table was added to.
		*again = true
		var id string
		if err := ts.store.read.QueryRowContext(ctx, `SELECT league_id FROM league_tables WHERE table_id = ? ORDER BY added_at LIMIT 1`, made).Scan(&id); err != nil {
			return League{}, linkFailed(ts.store, "import league", err)
		}
		admin, _, err := current(ctx, ts.store.read, id, RoleAdmin)
		if err != nil {
			return League{}, err
		}
		return ts.LeagueByAdmin(ctx, admin)
	}
	for _, p := range tables {
		ts.cache.put(p.t)
	}
	return ts.reload(ctx, l)
}

// mergeInOrder makes the file's merges with the live check, each while
// both entries are unmerged: a merge into an entry comes before that
// entry's own merge (Bob → Ben, then Ben → Benjamin).
func mergeInOrder(l *League, members []Member) error {
	pending := map[string]string{}
	for _, m := range members {
		if m.MergedInto != "" {
			pending[strings.ToLower(m.Name)] = m.MergedInto
		}
	}
	for len(pending) > 0 {
		progress := false
		for _, m := range members {
			into, ok := pending[strings.ToLower(m.Name)]
			if !ok || waiting(pending, m.Name) {
				continue
			}
			if err := decideMerge(*l, m.Name, into); err != nil {
				return prefixed(err, "members")
			}
			for i := range l.Members {
				if strings.EqualFold(l.Members[i].Name, m.Name) {
					l.Members[i].MergedInto = into
				}
			}
			delete(pending, strings.ToLower(m.Name))
			progress = true
		}
		if !progress {
			return scoring.Errorf("members", "the members' merges go round in a circle")
		}
	}
	return nil
}

// waiting reports whether some pending merge goes into name (it must be
// made before name's own).
func waiting(pending map[string]string, name string) bool {
	for from, into := range pending {
		if strings.EqualFold(into, name) && !strings.EqualFold(from, name) {
			return true
		}
	}
	return false
}
