package sessions

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/jackc/pgxlisten"
)

// postgres is the dialect of a PostgreSQL database: several servers on one
// database. A write transaction locks the rows it depends on (the table's
// row for an append: SELECT … FOR UPDATE), so writers on any server run
// one after the other per table and a stale view is refused as in SQLite;
// a commit that changed what live pages show sends a NOTIFY, which every
// server LISTENs for (Tables.Follow).
type postgres struct {
	config *pgx.ConnConfig
}

// IsPostgres reports whether db names a PostgreSQL database (a
// postgres:// or postgresql:// URL) rather than an SQLite file.
func IsPostgres(db string) bool {
	l := strings.ToLower(db)
	return strings.HasPrefix(l, "postgres://") || strings.HasPrefix(l, "postgresql://")
}

// Redact is db as logs and messages may show it: a PostgreSQL URL without
// its password, an SQLite path as it is.
func Redact(db string) string {
	if !IsPostgres(db) {
		return db
	}
	u, err := url.Parse(db)
	if err != nil {
		return "postgres://…" // unreadable: show none of it
	}
	q := u.Query()
	if q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}

// maxPostgresConns bounds each server's connections (reads and writes
// share them); LISTEN takes one more.
const maxPostgresConns = 16

func openPostgres(dsn string) (*Store, error) {
	config, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", Redact(dsn), err)
	}
	if config.RuntimeParams["application_name"] == "" {
		config.RuntimeParams["application_name"] = "tablemate"
	}
	// A write waits for a row another server holds at most as long as
	// SQLite waits for its lock (busy_timeout): then it is a storage
	// failure (503, nothing recorded) instead of a request, and one of the
	// pool's connections, held without end. ?lock_timeout= in the URL
	// says otherwise.
	if config.RuntimeParams["lock_timeout"] == "" {
		config.RuntimeParams["lock_timeout"] = "5s"
	}
	d := postgres{config: config}
	pool := stdlib.OpenDB(*config)
	pool.SetMaxOpenConns(maxPostgresConns)
	pool.SetMaxIdleConns(maxPostgresConns)
	pool.SetConnMaxIdleTime(5 * time.Minute)
	conn := &db{pool, d}
	s := &Store{write: conn, read: conn, d: d, now: time.Now}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := pool.PingContext(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("cannot connect to the PostgreSQL database %s: %w", Redact(dsn), err)
	}
	return s, nil
}

func (postgres) rebind(query string) string { return dollars(query) }
func (postgres) lockRows() string           { return " FOR UPDATE" }
func (postgres) migrations() string         { return "migrations/postgres" }
func (postgres) backup(context.Context, *Store, string) error {
	return ErrBackupElsewhere
}

// channel is the NOTIFY channel of the schema the connection works in:
// servers on one database share it, deployments in other schemas of the
// same database do not hear each other.
const channel = `'tablemate.' || left(current_schema(), 50)`

func (postgres) serialize(ctx context.Context, tx *txn, key string) error {
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || ':' || ?, 0))`, key)
	return err
}

func (postgres) notify(ctx context.Context, tx *txn, msg string) error {
	_, err := tx.ExecContext(ctx, `SELECT pg_notify(`+channel+`, ?)`, msg)
	return err
}

// lockSchema takes a transaction-level advisory lock for the schema, so
// servers starting together migrate one after the other, and reads the
// version from tablemate_schema (made here on a fresh database).
func (d postgres) lockSchema(ctx context.Context, tx *txn) (int, error) {
	// However long another server's migration takes, wait for it.
	if _, err := tx.ExecContext(ctx, `SET LOCAL lock_timeout = 0`); err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('tablemate migrate ' || current_schema(), 0))`); err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS tablemate_schema (
		version    INTEGER PRIMARY KEY,
		name       TEXT NOT NULL,
		applied_at TEXT NOT NULL)`); err != nil {
		return 0, err
	}
	var v int
	err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM tablemate_schema`).Scan(&v)
	return v, err
}

func (postgres) setVersion(ctx context.Context, tx *txn, ran []migration) error {
	at := time.Now().UTC().Format(time.RFC3339Nano)
	for _, m := range ran {
		if _, err := tx.ExecContext(ctx, `INSERT INTO tablemate_schema (version, name, applied_at) VALUES (?, ?, ?)`, m.version, m.name, at); err != nil {
			return err
		}
	}
	return nil
}

