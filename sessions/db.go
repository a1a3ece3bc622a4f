package sessions

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"unicode/utf8"

	"tablemate/scoring"
)

// dialect is what the two engines' SQL differs in. Every query is written
// by hand once, with SQLite's ? placeholders; the dialect turns them into
// its own ($1, $2 … for PostgreSQL) and says what else is its own: how a
// write transaction locks what it read, how other processes learn of a
// commit, which errors are storage failures, the migrations and the
// schema version, backups, and how Follow learns of outside writes.
type dialect interface {
	// rebind puts the dialect's placeholders in for the ? of query.
	rebind(query string) string
	// freshBlobs reports whether the driver hands each row's blobs as
	// bytes of their own, made for that row and never reused (so a
	// sql.RawBytes of it may be kept after the row).
	freshBlobs() bool
	// lockRows is what a SELECT in a write transaction ends with to keep
	// the rows it read from changing until the transaction ends.
	lockRows() string
	// serialize makes the write transactions that name the same key wait
	// for each other until they end.
	serialize(ctx context.Context, tx *txn, key string) error
	// notify tells the other processes on the database msg (a change
	// notice, see follow.go) once tx commits.
	notify(ctx context.Context, tx *txn, msg string) error
	// storageFailure tells failures of the storage (the write may work
	// when tried again) from errors in what was written.
	storageFailure(err error) bool
	// uniqueViolation reports a write refused by a UNIQUE constraint.
	uniqueViolation(err error) bool
	// migrations is the directory of its migrations in migrationFiles.
	migrations() string
	// lockSchema takes the lock that makes servers starting together
	// migrate one after the other, and returns the schema's version.
	lockSchema(ctx context.Context, tx *txn) (int, error)
	// setVersion records that the migrations ran in tx.
	setVersion(ctx context.Context, tx *txn, ran []migration) error
	// version reads the schema's version.
	version(ctx context.Context, q *db) (int, error)
	backup(ctx context.Context, s *Store, path string) error
	limitPages(ctx context.Context, s *Store, pages int) error
	pages(ctx context.Context, s *Store) (int, error)
	// follow runs f until ctx ends (Tables.Follow).
	follow(ctx context.Context, s *Store, f *follower) error
}

// db is a connection pool that speaks its dialect's placeholders.
type db struct {
	*sql.DB
	d dialect
}

func (x *db) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return x.DB.ExecContext(ctx, x.d.rebind(query), args...)
}

func (x *db) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return x.DB.QueryContext(ctx, x.d.rebind(query), args...)
}

func (x *db) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return x.DB.QueryRowContext(ctx, x.d.rebind(query), args...)
}

func (x *db) PrepareContext(ctx context.Context, query string) (*sql.Stmt, error) {
	return x.DB.PrepareContext(ctx, x.d.rebind(query))
}

func (x *db) Exec(query string, args ...any) (sql.Result, error) {
	return x.ExecContext(context.Background(), query, args...)
}

func (x *db) Query(query string, args ...any) (*sql.Rows, error) {
	return x.QueryContext(context.Background(), query, args...)
}

func (x *db) QueryRow(query string, args ...any) *sql.Row {
	return x.QueryRowContext(context.Background(), query, args...)
}

// BeginTx begins a transaction that speaks the pool's dialect.
func (x *db) BeginTx(ctx context.Context, opts *sql.TxOptions) (*txn, error) {
	if g, ok := x.d.(writeGuard); ok {
		// The database file must still be the one opened (selfcheck.go).
		if err := g.guardWrite(); err != nil {
			return nil, err
		}
	}
	tx, err := x.DB.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	return &txn{Tx: tx, d: x.d}, nil
}

// forUpdate is what a SELECT appends to lock its rows: nothing outside a
// transaction.
func (x *db) forUpdate() string { return "" }

// txn is a transaction that speaks its dialect's placeholders.
type txn struct {
	*sql.Tx
	d dialect
}

func (x *txn) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return x.Tx.ExecContext(ctx, x.d.rebind(query), args...)
}

func (x *txn) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return x.Tx.QueryContext(ctx, x.d.rebind(query), args...)
}

func (x *txn) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return x.Tx.QueryRowContext(ctx, x.d.rebind(query), args...)
}

func (x *txn) PrepareContext(ctx context.Context, query string) (*sql.Stmt, error) {
	return x.Tx.PrepareContext(ctx, x.d.rebind(query))
}

// forUpdate is what a SELECT in this transaction appends to keep the rows
// it read from changing until it ends (SQLite's write transactions hold
// the whole database already).
func (x *txn) forUpdate() string { return x.d.lockRows() }

// dollars rebinds ? placeholders to $1, $2 … (PostgreSQL's), leaving
// string literals, quoted names and comments as they are.
func dollars(query string) string {
	if !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 16)
	n := 0
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case c == '\'' || c == '"':
			end := strings.IndexByte(query[i+1:], c)
			if end < 0 {
				b.WriteString(query[i:])
				return b.String()
			}
			b.WriteString(query[i : i+end+2])
			i += end + 1
		case c == '-' && strings.HasPrefix(query[i:], "--"):
			end := strings.IndexByte(query[i:], '\n')
			if end < 0 {
				b.WriteString(query[i:])
				return b.String()
			}
			b.WriteString(query[i : i+end])
			i += end - 1
		case c == '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// storable reports whether s is text both engines store as it is: UTF-8
// without NUL (PostgreSQL's text holds nothing else). A link or key that
// is not opens nothing, whatever the engine.
func storable(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}

// checkToken refuses a form's one-time token that is not storable text
// (the pages make them; only a hand-made request sends another).
func checkToken(token string) error {
	if !storable(token) {
		return scoring.Errorf("_token", "this form's one-time token is not text: reload the page and send it again")
	}
	return nil
}
