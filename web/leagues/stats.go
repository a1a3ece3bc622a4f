package leagues

import (
	"context"
	"strconv"

	"tablemate/sessions"
	"tablemate/sessions/league"
	"tablemate/views"
)

// A league's stats (standings overall and per game, the totals reached,
// ratings) and its members' profiles are derived in sessions
// (Tables.LeagueStats, Tables.MemberReport), kept per version of the
// league; the area only shows them.

// Key names the version of l its stats are computed for
// (sessions.Tables.LeagueStatsKey): the league's card is kept by it.
func (a *Area) Key(ctx context.Context, l sessions.League) (string, error) {
	return a.Tables.LeagueStatsKey(ctx, l)
}

// Stats returns the stats of l as its tables stand now
// (sessions.Tables.LeagueStats).
func (a *Area) Stats(ctx context.Context, l sessions.League) (*sessions.LeagueStats, error) {
	return a.Tables.LeagueStats(ctx, l)
}

// spreadBars draws ranges of totals as bars labelled by their totals
// ("5", or "55–59" for a range wider than one).
func spreadBars(ranges []league.Range) []views.Bar {
	var bars []views.Bar
	for _, r := range ranges {
		label := strconv.Itoa(r.From)
		if r.To > r.From {
			label += "–" + strconv.Itoa(r.To)
		}
		bars = append(bars, views.Bar{Label: label, Value: float64(r.Count)})
	}
	return bars
}
