//go:build e2e

// Package e2e drives the real tablemate binary with Debian's headless
// Chromium at a phone's screen size. Run with: go test -tags e2e ./e2e/...
//
// # Writing a browser test
//
// Every browser test runs side by side with the others: its first line
// is t.Parallel() (TestEveryBrowserTestRunsInParallel fails a Test
// function without it), then it starts what it needs:
//
//	func TestSomethingOnAPhone(t *testing.T) {
//		t.Parallel()
//		base := startServer(t) // its own server and database
//		ctx := phone(t)        // its own phone: a fresh browser context
//		run(t, ctx, "open the home page", chromedp.Navigate(base+"/"), …)
//	}
//
// The tests share two Chromiums (TABLEMATE_E2E_BROWSERS), started by the
// first phones and stopped when the run ends; each phone is a browser
// context of its own in one of them (like a private window: its own
// cookies, storage, service worker and cache), so two phones of one test
// are two people's phones. A test that needs
// Chromium started with other flags starts its own (ownBrowser) and
// opens its phones there (phoneIn).
//
// A phone lives at most phoneLimit (phoneFor gives a longer test more), a
// step of run at most stepLimit; the test then fails saying which ran
// out. go test's -parallel says how many tests run at once (make e2e sets
// it). Nothing is shared between tests but the browser and the binary,
// so a test must not change either: no Browser.* call without the
// phone's browser context (browserContextOf), and targets filtered by it
// (as offline does).
package e2e

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

var binary string // built once in TestMain

// Limits of a browser test, each with room for a machine busy with other
// work (scripts/test-times.txt records how long the tests take, and
// scripts' TestLimitsLeaveHeadroom keeps these at least twice that).
const (
	// phoneLimit is how long a phone lives: the longest a test may take.
	phoneLimit = 12 * time.Minute
	// stepLimit is how long one step of run may take.
	stepLimit = 90 * time.Second
)

// tmp is the run's temporary directory: the binary and the browser's
// profile, removed when the run ends or is interrupted.
var tmp string

func TestMain(m *testing.M) {
	var err error
	tmp, err = os.MkdirTemp("", "tablemate-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// An interrupt (Ctrl+C, or the runner stopping the run) ends the
	// browser and removes the files first.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		sig := <-sigs
		fmt.Fprintf(os.Stderr, "e2e: %s: closing the browser and removing %s\n", sig, tmp)
		stopBrowser()
		os.RemoveAll(tmp)
		os.Exit(1)
	}()
	if _, err := exec.LookPath(chromiumPath()); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: no browser at %s (%v): the browser tests drive Debian's chromium-headless-shell; install it (make deps, or apt-get install chromium-headless-shell), or set CHROMIUM to another Chromium\n", chromiumPath(), err)
		os.RemoveAll(tmp)
		os.Exit(1)
	}
	if _, err := exec.LookPath(fullChromiumPath()); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: no browser at %s (%v): the tests of the phones' real world drive Debian's full chromium; install it (make deps, or apt-get install chromium), or set CHROMIUM_FULL to another Chromium\n", fullChromiumPath(), err)
		os.RemoveAll(tmp)
		os.Exit(1)
	}
	// make e2e has just built bin/tablemate and names it in
	// TABLEMATE_E2E_BINARY (linking it again costs some 4 s of CPU
	// before any test starts); go test alone builds its own.
	binary = os.Getenv("TABLEMATE_E2E_BINARY")
	if binary == "" {
		binary = filepath.Join(tmp, "tablemate")
		build := exec.Command("go", "build", "-o", binary, "../cmd/tablemate")
		build.Stdout, build.Stderr = os.Stdout, os.Stderr
		if err = build.Run(); err != nil {
			err = fmt.Errorf("build: %w", err)
		}
	} else if _, err = os.Stat(binary); err != nil {
		err = fmt.Errorf("TABLEMATE_E2E_BINARY: %w", err)
	}
	code := 1
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
	} else {
		code = m.Run()
	}
	stopBrowser()
	os.RemoveAll(tmp)
	os.Exit(code)
}

// startServer runs the binary on a free loopback port with a fresh
// database and returns its base URL; it is stopped with SIGTERM at cleanup.
func startServer(t *testing.T) string {
	t.Helper()
	base, _ := startServerProc(t)
	return base
}

