package server

import (
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablemate/web/areatest"
	"tablemate/web/cards"
	"tablemate/web/kks/kkstest"
	"tablemate/web/serve"
	"tablemate/web/webtest"
)

// linkedEvening is a table with a game and a league counting it, and
// every URL behind their links.
func linkedEvening(t *testing.T, ts *testServer) (paths []string, table, view, admin, public string) {
	t.Helper()
	table = ts.CreateTable("Amelia", "Victor")
	ts.RecordKKS(t, table, []map[string]string{kkstest.Amelia, {"red": "2"}}, []string{"3", "7"})
	view = areatest.PathOf(t, ts.Get(table).Doc.Find(`[data-testid="view-link"]`).AttrOr("value", ""))
	admin = ts.CreateLeague(t, "Club", "wins", "Amelia", "Victor")
	add := ts.Get(admin).FormOf(t, admin+"/tables")
	add.Set("table", table)
	ts.Post(admin+"/tables", add)
	public, _ = ts.Get(admin).Doc.Find(`[data-testid="open-standings"]`).Attr("href")
	paths = []string{"/", "/history", "/tables/new?league=" + strings.TrimPrefix(admin, "/l/"),
		table, table + "/games/1", table + "/games/1/edit", table + "/games/1/replay", table + "/games/new", table + "/play",
		table + "/qr.svg", table + "/export.json", table + "/results.csv",
		view, view + "/games/1", view + "/games/1/replay", view + "/qr.svg", view + "/export.json", view + "/results.csv",
		admin, admin + "/qr.svg", admin + "/export.json", public, public + "/qr.svg", public + "/standings.csv"}
	return paths, table, view, admin, public
}

// Every answer behind a link is kept by no cache: pages, exports, QR
// codes, the live stream, a write's redirect, a 404 and a 410.
func TestAnswersBehindLinksAreNotStored(t *testing.T) {
	ts := newTestServer(t)
	paths, table, view, _, _ := linkedEvening(t, ts)
	paths = append(paths, table+"/games/9", "/tables/"+strings.Repeat("a", 26), table+"/", view+"/")
	for _, path := range paths {
		p := ts.Get(path)
		if p.Status >= 500 || p.Header.Get("Cache-Control") != "no-store" || (len(path) > 1 && strings.HasSuffix(path, "/") && p.Status != http.StatusMovedPermanently) {
			t.Errorf("GET %s: %d, Cache-Control %q", path, p.Status, p.Header.Get("Cache-Control"))
		}
		if p.Header.Get("Strict-Transport-Security") != "" {
			t.Errorf("GET %s: HSTS over plain http", path)
		}
	}
	add := ts.Get(table).FormOf(t, table+"/players")
	add.Set("name", "Enrique")
	if p := ts.Post(table+"/players", add); p.Status != http.StatusSeeOther || p.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("write: %d %q", p.Status, p.Header.Get("Cache-Control"))
	}
	for _, stream := range []string{table + "/live", view + "/live"} {
		_, resp := openStream(t, ts, stream) // hostile_http_test.go
		if cc := resp.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("%s: Cache-Control %q", stream, cc)
		}
	}
	// Files that hold no link are still cached.
	if p := ts.Get("/static/css/app.css"); !strings.Contains(p.Header.Get("Cache-Control"), "max-age") {
		t.Errorf("static file: %q", p.Header.Get("Cache-Control"))
	}
}

// cookieAttrs maps each cookie set to its Set-Cookie line.
func cookieAttrs(h http.Header) map[string]string {
	out := map[string]string{}
	for _, line := range h.Values("Set-Cookie") {
		name, _, _ := strings.Cut(line, "=")
		out[name] = line
	}
	return out
}

