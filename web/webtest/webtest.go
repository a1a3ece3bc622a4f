// Package webtest runs Tablemate's real router in tests: an HTTP server
// over a new database, a phone's client (its own cookies, redirects not
// followed) and the pages it fetches, parsed for goquery. web/server's
// tests and every game's web package (web/<game>) drive the app through
// it, so a game's handler tests live with the game.
//
// It does not import web/server (web/server's own tests use it): the app
// comes in as a constructor, server.NewApp.
package webtest

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/scoring/kks"
	"tablemate/sessions"
	"tablemate/sessions/pgtest"
)

// App is what the harness needs of the app under test (*server.App).
type App interface {
	// HTTPServer is the server `tablemate serve` runs: the router and
	// its timeouts.
	HTTPServer(addr string) *http.Server
	// Listening tells the app where it was bound (share links).
	Listening(addr net.Addr)
	// EndStreams ends the open live streams.
	EndStreams()
	// Tables are the app's tables.
	Tables() *sessions.Tables
	// Follow hears of other servers' writes on the database until ctx
	// ends (as serve does); the channel closes then.
	Follow(ctx context.Context) <-chan struct{}
}

// Server is the real router over a temporary database.
type Server struct {
	*httptest.Server
	T testing.TB
	// Client is this phone: its cookie jar, and redirects answered
	// rather than followed.
	Client *http.Client
	// DBPath is the database: an SQLite file, or a PostgreSQL URL in the
	// PostgreSQL pass (RunBoth).
	DBPath string
	app    App
}

// Start runs the app newApp builds over a new, migrated database, with
// the handler and timeouts of `tablemate serve`, over TLS when tls is
// set; configure may change the app's settings first. The server, its
// live streams and the database close when the test ends.
func Start[A App](t testing.TB, newApp func(*sessions.Store, *slog.Logger) A, tls bool, configure ...func(A)) (*Server, A) {
	t.Helper()
	return StartOn(t, DB(t), newApp, tls, configure...)
}

// StartOn is Start on the database dbPath names (e.g. a schema on a
// PostgreSQL server of the test's own, which it may stop).
func StartOn[A App](t testing.TB, dbPath string, newApp func(*sessions.Store, *slog.Logger) A, tls bool, configure ...func(A)) (*Server, A) {
	t.Helper()
	store, err := sessions.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	if _, _, err := store.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	a := newApp(store, slog.New(slog.NewTextHandler(io.Discard, nil)))
	for _, c := range configure {
		c(a)
	}
	FollowUntilCleanup(t, a)
	prod := a.HTTPServer("")
	srv := httptest.NewUnstartedServer(prod.Handler)
	srv.Config.ReadHeaderTimeout, srv.Config.ReadTimeout = prod.ReadHeaderTimeout, prod.ReadTimeout
	srv.Config.WriteTimeout, srv.Config.IdleTimeout = prod.WriteTimeout, prod.IdleTimeout
	if tls {
		srv.StartTLS()
	} else {
		srv.Start()
	}
	a.Listening(srv.Listener.Addr())
	t.Cleanup(srv.Close)
	t.Cleanup(a.EndStreams) // end open event streams before the server closes
	jar, _ := cookiejar.New(nil)
	client := srv.Client()
	client.Jar = jar
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &Server{Server: srv, T: t, Client: client, DBPath: dbPath, app: a}, a
}

// pg is the PostgreSQL server of the pass: a package whose TestMain
// calls RunBoth runs its tests twice, against SQLite (pg is nil) and then
// against a real PostgreSQL that the run starts in a temporary directory.
var pg *pgtest.Server

// RunBoth runs a test package's tests against SQLite and then against
// PostgreSQL (pgtest.RunBoth); call it from TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(webtest.RunBoth(m)) }
func RunBoth(m *testing.M) int {
	return pgtest.RunBoth(m, func(s *pgtest.Server) { pg = s })
}

// Postgres tells whether this is the PostgreSQL pass.
func Postgres() bool { return pg != nil }

