package table_test

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"tablemate/sessions/plays"
	"tablemate/web/areatest"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/serve"
	"tablemate/web/tablepage"
)

// TestClockOnRoundEntry: round entry offers the clock's start below the
// form; started, every page of the table shows its running time (the
// server's, from the log) and the edit pages the button that pauses it;
// the same form sent again records nothing more, a form of an older
// version is refused and says so with the clock as it is, a token used
// for another write is refused; the view-only page shows the clock and no
// form; German too.
func TestClockOnRoundEntry(t *testing.T) {
	ts := newTestServer(t)
	table := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	view := areatest.ViewPath(t, ts.Get(table))
	start, pause := table+"/clock/start?back=round", table+"/clock/pause?back=round"

	entry := ts.Get(table + "/games/new")
	if entry.Doc.Find(`[data-testid="clock-start"]`).Length() != 1 || entry.Doc.Find(`[data-testid="clock-time"]`).Length() != 0 {
		t.Fatalf("round entry before the clock: no start button, or a time\n%s", entry.Body)
	}
	if live, _ := entry.Doc.Find(`#clock`).Attr("data-clock-live"); live != table+"/live" {
		t.Errorf("round entry's clock follows %q, want the table's stream", live)
	}
	if n := ts.Get(table).Doc.Find(`#clock`).Length() + ts.Get(view).Doc.Find(`#clock`).Length(); n != 0 {
		t.Error("the table's pages show a clock nobody started")
	}
	f := entry.FormOf(t, start)
	if f.Get("game") != "1" {
		t.Errorf("the clock's form times game %q, want 1", f.Get("game"))
	}
	if p := ts.Post(start, f); p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/games/new" {
		t.Fatalf("start: %d to %q\n%s", p.Status, p.Header.Get("Location"), p.Body)
	}
	head := ts.Head(t, table)
	if p := ts.Post(start, f); p.Status != http.StatusSeeOther || ts.Head(t, table) != head {
		t.Errorf("the same start again: %d, head %d → %d", p.Status, head, ts.Head(t, table))
	}

	running := ts.Get(table + "/games/new")
	clock := running.Doc.Find(`[data-testid="clock-time"]`)
	if _, on := clock.Attr("data-clock-running"); !on || clock.Length() != 1 {
		t.Fatalf("started clock on round entry: %d, running %v", clock.Length(), on)
	}
	if ms, err := strconv.Atoi(clock.AttrOr("data-clock-ms", "")); err != nil || ms < 0 || ms > 5000 {
		t.Errorf("a clock started just now says %q ms", clock.AttrOr("data-clock-ms", ""))
	}
	if got := strings.TrimSpace(clock.Text()); !strings.HasPrefix(got, "0:0") {
		t.Errorf("its time reads %q", got)
	}
	if running.Doc.Find(`[data-testid="clock-pause"]`).Length() != 1 || running.Doc.Find(`[data-testid="clock-start"]`).Length() != 0 {
		t.Error("a running clock offers no pause, or a start")
	}

	// A form of the version before the start (Ana's phone had the page
	// open): refused, nothing recorded, and the page says so with the
	// clock running.
	old := entry.FormOf(t, start)
	old.Set("_token", "clock-stale-0123456789")
	stale := ts.Post(table+"/clock/pause?back=round", old)
	if stale.Status != http.StatusConflict || !strings.Contains(stale.Body, "so the clock was not changed") || ts.Head(t, table) != head {
		t.Errorf("a pause on an old version: %d, head %d → %d\n%s", stale.Status, head, ts.Head(t, table), stale.Text(".banner-bad"))
	}
	if _, on := stale.Doc.Find(`[data-testid="clock-time"]`).Attr("data-clock-running"); !on {
		t.Error("the refusal does not show the clock as it is")
	}
	// The start's token on the pause form: another write, refused.
	p := running.FormOf(t, pause)
	used := p
	used.Set("_token", f.Get("_token"))
	if r := ts.Post(pause, used); r.Status != http.StatusConflict || ts.Head(t, table) != head {
		t.Errorf("the start's token on a pause: %d", r.Status)
	}

	p = ts.Get(table+"/games/new").FormOf(t, pause)
	if r := ts.Post(pause, p); r.Status != http.StatusSeeOther {
		t.Fatalf("pause: %d\n%s", r.Status, r.Body)
	}
	paused := ts.Get(table + "/games/new")
	if _, on := paused.Doc.Find(`[data-testid="clock-time"]`).Attr("data-clock-running"); on || paused.Text(`[data-testid="clock-paused"]`) != "paused" ||
		paused.Text(`[data-testid="clock-start"]`) != "Start the clock again" {
		t.Errorf("paused clock: %q, %q", paused.Text(`[data-testid="clock-paused"]`), paused.Text(`[data-testid="clock-start"]`))
	}
	// Pausing it again from a fresh page: refused by the clock, naming it.
	if r := ts.Post(table+"/clock/pause?back=table", ts.Get(table).FormOf(t, table+"/clock/start?back=table")); r.Status != http.StatusUnprocessableEntity ||
		!strings.Contains(r.Text(".banner-bad"), "the clock of game 1 is not running") {
		t.Errorf("a pause of a paused clock: %d %q", r.Status, r.Text(".banner-bad"))
	}

	// Every page of the table shows it: the edit page with its button,
	// the view-only page without a form or the edit link.
	if tp := ts.Get(table); tp.Text(`[data-testid="clock-paused"]`) != "paused" || tp.Doc.Find(`form[action^="`+table+`/clock/start"]`).Length() != 1 {
		t.Error("the table page does not show the clock with its button")
	}
	vp := ts.Get(view)
	if vp.Doc.Find(`[data-testid="clock-time"]`).Length() != 1 || vp.Text(`[data-testid="clock-paused"]`) != "paused" {
		t.Error("the view-only page does not show the clock")
	}
	if vp.Doc.Find(`#clock form, [data-testid="clock-start"], [data-testid="clock-pause"]`).Length() != 0 ||
		strings.Contains(vp.Body, strings.TrimPrefix(table, "/tables/")) {
		t.Error("the view-only page has a clock control or the edit link")
	}
	if _, live := vp.Doc.Find(`#clock`).Attr("data-clock-live"); live {
		t.Error("the view-only page's clock names a stream (its page follows the table already)")
	}
	if got := strings.Join(ts.Timeline(t, table), "\n"); !strings.Contains(got, "Clock of game 1 started") || !strings.Contains(got, "Clock of game 1 paused") {
		t.Errorf("the table's history does not tell the clock:\n%s", got)
	}

	de := ts.GetLang(table+"/games/new", "de")
	if de.Text(`[data-testid="clock-paused"]`) != "angehalten" || de.Text(`[data-testid="clock-start"]`) != "Uhr weiterlaufen lassen" {
		t.Errorf("German clock: %q, %q", de.Text(`[data-testid="clock-paused"]`), de.Text(`[data-testid="clock-start"]`))
	}

	// The form's page answers a GET (a reload after a refusal).
	if r := ts.Get(pause); r.Status != http.StatusSeeOther || r.Header.Get("Location") != table+"/games/new" {
		t.Errorf("GET on the clock's form URL: %d to %q", r.Status, r.Header.Get("Location"))
	}
}

