package server

import (
	"bytes"
	"encoding/csv"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablemate/web/kks/kkstest"
	"tablemate/web/webtest"
)

// upload posts a file to the import form as a browser would.
func (ts *testServer) upload(t *testing.T, data string) webtest.Page {
	t.Helper()
	return ts.Do(uploadRequest(ts.URL, ts.Get("/tables/import").FormOf(t, "/tables/import"), data))
}

// uploadRequest is the import form's post of data with the form's hidden
// fields.
func uploadRequest(base string, hidden url.Values, data string) *http.Request {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range hidden {
		w.WriteField(k, v[0])
	}
	fw, _ := w.CreateFormFile("file", "table.json")
	fw.Write([]byte(data))
	w.Close()
	req, _ := http.NewRequest(http.MethodPost, base+"/tables/import", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	return req
}

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
	p := ts.upload(t, export.Body)
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

	bad := ts.upload(t, strings.Replace(export.Body, `"game_recorded"`, `"dance"`, 1))
	if bad.Status != http.StatusUnprocessableEntity || !strings.Contains(bad.Text(`[data-testid="import-error"]`), "Nothing was imported") {
		t.Errorf("bad file: %d %q", bad.Status, bad.Text(`[data-testid="import-error"]`))
	}
	if p := ts.Post("/tables/import", url.Values{}); p.Status != http.StatusUnprocessableEntity {
		t.Errorf("no file: %d", p.Status)
	}
}
