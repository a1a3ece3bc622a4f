package table

import (
	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/games"
	"tablemate/web/tablepage"
)

// runningLines is the evening's standing game by game, a line per
// player (views.Lines draws it): the standing's own points after each of
// the newest ChartGames counted games (sessions.Table.Chart), placing
// points for a mixed evening, summed totals for one of one kind.
func runningLines(t sessions.Table) views.LineChart {
	ch := t.Chart(ChartGames)
	ev := tablepage.Evening(t)
	c := views.LineChart{ID: "totals-chart", XLabel: scoring.Phrasef("played\x04Game"), Title: chartTitle(ev), From: ch.Before}
	for _, s := range ch.Series {
		c.Series = append(c.Series, views.Series{Name: s.Name, Start: s.Start, Values: s.Values})
	}
	return c
}

// roundLines is a round-based game's running totals round by round, with
// Cambio's target (50 unless the table chose another).
func roundLines(slug string, g sessions.Game) views.LineChart {
	c := views.LineChart{ID: "rounds-chart", XLabel: scoring.Phrasef("Round"), Title: scoring.Phrasef("Game %d, running totals by round", g.Number)}
	for _, p := range g.Result().Players {
		s := views.Series{Name: p.Name}
		total := 0
		for _, r := range p.Rounds {
			total += r
			s.Values = append(s.Values, float64(total))
		}
		c.Series = append(c.Series, s)
	}
	// The total that ends the game, as the engine reads the game (Cambio:
	// 50 unless the table chose another).
	if engine, ok := games.Engine(slug); ok {
		if rounds, ok := engine.(scoring.RoundFacts); ok {
			if target := rounds.Target(g.State); target > 0 {
				c.HasTarget, c.Target = true, target
			}
		}
	}
	return c
}
