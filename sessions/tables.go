package sessions

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base32"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Summary is one line of the recent-tables list.
type Summary struct {
	ID        string
	Game      string
	Name      string
	Moves     int
	UpdatedAt time.Time
}

// newID returns 128 random bits in lower-case base32: unguessable, so a
// table cannot be found by trying ids.
func newID() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand panics on failure since Go 1.24)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// createTable inserts a table and its first event in one transaction. A
// repeated submit of the same form (same token) returns the table it made.
func (s *Store) createTable(ctx context.Context, token string, c TableCreated) (string, error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return "", s.failed("create table", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit

	if token != "" {
		var id string
		err := tx.QueryRowContext(ctx,
			`SELECT table_id FROM events WHERE client_token = ? AND kind = ?`, token, string(KindTableCreated)).Scan(&id)
		switch {
		case err == nil:
			return id, nil
		case !errors.Is(err, sql.ErrNoRows):
			return "", s.failed("create table", err)
		}
	}
	id, err := s.insertTable(ctx, tx, c, token, s.stamp())
	if err != nil {
		return "", s.failed("create table", err)
	}
	if err := tx.Commit(); err != nil {
		return "", s.failed("create table: commit", err)
	}
	s.wrote()
	return id, nil
}

// insertTable writes a new table with its first event, created at at, and
// returns its id.
func (s *Store) insertTable(ctx context.Context, tx *sql.Tx, c TableCreated, token, at string) (string, error) {
	body, err := marshal(c)
	if err != nil {
		return "", err
	}
	id := newID()
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO tables (id, read_id, game, name, head, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)`,
		id, newID(), c.Game, c.Name, at, at); err != nil {
		return "", err
	}
	return id, insertEvent(ctx, tx, id, Event{Seq: 1, Kind: KindTableCreated, Payload: body}, token, at)
}

// ByReadID finds the table whose read-only link is readID, returning the
// table's id and ErrNotFound when there is none.
func (s *Store) ByReadID(ctx context.Context, readID string) (string, error) {
	var id string
	err := s.read.QueryRowContext(ctx, `SELECT id FROM tables WHERE read_id = ?`, readID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("table by read link: %w", err)
	}
	return id, nil
}

// ReadID returns the read-only link id of a table.
func (s *Store) ReadID(ctx context.Context, id string) (string, error) {
	var rid string
	err := s.read.QueryRowContext(ctx, `SELECT read_id FROM tables WHERE id = ?`, id).Scan(&rid)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("read link of %s: %w", id, err)
	}
	return rid, nil
}

// Summaries lists the tables with the given ids (those a phone knows),
// most recently changed first; unknown ids are left out.
func (s *Store) Summaries(ctx context.Context, ids []string) ([]Summary, error) {
	if len(ids) == 0 {
		return []Summary{}, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")
	rows, err := s.read.QueryContext(ctx,
		`SELECT id, game, name, head, updated_at FROM tables WHERE id IN (`+marks+`) ORDER BY updated_at DESC`, args...)
	if err != nil {
		return nil, fmt.Errorf("recent tables: %w", err)
	}
	defer rows.Close()
	out := []Summary{}
	for rows.Next() {
		var t Summary
		var at string
		if err := rows.Scan(&t.ID, &t.Game, &t.Name, &t.Moves, &at); err != nil {
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
