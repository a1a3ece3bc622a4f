package sessions

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

// The migrations of each engine: SQLite's in migrations/ (001–005 made the
// schema step by step as Tablemate grew), PostgreSQL's in
// migrations/postgres/ (numbered on their own: 001 is the schema SQLite's
// steps arrived at). A change to the schema is a new migration in both.
//
//go:embed migrations/*.sql migrations/postgres/*.sql
var migrationFiles embed.FS

// migration is one numbered schema step, read from DIR/NNN_name.sql.
type migration struct {
	version int
	name    string
	sql     string
}

// loadMigrations reads the migrations of the store's engine.
func (s *Store) loadMigrations() ([]migration, error) { return loadMigrations(s.d.migrations()) }

// loadMigrations reads the migrations in dir, in order.
func loadMigrations(dir string) ([]migration, error) {
	entries, err := fs.ReadDir(migrationFiles, dir)
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var ms []migration
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		num, name, ok := strings.Cut(strings.TrimSuffix(e.Name(), ".sql"), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %q: name must be NNN_name.sql", e.Name())
		}
		body, err := migrationFiles.ReadFile(dir + "/" + e.Name())
		if err != nil {
			return nil, fmt.Errorf("read migration %q: %w", e.Name(), err)
		}
		ms = append(ms, migration{version: v, name: name, sql: string(body)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	return ms, checkMigrations(ms)
}

// checkMigrations requires the versions to run 1, 2, 3 … without gaps: a
// database's user_version says which migrations it has, so a number left
// out would let a database made by a binary that had it pass for one that
// has the newer ones.
func checkMigrations(ms []migration) error {
	for i, m := range ms {
		if m.version != i+1 {
			return fmt.Errorf("migration %d_%s: versions must run 1, 2, 3 … without gaps", m.version, m.name)
		}
	}
	return nil
}

// Migrate applies every migration newer than the database's schema
// version and returns the versions before and after. All of it runs in one
// transaction that first takes a lock only one server holds at a time (the
// write lock of an SQLite file; an advisory lock in PostgreSQL) and only
// then reads the version: any number of servers may start together on a
// fresh database; the first migrates, the others wait for it and find
// nothing left to do.
func (s *Store) Migrate(ctx context.Context) (from, to int, err error) {
	ms, err := s.loadMigrations()
	if err != nil {
		return 0, 0, err
	}
	latest := ms[len(ms)-1].version
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return 0, 0, fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	if from, err = s.d.lockSchema(ctx, tx); err != nil {
		return 0, 0, fmt.Errorf("migrate: read version: %w", err)
	}
	if from > latest {
		return from, from, fmt.Errorf("migrate: database is at version %d, newer than this binary (%d)", from, latest)
	}
	var ran []migration
	for _, m := range ms {
		if m.version <= from {
			continue
		}
		// As written: a migration is not a query with placeholders.
		if _, err := tx.Tx.ExecContext(ctx, m.sql); err != nil {
			return from, from, fmt.Errorf("migrate %d_%s: %w", m.version, m.name, err)
		}
		ran = append(ran, m)
	}
	if len(ran) == 0 {
		return from, from, nil
	}
	if err := s.d.setVersion(ctx, tx, ran); err != nil {
		return from, from, fmt.Errorf("migrate: set version: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return from, from, fmt.Errorf("migrate: commit: %w", err)
	}
	return from, latest, nil
}

// SchemaVersion reports the database's migration version.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	return s.d.version(ctx, s.read)
}
