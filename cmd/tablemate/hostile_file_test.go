package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablemate/sessions"
	"tablemate/web/games"
)

// serveOnce runs serve on db and returns its exit code and what it said;
// one that starts is stopped after a moment.
func serveOnce(t *testing.T, db string, flags ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	var out, errOut bytes.Buffer
	args := append([]string{"serve", "-addr", "127.0.0.1:0", "-qr=false", "-db", db}, flags...)
	code := run(ctx, args, nil, &out, &errOut)
	return code, out.String() + errOut.String()
}

// damagedDB makes an SQLite database of a few pages with tables in it,
// and overwrites the middle of one of its pages, as a failing disk would.
func damagedDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "damaged.db")
	st, err := sessions.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, _, err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	ts := sessions.NewTables(st, games.TableEngine)
	for i := range 60 {
		if _, err := ts.Create(ctx, "", sessions.TableCreated{Game: "koffer-katze-sombrero", Name: fmt.Sprintf("Table %d", i), Players: []string{"Ana", "Ben"}}); err != nil {
			t.Fatal(err)
		}
	}
	var root int
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`SELECT rootpage FROM sqlite_schema WHERE name = 'events'`).Scan(&root); err != nil {
		t.Fatal(err)
	}
	db.Close()
	st.Close()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// The events' page, garbage from its header on.
	if _, err := f.WriteAt(bytes.Repeat([]byte{0xa5}, 4000), int64(root-1)*4096); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestServeRefusesAHurtDatabase: serve refuses, naming the file, an
// empty (0-byte) file, a file that is not an SQLite database, and a
// damaged one (PRAGMA quick_check); migrate makes a database in an empty
// file; -check-db=false serves a damaged file as it is.
func TestServeRefusesAHurtDatabase(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db")
	os.WriteFile(empty, nil, 0o644)
	notDB := filepath.Join(dir, "notes.db")
	os.WriteFile(notDB, []byte("shopping list: milk, eggs\n"), 0o644)
	damaged := damagedDB(t)
	for _, c := range []struct {
		what, db, says string
	}{
		{"an empty file", empty, "is empty (0 bytes)"},
		{"a file that is not a database", notDB, "is not an SQLite database"},
		{"a damaged database", damaged, "is damaged: PRAGMA quick_check"},
	} {
		code, said := serveOnce(t, c.db)
		if code == 0 || !strings.Contains(said, c.db) || !strings.Contains(said, c.says) {
			t.Errorf("serve on %s: exit %d\n%s", c.what, code, said)
		}
	}
	if code, said := serveOnce(t, damaged, "-check-db=false"); code != 0 || !strings.Contains(said, "tablemate serving") {
		t.Errorf("serve -check-db=false on a damaged database: exit %d\n%s", code, said)
	}
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"migrate", "-db", empty}, nil, &out, &errOut); code != 0 {
		t.Fatalf("migrate on an empty file: exit %d %s", code, errOut.String())
	}
	if code, said := serveOnce(t, empty); code != 0 || !strings.Contains(said, "tablemate serving") {
		t.Errorf("serve after migrate made the database: exit %d\n%s", code, said)
	}
}
