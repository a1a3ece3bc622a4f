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

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one numbered schema step, read from migrations/NNN_name.sql.
type migration struct {
	version int
	name    string
	sql     string
}

func loadMigrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFiles, "migrations")
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var ms []migration
	for _, e := range entries {
		num, name, ok := strings.Cut(strings.TrimSuffix(e.Name(), ".sql"), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %q: name must be NNN_name.sql", e.Name())
		}
		body, err := migrationFiles.ReadFile("migrations/" + e.Name())
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

// Migrate applies every migration newer than the database's user_version
// and returns the versions before and after. All of it runs in one
// transaction that takes the database's write lock first and only then
// reads the version: any number of servers may start together on a fresh
// database; the first migrates, the others wait for it and find nothing
// left to do.
func (s *Store) Migrate(ctx context.Context) (from, to int, err error) {
	ms, err := loadMigrations()
	if err != nil {
		return 0, 0, err
	}
	latest := ms[len(ms)-1].version
	// The writer's transactions begin IMMEDIATE (see Open): the write
	// lock is held from the first statement, so no other server can
	// migrate between reading the version and writing the schema.
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return 0, 0, fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&from); err != nil {
		return 0, 0, fmt.Errorf("migrate: read version: %w", err)
	}
	if from > latest {
		return from, from, fmt.Errorf("migrate: database is at version %d, newer than this binary (%d)", from, latest)
	}
	to = from
	for _, m := range ms {
		if m.version <= from {
			continue
		}
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			return from, from, fmt.Errorf("migrate %d_%s: %w", m.version, m.name, err)
		}
		to = m.version
	}
	if to == from {
		return from, to, nil
	}
	// PRAGMA takes no placeholders; the version is an int we produced.
	if _, err := tx.ExecContext(ctx, "PRAGMA user_version = "+strconv.Itoa(to)); err != nil {
		return from, from, fmt.Errorf("migrate: set version: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return from, from, fmt.Errorf("migrate: commit: %w", err)
	}
	return from, to, nil
}

// SchemaVersion reports the database's migration version.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.read.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v)
	return v, err
}
