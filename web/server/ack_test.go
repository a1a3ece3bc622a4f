package server

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"tablemate/views"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/game"
	"tablemate/web/kks/kkstest"
)

// firstTap is the editor's form as a phone sends it on "Check and save":
// without the problems page's second choice.
func firstTap(base url.Values, displays []map[string]string, tokens []string) url.Values {
	f := kkstest.Form(base, displays, tokens)
	f.Del(game.FieldDisputed)
	return f
}

// An entry the store recorded is acknowledged on its answer, with the
// table's link and the entry's place in the log; the outbox gets it on a
// 204 it can read (a redirect's headers are hidden from scripts), the
// browser's own form on the usual redirect. A resend of the same token is
// acknowledged as already recorded, with the same place, and adds
// nothing. Every answer that recorded nothing (a stale form, an entry the
// rules or the parser refuse, a page) carries no acknowledgement.
func TestRecordedWritesAreAcknowledged(t *testing.T) {
	ts := newTestServer(t)
	table := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	link := strings.TrimPrefix(table, "/tables/")

	first := ts.RoundForm(table, 0)
	p := ts.PostOutbox(table+"/games", first)
	head := ts.Table(table).Head
	if want := table + "?done=round&at=" + strconv.Itoa(head); p.Status != http.StatusNoContent || p.Header.Get("Location") != want {
		t.Fatalf("the outbox's round: %d to %q, want 204 to %s\n%s", p.Status, p.Header.Get("Location"), want, p.Body)
	}
	if got, want := p.Header.Get(HeaderRecorded), link+" "+strconv.Itoa(head); got != want {
		t.Errorf("acknowledgement %q, want %q", got, want)
	}

	// The answer was lost; the phone sends the entry again.
	again := ts.PostOutbox(table+"/games", first)
	if got, want := again.Header.Get(HeaderRecorded), link+" "+strconv.Itoa(head)+" already"; again.Status != http.StatusNoContent || got != want {
		t.Errorf("the resend: %d, acknowledgement %q, want 204 and %q", again.Status, got, want)
	}
	if again.Header.Get("Location") != table+"?done=already" {
		t.Errorf("the resend goes on to %q", again.Header.Get("Location"))
	}
	if n := ts.Table(table).Head; n != head {
		t.Fatalf("the resend moved the table from %d to %d", head, n)
	}

	// The browser's own form: a redirect, acknowledged too.
	browser := ts.Post(table+"/games", ts.RoundForm(table, 1))
	if browser.Status != http.StatusSeeOther || browser.Header.Get(HeaderRecorded) != link+" "+strconv.Itoa(head+1) {
		t.Errorf("the browser's round: %d, acknowledgement %q", browser.Status, browser.Header.Get(HeaderRecorded))
	}

	// Answers that recorded nothing.
	stale := ts.RoundForm(table, 2)
	stale.Set("_seen", strconv.Itoa(head))
	unread := ts.RoundForm(table, 2)
	unread.Set(views.PField(0, "cards"), "not a card")
	for name, f := range map[string]url.Values{"a stale form": stale, "an unreadable entry": unread} {
		p := ts.PostOutbox(table+"/games", f)
		if p.Status < 400 || p.Header.Get(HeaderRecorded) != "" {
			t.Errorf("%s: %d, acknowledgement %q", name, p.Status, p.Header.Get(HeaderRecorded))
		}
		if !strings.Contains(p.Body, `id="outbox"`) {
			t.Errorf("%s: the refusal is not the app's page (the outbox tells it from a proxy's by #outbox)", name)
		}
	}
	for _, path := range []string{table, table + "/games/new", "/offline?write=1", "/healthz"} {
		if h := ts.Get(path).Header.Get(HeaderRecorded); h != "" {
			t.Errorf("GET %s carries an acknowledgement %q: a cached copy could pass for one", path, h)
		}
	}
	if n := ts.Table(table).Head; n != head+1 {
		t.Errorf("the table is at %d, want %d", n, head+1)
	}
}

