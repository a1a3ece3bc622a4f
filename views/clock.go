package views

import (
	"context"
	"fmt"
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
}

type clockKey struct{}

// WithClock makes the page rendered with ctx show the clock: above the
// page's content once it was started, below it (the button that starts
// it) on an edit page before that.
func WithClock(ctx context.Context, c ClockVM) context.Context {
	return context.WithValue(ctx, clockKey{}, c)
}

// WithoutClock takes the clock off the page about to be drawn: an error
// page is not the game's, and a form on it (the clock's, with its
// version) would make the page read as the entry's own form again (a
// phone's outbox tells "form used already" from "the table moved on" by
// whether the answer carries a version).
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
