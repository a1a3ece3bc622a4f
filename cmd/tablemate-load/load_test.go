//go:build e2e

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"tablemate/sessions/pgtest"
)

// TestNoMoveLostOrDoubledAcrossKills runs phones against the real binary,
// SIGKILLs it every second, and checks the log afterwards and that every
// phone's live stream told it of every move: on SQLite with one instance,
// and with two instances on one PostgreSQL (killed in turn).
func TestNoMoveLostOrDoubledAcrossKills(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "tablemate")
	build := exec.Command("go", "build", "-o", bin, "../tablemate")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name                      string
		phones, tables, instances int
		db                        string
	}{
		{"one table", 12, 1, 1, "sqlite"},
		{"many tables", 24, 6, 1, "sqlite"},
		{"two instances on one SQLite file", 24, 4, 2, "sqlite"},
		{"two instances on PostgreSQL", 24, 4, 2, "postgres"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := config{
				bin: bin, phones: tc.phones, tables: tc.tables, instances: tc.instances, db: tc.db,
				duration: 4 * time.Second, killEvery: time.Second, dir: t.TempDir(), fastPostgres: true,
			}
			if tc.db == "postgres" {
				switch v := os.Getenv(pgtest.EnvVar); {
				case v == "skip":
					t.Skip(pgtest.EnvVar + "=skip: no PostgreSQL for this run")
				case v != "":
					cfg.db = v
				}
			}
			// On a busy machine a restart can take longer than the run,
			// which then proves nothing (one kill): it is run again, for
			// twice as long (on a new database), up to 16 s.
			var rep report
			for {
				var err error
				rep, err = run(context.Background(), cfg, os.Stderr)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("\n%s", rep)
				if rep.Kills >= 2 && rep.Acked > 0 && rep.StreamMoves > 0 {
					break
				}
				if cfg.duration >= 16*time.Second {
					t.Fatalf("the run proves nothing: %d kills, %d acknowledged moves, %d moves to stream", rep.Kills, rep.Acked, rep.StreamMoves)
				}
				cfg.duration, cfg.dir = 2*cfg.duration, t.TempDir()
				t.Logf("the run proved nothing (%d kills, %d acknowledged moves, %d moves to stream): again for %s", rep.Kills, rep.Acked, rep.StreamMoves, cfg.duration)
			}
			if rep.Lost != 0 || rep.Doubled != 0 || rep.Mismatched != 0 {
				t.Fatalf("lost %d, doubled %d, mismatched %d", rep.Lost, rep.Doubled, rep.Mismatched)
			}
			if rep.StreamsBehind != 0 || rep.StreamSeen != rep.StreamMoves {
				t.Fatalf("the phones' streams told %d of %d moves; %d were late for a last move",
					rep.StreamSeen, rep.StreamMoves, rep.StreamsBehind)
			}
		})
	}
}