// TestRoundEnteredWhileTheClockWasTapped: Ana's phone has round entry
// open while Ben's phone starts and pauses the clock; Ana's round is
// recorded (no "someone else changed this table"), after the taps, and
// acknowledged at its place in the log; the table shows it.
func TestRoundEnteredWhileTheClockWasTapped(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	table := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	round := ts.RoundForm(table, 0)
	start := table + "/clock/start?back=round"
	if p := ts.Post(start, ts.Get(table+"/games/new").FormOf(t, start)); p.Status != http.StatusSeeOther {
		t.Fatalf("Ben starts the clock: %d", p.Status)
	}
	pause := table + "/clock/pause?back=round"
	if p := ts.Post(pause, ts.Get(table+"/games/new").FormOf(t, pause)); p.Status != http.StatusSeeOther {
		t.Fatalf("Ben pauses the clock: %d", p.Status)
	}
	head := ts.Head(t, table)
	p := ts.PostOutbox(table+"/games", round)
	if p.Status != http.StatusNoContent || p.Header.Get(tablepage.HeaderRecorded) != strings.TrimPrefix(table, "/tables/")+" "+strconv.Itoa(head+1) {
		t.Fatalf("Ana's round after the clock's taps: %d, acknowledgement %q (head was %d)\n%s", p.Status, p.Header.Get(tablepage.HeaderRecorded), head, p.Text("main"))
	}
	if got := ts.Head(t, table); got != head+1 {
		t.Errorf("head %d after the round, want %d", got, head+1)
	}
	if again := ts.PostOutbox(table+"/games", round); again.Status != http.StatusNoContent || !strings.HasSuffix(again.Header.Get(tablepage.HeaderRecorded), " already") {
		t.Errorf("the same round sent again: %d %q", again.Status, again.Header.Get(tablepage.HeaderRecorded))
	}
	if got := strings.Join(ts.Timeline(t, table), "\n"); !strings.Contains(got, "Round 1") {
		t.Errorf("the table's history has no round 1:\n%s", got)
	}
	// Another round from the same old form (a fresh token): the table
	// moved on by one entry and two taps on the clock; the conflict
	// names one entry, which the outbox says.
	round.Set("_token", "round-after-the-taps-0123456789")
	c := ts.PostOutbox(table+"/games", round)
	if c.Status != http.StatusConflict || c.Header.Get(tablepage.HeaderRefused) != tablepage.RefusedConflict || c.Header.Get(serve.HeaderMovedOn) != "1" {
		t.Errorf("a round from a version one round and two clock taps behind: %d, refused %q, moved on %q",
			c.Status, c.Header.Get(tablepage.HeaderRefused), c.Header.Get(serve.HeaderMovedOn))
	}
}