// Under HTTPS, whether the connection is TLS or a trusted proxy says so,
// answers carry HSTS and every cookie is Secure; a proxy nobody trusts
// changes nothing. A certificate browsers do not trust (serve -tls
// self-signed) gets Secure cookies but no HSTS: a phone must be able to go
// past the warning.
func TestHTTPSAnswersCarryHSTSAndSecureCookies(t *testing.T) {
	webtest.SQLiteOnly(t, "headers and cookies of the answers")
	tlsServer := startTestServer(t, func(a *App) { a.site.ServeTLS(true) }, true)
	selfSigned := startTestServer(t, func(a *App) { a.site.ServeTLS(false) }, true)
	proxied := newTestServerWith(t, func(a *App) { a.site.proxies, _ = parseNetworks("127.0.0.1/32") })
	untrusted := newTestServer(t)
	for _, tt := range []struct {
		name  string
		ts    *testServer
		proto string
		https bool
		hsts  bool
	}{
		{"TLS", tlsServer, "", true, true},
		{"TLS, self-signed", selfSigned, "", true, false},
		{"trusted proxy", proxied, "https", true, true},
		{"trusted proxy over http", proxied, "http", false, false},
		{"untrusted proxy", untrusted, "https", false, false},
		{"plain http", untrusted, "", false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ts := tt.ts.otherPhone()
			get := func(path string) webtest.Page {
				req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
				if tt.proto != "" {
					req.Header.Set("X-Forwarded-Proto", tt.proto)
				}
				return ts.Do(req)
			}
			table := tt.ts.CreateTable("Amelia", "Victor")
			page := get(table) // sets tm_csrf and tm_tables
			lang := get("/lang?to=de&back=/")
			cookies := cookieAttrs(page.Header)
			for k, v := range cookieAttrs(lang.Header) {
				cookies[k] = v
			}
			for _, name := range []string{"tm_csrf", "tm_tables", "lang"} {
				line, ok := cookies[name]
				if !ok {
					t.Fatalf("no %s cookie set", name)
				}
				if hasAttr(line, "Secure") != tt.https {
					t.Errorf("%s: %q", name, line)
				}
			}
			if hsts := page.Header.Get("Strict-Transport-Security"); (hsts != "") != tt.hsts || (tt.hsts && !strings.Contains(hsts, "max-age=")) {
				t.Errorf("HSTS %q", hsts)
			}
		})
	}
}

// The share links and QR codes never carry a host a request merely
// claims: with Host: evil.example and X-Forwarded-Proto: https from a
// peer nobody trusts, they point at the listening address.
func TestShareLinksIgnoreAForeignHost(t *testing.T) {
	webtest.SQLiteOnly(t, "share links and QR codes on the pages")
	ts := newTestServer(t)
	_, table, view, admin, public := linkedEvening(t, ts)
	listening := ts.URL // http://127.0.0.1:port, a listening address
	get := func(ts *testServer, path, host string) webtest.Page {
		req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
		req.Host = host
		req.Header.Set("X-Forwarded-Proto", "https")
		req.Header.Set("X-Forwarded-Host", host)
		return ts.Do(req)
	}
	check := func(ts *testServer, host, want string) {
		t.Helper()
		for path, ids := range map[string][]string{table: {"edit-link", "view-link"}, view: {"view-link"}, admin: {"admin-link", "public-link"}, public: {"public-link"}} {
			p := get(ts, path, host)
			for _, id := range ids {
				link, _ := p.Doc.Find(`[data-testid="` + id + `"]`).Attr("value")
				if !strings.HasPrefix(link, want+"/") || strings.Contains(p.Body, "evil.example") {
					t.Errorf("Host %s: %s on %s is %q, want it on %s", host, id, path, link, want)
				}
				// Its QR code says the same.
				src, _ := p.Doc.Find(`[data-testid="` + id + `-qr"]`).Attr("src")
				if src == "" {
					src = strings.TrimPrefix(link, want) + "/qr.svg"
				}
				q, _ := cards.QRCode(link)
				if img := get(ts, src, host); !strings.Contains(img.Body, `d="`+q.Path+`"`) {
					t.Errorf("Host %s: the QR code %s is not that of %s", host, src, link)
				}
			}
		}
	}
	check(ts, "evil.example", listening)
	u, _ := url.Parse(ts.URL)
	check(ts, u.Host, listening)
	check(ts, "localhost:"+u.Port(), "http://localhost:"+u.Port())

	// A host on the allowed list is believed; the scheme still is not,
	// from a peer nobody trusts.
	ts.app.site.hosts["games.example:8080"] = true
	check(ts, "games.example:8080", "http://games.example:8080")
	check(ts, "evil.example", listening)
	// A public URL wins over everything.
	ts.app.site.public = "https://games.example.org/tm"
	check(ts, "evil.example", "https://games.example.org/tm")
}

