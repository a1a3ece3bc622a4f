//go:build e2e

package e2e

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The network the phones really use: a laptop serving plain HTTP on the
// Wi-Fi (an insecure origin: no service worker, no clipboard, share or
// wake lock APIs), the same over HTTPS with a self-signed certificate, and
// this computer's own address, where browsers allow everything. The tests
// stop the server by its process id and start it again on the same
// database, and lose a write's answer on its way back.

// wifiHost is a name Chromium resolves to 127.0.0.1
// (--host-resolver-rules): a page at http://tablemate.test:PORT is on a
// plain-HTTP origin that is not this computer's own, as a phone on the
// Wi-Fi sees http://192.168.x.y:8080, and browsers do not treat it as a
// secure context.
const wifiHost = "tablemate.test"

// origin is where a phone opens Tablemate in a test.
type origin struct {
	name   string
	host   string   // as the phone names the server
	serve  []string // serve's extra flags
	secure bool     // a secure context
	worker bool     // a service worker takes control
}

var (
	plainWiFi  = origin{name: "plain HTTP on the Wi-Fi", host: wifiHost}
	ownAddress = origin{name: "127.0.0.1 with the service worker", host: "127.0.0.1", secure: true, worker: true}
	selfSigned = origin{name: "HTTPS self-signed", host: wifiHost, serve: []string{"-tls", "self-signed"}, secure: true}
)

func (o origin) scheme() string {
	if o.https() {
		return "https"
	}
	return "http"
}

func (o origin) https() bool {
	for _, a := range o.serve {
		if a == "-tls" {
			return true
		}
	}
	return false
}

// phoneAt opens headless Chromium at a phone's size, as phone does,
// resolving tablemate.test to this computer and, for HTTPS, taking the
// self-signed certificate as a person does who compared its fingerprint.
// These are the phones' real world (an insecure origin, the server
// stopped), so they run in Debian's full chromium, the browser people
// run, not the headless shell the other tests use (fullChromiumPath).
func phoneAt(t *testing.T, o origin) context.Context {
	t.Helper()
	path := fullChromiumPath()
	profile, err := os.MkdirTemp("", "tablemate-chromium")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(profile) })
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("host-resolver-rules", "MAP "+wifiHost+" 127.0.0.1"),
		chromedp.UserDataDir(profile),
	)
	if o.https() {
		opts = append(opts, chromedp.Flag("ignore-certificate-errors", true))
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancelTimeout(); cancelCtx(); cancelAlloc() })
	if err := chromedp.Run(ctx,
		grantAPhonesPermissions(""),
		noCSSDomain(),
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}),
	); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// process is a tablemate server the test stops (by its process id) and
// starts again, on the same address and database.
type process struct {
	t    *testing.T
	addr string // 127.0.0.1:PORT
	args []string
	cmd  *exec.Cmd
	// client reaches it directly (any certificate).
	client *http.Client
	// out is what it printed at its last start.
	out *lines
}

// startProcess runs a server on a free loopback port with a fresh
// database.
func startProcess(t *testing.T, extra ...string) *process {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	p := &process{t: t, addr: addr,
		// Share links may name the server as the phone does, as for a
		// laptop known on the Wi-Fi by a name.
		args: append([]string{"serve", "-addr", addr, "-db", filepath.Join(t.TempDir(), "e2e.db"), "-qr=false",
			"-allowed-hosts", wifiHost + addr[strings.LastIndex(addr, ":"):]}, extra...),
		client: &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}}
	t.Cleanup(func() {
		if p.cmd != nil {
			p.cmd.Process.Signal(os.Interrupt)
			p.cmd.Wait()
		}
	})
	p.start()
	return p
}

// direct is the server's URL on 127.0.0.1, for the test's own requests.
func (p *process) direct() string {
	for _, a := range p.args {
		if a == "-tls" {
			return "https://" + p.addr
		}
	}
	return "http://" + p.addr
}

// start runs the server and waits until it answers.
func (p *process) start() {
	p.t.Helper()
	p.cmd = exec.Command(binary, p.args...)
	p.cmd.Stderr = &testLog{t: p.t}
	p.out = &lines{}
	p.cmd.Stdout = p.out
	if err := p.cmd.Start(); err != nil {
		p.t.Fatal(err)
	}
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if resp, err := p.client.Get(p.direct() + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
	}
	p.t.Fatal("the server did not become healthy")
}

// kill stops the server at once, by its process id, as a laptop whose
// lid closes or whose program crashes.
func (p *process) kill() {
	p.t.Helper()
	if err := syscall.Kill(p.cmd.Process.Pid, syscall.SIGKILL); err != nil {
		p.t.Fatal(err)
	}
	p.cmd.Wait()
	p.cmd = nil
}

