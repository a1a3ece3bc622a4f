package main

import (
	"context"
	"strings"
	"sync"

	"tablemate/sessions"
	"tablemate/sessions/league"
	"tablemate/views"
)

// leagueStats is what a league's pages compute from its games: the
// standings overall and per game and the score distributions. It is kept
// per version of the league (its tables' heads and its members), so a
// view of a league of 300 tables costs about what one of 10 does.
type leagueStats struct {
	results   []league.Result // every counted game, for head-to-head
	standings []league.Standing
	slugs     []string // the games played, in order of first play
	perGame   map[string][]league.Standing
	spread    map[string][]views.Bar // how often each score was reached, per game
}

// statsCache keeps the stats of recently viewed leagues.
type statsCache struct {
	mu    sync.Mutex
	byKey map[string]*leagueStats
	keys  []string // oldest first
	max   int
}

func newStatsCache(max int) *statsCache {
	return &statsCache{byKey: map[string]*leagueStats{}, max: max}
}

func (c *statsCache) get(key string) (*leagueStats, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	st, ok := c.byKey[key]
	return st, ok
}

func (c *statsCache) put(key string, st *leagueStats) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[key]; !ok {
		c.keys = append(c.keys, key)
	}
	c.byKey[key] = st
	for len(c.keys) > c.max {
		delete(c.byKey, c.keys[0])
		c.keys = c.keys[1:]
	}
}

// leagueStats returns the stats of l as its tables stand now: kept ones
// while the league's version is the same, else computed from the tables'
// summaries.
func (a *app) leagueStats(ctx context.Context, l sessions.League) (*leagueStats, error) {
	version, err := a.tables.LeagueVersion(ctx, l)
	if err != nil {
		return nil, err
	}
	var key strings.Builder
	key.WriteString(l.ID + "|" + version)
	for _, m := range l.Members { // merges change whose games count for whom
		key.WriteString("|" + m.Name + ">" + m.MergedInto)
	}
	if st, ok := a.stats.get(key.String()); ok {
		return st, nil
	}
	tables, err := a.tables.LeagueTables(ctx, l)
	if err != nil {
		return nil, err
	}
	st := computeStats(l, l.Games(tables))
	a.stats.put(key.String(), st)
	return st, nil
}

func computeStats(l sessions.League, games []sessions.LeagueGame) *leagueStats {
	st := &leagueStats{perGame: map[string][]league.Standing{}, spread: map[string][]views.Bar{}}
	bySlug := map[string][]league.Result{}
	for _, g := range games {
		st.results = append(st.results, g.Result)
		if bySlug[g.Game] == nil {
			st.slugs = append(st.slugs, g.Game)
		}
		bySlug[g.Game] = append(bySlug[g.Game], g.Result)
	}
	st.standings = league.Standings(st.results, l.Scheme, l.Points)
	for _, slug := range st.slugs {
		if len(st.slugs) > 1 { // one game only: the overall table is the per-game one
			st.perGame[slug] = league.Standings(bySlug[slug], l.Scheme, l.Points)
		}
		var totals []int
		for _, r := range bySlug[slug] {
			for _, t := range r.Totals {
				totals = append(totals, t)
			}
		}
		st.spread[slug] = distribution(totals)
	}
	return st
}
