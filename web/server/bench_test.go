package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	_ "github.com/mattn/go-sqlite3" // to delete snapshots (BenchmarkColdView)

	"tablemate/sessions"
	"tablemate/web/areatest"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/games"
	"tablemate/web/kit"
)

// BenchmarkTablePage serves a table page with three games through the
// whole router and middleware.
func BenchmarkTablePage(b *testing.B) {
	ts := newTestServerWith(b, func(a *App) { a.writeRate = 0 })
	defer ts.Close()
	table := ts.BenchTable(b)
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

// BenchmarkLongTable shows a table's cost flat in its length: at 100,
// 1,000 and 10,000 events (each part on a table of its own), a view of
// the table page as cached, a view right after another server wrote to
// the table (this one applies the new event from the database and builds
// the page afresh), and a write (a game entered through the form,
// fsynced).
func BenchmarkLongTable(b *testing.B) {
	ts := newTestServerWith(b, func(a *App) { a.writeRate = 0 })
	h := ts.Config.Handler
	other := sessions.NewTables(ts.app.store, games.Engine) // another server on the same database
	view := func(b *testing.B, table string) int {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, table, nil))
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Code)
		}
		return rec.Body.Len()
	}
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprintf("events=%d/view", n), func(b *testing.B) {
			table, _, _ := ts.ImportJSON(areatest.KKSExport(n))
			b.ReportAllocs()
			size := 0
			for b.Loop() {
				size = view(b, table)
			}
			b.ReportMetric(float64(size), "page-bytes")
		})
		b.Run(fmt.Sprintf("events=%d/view-after-write", n), func(b *testing.B) {
			table, _, _ := ts.ImportJSON(areatest.KKSExport(n))
			id := strings.TrimPrefix(table, "/tables/")
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				t, err := other.Table(context.Background(), id)
				if err == nil && t.Head >= n+5000 { // keep the table near its size
					table, _, _ = ts.ImportJSON(areatest.KKSExport(n))
					id = strings.TrimPrefix(table, "/tables/")
					view(b, table)
					t, err = other.Table(context.Background(), id)
				}
				if err == nil {
					_, err = other.RecordGame(context.Background(), id, t.Head, "", json.RawMessage(areatest.KKSTwo))
				}
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				view(b, table)
			}
		})
		b.Run(fmt.Sprintf("events=%d/write", n), func(b *testing.B) {
			table, _, _ := ts.ImportJSON(areatest.KKSExport(n))
			form := fullGame(url.Values{})
			head := n
			b.ReportAllocs()
			for b.Loop() {
				if head >= n+5000 { // keep the table near its size
					b.StopTimer()
					table, _, _ = ts.ImportJSON(areatest.KKSExport(n))
					head = n
					b.StartTimer()
				}
				form.Set("_seen", fmt.Sprint(head))
				form.Set("_token", kit.NewToken())
				req := httptest.NewRequest(http.MethodPost, table+"/games", strings.NewReader(form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				req.Header.Set("Sec-Fetch-Site", "same-origin")
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != http.StatusSeeOther {
					b.Fatalf("write: %d %s", rec.Code, rec.Body)
				}
				head++
			}
		})
	}
}

// BenchmarkLeaguePage shows a league's page costing about the same for 10
// tables as for 300 (five games each): warm, and right after a restart
// (a fresh app on the same database: its caches are empty, the tables'
// summaries are read back from the database).
func BenchmarkLeaguePage(b *testing.B) {
	for _, n := range []int{10, 300} {
		ts := newTestServerWith(b, func(a *App) { a.writeRate = 0 })
		_, public, _ := ts.ImportJSON(areatest.LeagueExport(n, 5))
		get := func(b *testing.B, h http.Handler) int {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, public, nil))
			if rec.Code != http.StatusOK {
				b.Fatal(rec.Code)
			}
			return rec.Body.Len()
		}
		get(b, ts.Config.Handler) // the first view derives and stores the summaries
		b.Run(fmt.Sprintf("tables=%d/warm", n), func(b *testing.B) {
			b.ReportAllocs()
			size := 0
			for b.Loop() {
				size = get(b, ts.Config.Handler)
			}
			b.ReportMetric(float64(size), "page-bytes")
		})
		b.Run(fmt.Sprintf("tables=%d/restart", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				a := NewApp(ts.app.store, ts.app.log)
				h := newServer(a)
				b.StartTimer()
				get(b, h)
			}
		})
	}
}

// BenchmarkColdView is the first view of a long Cambio table after a
// restart (a new app on the same database: nothing of the table in
// memory): read from its snapshot and the events after it ("snapshot"),
// and, for the comparison in one run, replayed from its first event with
// its snapshot deleted first ("replay"). Its lengths are those of
// tablemate-bench -cold; 19,900 events is near the longest a table keeps
// (sessions.MaxTableEvents).
func BenchmarkColdView(b *testing.B) {
	ts := newTestServerWith(b, func(a *App) { a.writeRate = 0 })
	ctx := context.Background()
	for _, n := range []int{100, 1000, 10000, 19900} {
		table, _, _ := ts.ImportJSON(cambiotest.Export(n))
		if err := ts.app.tables.SaveSnapshots(ctx); err != nil {
			b.Fatal(err)
		}
		ts.app.tables = sessions.NewTables(ts.app.store, games.TableEngine) // its writer stopped
		key := ts.Table(table).Key
		raw, err := sql.Open("sqlite3", ts.DBPath) // the benchmarks measure SQLite
		if err != nil {
			b.Fatal(err)
		}
		defer raw.Close()
		for _, mode := range []string{"snapshot", "replay"} {
			b.Run(fmt.Sprintf("events=%d/%s", n, mode), func(b *testing.B) {
				var size int
				for b.Loop() {
					b.StopTimer()
					if mode == "replay" {
						if _, err := raw.Exec("DELETE FROM table_snapshots WHERE table_id = ?", key); err != nil {
							b.Fatal(err)
						}
					}
					a := NewApp(ts.app.store, ts.app.log)
					h := newServer(a)
					b.StartTimer()
					rec := httptest.NewRecorder()
					req := httptest.NewRequest(http.MethodGet, table, nil)
					req.Header.Set("Accept-Encoding", "gzip")
					h.ServeHTTP(rec, req)
					if rec.Code != http.StatusOK {
						b.Fatal(rec.Code)
					}
					size = rec.Body.Len()
					b.StopTimer()
					if err := a.SaveSnapshots(ctx); err != nil { // a replayed table is snapshotted again
						b.Fatal(err)
					}
					b.StartTimer()
				}
				b.ReportMetric(float64(size), "gzip-bytes")
			})
		}
	}
}

// BenchmarkAccessLog is the access log's cost per request: the request
// logger around a handler that does nothing, logging through the text
// handler the binary uses (cmd/tablemate) into io.Discard.
func BenchmarkAccessLog(b *testing.B) {
	a := &App{log: slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelInfo}))}
	e := echo.New()
	e.Use(a.requestLogger())
	e.GET("/tables/:id", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	req := httptest.NewRequest(http.MethodGet, "/tables/abc", nil)
	req.Header.Set(echo.HeaderXRequestID, "0123456789abcdef")
	w := httptest.NewRecorder()
	b.ReportAllocs()
	for b.Loop() {
		e.ServeHTTP(w, req)
	}
}
