package sessions

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/base32"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

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

// MaxLeagueTables bounds the tables a league counts.
const MaxLeagueTables = 1000

// CreateLeague starts a league; bad input is a *scoring.InputError.
func (ts *Tables) CreateLeague(ctx context.Context, name string, scheme string, points string, members []string) (League, error) {
	return ts.CreateLeagueOnce(ctx, "", name, scheme, points, members)
}

// CreateLeagueOnce is CreateLeague for a form with its one-time token: the
// same form sent again (a double tap, a resend after an answer that was
// lost) answers with the league it made instead of making a second one,
// also on another server. The token names the league's public id (its
// hash: nothing else can be told from it), so the second insert meets
// the first one's row.
func (ts *Tables) CreateLeagueOnce(ctx context.Context, token, name, scheme, points string, members []string) (League, error) {
	if err := checkToken(token); err != nil {
		return League{}, err
	}
	l, err := decideLeague(name, scheme, points, members)
	if err != nil {
		return League{}, err
	}
	if token != "" {
		l.ID = leagueIDOf(token)
	}
	tx, err := ts.store.write.BeginTx(ctx, nil)
	if err != nil {
		return League{}, ts.store.failed("create league", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	if err := ts.store.insertLeague(ctx, tx, &l); err != nil {
		if token != "" && ts.store.d.uniqueViolation(err) {
			tx.Rollback() //nolint:errcheck // PostgreSQL reads nothing more in a failed transaction
			made, err := ts.leagueMadeBy(ctx, l.ID)
			if err == nil && made.Name != l.Name {
				return League{}, ErrTokenUsed // the token made another league
			}
			return made, err
		}
		return League{}, ts.store.failed("create league", err)
	}
	if err := tx.Commit(); err != nil {
		return League{}, ts.store.commitFailed("create league", err)
	}
	ts.store.wrote()
	return l, nil
}

// leagueIDOf is the public id of the league a form with token makes: 128
// bits of the token's SHA-256, in the alphabet of every id.
func leagueIDOf(token string) string {
	sum := sha256.Sum256([]byte("tablemate league " + token))
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:16]))
}

// leagueMadeBy answers a league form sent again: the league it made, with
// the admin link it was given then (a link replaced since opens the page
// saying so, never the new one).
func (ts *Tables) leagueMadeBy(ctx context.Context, id string) (League, error) {
	var admin string
	err := ts.store.read.QueryRowContext(ctx, `SELECT id FROM links WHERE owner = ? AND role = ? AND gen = 1`, id, string(RoleAdmin)).Scan(&admin)
	if err != nil {
		return League{}, ts.store.failed("create league", err)
	}
	l, err := ts.loadLeague(ctx, id)
	if err != nil {
		return League{}, ts.store.failed("create league", err)
	}
	l.admin = admin
	return l, nil
}

// decideLeague checks a new league and returns it with its new public id
// (insertLeague makes its admin link).
func decideLeague(name string, scheme string, points string, members []string) (League, error) {
	l := League{Name: scoring.CleanName(name), PointsText: strings.TrimSpace(points)}
	if l.Name == "" || len([]rune(l.Name)) > MaxTableNameLen {
		return League{}, scoring.Errorf("name", "a league needs a name of at most %d characters", MaxTableNameLen)
	}
	if r, bad := scoring.Unwritable(l.Name); bad {
		return League{}, scoring.Errorf("name", "a league's name cannot hold control characters, invisible or private characters, or characters that turn the direction of text (it holds %s)", scoring.CodePoint(r))
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
		if m = scoring.CleanName(m); m != "" {
			names = append(names, m)
		}
	}
	if len(names) > MaxLeagueMembers {
		return League{}, scoring.Errorf("members", "a league has at most %d members", MaxLeagueMembers)
	}
	if err := scoring.SeatNames("members", names); err != nil {
		return League{}, err
	}
	for _, n := range names {
		l.Members = append(l.Members, Member{Name: n})
	}
	l.ID = newID()
	return l, nil
}

