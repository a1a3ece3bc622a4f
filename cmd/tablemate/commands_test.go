package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ameliaJSON is the rule text's example: Amelia's display breaks
// not_ascending, 58 points.
const ameliaJSON = `{"players":[{"name":"Amelia","tokens":3,"display":{"red":"1 5 7","yellow":"6 10 x","black":"4 6 x 5","blue":"4 9"}},
 {"name":"Victor","tokens":0,"display":{"red":"7 5"}}]}`

func TestCheckCommand(t *testing.T) {
	dir := t.TempDir()
	valid := filepath.Join(dir, "valid.json")
	// A valid 2-player final state: 17 cards each (KKS-3), no rule broken.
	os.WriteFile(valid, []byte(`{"players":[
	 {"name":"Lea","tokens":4,"display":{"red":"1 2 3 4 5 6 7 8 9 10","blue":"1 2 3 4 5 6 7"}},
	 {"name":"Tom","tokens":6,"display":{"yellow":"1 2 3 4 5 6 7 8 9 10","black":"1 2 3 4 5 6 7"}}]}`), 0o644)
	invalid := filepath.Join(dir, "invalid.json")
	os.WriteFile(invalid, []byte(ameliaJSON), 0o644)
	broken := filepath.Join(dir, "broken.json")
	os.WriteFile(broken, []byte(`{"players": 3}`), 0o644)

	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
		out   string
	}{
		{"valid file", []string{"check", "koffer-katze-sombrero", valid}, "", 0, `"valid": true`},
		{"invalid state", []string{"check", "koffer-katze-sombrero", invalid}, "", 1, `"not_ascending"`},
		{"stdin", []string{"check", "koffer-katze-sombrero", "-"}, ameliaJSON, 1, `"total": 58`},
		{"unreadable", []string{"check", "koffer-katze-sombrero", broken}, "", 2, `"field": "players"`},
		{"unknown game", []string{"check", "chess", valid}, "", 2, ""},
		{"missing file", []string{"check", "koffer-katze-sombrero", filepath.Join(dir, "nope.json")}, "", 2, ""},
		{"no args", []string{"check"}, "", 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(context.Background(), tt.args, strings.NewReader(tt.stdin), &out, &errOut)
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.code, out.String(), errOut.String())
			}
			if !strings.Contains(out.String(), tt.out) {
				t.Errorf("output lacks %q:\n%s", tt.out, out.String())
			}
		})
	}
}

func TestMigrateAndBackupCommands(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"migrate", "-db", db}, nil, &out, &errOut); code != 0 {
		t.Fatalf("migrate: %d %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "migrated from schema version 0") {
		t.Errorf("first migrate said %q", out.String())
	}
	out.Reset()
	run(context.Background(), []string{"migrate", "-db", db}, nil, &out, &errOut)
	if !strings.Contains(out.String(), "up to date") {
		t.Errorf("second migrate said %q", out.String())
	}
	if code := run(context.Background(), []string{"backup", "-db", db, filepath.Join(dir, "copy.db")}, nil, &out, &errOut); code != 0 {
		t.Fatalf("backup: %d %s", code, errOut.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "copy.db")); err != nil {
		t.Fatal(err)
	}
	if code := run(context.Background(), []string{"dance"}, nil, &out, &errOut); code != 2 {
		t.Errorf("unknown command: exit %d", code)
	}
}
