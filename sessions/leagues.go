package sessions

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"tablemate/scoring"
	"tablemate/sessions/league"
)

// MaxLeagueMembers bounds a league's member list.
const MaxLeagueMembers = 100

// League is a season: members, the tables played for it, and how its
// standings are scored.
type League struct {
	ID, AdminID, Name string
	Scheme            league.Scheme
	Points            []float64 // placing points, first place first
	PointsText        string
	Members           []Member
	TableIDs          []string
	Created           time.Time
}

// Member is a league's player identity.
type Member struct {
	Name, Emoji string
	MergedInto  string // "" unless this entry is the same person as another
}

// Canonical maps a name as written at a table to the member it counts as.
func (l League) Canonical(name string) string {
	for range len(l.Members) + 1 { // follow merges, never loop forever
		next := ""
		for _, m := range l.Members {
			if strings.EqualFold(m.Name, name) {
				if m.MergedInto == "" {
					return m.Name
				}
				next = m.MergedInto
			}
		}
		if next == "" {
			return name
		}
		name = next
	}
	return name
}

// CreateLeague starts a league; bad input is a *scoring.InputError.
func (ts *Tables) CreateLeague(ctx context.Context, name string, scheme string, points string, members []string) (League, error) {
	l := League{Name: strings.TrimSpace(name), PointsText: strings.TrimSpace(points)}
	if l.Name == "" || len([]rune(l.Name)) > MaxTableNameLen {
		return League{}, scoring.Errorf("name", "a league needs a name of at most %d characters", MaxTableNameLen)
	}
	sc, err := league.ParseScheme(scheme)
	if err != nil {
		return League{}, scoring.Refield(err, "scheme")
	}
	l.Scheme = sc
	if sc == league.Placing {
		if l.PointsText == "" {
			l.PointsText = "3/2/1/0"
		}
		if l.Points, err = league.ParsePoints(l.PointsText); err != nil {
			return League{}, scoring.Refield(err, "points")
		}
	} else {
		l.PointsText = ""
	}
	var names []string
	for _, m := range members {
		if m = strings.TrimSpace(m); m != "" {
			names = append(names, m)
		}
	}
	if len(names) > MaxLeagueMembers {
		return League{}, scoring.Errorf("members", "a league has at most %d members", MaxLeagueMembers)
	}
	if err := scoring.CheckNames("members", names); err != nil {
		return League{}, err
	}
	l.ID, l.AdminID = newID(), newID()
	tx, err := ts.store.write.BeginTx(ctx, nil)
	if err != nil {
		return League{}, fmt.Errorf("create league: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	if _, err := tx.ExecContext(ctx, `INSERT INTO leagues (id, admin_id, name, scheme, points, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		l.ID, l.AdminID, l.Name, string(l.Scheme), l.PointsText, ts.store.stamp()); err != nil {
		return League{}, fmt.Errorf("create league: %w", err)
	}
	for _, n := range names {
		if _, err := tx.ExecContext(ctx, `INSERT INTO league_members (league_id, name) VALUES (?, ?)`, l.ID, n); err != nil {
			return League{}, fmt.Errorf("create league: %w", err)
		}
	}
	return l, tx.Commit()
}

// League loads a league by its public id.
func (ts *Tables) League(ctx context.Context, id string) (League, error) {
	return ts.loadLeague(ctx, `SELECT id, admin_id, name, scheme, points, created_at FROM leagues WHERE id = ?`, id)
}

// LeagueByAdmin loads a league by its admin link.
func (ts *Tables) LeagueByAdmin(ctx context.Context, adminID string) (League, error) {
	return ts.loadLeague(ctx, `SELECT id, admin_id, name, scheme, points, created_at FROM leagues WHERE admin_id = ?`, adminID)
}

func (ts *Tables) loadLeague(ctx context.Context, query, key string) (League, error) {
	var l League
	var scheme, at string
	err := ts.store.read.QueryRowContext(ctx, query, key).Scan(&l.ID, &l.AdminID, &l.Name, &scheme, &l.PointsText, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return League{}, ErrNotFound
	}
	if err != nil {
		return League{}, fmt.Errorf("league: %w", err)
	}
	l.Scheme = league.Scheme(scheme)
	l.Created, _ = time.Parse(time.RFC3339Nano, at)
	if l.Scheme == league.Placing {
		l.Points, _ = league.ParsePoints(l.PointsText)
	}
	rows, err := ts.store.read.QueryContext(ctx, `SELECT name, emoji, coalesce(merged_into, '') FROM league_members WHERE league_id = ? ORDER BY name`, l.ID)
	if err != nil {
		return League{}, fmt.Errorf("league members: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var m Member
		if err := rows.Scan(&m.Name, &m.Emoji, &m.MergedInto); err != nil {
			return League{}, fmt.Errorf("league members: %w", err)
		}
		l.Members = append(l.Members, m)
	}
	if err := rows.Err(); err != nil {
		return League{}, fmt.Errorf("league members: %w", err)
	}
	trows, err := ts.store.read.QueryContext(ctx, `SELECT table_id FROM league_tables WHERE league_id = ? ORDER BY added_at`, l.ID)
	if err != nil {
		return League{}, fmt.Errorf("league tables: %w", err)
	}
	defer trows.Close()
	for trows.Next() {
		var id string
		if err := trows.Scan(&id); err != nil {
			return League{}, fmt.Errorf("league tables: %w", err)
		}
		l.TableIDs = append(l.TableIDs, id)
	}
	return l, trows.Err()
}

// AddMember adds a player identity to a league.
func (ts *Tables) AddMember(ctx context.Context, l League, name, emoji string) error {
	name, emoji = strings.TrimSpace(name), strings.TrimSpace(emoji)
	names := []string{}
	for _, m := range l.Members {
		names = append(names, m.Name)
	}
	if err := scoring.CheckNames("members", append(names, name)); err != nil {
		return scoring.Refield(err, "name")
	}
	if len(l.Members) >= MaxLeagueMembers {
		return scoring.Errorf("name", "a league has at most %d members", MaxLeagueMembers)
	}
	if len([]rune(emoji)) > 4 {
		return scoring.Errorf("emoji", "one emoji or a short mark (at most 4 characters)")
	}
	_, err := ts.store.write.ExecContext(ctx, `INSERT INTO league_members (league_id, name, emoji) VALUES (?, ?, ?)`, l.ID, name, emoji)
	if err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed") {
		return scoring.Errorf("name", "%q is already a member", name) // added meanwhile by another phone
	}
	if err != nil {
		return fmt.Errorf("add member: %w", err)
	}
	return nil
}

// MergeMembers records that from is the same person as into: every game
// of from counts for into from now on. Nothing in the tables changes.
func (ts *Tables) MergeMembers(ctx context.Context, l League, from, into string) error {
	if strings.EqualFold(from, into) {
		return scoring.Errorf("into", "choose two different entries")
	}
	has := func(n string) bool {
		return slices.ContainsFunc(l.Members, func(m Member) bool { return strings.EqualFold(m.Name, n) && m.MergedInto == "" })
	}
	if !has(from) || !has(into) {
		return scoring.Errorf("from", "both entries must be members that are not merged already")
	}
	_, err := ts.store.write.ExecContext(ctx, `UPDATE league_members SET merged_into = ? WHERE league_id = ? AND name = ?`, into, l.ID, from)
	if err != nil {
		return fmt.Errorf("merge members: %w", err)
	}
	return nil
}

// AddTable counts a table's games in the league. Every player at the table
// must be a member (or merged into one), so standings never invent people.
func (ts *Tables) AddTable(ctx context.Context, l League, tableID string) error {
	t, err := ts.Table(ctx, tableID)
	if errors.Is(err, ErrNotFound) {
		return scoring.Errorf("table", "no table has this link; paste a table's edit link")
	}
	if err != nil {
		return err
	}
	for _, p := range t.Players {
		if !slices.ContainsFunc(l.Members, func(m Member) bool { return strings.EqualFold(m.Name, p) }) {
			return scoring.Errorf("table", "%s is not a member of %s: add them first", p, l.Name)
		}
	}
	_, err = ts.store.write.ExecContext(ctx, `INSERT OR IGNORE INTO league_tables (league_id, table_id, added_at) VALUES (?, ?, ?)`, l.ID, tableID, ts.store.stamp())
	if err != nil {
		return fmt.Errorf("add table: %w", err)
	}
	return nil
}

// LeagueGame is one finished, valid game counted by a league.
type LeagueGame struct {
	TableID, TableName, Game string
	Number                   int
	Result                   league.Result
}

// LeagueGames replays the league's tables and returns their finished,
// valid games in the order the tables were added, with names mapped to
// members. Invalid or unfinished games do not count (the table shows why).
func (ts *Tables) LeagueGames(ctx context.Context, l League) ([]LeagueGame, error) {
	var out []LeagueGame
	for _, id := range l.TableIDs {
		t, err := ts.Table(ctx, id)
		if err != nil {
			return nil, err
		}
		for _, g := range t.Games {
			if !g.Result.Valid || !g.Result.GameOver {
				continue
			}
			r := league.Result{Totals: map[string]int{}, LowestWins: t.Info.LowestWins}
			for _, p := range g.Result.Players {
				r.Totals[l.Canonical(p.Name)] += p.Total
			}
			out = append(out, LeagueGame{TableID: id, TableName: t.Name, Game: t.Info.Slug, Number: g.Number, Result: r})
		}
	}
	return out, nil
}

// LeagueRef names a league.
type LeagueRef struct {
	ID, Name string
}

// LeaguesOf returns, per table id, the leagues that count that table.
func (ts *Tables) LeaguesOf(ctx context.Context, tableIDs []string) (map[string][]LeagueRef, error) {
	out := map[string][]LeagueRef{}
	if len(tableIDs) == 0 {
		return out, nil
	}
	args := make([]any, len(tableIDs))
	for i, id := range tableIDs {
		args[i] = id
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(tableIDs)), ",")
	rows, err := ts.store.read.QueryContext(ctx,
		`SELECT lt.table_id, l.id, l.name FROM league_tables lt JOIN leagues l ON l.id = lt.league_id
		 WHERE lt.table_id IN (`+marks+`) ORDER BY l.name`, args...)
	if err != nil {
		return nil, fmt.Errorf("leagues of tables: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var table string
		var l LeagueRef
		if err := rows.Scan(&table, &l.ID, &l.Name); err != nil {
			return nil, fmt.Errorf("leagues of tables: %w", err)
		}
		out[table] = append(out[table], l)
	}
	return out, rows.Err()
}