func TestSiteFlags(t *testing.T) {
	addr := &net.TCPAddr{IP: net.ParseIP("192.168.1.20"), Port: 8080}
	parse := func(args ...string) (*Site, error) {
		fs := flag.NewFlagSet("serve", flag.ContinueOnError)
		f := AddSiteFlags(fs)
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		return NewSite(f, addr)
	}
	s, err := parse("-public-url", "https://games.example.org/", "-allowed-hosts", "Games.Example, tm.local:8080", "-trusted-proxy", "10.0.0.0/8, 127.0.0.1,::1")
	if err != nil {
		t.Fatal(err)
	}
	if s.public != "https://games.example.org" || !s.hosts["games.example"] || !s.hosts["tm.local:8080"] || !s.hosts["192.168.1.20:8080"] ||
		!s.hosts["localhost:8080"] || s.fallback != "192.168.1.20:8080" || len(s.proxies) != 3 {
		t.Errorf("site %+v", s)
	}
	for _, bad := range [][]string{
		{"-public-url", "games.example.org"}, {"-public-url", "ftp://x"}, {"-public-url", "https://x/?a=1"},
		{"-trusted-proxy", "10.0.0.0/33"}, {"-trusted-proxy", "proxy.local"}, {"-allowed-hosts", "https://x"},
	} {
		if _, err := parse(bad...); err == nil || !strings.Contains(err.Error(), bad[0]) {
			t.Errorf("%v: %v, want an error naming the flag", bad, err)
		}
	}
	t.Setenv("TABLEMATE_PUBLIC_URL", "https://env.example")
	t.Setenv("TABLEMATE_TRUSTED_PROXY", "10.1.2.3")
	t.Setenv("TABLEMATE_ALLOWED_HOSTS", "env.local")
	s, err = parse()
	if err != nil || s.public != "https://env.example" || len(s.proxies) != 1 || !s.hosts["env.local"] {
		t.Errorf("from the environment: %+v, %v", s, err)
	}
}

// The write limiter keys on the client's address: X-Forwarded-For from a
// peer nobody trusts is ignored (a fresh one per write used to give every
// write its own allowance); behind a trusted proxy it names the client.
func TestWriteLimiterTrustsForwardedForOnlyFromTrustedProxies(t *testing.T) {
	webtest.SQLiteOnly(t, "the limiter counts requests before any store")
	limited := func(ts *testServer, xff func(i int) string) int {
		n := 0
		for i := range 30 {
			req, _ := http.NewRequest(http.MethodPost, ts.URL+"/tables/"+strings.Repeat("a", 26)+"/undo", strings.NewReader("_token=x"))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("Sec-Fetch-Site", "same-origin")
			req.Header.Set("X-Forwarded-For", xff(i))
			if ts.Do(req).Status == http.StatusTooManyRequests {
				n++
			}
		}
		return n
	}
	fresh := func(i int) string { return fmt.Sprintf("198.51.100.%d", i+1) }
	same := func(int) string { return "198.51.100.7" }
	slow := func(a *App) { a.writeRate, a.writeBurst = 0.5, 5 }

	direct := newTestServerWith(t, slow)
	if n := limited(direct, fresh); n < 20 {
		t.Errorf("untrusted peer with a fresh X-Forwarded-For per write: %d of 30 limited", n)
	}
	proxied := newTestServerWith(t, func(a *App) { slow(a); a.site.proxies, _ = parseNetworks("127.0.0.1/32") })
	if n := limited(proxied, fresh); n != 0 {
		t.Errorf("30 clients behind the trusted proxy, one write each: %d limited", n)
	}
	if n := limited(proxied, same); n < 20 {
		t.Errorf("one client behind the trusted proxy: %d of 30 limited", n)
	}
}