// startServerProc is startServer that also returns the process, for tests
// that stop the server on purpose.
func startServerProc(t *testing.T) (string, *exec.Cmd) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(binary, "serve", "-addr", addr, "-db", filepath.Join(t.TempDir(), "e2e.db"))
	log := &testLog{t: t}
	serverLogs.Store(t, log)
	cmd.Stderr = log
	// Should the test binary die (a panic, a timeout), the server goes
	// with it instead of living on.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Error("server did not shut down within 10s of SIGINT")
		}
	})
	base := "http://" + addr
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if resp, err := http.Get(base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base, cmd
			}
		}
	}
	t.Fatal("server did not become healthy in 30s")
	return "", nil
}

// testLog passes the server's log to the test's, but for the requests it
// answered well (status 1xx to 3xx): a failing test's output then shows
// what went wrong on the server, not every page the test opened.
// It keeps the requests answered 405 (Method Not Allowed) for the tests
// that check no page is left on a URL that does not answer GET
// (served405).
type testLog struct {
	t      *testing.T
	mu     sync.Mutex
	refuse []string
}

// serverLogs are the servers' logs by the test that started them.
var serverLogs sync.Map

var (
	answeredWell = regexp.MustCompile(`msg=request .*status=[123]\d\d\b`)
	answered405  = regexp.MustCompile(`msg=request .*status=405\b`)
)

// served405 is the requests the test's server answered 405.
func served405(t *testing.T) []string {
	l, ok := serverLogs.Load(t)
	if !ok {
		return nil
	}
	log := l.(*testLog)
	log.mu.Lock()
	defer log.mu.Unlock()
	return append([]string(nil), log.refuse...)
}

func (l *testLog) Write(p []byte) (int, error) {
	for _, line := range strings.SplitAfter(string(p), "\n") {
		if answered405.MatchString(line) {
			l.mu.Lock()
			l.refuse = append(l.refuse, strings.TrimSpace(line))
			l.mu.Unlock()
		}
		if strings.TrimSpace(line) != "" && !answeredWell.MatchString(line) {
			l.t.Logf("server: %s", strings.TrimSuffix(line, "\n"))
		}
	}
	return len(p), nil
}

// browsers are the shared Chromiums of the run (TABLEMATE_E2E_BROWSERS
// of them, 2 unless it says otherwise), each started by the first phone
// it gets; phones are dealt to them in turn, so that a browser that
// stops answering fails only its own phones' tests (and is replaced for
// the phones after).
var browsers struct {
	mu    sync.Mutex
	pool  []*sharedChromium
	next  int
	ended bool
}

// sharedChromium is one of the shared browsers.
type sharedChromium struct {
	n      int
	gen    int // how many times it was started
	ctx    context.Context
	cancel func()
	err    error
}

// sharedBrowser is the browser for the next phone, started if need be.
func sharedBrowser() (context.Context, error) {
	browsers.mu.Lock()
	defer browsers.mu.Unlock()
	if browsers.ended {
		return nil, errors.New("the run is ending")
	}
	if browsers.pool == nil {
		n := 2
		if v, err := strconv.Atoi(os.Getenv("TABLEMATE_E2E_BROWSERS")); err == nil && v > 0 {
			n = v
		}
		for i := range n {
			browsers.pool = append(browsers.pool, &sharedChromium{n: i + 1})
		}
	}
	b := browsers.pool[browsers.next%len(browsers.pool)]
	browsers.next++
	if b.ctx == nil && b.err == nil {
		b.gen++
		b.ctx, b.cancel, b.err = startBrowser(filepath.Join(tmp, fmt.Sprintf("chromium-%d-%d", b.n, b.gen)))
	}
	return b.ctx, b.err
}

// replaceBrowser stops the shared browser of bctx, which stopped
// answering, so that the next phone dealt to it starts a new one.
func replaceBrowser(bctx context.Context) {
	browsers.mu.Lock()
	defer browsers.mu.Unlock()
	for _, b := range browsers.pool {
		if b.ctx == bctx {
			b.cancel()
			b.ctx, b.cancel, b.err = nil, nil, nil
		}
	}
}

// stopBrowser ends the shared browsers that were started.
func stopBrowser() {
	browsers.mu.Lock()
	defer browsers.mu.Unlock()
	browsers.ended = true
	for _, b := range browsers.pool {
		if b.cancel != nil {
			b.cancel()
		}
	}
}