// SQLiteOnly skips the test in the PostgreSQL pass of RunBoth, saying
// why: call it first in a test whose outcome cannot depend on the store.
//
// The rule: the PostgreSQL pass is for what the store does. A test runs
// on both engines when it writes or reads in a way an engine could
// answer differently: appends and their order, conflicts and stale
// versions, one-time tokens, outages and full disks, imports, snapshots,
// bounds on what a table or an import may cost, odd bytes in what is
// stored, a second server on the same database, or the database read
// directly. A test that builds its tables with the ordinary writes
// (which those tests run on both) and then only reads pages (renders,
// crawls links, checks languages, sizes, headers, compression, cards)
// runs on SQLite only: the pages come from the derived table, which is
// the same whichever engine kept its events (sessions' own tests hold
// that on both). TestSQLiteOnlyKeepsTheRule (in this package) fails when
// a test that calls SQLiteOnly reads the database, starts a second
// server, stops PostgreSQL or is named for the store's behaviour.
func SQLiteOnly(t testing.TB, why string) {
	t.Helper()
	if pg != nil {
		t.Skip("SQLite pass only: " + why)
	}
}

// WithoutRace skips the test in a binary built with -race, saying why:
// call it right after SQLiteOnly in a store-neutral test that reads
// many pages and starts no goroutines of its own (a crawl), whose
// handlers other tests run under -race. Under the race detector such a
// test costs ten to twenty times its time; make unit runs it without
// -race instead, in a step of its own (the Makefile's UNIT_NORACE names
// these tests, and TestWithoutRaceRunsInMakeUnit holds that it names
// every one), so each of its checks still runs in make test.
func WithoutRace(t testing.TB, why string) {
	t.Helper()
	if raceDetector {
		t.Skip("not under -race (make unit runs it without, UNIT_NORACE): " + why)
	}
}

// PostgresServer is the PostgreSQL server of the pass (nil in the SQLite
// pass): a test of an outage halts and resumes it (pgtest.Server.Halt),
// when it was started by this run (CanHalt).
func PostgresServer() *pgtest.Server { return pg }

// DB names a new, empty database of the pass's engine: an SQLite file in
// t's temporary directory, or a schema of its own on PostgreSQL.
func DB(t testing.TB) string {
	t.Helper()
	if pg == nil {
		return filepath.Join(t.TempDir(), "test.db")
	}
	return pg.FreshT(t)
}

// RawDB opens the test server's database as its operator would (read
// only for SQLite); query rebinds a query's ? for it.
func (ts *Server) RawDB() (db *sql.DB, query func(string) string) {
	ts.T.Helper()
	var err error
	if pg == nil {
		db, err = sql.Open("sqlite3", "file:"+ts.DBPath+"?mode=ro")
		query = func(q string) string { return q }
	} else {
		db, err = sql.Open("pgx", ts.DBPath)
		query = pgtest.Rebind
	}
	if err != nil {
		ts.T.Fatal(err)
	}
	return db, query
}

// FollowUntilCleanup runs the app's Follow, as serve does, until the test
// ends (before its store closes).
func FollowUntilCleanup(t testing.TB, a App) {
	ctx, cancel := context.WithCancel(context.Background())
	done := a.Follow(ctx)
	t.Cleanup(func() { cancel(); <-done })
}

// New is Start without TLS, for tests that need only the server.
func New[A App](t testing.TB, newApp func(*sessions.Store, *slog.Logger) A, configure ...func(A)) *Server {
	t.Helper()
	ts, _ := Start(t, newApp, false, configure...)
	return ts
}