func (postgres) version(ctx context.Context, q *db) (int, error) {
	var made bool
	if err := q.QueryRowContext(ctx, `SELECT to_regclass('tablemate_schema') IS NOT NULL`).Scan(&made); err != nil || !made {
		return 0, err
	}
	var v int
	err := q.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM tablemate_schema`).Scan(&v)
	return v, err
}

// storageFailure: the server could not store it (a full disk, no memory,
// an I/O error, shutting down, read-only, a deadlock or a lock that timed
// out), or the connection to it failed or broke. Context errors (the
// client went away) and refusals of what was written are not.
func (postgres) storageFailure(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch class := pe.Code[:2]; {
		case class == "08", // connection exception
			class == "53",                       // insufficient resources: disk full, out of memory, too many connections
			class == "57" && pe.Code != "57014", // operator intervention: shutdown, cannot connect now (not a canceled query)
			class == "58",                       // system error: I/O error
			class == "XX",                       // internal error, data corrupted
			class == "40",                       // transaction rollback: serialization failure, deadlock
			pe.Code == "25006",                  // read-only transaction: a standby, or the database made read-only
			pe.Code == "55P03":                  // lock not available
			return true
		}
		return false
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	return errors.As(err, &ce) || errors.As(err, &ne) || errors.Is(err, pgconn.ErrConnClosed) ||
		errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		// a transaction whose connection broke under it is rolled back:
		// its next statement finds it done, with nothing committed
		errors.Is(err, sql.ErrTxDone) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

func (postgres) uniqueViolation(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// schemaSize is the bytes the schema's tables take with their indexes.
const schemaSize = `(SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint FROM pg_class c
	WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r')`

// limitPages caps the schema's tables and indexes at pages pages (of the
// server's block size): after every write a statement trigger on each
// table checks the size and fails the write as a full disk does (SQLSTATE
// 53100, disk_full) when it is over. 0 drops the cap.
func (postgres) limitPages(ctx context.Context, s *Store, pages int) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	if _, err := tx.ExecContext(ctx, `DROP FUNCTION IF EXISTS tablemate_quota() CASCADE`); err != nil {
		return err
	}
	if pages > 0 {
		// DDL takes no placeholders; pages is an int.
		if _, err := tx.ExecContext(ctx, `CREATE FUNCTION tablemate_quota() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN
				IF `+schemaSize+` > `+strconv.Itoa(pages)+`::bigint * current_setting('block_size')::bigint THEN
					RAISE EXCEPTION 'the database is over its quota of % pages', `+strconv.Itoa(pages)+` USING ERRCODE = 'disk_full';
				END IF;
				RETURN NULL;
			END $$`); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT c.relname FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'`)
		if err != nil {
			return err
		}
		var tables []string
		for rows.Next() {
			var t string
			if err := rows.Scan(&t); err != nil {
				rows.Close()
				return err
			}
			tables = append(tables, t)
		}
		if err := rows.Close(); err != nil {
			return err
		}
		for _, t := range tables {
			if _, err := tx.ExecContext(ctx, `CREATE TRIGGER tablemate_quota AFTER INSERT OR UPDATE ON `+pgx.Identifier{t}.Sanitize()+
				` FOR EACH STATEMENT EXECUTE FUNCTION tablemate_quota()`); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}

func (postgres) pages(ctx context.Context, s *Store) (int, error) {
	var n int
	err := s.read.QueryRowContext(ctx, `SELECT `+schemaSize+` / current_setting('block_size')::bigint`).Scan(&n)
	return n, err
}

// reconnectEvery is how long the LISTEN connection waits before it
// connects again after it failed or broke.
var reconnectEvery = time.Second

// follow holds one LISTEN connection on the schema's channel and hands
// every notice to f. After each (re)connect, once it listens, it reads the
// watched tables again: a NOTIFY sent while no connection listened is
// lost, the heads in the database are not.
func (d postgres) follow(ctx context.Context, s *Store, f *follower) error {
	var ch string
	for {
		err := s.read.QueryRowContext(ctx, `SELECT `+channel).Scan(&ch)
		if err == nil {
			break
		}
		if ctx.Err() != nil {
			return nil
		}
		f.lost(fmt.Errorf("naming the channel: %w", err))
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(reconnectEvery):
		}
	}
	config := d.config.Copy()
	config.RuntimeParams["application_name"] += " listen"
	l := &pgxlisten.Listener{
		Connect: func(ctx context.Context) (*pgx.Conn, error) { return pgx.ConnectConfig(ctx, config) },
		LogError: func(ctx context.Context, err error) {
			if ctx.Err() == nil { // not the end of Follow
				f.lost(err)
			}
		},
		ReconnectDelay: reconnectEvery,
	}
	l.Handle(ch, listenHandler{f})
	if err := l.Listen(ctx); err != nil && ctx.Err() == nil {
		return err
	}
	return nil
}

// listenHandler passes the LISTEN connection's notices to a follower.
type listenHandler struct{ f *follower }

func (h listenHandler) HandleNotification(ctx context.Context, n *pgconn.Notification, _ *pgx.Conn) error {
	h.f.message(ctx, n.Payload)
	return nil
}

// HandleBacklog runs once the connection listens: the heads are read
// again, so live pages catch up on what was written while none did.
func (h listenHandler) HandleBacklog(ctx context.Context, _ string, _ *pgx.Conn) error {
	h.f.listening(ctx)
	return nil
}

// freshBlobs: pgx may hand out bytes of its read buffer.
func (postgres) freshBlobs() bool { return false }