// chromiumPath is the browser the tests drive: $CHROMIUM, or Debian's
// chromium-headless-shell (scripts/install-deps.sh installs it). The
// headless shell is Chromium's own renderer, Blink and V8 of the same
// version as Debian's chromium, without the browser's window and its
// drawing (tabs, address bar, the loading spinner): the same pages for
// about half the CPU (README, "make test in detail").
//
// It is the program itself, not Debian's /usr/bin/chromium-headless-shell:
// that is a shell script that starts the program as its child (no exec),
// so when chromedp killed the script (its Pdeathsig, or a close that
// timed out) the browser lived on, orphaned, with its profile's directory
// gone (seen after a passing run on 2026-11-28).
func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	const program = "/usr/lib/chromium/chromium-headless-shell"
	if _, err := os.Stat(program); err == nil {
		return program
	}
	return "/usr/bin/chromium-headless-shell"
}

// fullChromiumPath is Debian's full chromium, the browser as people run
// it (in its headless mode): $CHROMIUM_FULL, or /usr/bin/chromium. The
// tests of the phones' real world (network_test.go: plain HTTP on the
// Wi-Fi, the server stopped) drive it, so what a secure context grants
// or refuses is the real browser's answer; the others drive the headless
// shell (chromiumPath).
func fullChromiumPath() string {
	if p := os.Getenv("CHROMIUM_FULL"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// startBrowser starts a headless Chromium with its profile in dir and
// the extra flags given; cancel stops it.
func startBrowser(dir string, flags ...chromedp.ExecAllocatorOption) (ctx context.Context, cancel func(), err error) {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath()),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(dir),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(opts, flags...)...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	// No time limit on this first run: its context is the browser's life
	// (chromedp.Run's documentation).
	return ctx, func() { cancelCtx(); cancelAlloc() }, chromedp.Run(ctx)
}

// ownBrowser starts a Chromium for one test alone, with flags the shared
// one lacks (say chromedp.Flag("unsafely-treat-insecure-origin-as-secure",
// base)), stopped when the test ends; phoneIn opens its phones. Most
// tests need none: a browser takes seconds to start.
func ownBrowser(t *testing.T, flags ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	dir, err := os.MkdirTemp(tmp, "chromium-")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel, err := startBrowser(dir, flags...)
	t.Cleanup(func() { cancel(); os.RemoveAll(dir) })
	if err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// phone opens a phone of its own, a 390×844 screen, in a shared
// Chromium (a new browser context), for at most phoneLimit.
func phone(t *testing.T) context.Context {
	t.Helper()
	return phoneFor(t, phoneLimit)
}

// phoneFor is phone for a test that takes longer.
func phoneFor(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	bctx, err := sharedBrowser()
	if err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return phoneIn(t, bctx, limit)
}

// phoneIn opens a phone in the browser of bctx (a shared one, or a
// test's ownBrowser) for at most limit.
func phoneIn(t *testing.T, bctx context.Context, limit time.Duration) context.Context {
	t.Helper()
	// A browser context of its own, in a window of its own (headless
	// Chromium opens no tab in a new browser context without one, which
	// is why chromedp.WithNewBrowserContext is not used). A browser that
	// does not answer within a step's time is taken for hung: the test
	// fails, and a shared one is replaced for the tests after.
	browser := chromedp.FromContext(bctx).Browser
	octx, cancel := context.WithTimeout(bctx, stepLimit)
	defer cancel()
	id, err := target.CreateBrowserContext().WithDisposeOnDetach(true).Do(cdp.WithExecutor(octx, browser))
	var tab target.ID
	if err == nil {
		err = grantAPhonesPermissions(id).Do(cdp.WithExecutor(octx, browser))
	}
	if err == nil {
		tab, err = target.CreateTarget("about:blank").WithBrowserContextID(id).WithNewWindow(true).Do(cdp.WithExecutor(octx, browser))
	}
	if err != nil {
		if octx.Err() != nil {
			replaceBrowser(bctx)
			t.Fatalf("open a phone in chromium: the browser did not answer within %s (stepLimit): %v; it is replaced for the tests after", stepLimit, err)
		}
		t.Fatalf("open a phone in chromium: %v", err)
	}
	ctx, cancelCtx := chromedp.NewContext(context.WithValue(bctx, browserContextKey{}, id), chromedp.WithTargetID(tab))
	ctx, cancelTimeout := context.WithTimeout(context.WithValue(ctx, phoneLimitKey{}, limit), limit)
	t.Cleanup(func() {
		cancelTimeout()
		// Close the tab with time to spare (chromedp's own try gives it
		// a second, which a busy machine may not), and leave its emptied
		// browser context to the browser's end.
		cctx, cancel := context.WithTimeout(bctx, 10*time.Second)
		defer cancel()
		target.CloseTarget(tab).Do(cdp.WithExecutor(cctx, browser))
		cancelCtx()
	})
	scheme := "light"
	if os.Getenv("TABLEMATE_DARK") != "" {
		scheme = "dark"
	}
	if err := chromedp.Run(ctx,
		noCSSDomain(),
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}),
	); err != nil {
		t.Fatalf("open a phone in chromium: %v", err)
	}
	return ctx
}

