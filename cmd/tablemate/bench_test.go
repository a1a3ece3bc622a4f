package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// BenchmarkTablePage serves a table page with three games through the
// whole router and middleware.
func BenchmarkTablePage(b *testing.B) {
	ts := newTestServerWith(b, func(a *app) { a.writeRate = 0 })
	defer ts.Close()
	table := ts.createTable("Amelia", "Victor", "Enrique")
	for range 3 {
		entry := ts.get(table + "/games/new")
		ts.post(table+"/games", kksForm(entry.formOf(b, table+"/games"), []map[string]string{amelia, {"red": "2"}, {"blue": "3"}}, []string{"3", "1", "1"}))
	}
	h := ts.Config.Handler
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, table, nil))
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Code)
		}
	}
}

// BenchmarkScoreAPI serves POST /api/v1/games/koffer-katze-sombrero/score.
func BenchmarkScoreAPI(b *testing.B) {
	ts := newTestServer(b)
	defer ts.Close()
	h := ts.Config.Handler
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/api/v1/games/koffer-katze-sombrero/score", strings.NewReader(ameliaJSON))
		req.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Code)
		}
	}
}