// lines is a process's standard output.
type lines struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lines) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// logged counts the rounds in the table's log, read through its export
// from the server directly.
func (p *process) logged(table string) int {
	p.t.Helper()
	u, err := url.Parse(table)
	if err != nil {
		p.t.Fatal(err)
	}
	res, err := p.client.Get(p.direct() + u.Path + "/export.json")
	if err != nil {
		p.t.Fatal(err)
	}
	defer res.Body.Close()
	var x struct {
		Events []struct {
			Kind string `json:"kind"`
		} `json:"events"`
	}
	if err := json.NewDecoder(res.Body).Decode(&x); err != nil {
		p.t.Fatalf("export of %s: %d %v", u.Path, res.StatusCode, err)
	}
	n := 0
	for _, e := range x.Events {
		if e.Kind == "round_recorded" {
			n++
		}
	}
	return n
}

// lossy stands between the phone and the server as the Wi-Fi does. Armed,
// it passes the next entry on to the server, which records it and
// answers; then the server is stopped and the answer never reaches the
// phone (the connection just ends). Otherwise it passes everything on, and
// answers 502 while the server is down, as a proxy does.
type lossy struct {
	srv   *http.Server
	addr  string
	proxy *httputil.ReverseProxy
	mu    sync.Mutex
	armed func() // stops the server
	lost  string // the acknowledgement the phone never saw
}

func newLossy(t *testing.T, p *process) *lossy {
	t.Helper()
	target, _ := url.Parse(p.direct())
	l := &lossy{proxy: &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(target)
			r.Out.Host = r.In.Host // the phone's name for the server, as a proxy passes it on
		},
		Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}, DisableKeepAlives: true},
	}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l.addr = ln.Addr().String()
	l.srv = &http.Server{Handler: l}
	go l.srv.Serve(ln)
	t.Cleanup(func() { l.srv.Close() })
	return l
}

// loseNext loses the answer to the next entry; stop stops the server once
// it recorded the entry.
func (l *lossy) loseNext(stop func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.armed = stop
}

func (l *lossy) lostAck() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.lost
}

func (l *lossy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	l.mu.Lock()
	stop := l.armed
	if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/games") {
		l.armed = nil
	} else {
		stop = nil
	}
	l.mu.Unlock()
	if stop == nil {
		l.proxy.ServeHTTP(w, r)
		return
	}
	rec := &answer{header: http.Header{}}
	l.proxy.ServeHTTP(rec, r) // the server records the entry and answers
	l.mu.Lock()
	l.lost = rec.header.Get("Tablemate-Recorded")
	l.mu.Unlock()
	stop()
	conn, _, err := http.NewResponseController(w).Hijack()
	if err == nil {
		conn.Close() // the answer never reaches the phone
	}
}

// answer keeps an answer instead of sending it.
type answer struct {
	header http.Header
	status int
}

func (a *answer) Header() http.Header         { return a.header }
func (a *answer) Write(p []byte) (int, error) { return len(p), nil }
func (a *answer) WriteHeader(status int)      { a.status = status }

// startCambioAt starts a Cambio table for Ana, Ben and Cy on the phone at
// base, checks what the browser gives the origin, and, where a service
// worker takes control, lets it keep the table's pages. It returns the
// table's edit URL.
func startCambioAt(t *testing.T, ctx context.Context, base string, o origin) string {
	t.Helper()
	if o.worker {
		return cambioTable(t, ctx, base)
	}
	var table string
	var secure, worker, awake bool
	run(t, ctx, "start a Cambio table at "+base,
		chromedp.Navigate(base+"/tables/new"),
		chromedp.WaitVisible(`#player-0`, chromedp.ByQuery),
		chromedp.Evaluate(`window.isSecureContext`, &secure),
		chromedp.Evaluate(`!!navigator.serviceWorker`, &worker),
		chromedp.Evaluate(`"wakeLock" in navigator`, &awake),
		chromedp.SetValue(`#game`, "cambio", chromedp.ByQuery),
		chromedp.SendKeys(`#player-0`, "Ana", chromedp.ByQuery),
		chromedp.SendKeys(`#player-1`, "Ben", chromedp.ByQuery),
		chromedp.SendKeys(`#player-2`, "Cy", chromedp.ByQuery),
		tap(`[data-testid="create-table"]`),
		chromedp.WaitVisible(`[data-testid="no-games"]`, chromedp.ByQuery),
		chromedp.Location(&table),
	)
	if secure != o.secure || awake != o.secure || (!o.secure && worker) {
		t.Fatalf("%s: secure context %v, service worker %v, wake lock %v; want %v", base, secure, worker, awake, o.secure)
	}
	return table
}

