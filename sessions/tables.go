package sessions

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base32"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Summary is one line of the recent-tables list.
type Summary struct {
	// ID is the table's edit link (the one the phone holds).
	ID        string
	Game      string
	Name      string
	Moves     int
	UpdatedAt time.Time
	key       string
}

// newID returns 128 random bits in lower-case base32: unguessable, so a
// table cannot be found by trying ids.
func newID() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand panics on failure since Go 1.24)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// createTable inserts a table, its first event and its two links in one
// transaction, and returns its edit link. A repeated submit of the same
// form (same token) returns the table it made.
func (s *Store) createTable(ctx context.Context, token string, c TableCreated) (string, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return "", s.failed("create table", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit

	if token != "" {
		// Two servers given the same form at once make one table.
		if err := s.d.serialize(ctx, tx, "create "+token); err != nil {
			return "", s.failed("create table", err)
		}
		// The kind as a literal: the index of first events' tokens
		// (events_by_create_token) holds only those.
		var key string
		err := tx.QueryRowContext(ctx,
			`SELECT table_id FROM events WHERE client_token = ? AND kind = 'table_created'`, token).Scan(&key)
		switch {
		case err == nil:
			edit, _, err := current(ctx, tx, key, RoleEdit)
			return edit, err
		case !errors.Is(err, sql.ErrNoRows):
			return "", s.failed("create table", err)
		}
	}
	body, err := marshal(c)
	if err != nil {
		return "", fmt.Errorf("create table: %w", err)
	}
	key, at := newID(), s.stamp()
	edit, err := insertTable(ctx, tx, key, c, 1, at, at)
	if err != nil {
		return "", s.failed("create table", err)
	}
	if err := insertEvent(ctx, tx, key, Event{Seq: 1, Kind: KindTableCreated, Payload: body}, token, at); err != nil {
		return "", s.failed("create table", err)
	}
	if err := tx.Commit(); err != nil {
		return "", s.commitFailed("create table", err)
	}
	s.wrote()
	return edit, nil
}

// insertTable inserts a table's row with key key and its first edit and
// view-only links, and returns the edit link. The links are not the key,
// so nothing that names the key opens the table.
func insertTable(ctx context.Context, tx execer, key string, c TableCreated, head int, created, at string) (string, error) {
	edit, err := addLink(ctx, tx, key, RoleEdit, 1, "", at)
	if err != nil {
		return "", err
	}
	view, err := addLink(ctx, tx, key, RoleView, 1, "", at)
	if err != nil {
		return "", err
	}
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO tables (id, edit_link, read_id, game, name, head, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		key, edit, view, c.Game, c.Name, head, created, at); err != nil {
		return "", err
	}
	return edit, nil
}

// inList is the placeholders of an SQL "IN (…)" of values, and the
// values as its arguments.
func inList(values []string) (marks string, args []any) {
	args = make([]any, len(values))
	for i, v := range values {
		args[i] = v
	}
	return strings.TrimSuffix(strings.Repeat("?,", len(values)), ","), args
}

// Summaries lists the tables whose edit links are given (those a phone
// knows), most recently changed first; links that open nothing, or were
// replaced, are left out.
func (s *Store) Summaries(ctx context.Context, edits []string) ([]Summary, error) {
	edits = slices.DeleteFunc(slices.Clone(edits), func(l string) bool { return !storable(l) })
	if len(edits) == 0 {
		return []Summary{}, nil
	}
	marks, args := inList(edits)
	rows, err := s.read.QueryContext(ctx,
		`SELECT edit_link, id, game, name, head, updated_at FROM tables WHERE edit_link IN (`+marks+`) ORDER BY updated_at DESC`, args...)
	if err != nil {
		return nil, fmt.Errorf("recent tables: %w", err)
	}
	defer rows.Close()
	out := []Summary{}
	for rows.Next() {
		var t Summary
		var at string
		if err := rows.Scan(&t.ID, &t.key, &t.Game, &t.Name, &t.Moves, &at); err != nil {
			return nil, fmt.Errorf("recent tables: %w", err)
		}
		t.UpdatedAt, _ = time.Parse(time.RFC3339Nano, at)
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("recent tables: %w", err)
	}
	return out, nil
}
