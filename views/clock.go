package views

import (
	"context"
	"fmt"
	"strconv"
)

// ClockVM is the clock of the game at hand as a page shows it
// (sessions.Clock): its running time when the page was drawn, worked out
// by the server from the log's times, and on an edit page the form that
// starts or pauses it. A view-only page gets no Action, and so no form.
type ClockVM struct {
	Game          int
	Used, Running bool
	// Millis is the running time in milliseconds when the page was
	// drawn; the page's script counts on from it while the clock runs,
	// never from the phone's time of day.
	Millis int64
	// Action is where the clock's forms post, the table's edit base
	// ("" on a view-only page); Back names the page they come back to
	// ("play", "round" or "table").
	Action, Back string
	Form         Form
	// Live is the table's live stream for a page without the live
	// refresh (round entry: typing is never wiped), which then follows
	// the table for the clock alone; "" otherwise. Head is the page's
	// version.
	Live string
	Head int
	// PerView, if set, is told the bytes of the page that are this
	// view's own (a running clock's time, which differs at every view),
	// so that the server compresses the rest of the page once and splices
	// them in, as it does the forms' tokens.
	PerView func(part string)
}

type clockKey struct{}

// WithClock makes the page rendered with ctx show the clock: above the
// page's content once it was started, below it (the button that starts
// it) on an edit page before that.
func WithClock(ctx context.Context, c ClockVM) context.Context {
	return context.WithValue(ctx, clockKey{}, c)
}

// WithoutClock takes the clock off the page about to be drawn: an error
// page is not the game's, and it offers no form of the table's (the
// clock's carries a version and a fresh token). A phone's outbox tells
// "form used already" from "the table moved on" by the answer's
// Tablemate-Refused header, not by what the page draws.
func WithoutClock(ctx context.Context) context.Context {
	return context.WithValue(ctx, clockKey{}, ClockVM{})
}

func clockOf(ctx context.Context) (ClockVM, bool) {
	c, ok := ctx.Value(clockKey{}).(ClockVM)
	return c, ok
}

// clockText writes a running time as a stopwatch does, the same in
// every language: "7:05", "1:02:09" (js/clock.js writes it the same way).
func clockText(seconds int) string {
	seconds = max(0, seconds)
	h, m, s := seconds/3600, seconds/60%60, seconds%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	return fmt.Sprintf("%d:%02d", m, s)
}

// runningTime is a running clock's time as the page shows it: the same
// element the paused clock has, with data-clock-running, written here in
// one piece (its values are digits and colons, nothing to escape) and
// told to c.PerView as this view's own bytes.
func runningTime(c ClockVM) string {
	b := make([]byte, 0, 128)
	b = append(b, `<span class="clock-time" role="timer" data-testid="clock-time" data-clock-ms="`...)
	// Ten digits, zeros first (js/clock.js reads it as a number): the
	// part keeps its length from one view to the next, and the compressed
	// page around it stays the same (its text's length changes only at
	// ten minutes and at an hour).
	var digits [20]byte
	ms := strconv.AppendInt(digits[:0], max(c.Millis, 0), 10)
	for range 10 - len(ms) {
		b = append(b, '0')
	}
	b = append(b, ms...)
	b = append(b, `" data-clock-running>`...)
	b = append(b, clockText(int(c.Millis/1000))...)
	b = append(b, `</span>`...)
	s := string(b)
	if c.PerView != nil {
		c.PerView(s)
	}
	return s
}
