//go:build e2e

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestNoMoveLostOrDoubledAcrossKills runs phones against the real binary,
// SIGKILLs it every second, and checks the log afterwards.
func TestNoMoveLostOrDoubledAcrossKills(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "tablemate")
	build := exec.Command("go", "build", "-o", bin, "../tablemate")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name           string
		phones, tables int
	}{{"one table", 12, 1}, {"many tables", 24, 6}} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := run(context.Background(), config{
				bin: bin, phones: tc.phones, tables: tc.tables,
				duration: 4 * time.Second, killEvery: time.Second, dir: t.TempDir(),
			}, os.Stderr)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("\n%s", rep)
			if rep.Kills < 2 || rep.Acked == 0 {
				t.Fatalf("the run proves nothing: %d kills, %d acknowledged moves", rep.Kills, rep.Acked)
			}
			if rep.Lost != 0 || rep.Doubled != 0 || rep.Mismatched != 0 {
				t.Fatalf("lost %d, doubled %d, mismatched %d", rep.Lost, rep.Doubled, rep.Mismatched)
			}
		})
	}
}
