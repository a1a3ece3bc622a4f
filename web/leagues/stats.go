package leagues

import (
	"context"
	"encoding/json"
	"strings"

	"tablemate/sessions"
	"tablemate/sessions/league"
	"tablemate/sessions/league/openskill"
	"tablemate/sessions/league/stats"
	"tablemate/views"
)

// Stats is what a league's pages compute from its games: the
// standings overall and per game and the score distributions. It is kept
// per version of the league (its tables' heads and its members), in
// memory and in the database, so a view of a league of 300 tables costs
// about what one of 10 does, also right after a restart.
type Stats struct {
	Games     int                          `json:"games"`
	Standings []league.Standing            `json:"standings"`
	Kinds     []playedKind                 `json:"kinds"`              // the games played, in order of first play
	PerGame   map[string][]league.Standing `json:"per_game,omitempty"` // by kind
	Spread    map[string][]views.Bar       `json:"spread"`             // how often each score was reached, by kind
	// Ratings are the members' OpenSkill ratings, best first.
	Ratings []ratingRow `json:"ratings,omitempty"`
	// results are every counted game, for head-to-head; nil when the
	// stats were read back (headToHead fetches them then).
	results []league.Result
}

// playedKind is a game a league played, as its per-game tables tell them
// apart: by slug, and another game's sheet by its name too
// (sessions.LeagueGame.Kind), titled by the name as first written.
type playedKind struct {
	Kind  string `json:"kind"`
	Slug  string `json:"slug"`
	Sheet string `json:"sheet,omitempty"`
}

// Key names the version of l its pages are computed for: its
// tables' heads, the code that derives summaries and its members' merges.
func (a *Area) Key(ctx context.Context, l sessions.League) (string, error) {
	version, err := a.Tables.LeagueVersion(ctx, l)
	if err != nil {
		return "", err
	}
	var key strings.Builder
	key.WriteString(version + "|" + sessions.Deriver())
	for _, m := range l.Members { // merges change whose games count for whom
		key.WriteString("|" + m.Name + ">" + m.MergedInto)
	}
	return key.String(), nil
}

// Stats returns the stats of l as its tables stand now: kept ones
// while the league's version is the same, else computed from the tables'
// summaries.
func (a *Area) Stats(ctx context.Context, l sessions.League) (*Stats, error) {
	key, err := a.Key(ctx, l)
	if err != nil {
		return nil, err
	}
	if st, ok := a.stats.Get(l.ID + "|" + key); ok {
		return st, nil
	}
	if body, ok, err := a.Tables.KeptLeague(ctx, l.ID, key); err != nil {
		return nil, err
	} else if st := new(Stats); ok && json.Unmarshal(body, st) == nil {
		a.stats.Put(l.ID+"|"+key, st)
		return st, nil
	}
	tables, err := a.Tables.LeagueSummaries(ctx, l)
	if err != nil {
		return nil, err
	}
	st := computeStats(l, tables)
	a.stats.Put(l.ID+"|"+key, st)
	if body, err := json.Marshal(st); err == nil {
		a.Tables.KeepLeague(ctx, l.ID, key, body)
	}
	return st, nil
}

// headToHead is a and b's record over the league's games.
func (a *Area) headToHead(ctx context.Context, l sessions.League, st *Stats, x, y string) (ahead, behind, level int, err error) {
	results := st.results
	if results == nil {
		tables, err := a.Tables.LeagueSummaries(ctx, l)
		if err != nil {
			return 0, 0, 0, err
		}
		for _, g := range l.Games(tables) {
			results = append(results, g.Result)
		}
	}
	ahead, behind, level = league.HeadToHead(results, x, y)
	return ahead, behind, level, nil
}

func computeStats(l sessions.League, tables []sessions.TableSummary) *Stats {
	games := l.Games(tables)
	st := &Stats{Games: len(games), PerGame: map[string][]league.Standing{}, Spread: map[string][]views.Bar{}}
	st.Ratings = ratingRows(stats.Ratings(statsInput(l, tables), openskill.Default()))
	byKind := map[string][]league.Result{}
	for _, g := range games {
		st.results = append(st.results, g.Result)
		k := g.Kind()
		if byKind[k] == nil {
			st.Kinds = append(st.Kinds, playedKind{Kind: k, Slug: g.Game, Sheet: g.Sheet})
		}
		byKind[k] = append(byKind[k], g.Result)
	}
	st.Standings = recent(league.Standings(st.results, l.Scheme, l.Points))
	for _, k := range st.Kinds {
		if len(st.Kinds) > 1 { // one game only: the overall table is the per-game one
			st.PerGame[k.Kind] = recent(league.Standings(byKind[k.Kind], l.Scheme, l.Points))
		}
		var totals []int
		for _, r := range byKind[k.Kind] {
			for _, t := range r.Totals {
				totals = append(totals, t)
			}
		}
		st.Spread[k.Kind] = distribution(totals)
	}
	return st
}

// trendGames is how many of a player's games the trend shows.
const trendGames = 30

// recent keeps each standing's trend to its newest trendGames games (a
// season's trend would grow with every game).
func recent(st []league.Standing) []league.Standing {
	for i := range st {
		st[i].Trend = st[i].Trend[max(0, len(st[i].Trend)-trendGames):]
	}
	return st
}