// Second is another server on ts's database, as a second instance behind
// a load balancer (PostgreSQL) or a second process on the same file
// (SQLite): its own connections, its own memory, its own live streams,
// following the database as serve does; a phone of its own.
func Second[A App](ts *Server, newApp func(*sessions.Store, *slog.Logger) A) (*Server, A) {
	ts.T.Helper()
	store, err := sessions.Open(ts.DBPath)
	if err != nil {
		ts.T.Fatal(err)
	}
	ts.T.Cleanup(func() { store.Close() })
	if _, _, err := store.Migrate(context.Background()); err != nil {
		ts.T.Fatal(err)
	}
	a := newApp(store, slog.New(slog.NewTextHandler(io.Discard, nil)))
	FollowUntilCleanup(ts.T, a)
	srv := httptest.NewServer(a.HTTPServer("").Handler)
	a.Listening(srv.Listener.Addr())
	ts.T.Cleanup(srv.Close)
	ts.T.Cleanup(a.EndStreams)
	jar, _ := cookiejar.New(nil)
	client := srv.Client()
	client.Jar = jar
	client.CheckRedirect = ts.Client.CheckRedirect
	return &Server{Server: srv, T: ts.T, Client: client, DBPath: ts.DBPath, app: a}, a
}

// OtherPhone is another phone on the same server: its own cookies.
func (ts *Server) OtherPhone() *Server {
	jar, _ := cookiejar.New(nil)
	other, client := *ts, *ts.Client
	client.Jar = jar
	other.Client = &client
	return &other
}

// Table loads a table straight from the app's store (guided game
// included) by its edit path, "/tables/<link>".
func (ts *Server) Table(path string) sessions.Table {
	ts.T.Helper()
	tb, err := ts.app.Tables().Table(context.Background(), strings.TrimPrefix(path, "/tables/"))
	if err != nil {
		ts.T.Fatal(err)
	}
	return tb
}

// Page is a fetched page.
type Page struct {
	Status int
	Header http.Header
	Doc    *goquery.Document
	Body   string
}

