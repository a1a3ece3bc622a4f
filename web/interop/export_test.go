package interop_test

import (
	"encoding/csv"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablemate/web/kks/kkstest"
)

func TestExportAndImportATable(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("=Amelia", "Victor")
	entry := ts.Get(table + "/games/new")
	ts.Post(table+"/games", kkstest.Form(entry.FormOf(t, table+"/games"), []map[string]string{kkstest.Amelia, {"red": "2"}}, []string{"3", "7"}))
	ts.Settle(t, table, 1) // disputed, counted as entered (G-5): the export carries that too

	csvPage := ts.Get(table + "/results.csv")
	rows, err := csv.NewReader(strings.NewReader(csvPage.Body)).ReadAll()
	if err != nil || len(rows) != 3 {
		t.Fatalf("csv: %v %q", err, csvPage.Body)
	}
	if rows[1][2] != "'=Amelia" || rows[1][3] != "58" || rows[2][2] != "Victor" {
		t.Errorf("csv rows %v (names must not start a formula)", rows)
	}
	if !strings.Contains(csvPage.Header.Get("Content-Disposition"), "attachment") {
		t.Error("csv is not a download")
	}

	export := ts.Get(table + "/export.json")
	if export.Status != http.StatusOK || !strings.Contains(export.Body, `"game_recorded"`) {
		t.Fatalf("export: %d %s", export.Status, export.Body)
	}
	p := ts.Upload(t, export.Body)
	if p.Status != http.StatusSeeOther {
		t.Fatalf("import: %d\n%s", p.Status, p.Body)
	}
	copyPath := p.Header.Get("Location")
	if copyPath == table {
		t.Fatal("the import did not make a new table")
	}
	if got := ts.Get(copyPath).Text(`tr[data-player="=Amelia"] [data-testid="total"]`); got != "58" {
		t.Errorf("imported table shows %q, want 58", got)
	}

	bad := ts.Upload(t, strings.Replace(export.Body, `"game_recorded"`, `"dance"`, 1))
	if bad.Status != http.StatusUnprocessableEntity || !strings.Contains(bad.Text(`[data-testid="import-error"]`), "Nothing was imported") {
		t.Errorf("bad file: %d %q", bad.Status, bad.Text(`[data-testid="import-error"]`))
	}
	if p := ts.Post("/tables/import", url.Values{}); p.Status != http.StatusUnprocessableEntity {
		t.Errorf("no file: %d", p.Status)
	}
}