// queued waits for the page saying the entry is kept on the phone, and
// checks it says so plainly, with the word to keep the page open where
// no service worker controls the page (no page opens offline).
func queued(t *testing.T, ctx context.Context, o origin) {
	t.Helper()
	var said string
	var keepOpen, controlled bool
	run(t, ctx, "the entry is kept on the phone",
		chromedp.WaitVisible(`[data-testid="outbox-queued"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="outbox-queued"]`, &said, chromedp.ByQuery),
		chromedp.Evaluate(`!!document.querySelector('[data-testid="outbox-keep-open"]')`, &keepOpen),
		chromedp.Evaluate(`!!(navigator.serviceWorker && navigator.serviceWorker.controller)`, &controlled),
	)
	snapshot(t, ctx, "outbox-queued-"+strings.ReplaceAll(o.name, " ", "-"))
	if !strings.Contains(said, "Waiting to be sent — not yet checked") {
		t.Errorf("the kept entry says %q", said)
	}
	if keepOpen == controlled || (o.worker && !controlled) {
		t.Errorf("'keep this page open' shown: %v, under a service worker: %v (%s)", keepOpen, controlled, o.name)
	}
}

// waitSaid waits (riding out reloads) until the table page says what
// became of the entry.
func waitSaid(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	deadline := time.Now().Add(40 * time.Second)
	for {
		var said string
		ectx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err := chromedp.Run(ectx, chromedp.Evaluate(`(document.querySelector('[data-testid="outbox-sent"]') || {}).textContent || ""`, &said))
		cancel()
		if err == nil && strings.Contains(said, what) {
			return
		}
		if time.Now().After(deadline) {
			var loc, body string
			bctx, bcancel := context.WithTimeout(ctx, 2*time.Second)
			chromedp.Run(bctx, chromedp.Location(&loc), chromedp.Text("main", &body, chromedp.ByQuery))
			bcancel()
			t.Fatalf("the page never said %q (at %s: %.300s)", what, loc, body)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// left counts the entries kept on the phone.
func left(t *testing.T, ctx context.Context) int {
	t.Helper()
	var n int
	// app.js loads the outbox script once the page is shown
	waitTrue(t, ctx, "the outbox script loaded", `typeof TablemateOutbox !== "undefined"`)
	run(t, ctx, "the outbox", chromedp.Evaluate(`TablemateOutbox.all().then((a) => a.length)`, &n, awaitPromise))
	return n
}

// A round entered while the phone is offline (DevTools' network
// emulation) is kept and shown as waiting; back online it is sent and
// recorded exactly once: on the plain-HTTP Wi-Fi address (no service
// worker), on this computer's own address with the service worker, and
// over HTTPS with a self-signed certificate, where the phone is a secure
// context with the Wake Lock API.
func TestEntryMadeOffline(t *testing.T) {
	t.Parallel()
	for _, o := range []origin{plainWiFi, ownAddress, selfSigned} {
		t.Run(o.name, func(t *testing.T) {
			p := startProcess(t, o.serve...)
			base := fmt.Sprintf("%s://%s:%s", o.scheme(), o.host, p.addr[strings.LastIndex(p.addr, ":")+1:])
			ctx := phoneAt(t, o)
			table := startCambioAt(t, ctx, base, o)
			run(t, ctx, "round 1 filled in", fillRound(t, table, 0)...)
			run(t, ctx, "round 1 sent offline", offline(ctx, true), tap(`[data-testid="submit-round"]`))
			queued(t, ctx, o)
			if n := p.logged(table); n != 0 {
				t.Fatalf("%d rounds recorded while the phone was offline", n)
			}
			run(t, ctx, "back online", offline(ctx, false))
			waitSaid(t, ctx, "Sent and recorded")
			if n := p.logged(table); n != 1 {
				t.Errorf("%d rounds recorded, want exactly 1", n)
			}
			if n := left(t, ctx); n != 0 {
				t.Errorf("%d entries left on the phone", n)
			}
		})
	}
}

// The phone is online but the server is down (stopped by its process id):
// the entry stays on the phone, whatever answers in the server's place
// (nothing, or the service worker's page), however often the phone tries;
// once the server is back on the same database it is recorded exactly
// once.
func TestEntryWhileTheServerIsDown(t *testing.T) {
	t.Parallel()
	for _, o := range []origin{plainWiFi, ownAddress} {
		t.Run(o.name, func(t *testing.T) {
			p := startProcess(t, o.serve...)
			base := fmt.Sprintf("%s://%s:%s", o.scheme(), o.host, p.addr[strings.LastIndex(p.addr, ":")+1:])
			ctx := phoneAt(t, o)
			table := startCambioAt(t, ctx, base, o)
			run(t, ctx, "round 1 filled in", fillRound(t, table, 0)...)
			p.kill()
			run(t, ctx, "round 1 sent to a server that is down", tap(`[data-testid="submit-round"]`))
			queued(t, ctx, o)
			time.Sleep(3 * time.Second) // the phone tries again meanwhile
			if n := left(t, ctx); n != 1 {
				t.Fatalf("%d entries on the phone while the server is down, want 1", n)
			}
			p.start()
			waitSaid(t, ctx, "Sent and recorded")
			if n := p.logged(table); n != 1 {
				t.Errorf("%d rounds recorded, want exactly 1", n)
			}
			if n := left(t, ctx); n != 0 {
				t.Errorf("%d entries left on the phone", n)
			}
		})
	}
}

// The server records an entry and is stopped before its answer reaches
// the phone: the phone keeps the entry, and once the server is back it
// sends it again, is told "already recorded", and the log holds it once.
func TestResendAfterTheAnswerWasLost(t *testing.T) {
	t.Parallel()
	for _, o := range []origin{plainWiFi, ownAddress} {
		t.Run(o.name, func(t *testing.T) {
			p := startProcess(t, o.serve...)
			wifi := newLossy(t, p)
			base := fmt.Sprintf("%s://%s:%s", o.scheme(), o.host, wifi.addr[strings.LastIndex(wifi.addr, ":")+1:])
			ctx := phoneAt(t, o)
			table := startCambioAt(t, ctx, base, o)
			run(t, ctx, "round 1 filled in", fillRound(t, table, 0)...)
			wifi.loseNext(p.kill)
			run(t, ctx, "round 1 sent; its answer is lost", tap(`[data-testid="submit-round"]`))
			queued(t, ctx, o)
			if ack := wifi.lostAck(); !strings.HasSuffix(ack, " 2") {
				t.Fatalf("the server's lost answer acknowledged %q, want the table's second entry", ack)
			}
			if n := left(t, ctx); n != 1 {
				t.Fatalf("%d entries on the phone after the lost answer, want 1", n)
			}
			p.start()
			waitSaid(t, ctx, "Already recorded")
			if n := p.logged(table); n != 1 {
				t.Errorf("%d rounds recorded, want exactly 1", n)
			}
			if n := left(t, ctx); n != 0 {
				t.Errorf("%d entries left on the phone", n)
			}
		})
	}
}

// On the plain-HTTP Wi-Fi address the browser has no clipboard, share or
// wake lock API: Copy still copies the view-only link, Share offers the
// QR code and copies the link, the invite panel says what works here, and
// the guided play page says the screen may sleep. Nothing is wider than
// the phone, every target is a thumb's.
func TestCopyShareAndAwakeOnPlainHTTP(t *testing.T) {
	t.Parallel()
	p := startProcess(t)
	port := p.addr[strings.LastIndex(p.addr, ":")+1:]
	ctx := phoneAt(t, plainWiFi)
	table := startCambioAt(t, ctx, "http://"+wifiHost+":"+port, plainWiFi)
	var apis, features, copied, said, link, problem string
	var qrShown bool
	run(t, ctx, "the invite panel",
		chromedp.Evaluate(`[typeof navigator.clipboard, typeof navigator.share].join(" ")`, &apis),
		tap(`[data-testid="share"] > summary`),
		chromedp.WaitVisible(`#view-link-label`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="phone-features"]`, &features, chromedp.ByQuery),
		chromedp.Value(`#view-link`, &link, chromedp.ByQuery),
		chromedp.Evaluate(shareFits, &problem),
		tap(`button[data-copy="view-link"]`),
		chromedp.Sleep(200*time.Millisecond),
		chromedp.Text(`button[data-copy="view-link"]`, &copied, chromedp.ByQuery),
	)
	if apis != "undefined undefined" {
		t.Fatalf("clipboard and share APIs on plain HTTP: %s", apis)
	}
	if !strings.Contains(features, "On this plain-HTTP address, offline entry works while its page stays open") {
		t.Errorf("the invite panel says %q", features)
	}
	if problem != "" {
		t.Errorf("invite panel: %s", problem)
	}
	if copied != "Copied" {
		t.Errorf("after Copy the button says %q", copied)
	}
	if clip := clipboard(t, ctx, p); clip != link || !strings.Contains(link, "/v/") {
		t.Errorf("the clipboard holds %q, want the view-only link %q", clip, link)
	}

	run(t, ctx, "Share without a share sheet",
		chromedp.Evaluate(`window.scrollTo(0, 0)`, nil),
		tap(`button[data-share-url][data-share-field="view-link"]`),
		chromedp.WaitVisible(`[data-testid="share-said"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="share-said"]`, &said, chromedp.ByQuery),
		chromedp.Evaluate(`(() => { const r = document.getElementById("view-link-qr").getBoundingClientRect(); return r.height > 100 && r.top >= 0 && r.bottom <= innerHeight; })()`, &qrShown),
	)
	if !strings.Contains(said, "Link copied: paste it into a message, or let the others scan the QR code.") || !qrShown {
		t.Errorf("Share says %q, QR code in view %v", said, qrShown)
	}
	snapshot(t, ctx, "share-plain-http")

	var awake string
	run(t, ctx, "guided play",
		chromedp.Navigate(table+"/play"),
		chromedp.WaitVisible(`[data-testid="awake-note"]`, chromedp.ByQuery),
		chromedp.Text(`[data-testid="awake-note"]`, &awake, chromedp.ByQuery),
	)
	snapshot(t, ctx, "awake-plain-http")
	if !strings.Contains(awake, "cannot keep the screen awake on this address") {
		t.Errorf("the play page says %q", awake)
	}
}

// clipboard reads the browser's clipboard from a page on this computer's
// own address, where the Clipboard API is allowed to.
func clipboard(t *testing.T, ctx context.Context, p *process) string {
	t.Helper()
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	var clip string
	run(t, tab, "read the clipboard",
		grantClipboard(p.direct()),
		chromedp.Navigate(p.direct()+"/check"),
		chromedp.WaitReady("body", chromedp.ByQuery),
		chromedp.Evaluate(`navigator.clipboard.readText()`, &clip, awaitPromise),
	)
	return strings.TrimSpace(clip)
}

// grantClipboard lets pages of origin read and write the clipboard.
func grantClipboard(origin string) chromedp.Action {
	return browser.GrantPermissions([]browser.PermissionType{browser.PermissionTypeClipboardReadWrite, browser.PermissionTypeClipboardSanitizedWrite}).WithOrigin(origin)
}

// A page the phone kept holds one one-time token for every entry made
// from it: an entry whose token the server recorded for another entry is
// sent again with a fresh token and recorded, not lost and not taken for
// the other.
func TestEntryWithAUsedToken(t *testing.T) {
	t.Parallel()
	p := startProcess(t)
	port := p.addr[strings.LastIndex(p.addr, ":")+1:]
	ctx := phoneAt(t, plainWiFi)
	table := startCambioAt(t, ctx, "http://"+wifiHost+":"+port, plainWiFi)
	var token string
	run(t, ctx, "round 1", append(fillRound(t, table, 0),
		chromedp.Value(`input[name="_token"]`, &token, chromedp.ByQuery),
		tap(`[data-testid="submit-round"]`),
		chromedp.WaitVisible(onTheTable, chromedp.ByQuery))...)
	// Its confirmation is said once: shown, and gone from the address, so
	// a reload does not say "Round saved." again.
	var search, said string
	run(t, ctx, "round 1's confirmation", chromedp.Evaluate(`location.search`, &search),
		chromedp.Text(`main .banner-good`, &said, chromedp.ByQuery))
	if strings.Contains(search, "done=") || strings.Contains(search, "at=") || !strings.Contains(said, "Round saved.") {
		t.Errorf("after round 1: address ?%q, confirmation %q; want it said and the address without done=", search, said)
	}
	var again bool
	run(t, ctx, "reload after round 1", chromedp.Reload(), chromedp.WaitVisible(onTheTable, chromedp.ByQuery),
		chromedp.Evaluate(`[].some.call(document.querySelectorAll("main .banner"), function (b) { return b.textContent.indexOf("Round saved.") >= 0 })`, &again))
	if again {
		t.Error("a reload says \"Round saved.\" again")
	}
	run(t, ctx, "round 2 from a form holding round 1's token", append(fillRound(t, table, 1),
		chromedp.SetValue(`input[name="_token"]`, token, chromedp.ByQuery),
		tap(`[data-testid="submit-round"]`))...)
	waitTrue(t, ctx, "back on the table", fmt.Sprintf(`location.pathname === %q && !!document.querySelector(%q)`, table[strings.Index(table, "/tables/"):], onTheTable))
	if n := p.logged(table); n != 2 {
		t.Errorf("%d rounds recorded, want 2", n)
	}
	if n := left(t, ctx); n != 0 {
		t.Errorf("%d entries left on the phone", n)
	}
}