// insertLeague writes a new league with its members and its first admin
// link, which it keeps in l.
func (s *Store) insertLeague(ctx context.Context, tx *txn, l *League) error {
	at := s.stamp()
	admin, err := addLink(ctx, tx, l.ID, RoleAdmin, 1, "", at)
	if err != nil {
		return err
	}
	// admin_id (NOT NULL UNIQUE since 003) keeps the first admin link;
	// the links table decides which one works.
	if _, err := tx.ExecContext(ctx, `INSERT INTO leagues (id, admin_id, name, scheme, points, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		l.ID, admin, l.Name, string(l.Scheme), l.PointsText, at); err != nil {
		return err
	}
	l.admin = admin
	for _, m := range l.Members {
		if _, err := tx.ExecContext(ctx, `INSERT INTO league_members (league_id, name, emoji, merged_into) VALUES (?, ?, ?, ?)`,
			l.ID, m.Name, m.Emoji, nullable(m.MergedInto)); err != nil {
			return err
		}
	}
	return nil
}

// insertLeagueTable counts a table in a league.
func insertLeagueTable(ctx context.Context, tx *txn, leagueID, tableID, at string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO league_tables (league_id, table_id, added_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, leagueID, tableID, at)
	return err
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
	ts.count.leagueLookups.Add(1)
	if !storable(id) {
		return League{}, ErrNotFound
	}
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
	m, err := decideMember(l, name, emoji)
	if err != nil {
		return err
	}
	err = ts.asAdmin(ctx, l, "add member", `INSERT INTO league_members (league_id, name, emoji) VALUES (?, ?, ?)`, l.ID, m.Name, m.Emoji)
	if err != nil && ts.store.d.uniqueViolation(err) {
		return scoring.Errorf("name", "%q is already a member", m.Name) // added meanwhile by another phone
	}
	return err
}

// decideMember checks a new member of l.
func decideMember(l League, name, emoji string) (Member, error) {
	m := Member{Name: scoring.CleanName(name), Emoji: strings.TrimSpace(emoji)}
	if err := scoring.SeatNames("members", append(memberNames(l), m.Name)); err != nil {
		return m, scoring.Refield(err, "name")
	}
	if len(l.Members) >= MaxLeagueMembers {
		return m, scoring.Errorf("name", "a league has at most %d members", MaxLeagueMembers)
	}
	if len([]rune(m.Emoji)) > 4 || !plainEmoji(m.Emoji) {
		return m, scoring.Errorf("emoji", "one emoji or a short mark (at most 4 characters)")
	}
	return m, nil
}

// memberNames are the names of l's members, merged entries included.
func memberNames(l League) []string {
	names := make([]string, 0, len(l.Members))
	for _, m := range l.Members {
		names = append(names, m.Name)
	}
	return names
}

// plainEmoji is PlainText for an emoji, which may join its parts with
// the zero-width joiner (👩‍👧) and carry tag characters (a region's flag).
func plainEmoji(s string) bool {
	for _, r := range s {
		if r != '\u200d' && (r < 0xe0020 || r > 0xe007f) && !scoring.PlainText(string(r)) {
			return false
		}
	}
	return utf8.ValidString(s)
}

// MergeMembers records that from is the same person as into: every game
// of from counts for into from now on. Nothing in the tables changes.
func (ts *Tables) MergeMembers(ctx context.Context, l League, from, into string) error {
	if err := decideMerge(l, from, into); err != nil {
		return err
	}
	return ts.asAdmin(ctx, l, "merge members", `UPDATE league_members SET merged_into = ? WHERE league_id = ? AND name = ?`, into, l.ID, from)
}

// decideMerge checks that from and into are two members not merged yet.
func decideMerge(l League, from, into string) error {
	if strings.EqualFold(from, into) {
		return scoring.Errorf("into", "choose two different entries")
	}
	has := func(n string) bool {
		return slices.ContainsFunc(l.Members, func(m Member) bool { return strings.EqualFold(m.Name, n) && m.MergedInto == "" })
	}
	if !has(from) || !has(into) {
		return scoring.Errorf("from", "both entries must be members that are not merged already")
	}
	return nil
}

// AddTable counts the games of the table whose edit link is edit in the
// league (only the edit link proves the right to add a table). Every
// player at the table must be a member (or merged into one), so standings
// never invent people.
func (ts *Tables) AddTable(ctx context.Context, l League, edit string) error {
	t, err := ts.tableToAdd(ctx, edit)
	if err != nil {
		return err
	}
	if err := decideLeagueTable(l, t); err != nil {
		return err
	}
	return ts.asAdmin(ctx, l, "add table", `INSERT INTO league_tables (league_id, table_id, added_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, l.ID, t.Key, ts.store.stamp())
}

// tableToAdd loads the table whose edit link is edit for adding it to a
// league: a link that opens nothing, or was replaced, is bad input.
func (ts *Tables) tableToAdd(ctx context.Context, edit string) (Table, error) {
	t, err := ts.Table(ctx, edit)
	switch {
	case errors.Is(err, ErrNotFound):
		return t, scoring.Errorf("table", "no table has this link; paste a table's edit link")
	case errors.Is(err, ErrReplaced):
		return t, scoring.Errorf("table", "this edit link was replaced; paste the table's edit link in use")
	case err != nil:
		return t, ts.store.failed("add table", err)
	}
	return t, nil
}

// decideLeagueTable checks that everyone at t is a member of l and that l
// has room for another table.
func decideLeagueTable(l League, t Table) error {
	for _, p := range t.Players {
		if !slices.ContainsFunc(l.Members, func(m Member) bool { return strings.EqualFold(m.Name, p) }) {
			return scoring.Errorf("table", "%s is not a member of %s: add them first", p, l.Name)
		}
	}
	if len(l.tables) >= MaxLeagueTables && !slices.Contains(l.tables, t.Key) {
		return scoring.Errorf("table", "a league counts at most %d tables: start a new league for the next season", MaxLeagueTables)
	}
	return nil
}

// LeagueGame is one finished, valid game counted by a league: Game is
// the slug of the game it was and Sheet the name the table gave another
// game's sheet ("" for a game with rules); Result ranks it by its own
// rule.
type LeagueGame struct {
	TableName, Game string
	Sheet           string
	Number          int
	Result          league.Result
}

// Kind tells a league's games apart: the game's slug, and for another
// game's sheet its name too (as Game.Kind).
func (g LeagueGame) Kind() string { return KindOf(g.Game, g.Sheet) }

// asAdmin runs one statement that changes l, in a transaction that first
// checks l was opened through its admin link and that link is still in
// use: a replaced admin link changes nothing, even a moment after. op
// names the change in errors (a storage failure is ErrNotSaved).
func (ts *Tables) asAdmin(ctx context.Context, l League, op, query string, args ...any) error {
	return ts.asAdminTx(ctx, l, op, func(tx *txn) error {
		_, err := tx.ExecContext(ctx, query, args...)
		return err
	})
}

// asAdminTx is asAdmin for a change of several statements: write runs
// inside the checked transaction; an error it returns that is a
// *scoring.InputError is returned as it is, any other is a storage failure.
func (ts *Tables) asAdminTx(ctx context.Context, l League, op string, write func(tx *txn) error) error {
	if l.admin == "" {
		return ErrNotAdmin
	}
	tx, err := ts.store.write.BeginTx(ctx, nil)
	if err != nil {
		return ts.store.failed(op, err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	owner, _, err := resolve(ctx, tx, l.admin, RoleAdmin)
	if err != nil {
		return linkFailed(ts.store, op, err)
	}
	if owner != l.ID {
		return ErrNotAdmin
	}
	if err := write(tx); err != nil {
		var in *scoring.InputError
		if errors.As(err, &in) {
			return err
		}
		return ts.store.failed(op, err)
	}
	if err := tx.Commit(); err != nil {
		return ts.store.commitFailed(op, err)
	}
	ts.store.wrote()
	return nil
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
	marks, args := inList(tableIDs)
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
