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
// standings are scored. ID is its public id (the standings link); the
// admin link is kept only when the league was opened through it
// (LeagueByAdmin, CreateLeague), and only such a League can be changed.
type League struct {
	ID, Name   string
	Scheme     league.Scheme
	Points     []float64 // placing points, first place first
	PointsText string
	Members    []Member
	Created    time.Time
	// tables are the keys of the tables counted, in the order added.
	tables []string
	// admin is the admin link the league was opened through ("" when
	// opened by its public id).
	admin string
}

// AdminLink is the admin link the league was opened through, "" when it
// was opened by its public id.
func (l League) AdminLink() string { return l.admin }

// Counts reports whether the league counts the table s.
func (l League) Counts(s Summary) bool { return slices.Contains(l.tables, s.key) }

// Tables is how many tables the league counts.
func (l League) Tables() int { return len(l.tables) }

// ErrNotAdmin means a league opened by its public id was asked to change.
var ErrNotAdmin = errors.New("only the league's admin link can change it")

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
	l.ID = newID()
	tx, err := ts.store.write.BeginTx(ctx, nil)
	if err != nil {
		return League{}, fmt.Errorf("create league: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	at := ts.store.stamp()
	if l.admin, err = addLink(ctx, tx, l.ID, RoleAdmin, 1, "", at); err != nil {
		return League{}, fmt.Errorf("create league: %w", err)
	}
	// admin_id (NOT NULL UNIQUE since 003) keeps the first admin link;
	// the links table decides which one works.
	if _, err := tx.ExecContext(ctx, `INSERT INTO leagues (id, admin_id, name, scheme, points, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		l.ID, l.admin, l.Name, string(l.Scheme), l.PointsText, at); err != nil {
		return League{}, fmt.Errorf("create league: %w", err)
	}
	for _, n := range names {
		if _, err := tx.ExecContext(ctx, `INSERT INTO league_members (league_id, name) VALUES (?, ?)`, l.ID, n); err != nil {
			return League{}, fmt.Errorf("create league: %w", err)
		}
	}
	return l, tx.Commit()
}

// League loads a league by its public id: it can be shown, not changed.
func (ts *Tables) League(ctx context.Context, id string) (League, error) {
	return ts.loadLeague(ctx, id)
}

// LeagueByAdmin loads the league whose admin link is admin. A link that is
// not one is ErrNotFound; one that was replaced is a *ReplacedError.
func (ts *Tables) LeagueByAdmin(ctx context.Context, admin string) (League, error) {
	id, _, err := resolve(ctx, ts.store.read, admin, RoleAdmin)
	if err != nil {
		return League{}, err
	}
	l, err := ts.loadLeague(ctx, id)
	l.admin = admin
	return l, err
}

// AdminGen is the generation of the league's admin link in use (the
// version a form replacing it must have seen).
func (ts *Tables) AdminGen(ctx context.Context, l League) (int, error) {
	_, gen, err := current(ctx, ts.store.read, l.ID, RoleAdmin)
	return gen, err
}

// reload reads l again after a change, keeping how it was opened.
func (ts *Tables) reload(ctx context.Context, l League) (League, error) {
	fresh, err := ts.loadLeague(ctx, l.ID)
	fresh.admin = l.admin
	return fresh, err
}

func (ts *Tables) loadLeague(ctx context.Context, id string) (League, error) {
	var l League
	var scheme, at string
	err := ts.store.read.QueryRowContext(ctx, `SELECT id, name, scheme, points, created_at FROM leagues WHERE id = ?`, id).
		Scan(&l.ID, &l.Name, &scheme, &l.PointsText, &at)
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
		l.tables = append(l.tables, id)
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
	err := ts.asAdmin(ctx, l, `INSERT INTO league_members (league_id, name, emoji) VALUES (?, ?, ?)`, l.ID, name, emoji)
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
	err := ts.asAdmin(ctx, l, `UPDATE league_members SET merged_into = ? WHERE league_id = ? AND name = ?`, into, l.ID, from)
	if err != nil {
		return fmt.Errorf("merge members: %w", err)
	}
	return nil
}

// AddTable counts the games of the table whose edit link is edit in the
// league (only the edit link proves the right to add a table). Every
// player at the table must be a member (or merged into one), so standings
// never invent people.
func (ts *Tables) AddTable(ctx context.Context, l League, edit string) error {
	t, err := ts.Table(ctx, edit)
	if errors.Is(err, ErrNotFound) {
		return scoring.Errorf("table", "no table has this link; paste a table's edit link")
	}
	if errors.Is(err, ErrReplaced) {
		return scoring.Errorf("table", "this edit link was replaced; paste the table's edit link in use")
	}
	if err != nil {
		return err
	}
	for _, p := range t.Players {
		if !slices.ContainsFunc(l.Members, func(m Member) bool { return strings.EqualFold(m.Name, p) }) {
			return scoring.Errorf("table", "%s is not a member of %s: add them first", p, l.Name)
		}
	}
	err = ts.asAdmin(ctx, l, `INSERT OR IGNORE INTO league_tables (league_id, table_id, added_at) VALUES (?, ?, ?)`, l.ID, t.Key, ts.store.stamp())
	if err != nil {
		return fmt.Errorf("add table: %w", err)
	}
	return nil
}

// LeagueGame is one finished, valid game counted by a league.
type LeagueGame struct {
	TableName, Game string
	Number          int
	Result          league.Result
}

// LeagueGames replays the league's tables and returns their finished,
// valid games in the order the tables were added, with names mapped to
// members. Invalid or unfinished games do not count (the table shows why).
func (ts *Tables) LeagueGames(ctx context.Context, l League) ([]LeagueGame, error) {
	var out []LeagueGame
	for _, id := range l.tables {
		t, err := ts.byKey(ctx, id)
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
			out = append(out, LeagueGame{TableName: t.Name, Game: t.Info.Slug, Number: g.Number, Result: r})
		}
	}
	return out, nil
}

// asAdmin runs one statement that changes l, in a transaction that first
// checks l was opened through its admin link and that link is still in
// use: a replaced admin link changes nothing, even a moment after.
func (ts *Tables) asAdmin(ctx context.Context, l League, query string, args ...any) error {
	if l.admin == "" {
		return ErrNotAdmin
	}
	tx, err := ts.store.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	owner, _, err := resolve(ctx, tx, l.admin, RoleAdmin)
	if err != nil {
		return err
	}
	if owner != l.ID {
		return ErrNotAdmin
	}
	if _, err := tx.ExecContext(ctx, query, args...); err != nil {
		return err
	}
	return tx.Commit()
}

// LeagueTable is one table of a league as its pages list it: through its
// view-only link, whoever looks (an admin link is no edit link).
type LeagueTable struct {
	Name, Game string // Game is the slug
	View       string
}

// LeagueTables lists the league's tables in the order they were added.
func (ts *Tables) LeagueTables(ctx context.Context, l League) ([]LeagueTable, error) {
	out := make([]LeagueTable, 0, len(l.tables))
	for _, key := range l.tables {
		t, err := ts.byKey(ctx, key)
		if err != nil {
			return nil, err
		}
		view, err := ts.ViewLink(ctx, key)
		if err != nil {
			return nil, err
		}
		out = append(out, LeagueTable{Name: t.Name, Game: t.Info.Slug, View: view})
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
