package sessions

import (
	"testing"
	"time"
)

// TestLengthLeavesPausesOut: gaps up to PauseLimit are play, longer ones
// are pauses, said apart; a single event has no length; under a minute
// of play is a minute.
func TestLengthLeavesPausesOut(t *testing.T) {
	at := func(hm ...string) []time.Time {
		var out []time.Time
		for _, s := range hm {
			tm, _ := time.Parse("15:04:05", s)
			out = append(out, tm)
		}
		return out
	}
	for _, c := range []struct {
		times           []time.Time
		minutes, paused int
	}{
		{nil, 0, 0},
		{at("19:00:00"), 0, 0},
		{at("19:00:00", "19:20:00"), 20, 0},
		{at("19:00:00", "19:30:00"), 30, 0},
		{at("19:00:00", "19:30:01"), 0, 30},
		{at("19:00:00", "19:10:00", "20:10:00", "20:20:00"), 20, 60},
		{at("19:00:00", "19:00:20"), 1, 0},
	} {
		l := lengthOf(c.times)
		if l.Minutes != c.minutes || l.Paused != c.paused || len(c.times) > 0 && !l.Start.Equal(c.times[0]) {
			t.Errorf("%v: %+v, want %d played, %d paused", c.times, l, c.minutes, c.paused)
		}
	}
}