// The request log names route patterns, never a link or a table's key.
func TestRequestLogNamesRoutesNotLinks(t *testing.T) {
	webtest.SQLiteOnly(t, "what the request log prints")
	var logs webtest.SyncBuffer
	ts := newTestServerWith(t, func(a *App) { a.log = slog.New(slog.NewTextHandler(&logs, nil)) })
	paths, table, view, admin, _ := linkedEvening(t, ts)
	for _, p := range paths {
		ts.Get(p)
	}
	ts.Get(table + "/nope")
	ts.Get("/lang?to=de&back=" + url.QueryEscape(table))
	ts.Get("/tables/" + strings.Repeat("b", 26))
	rotated := ts.Post(table+"/rotate/edit", ts.Get(table).FormOf(t, table+"/rotate/edit"))
	ts.Get(table) // 410
	fresh, _, _ := strings.Cut(rotated.Header.Get("Location"), "?")
	key := ts.Table(fresh).Key
	log := logs.String()
	for _, route := range []string{"route=/tables/:id ", "route=/v/:rid ", "route=/l/:admin ", "route=/leagues/:id ", "route=/tables/:id/rotate/:role ", "route=/lang "} {
		if !strings.Contains(log, route) {
			t.Errorf("the log has no %q", route)
		}
	}
	for _, secret := range []string{table, view, admin, fresh, key} {
		if id := secret[strings.LastIndex(secret, "/")+1:]; strings.Contains(log, id) {
			t.Errorf("the log shows %s", secret)
		}
	}
	if strings.Contains(log, "uri=") {
		t.Error("the log has URIs")
	}
	// Errors that quote a link are logged without it.
	if got := serve.RedactLinks("replay " + key + ": event 3 (" + strings.Repeat("0f", 16) + ")"); strings.Contains(got, key) || strings.Contains(got, "0f0f") {
		t.Errorf("redacted: %q", got)
	}
}

// FuzzShareOrigin: whatever Host and X-Forwarded-* a request from an
// untrusted peer carries, share links point at a listening address or an
// allowed host, over plain http.
func FuzzShareOrigin(f *testing.F) {
	for _, h := range []string{"evil.example", "127.0.0.1:8080", "LOCALHOST:8080", "games.example", "a@b", "", "[::1]:8080", "x/y"} {
		f.Add(h, "https")
	}
	s := &Site{hosts: map[string]bool{"games.example": true}}
	s.listening(&net.TCPAddr{IP: net.ParseIP("127.0.0.1"), Port: 8080})
	f.Fuzz(func(t *testing.T, host, proto string) {
		r, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1:8080/", nil)
		r.Host, r.RemoteAddr = host, "203.0.113.9:5555"
		r.Header.Set("X-Forwarded-Proto", proto)
		r.Header.Set("X-Forwarded-Host", host)
		got := s.origin(r)
		h, ok := strings.CutPrefix(got, "http://")
		if !ok || !s.hosts[h] {
			t.Fatalf("Host %q, X-Forwarded-Proto %q: share links on %q", host, proto, got)
		}
	})
}

// FuzzParseNetworks: a -trusted-proxy value is networks or an error naming
// the bad part, never a panic; each network holds its own address.
func FuzzParseNetworks(f *testing.F) {
	for _, s := range []string{"10.0.0.0/8", "127.0.0.1, ::1", "fd00::/8,", "1.2.3.4/33", "x", ",,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, list string) {
		nets, err := parseNetworks(list)
		if err != nil {
			return
		}
		for _, n := range nets {
			if !n.Contains(n.IP) {
				t.Fatalf("%q: %v does not hold its own address", list, n)
			}
		}
	})
}
