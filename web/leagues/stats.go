package leagues

import (
	"context"
	"tablemate/views/i18n"

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
// ("5", or "55–59" for a range wider than one), negative totals with the
// minus sign and the dash set apart from it ("−5 – −1").
func spreadBars(ctx context.Context, ranges []league.Range) []views.Bar {
	var bars []views.Bar
	for _, r := range ranges {
		label := i18n.Decimal(ctx, float64(r.From), 0)
		if r.To > r.From {
			dash := "–"
			if r.From < 0 || r.To < 0 {
				dash = " – "
			}
			label += dash + i18n.Decimal(ctx, float64(r.To), 0)
		}
		bars = append(bars, views.Bar{Label: label, Value: float64(r.Count)})
	}
	return bars
}