// grantAPhonesPermissions grants a phone's browser context (the
// default context when id is empty) what a phone gives Tablemate without
// asking: keeping the screen awake. The full chromium grants it by
// itself; its headless shell refuses every wake lock (NotAllowedError),
// and the pages then say the screen may sleep, a note the size of a
// line or two above the game.
func grantAPhonesPermissions(id cdp.BrowserContextID) *browser.GrantPermissionsParams {
	p := browser.GrantPermissions([]browser.PermissionType{browser.PermissionTypeWakeLockScreen})
	if id != "" {
		p = p.WithBrowserContextID(id)
	}
	return p
}

// noCSSDomain turns off the DevTools CSS domain that chromedp turns on
// for every tab: with it on, the renderer reports and keeps track of every
// style sheet of every page for the test, which reads styles with
// getComputedStyle instead (chromedp.ComputedStyle and MatchedStyle need
// it). TestPlayAlongKocOnAPhone alone: 15.9 and 16.5 s of CPU with it,
// 14.3 and 15.3 s without (2026-11-28, load 1 to 3).
func noCSSDomain() chromedp.Action {
	return css.Disable()
}

type (
	browserContextKey struct{}
	phoneLimitKey     struct{}
)

// browserContextOf is the browser context of a phone: the targets (tabs,
// service workers) of that phone and no other test's.
func browserContextOf(phone context.Context) cdp.BrowserContextID {
	id, _ := phone.Value(browserContextKey{}).(cdp.BrowserContextID)
	return id
}

// run runs browser actions and fails the test with a screenshot path on error.
//
// With TABLEMATE_E2E_STEPS set, it logs how long each step took (to see
// where a test's time goes).
func run(t *testing.T, ctx context.Context, step string, actions ...chromedp.Action) {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, stepLimit)
	defer cancel()
	if os.Getenv("TABLEMATE_E2E_STEPS") != "" {
		defer func(start time.Time) { t.Logf("step %q: %s", step, time.Since(start).Round(time.Millisecond)) }(time.Now())
	}
	if err := chromedp.Run(sctx, actions...); err != nil {
		if ctx.Err() != nil {
			limit, _ := ctx.Value(phoneLimitKey{}).(time.Duration)
			t.Fatalf("%s: the test ran out of its time (the phone's %s): %v. A test that needs longer opens its phone with phoneFor.", step, limit, err)
		}
		if sctx.Err() != nil {
			err = fmt.Errorf("not done within %s (stepLimit): %w", stepLimit, err)
		}
		var body string
		bctx, bcancel := context.WithTimeout(ctx, 5*time.Second)
		defer bcancel()
		var loc string
		if chromedp.Run(bctx, chromedp.Location(&loc), chromedp.Text("main", &body, chromedp.ByQuery)) == nil {
			t.Logf("page %s at the failure:\n%.600s", loc, body)
		}
		var shot []byte
		sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if chromedp.Run(sctx, chromedp.FullScreenshot(&shot, 100)) == nil {
			// Kept after the run (e2e/artifacts is not committed).
			p, _ := filepath.Abs(filepath.Join("artifacts", strings.NewReplacer("/", "-", " ", "_").Replace(t.Name())+"-failure.png"))
			os.MkdirAll(filepath.Dir(p), 0o755)
			if os.WriteFile(p, shot, 0o644) == nil {
				t.Logf("screenshot of the failure: %s", p)
			}
		}
		t.Fatalf("%s: %v", step, err)
	}
}