// Do sends req from this phone.
func (ts *Server) Do(req *http.Request) Page {
	ts.T.Helper()
	resp, err := ts.Client.Do(req)
	if err != nil {
		ts.T.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	doc, _ := goquery.NewDocumentFromReader(bytes.NewReader(b))
	return Page{Status: resp.StatusCode, Header: resp.Header, Doc: doc, Body: string(b)}
}

// Get fetches path.
func (ts *Server) Get(path string) Page {
	ts.T.Helper()
	req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
	return ts.Do(req)
}

// Post sends a form as a browser does.
func (ts *Server) Post(path string, form url.Values) Page {
	ts.T.Helper()
	req, _ := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	// Browsers mark their own forms same-origin; the CSRF check then
	// skips the token, so handlers must parse forms themselves.
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	return ts.Do(req)
}

// PostJSON posts body to the JSON API and reads its answer.
func (ts *Server) PostJSON(path, body string) (int, map[string]any) {
	ts.T.Helper()
	resp, err := ts.Client.Post(ts.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		ts.T.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

// GetLang fetches path as a browser asking for acceptLanguage does.
func (ts *Server) GetLang(path, acceptLanguage string) Page {
	ts.T.Helper()
	req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
	req.Header.Set("Accept-Language", acceptLanguage)
	return ts.Do(req)
}

// PostLang posts a form as a browser asking for acceptLanguage does.
func (ts *Server) PostLang(path string, form url.Values, acceptLanguage string) Page {
	ts.T.Helper()
	req, _ := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Accept-Language", acceptLanguage)
	return ts.Do(req)
}

// German fetches path as a German browser does (Accept-Language: de),
// or with a form posts it.
func (ts *Server) German(path string, form url.Values) Page {
	ts.T.Helper()
	if form == nil {
		return ts.GetLang(path, "de")
	}
	return ts.PostLang(path, form, "de")
}

// CreateTable starts a Koffer, Katze & Sombrero table named "Friday"
// through the form and returns its path.
func (ts *Server) CreateTable(players ...string) string {
	ts.T.Helper()
	return ts.NewTable(kks.Slug, "Friday", players...)
}

// CreateGameTable starts a table of any game, named "Evening", through
// the form and returns its path.
func (ts *Server) CreateGameTable(game string, players ...string) string {
	ts.T.Helper()
	return ts.NewTable(game, "Evening", players...)
}

// NewTable starts a table of game named name (empty: the form's default)
// through the form and returns its path.
func (ts *Server) NewTable(game, name string, players ...string) string {
	ts.T.Helper()
	f := ts.Get("/tables/new").FormOf(ts.T, "/tables")
	f.Set("game", game)
	if name != "" {
		f.Set("name", name)
	}
	f["players"] = players
	p := ts.Post("/tables", f)
	if p.Status != http.StatusSeeOther {
		ts.T.Fatalf("create %s table: %d %s\n%s", game, p.Status, p.Text(".field-error"), p.Body)
	}
	return p.Header.Get("Location")
}

// EnterGame posts the table's entry form for its next game with fields
// set.
func (ts *Server) EnterGame(t testing.TB, table string, fields map[string]string) Page {
	t.Helper()
	f := ts.Get(table+"/games/new").FormOf(t, table+"/games")
	for k, v := range fields {
		f.Set(k, v)
	}
	return ts.Post(table+"/games", f)
}

// EnterDisputed is EnterGame for a result that breaks a rule: the
// problems page first, then "Save as disputed" (PostDisputed).
func (ts *Server) EnterDisputed(t testing.TB, table string, fields map[string]string) Page {
	t.Helper()
	f := ts.Get(table+"/games/new").FormOf(t, table+"/games")
	for k, v := range fields {
		f.Set(k, v)
	}
	return ts.PostDisputed(t, table+"/games", f)
}

// PostDisputed posts a result that breaks a rule as a phone saves it
// (issue #18): the first post must answer the problems page (422, with
// "Save as disputed"), and the form is posted again with that choice,
// whose answer it returns.
func (ts *Server) PostDisputed(t testing.TB, path string, form url.Values) Page {
	t.Helper()
	first := ts.Post(path, form)
	if first.Status != http.StatusUnprocessableEntity || first.Doc.Find(`[data-testid="save-disputed"]`).Length() != 1 {
		t.Fatalf("a broken result posted to %s: %d, want 422 and the problems page\n%s", path, first.Status, first.Body)
	}
	again := url.Values{"_disputed": {"1"}}
	for k, v := range form {
		again[k] = v
	}
	return ts.Post(path, again)
}

// Settle counts disputed game n of the table as entered (ruling G-5)
// through the game page's "Count it as entered" form, and returns the
// answer (303 to the game's page).
func (ts *Server) Settle(t testing.TB, table string, n int) Page {
	t.Helper()
	action := fmt.Sprintf("%s/games/%d/settle", table, n)
	p := ts.Post(action, ts.Get(fmt.Sprintf("%s/games/%d", table, n)).FormOf(t, action))
	if p.Status != http.StatusSeeOther {
		t.Fatalf("count game %d as entered: %d\n%s", n, p.Status, p.Body)
	}
	return p
}

// FormOf returns the hidden fields of the first form posting to action.
func (p Page) FormOf(t testing.TB, action string) url.Values {
	t.Helper()
	f := p.Doc.Find(`form[action="` + action + `"]`).First()
	if f.Length() == 0 {
		t.Fatalf("no form posting to %s in:\n%s", action, p.Body)
	}
	v := url.Values{}
	f.Find(`input[type="hidden"]`).Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		val, _ := s.Attr("value")
		v.Set(name, val)
	})
	return v
}

// Text is the trimmed text of the first element sel matches.
func (p Page) Text(sel string) string {
	return strings.TrimSpace(p.Doc.Find(sel).First().Text())
}

// PageBudget is the most a page may weigh on first view, gzip-compressed,
// with its stylesheet and scripts: what fits a slow phone connection's
// first round trips (14 KB).
const PageBudget = 14 * 1024

// CompressedSize fetches a URL asking for gzip and returns the bytes sent.
func (ts *Server) CompressedSize(t testing.TB, path string) (int, *goquery.Document) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
	req.Header.Set("Accept-Encoding", "gzip") // set by hand: the client then does not unzip
	resp, err := ts.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d", path, resp.StatusCode)
	}
	doc := ts.Get(path).Doc
	return len(b), doc
}
