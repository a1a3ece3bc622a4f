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
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %d_%s: versions must run 1, 2, 3 … without gaps", m.version, m.name)
		}
	}
	return ms, nil
}

// Migrate applies every migration newer than the database's user_version,
// each in its own transaction together with the version bump, and returns
// the versions before and after.
func (s *Store) Migrate(ctx context.Context) (from, to int, err error) {
	ms, err := loadMigrations()
	if err != nil {
		return 0, 0, err
	}
	if err := s.write.QueryRowContext(ctx, "PRAGMA user_version").Scan(&from); err != nil {
		return 0, 0, fmt.Errorf("migrate: read version: %w", err)
	}
	if from > len(ms) {
		return from, from, fmt.Errorf("migrate: database is at version %d, newer than this binary (%d)", from, len(ms))
	}
	for _, m := range ms[from:] {
		if err := s.apply(ctx, m); err != nil {
			return from, m.version - 1, err
		}
	}
	return from, len(ms), nil
}

func (s *Store) apply(ctx context.Context, m migration) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate %d_%s: %w", m.version, m.name, err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return fmt.Errorf("migrate %d_%s: %w", m.version, m.name, err)
	}
	// PRAGMA takes no placeholders; the version is an int we produced.
	if _, err := tx.ExecContext(ctx, "PRAGMA user_version = "+strconv.Itoa(m.version)); err != nil {
		return fmt.Errorf("migrate %d_%s: set version: %w", m.version, m.name, err)
	}
	return tx.Commit()
}

// SchemaVersion reports the database's migration version.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.read.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v)
	return v, err
}