// TestClockOnGuidedPlay: the game played along offers the clock on its
// page; started, the page shows it running; a stale tap answers with the
// play page (409) saying so; Undo still takes back the move, not the clock.
func TestClockOnGuidedPlay(t *testing.T) {
	ts := newTestServer(t)
	table := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	cambiotest.StartGuided(ts.Server, table, "dealer", "0")
	start := table + "/clock/start?back=play"
	play := ts.Get(table + "/play")
	f := play.FormOf(t, start)
	if r := ts.Post(start, f); r.Status != http.StatusSeeOther || r.Header.Get("Location") != table+"/play" {
		t.Fatalf("start on the play page: %d to %q", r.Status, r.Header.Get("Location"))
	}
	now := ts.Get(table + "/play")
	if _, on := now.Doc.Find(`[data-testid="clock-time"]`).Attr("data-clock-running"); !on {
		t.Fatal("the play page shows no running clock")
	}
	if u := now.Doc.Find(`[data-testid="undo"]`); u.Length() > 0 && strings.Contains(u.Text(), "lock") {
		t.Errorf("Undo offers to take back the clock: %q", u.Text())
	}
	old := play.FormOf(t, table+"/clock/start?back=play")
	old.Set("_token", "clock-stale-play-0123456789")
	r := ts.Post(table+"/clock/pause?back=play", old)
	if r.Status != http.StatusConflict || !strings.Contains(r.Body, "so the clock was not changed") || r.Doc.Find(`[data-testid="clock-pause"]`).Length() != 1 {
		t.Errorf("a stale pause on the play page: %d\n%s", r.Status, r.Text(".banner, [role=alert]"))
	}
}

// clockSheets is another game's table for Ana and Ben whose game 1 was
// timed by its clock: started at 19:00, rounds at 19:02 and 19:45 (a gap
// over 30 minutes: by its entries alone the game has no length), paused
// 19:05 to 19:35, so 15 minutes by the clock; game 2, untimed, from 19:50
// to 20:00.
func clockSheets() string {
	var b strings.Builder
	b.WriteString(`{"format":"tablemate-table","version":1,"name":"Timed evening","game":"another-game","events":[` +
		`{"seq":1,"kind":"table_created","payload":{"game":"another-game","name":"Timed evening","players":["Ana","Ben"]},"at":"2026-11-20T18:00:00Z"}`)
	round := func(game int, last bool) string {
		return fmt.Sprintf(`{"game":%d,"round":{"name":"Skyjo","last":%t,"scores":[{"name":"Ana","points":10},{"name":"Ben","points":5}]}}`, game, last)
	}
	for i, e := range []struct{ kind, payload, at string }{
		{"clock_started", `{"game":1}`, "19:00"},
		{"round_recorded", round(1, false), "19:02"},
		{"clock_paused", `{"game":1}`, "19:05"},
		{"clock_started", `{"game":1}`, "19:35"},
		{"round_recorded", round(1, true), "19:45"},
		{"round_recorded", round(2, false), "19:50"},
		{"round_recorded", round(2, true), "20:00"},
	} {
		fmt.Fprintf(&b, `,{"seq":%d,"kind":%q,"payload":%s,"at":"2026-11-20T%s:00Z"}`, i+2, e.kind, e.payload, e.at)
	}
	b.WriteString("]}")
	return b.String()
}

// TestClockTimesTheGame: a game its clock timed says so and takes the
// clock's running time as its length, on its page and in the exports; an
// untimed game keeps today's rule; the clock's events survive the table's
// export and import.
func TestClockTimesTheGame(t *testing.T) {
	ts := newTestServer(t)
	table, _, _ := ts.ImportJSON(clockSheets())
	check := func(table string) {
		t.Helper()
		if got := ts.Get(table + "/games/1").Text(`[data-testid="length"]`); got != "Played in 15 min by the clock (its pauses left out)." {
			t.Errorf("%s game 1: %q", table, got)
		}
		if got := ts.Get(table + "/games/2").Text(`[data-testid="length"]`); got != "Played in 10 min." {
			t.Errorf("%s game 2: %q", table, got)
		}
		bgs := areatest.ReadPlays(t, ts.Get(table+"/export.bgsplay"), plays.BGStats)
		if len(bgs) != 2 || bgs[0].Minutes != 15 || bgs[1].Minutes != 10 {
			t.Errorf("%s .bgsplay: %+v", table, bgs)
		}
	}
	check(table)
	if got := strings.Join(strings.Fields(ts.GetLang(table+"/games/1", "de").Text(`[data-testid="length"]`)), " "); got != "Spieldauer nach der Uhr: 15 Min. (ohne ihre Pausen)." {
		t.Errorf("German: %q", got)
	}
	again, _, _ := ts.ImportJSON(ts.Get(table + "/export.json").Body)
	check(again)
}
