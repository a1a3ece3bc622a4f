package main

import (
	"bytes"
	"encoding/csv"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// upload posts a file to the import form as a browser would.
func (ts *testServer) upload(t *testing.T, data string) fetched {
	t.Helper()
	return ts.do(uploadRequest(ts.URL, ts.get("/tables/import").formOf(t, "/tables/import"), data))
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
	table := ts.createTable("=Amelia", "Victor")
	entry := ts.get(table + "/games/new")
	ts.post(table+"/games", kksForm(entry.formOf(t, table+"/games"), []map[string]string{amelia, {"red": "2"}}, []string{"3", "7"}))

	csvPage := ts.get(table + "/results.csv")
	rows, err := csv.NewReader(strings.NewReader(csvPage.body)).ReadAll()
	if err != nil || len(rows) != 3 {
		t.Fatalf("csv: %v %q", err, csvPage.body)
	}
	if rows[1][2] != "'=Amelia" || rows[1][3] != "58" || rows[2][2] != "Victor" {
		t.Errorf("csv rows %v (names must not start a formula)", rows)
	}
	if !strings.Contains(csvPage.header.Get("Content-Disposition"), "attachment") {
		t.Error("csv is not a download")
	}

	export := ts.get(table + "/export.json")
	if export.status != http.StatusOK || !strings.Contains(export.body, `"game_recorded"`) {
		t.Fatalf("export: %d %s", export.status, export.body)
	}
	p := ts.upload(t, export.body)
	if p.status != http.StatusSeeOther {
		t.Fatalf("import: %d\n%s", p.status, p.body)
	}
	copyPath := p.header.Get("Location")
	if copyPath == table {
		t.Fatal("the import did not make a new table")
	}
	if got := ts.get(copyPath).text(`tr[data-player="=Amelia"] [data-testid="total"]`); got != "58" {
		t.Errorf("imported table shows %q, want 58", got)
	}

	bad := ts.upload(t, strings.Replace(export.body, `"game_recorded"`, `"dance"`, 1))
	if bad.status != http.StatusUnprocessableEntity || !strings.Contains(bad.text(`[data-testid="import-error"]`), "Nothing was imported") {
		t.Errorf("bad file: %d %q", bad.status, bad.text(`[data-testid="import-error"]`))
	}
	if p := ts.post("/tables/import", url.Values{}); p.status != http.StatusUnprocessableEntity {
		t.Errorf("no file: %d", p.status)
	}
}