// scriptsRan waits until the page's scripts have run (they are deferred:
// they run once the document is parsed, before it is complete), so that
// a step does not fill in a field a script is about to move (on a busy
// machine the scripts may run well after the page shows).
func scriptsRan() chromedp.Action {
	return chromedp.Poll(`document.readyState === "complete"`, nil, chromedp.WithPollingInterval(20*time.Millisecond))
}

// tap scrolls an element to the middle of the screen (clear of the sticky
// submit bar) and clicks it, as a thumb would; when the tap starts a
// navigation (a link followed, a form sent that no script of the page
// took over), it waits until the page that answers has loaded, so the
// next step acts on that page and not on the one the tap left (seen
// under load: the next step's element found on the old page, or its
// node gone as the new page replaced it).
//
// A page that was still arriving when the element was found (the answer
// to a form just sent, its scripts running) can replace the node before
// the click: DevTools then answers "Could not find node with given id"
// before any mouse event was sent, so the tap looks for the element
// again and taps it on the page as it is now (seen under load: a table
// just created, its "play along" found on the page as it loaded).
func tap(sel string) chromedp.Action {
	once := chromedp.Tasks{
		chromedp.WaitVisible(sel, chromedp.ByQuery),
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector(%q).scrollIntoView({block: "center"})`, sel), nil),
		chromedp.Evaluate(watchNavigation, nil),
		chromedp.Click(sel, chromedp.ByQuery),
	}
	return chromedp.ActionFunc(func(ctx context.Context) error {
		for try := 1; ; try++ {
			err := once.Do(ctx)
			if err == nil {
				return awaitNavigation(ctx, sel)
			}
			if try == 5 || !nodeGone(err) {
				return err
			}
			select {
			case <-ctx.Done():
				return err
			case <-time.After(50 * time.Millisecond):
			}
		}
	})
}

// watchNavigation marks the page (e2eLeft: gone once another document
// replaced it) and notes whether the next tap starts a navigation to
// another document (e2eNav): a link followed (the Navigation API's
// navigate event, fired while the click is handled; not for a
// #fragment or a download), a form sent the browser's way (its submit
// event not prevented by the page's scripts: the navigation itself
// starts in a later task), or a script's own (location.assign). A form
// the outbox took over (e2eOutbox) is sent by fetch: the page then goes
// on to the answer (a navigation) or shows the entry kept on the phone
// (outbox-queued), and the tap waits for either.
const watchNavigation = `(() => {
	window.e2eLeft = true;
	window.e2eNav = false;
	window.e2eOutbox = false;
	if (window.e2eNavWatched) return;
	window.e2eNavWatched = true;
	if (window.navigation) navigation.addEventListener("navigate", e => {
		if (!e.hashChange && !e.downloadRequest && e.destination.sameDocument === false) window.e2eNav = true;
	});
	window.addEventListener("submit", e => { // after the page's own listeners
		if (!e.defaultPrevented) window.e2eNav = true;
		else if (e.target.dataset.outbox === "1") window.e2eOutbox = true;
	});
})()`

// tapState says where the page is after a tap: "stayed", "leaving",
// "sending" (the outbox sending a form), or the new page's readyState.
const tapState = `window.e2eLeft
	? (window.e2eNav ? "leaving" : window.e2eOutbox && !document.querySelector('[data-testid="outbox-queued"]') ? "sending" : "stayed")
	: document.readyState`

// navigationGiveUp is how long a tap that started a navigation waits for
// its page to replace the one it left.
const navigationGiveUp = 15 * time.Second

// awaitNavigation waits, after the tap of sel, until the page it
// navigated to has loaded, if it navigated: the marked page is gone and
// the new one complete. An evaluation while the page changes fails: that
// is a navigation too.
//
// A navigation that replaces no document (an answer without a page, a
// file downloaded) leaves the marked page in place: after
// navigationGiveUp the tap is taken as having stayed.
func awaitNavigation(ctx context.Context, sel string) error {
	began := time.Now()
	for {
		var state string
		ectx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err := chromedp.Evaluate(tapState, &state).Do(ectx)
		cancel()
		switch {
		case err == nil && state == "stayed":
			return nil
		case err == nil && state == "complete":
			return nil // the new page, loaded
		case err == nil && (state == "leaving" || state == "sending") && time.Since(began) > navigationGiveUp:
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("the page after %s did not load: %w", sel, ctx.Err())
		case <-time.After(25 * time.Millisecond):
		}
	}
}

// nodeGone reports whether err says the node found was gone before it
// was used: the page changed under it, and nothing was done to it.
func nodeGone(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "Could not find node with given id") || strings.Contains(msg, "No node with given id found")
}

// tapToPage taps an element that sends a form or follows a link and
// waits until the page that answers has loaded: an element the test then
// waits for cannot be found on the page it left (which may have one of
// the same name), and the test does not leave the answer's page before
// it arrived (a navigation then aborts it: "net::ERR_ABORTED"). tap
// waits so too for a navigation it sees start; tapToPage insists on one
// (it waits until the page is another one, however it left).
func tapToPage(sel string) chromedp.Action {
	return chromedp.Tasks{
		chromedp.Evaluate(`window.e2eLeft = true`, nil),
		tap(sel),
		chromedp.ActionFunc(func(ctx context.Context) error {
			for {
				// An evaluation while the page changes fails: try again.
				var ok bool
				ectx, cancel := context.WithTimeout(ctx, 2*time.Second)
				err := chromedp.Evaluate(`!window.e2eLeft && document.readyState === "complete"`, &ok).Do(ectx)
				cancel()
				if err == nil && ok {
					return nil
				}
				select {
				case <-ctx.Done():
					return fmt.Errorf("the page after %s did not load: %w", sel, ctx.Err())
				case <-time.After(25 * time.Millisecond):
				}
			}
		}),
	}
}

// snapshot saves a full-page screenshot to $TABLEMATE_SCREENSHOTS/name.png
// when that variable is set, so a person can look at what the test saw.
func snapshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("TABLEMATE_SCREENSHOTS")
	if dir == "" {
		return
	}
	var png []byte
	if err := chromedp.Run(ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
}

// waitTrue polls a JavaScript expression until it is true, riding out
// navigations (an evaluation during one fails and is simply tried again).
func waitTrue(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	deadline := time.Now().Add(stepLimit)
	for {
		var ok bool
		ectx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err := chromedp.Run(ectx, chromedp.Evaluate(expr, &ok))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %s never became true (last error %v)", what, expr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestEveryBrowserTestRunsInParallel: every Test function of the package
// starts with t.Parallel(), so that the browser tests run side by side
// (one after another they took over ten minutes).
func TestEveryBrowserTestRunsInParallel(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	n := 0
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Test") || fn.Name.Name == "TestMain" {
				continue
			}
			n++
			if !startsParallel(fn.Body) {
				t.Errorf("%s: %s does not start with t.Parallel(): make it the first line (see server_test.go, \"Writing a browser test\")",
					fset.Position(fn.Pos()), fn.Name.Name)
			}
		}
	}
	if n < 20 {
		t.Errorf("found only %d browser tests", n)
	}
}

// startsParallel reports whether a function body's first statement is
// t.Parallel().
func startsParallel(body *ast.BlockStmt) bool {
	if body == nil || len(body.List) == 0 {
		return false
	}
	e, ok := body.List[0].(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := e.X.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Parallel" && len(call.Args) == 0
}

// TestAPhoneInABrowserOfItsOwn: a test that needs Chromium's flags of
// its own gets them in its own browser, and the shared one keeps its.
func TestAPhoneInABrowserOfItsOwn(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	own := phoneIn(t, ownBrowser(t, chromedp.UserAgent("tablemate-e2e-own-browser")), phoneLimit)
	shared := phone(t)
	var ownUA, sharedUA string
	run(t, own, "the own browser's agent", chromedp.Navigate(base+"/"), chromedp.Evaluate(`navigator.userAgent`, &ownUA))
	run(t, shared, "the shared browser's agent", chromedp.Navigate(base+"/"), chromedp.Evaluate(`navigator.userAgent`, &sharedUA))
	if ownUA != "tablemate-e2e-own-browser" || sharedUA == ownUA {
		t.Errorf("own browser %q, shared %q", ownUA, sharedUA)
	}
}