// A whole result that breaks a rule is held on the problems page, not
// acknowledged; saved as disputed, it is.
func TestHeldEntryIsNotAcknowledged(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	f := firstTap(ts.Get(table+"/games/new").FormOf(t, table+"/games"), []map[string]string{kkstest.Amelia, {"red": "2 3"}}, []string{"3", "7"})
	held := ts.PostOutbox(table+"/games", f)
	if held.Status != http.StatusUnprocessableEntity || held.Header.Get(HeaderRecorded) != "" {
		t.Fatalf("the problems page: %d, acknowledgement %q", held.Status, held.Header.Get(HeaderRecorded))
	}
	if !strings.Contains(held.Body, `id="outbox"`) {
		t.Error("the problems page is not the app's page")
	}
	f.Set(game.FieldDisputed, "1")
	saved := ts.PostOutbox(table+"/games", f)
	if saved.Status != http.StatusNoContent || !strings.HasSuffix(saved.Header.Get("Location"), "/games/1") ||
		saved.Header.Get(HeaderRecorded) != strings.TrimPrefix(table, "/tables/")+" "+strconv.Itoa(ts.Table(table).Head) {
		t.Errorf("saved as disputed: %d to %q, acknowledgement %q", saved.Status, saved.Header.Get("Location"), saved.Header.Get(HeaderRecorded))
	}
}

// A round sent by the outbox with a token recorded for another entry is
// answered 409 "form used already" without a version anywhere on the page
// (outbox.js tells it from "the table moved on" so, and sends it again
// with a fresh token): the round entry's clock, with its own form, is not
// drawn on the error page.
func TestUsedTokenAnswerCarriesNoVersion(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	table := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	first := ts.RoundForm(table, 0)
	if p := ts.PostOutbox(table+"/games", first); p.Status != http.StatusNoContent {
		t.Fatalf("round 1: %d", p.Status)
	}
	second := ts.RoundForm(table, 1)
	second.Set("_token", first.Get("_token"))
	p := ts.PostOutbox(table+"/games", second)
	if p.Status != http.StatusConflict || !strings.Contains(p.Body, "sent before for another entry") {
		t.Fatalf("round 2 with round 1's token: %d %q", p.Status, p.Text("main"))
	}
	if strings.Contains(p.Body, `name="_seen"`) || p.Doc.Find(`[data-testid="clock"]`).Length() != 0 {
		t.Errorf("the used-token answer carries a form with a version (the clock's?):\n%s", p.Text("main"))
	}
	if got := p.Header.Get(HeaderRefused); got != "used" {
		t.Errorf("the used-token answer names itself %s %q, want %q", HeaderRefused, got, "used")
	}
}

// A write made against a version the table has moved on from is answered
// 409 named "conflict" (outbox.js keeps the entry and shows the fresh
// state), with the fresh form and its version; nothing is recorded. The
// name comes from the answer's header, never from the page's markup, so
// a page that happens to draw a form (or none) cannot make the outbox
// take one refusal for the other.
func TestStaleEntryIsNamedConflict(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	table := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	stale := ts.RoundForm(table, 0)
	if p := ts.PostOutbox(table+"/games", ts.RoundForm(table, 0)); p.Status != http.StatusNoContent {
		t.Fatalf("round 1: %d", p.Status)
	}
	head := ts.Table(table).Head
	p := ts.PostOutbox(table+"/games", stale)
	if p.Status != http.StatusConflict || p.Header.Get(HeaderRecorded) != "" {
		t.Fatalf("a round against the old version: %d, acknowledgement %q", p.Status, p.Header.Get(HeaderRecorded))
	}
	if got := p.Header.Get(HeaderRefused); got != "conflict" {
		t.Errorf("the stale entry's answer names itself %s %q, want %q", HeaderRefused, got, "conflict")
	}
	if !strings.Contains(p.Body, `name="_seen" value="`+strconv.Itoa(head)+`"`) {
		t.Errorf("the conflict page carries no form at the fresh version %d:\n%s", head, p.Text("main"))
	}
	if ts.Table(table).Head != head {
		t.Errorf("the stale round was recorded: head %d, want %d", ts.Table(table).Head, head)
	}
	// A read is never named, nor is a write that was recorded.
	if g := ts.Get(table); g.Header.Get(HeaderRefused) != "" {
		t.Errorf("a page view is named %q", g.Header.Get(HeaderRefused))
	}
}
