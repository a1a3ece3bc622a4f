package sessions

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"tablemate/sessions/league"
	"tablemate/sessions/league/openskill"
	"tablemate/sessions/league/stats"
	"tablemate/sessions/recent"
)

// A league's stats and its members' profiles are derived here, from its
// tables' summaries, in one place: the league's pages, its card and its
// exports read them (LeagueStats, MemberReport), kept per version of the
// league (LeagueStatsKey), in memory and in the database, so a view of a
// league of 300 tables costs about what one of 10 does, also right after
// a restart.

// LeagueStats is what a league's pages show of its games: the standings
// overall and per game, how often each score was reached, the members'
// ratings.
type LeagueStats struct {
	Games     int                          `json:"games"`
	Standings []league.Standing            `json:"standings"`
	Kinds     []PlayedKind                 `json:"kinds"`              // the games played, in order of first play
	PerGame   map[string][]league.Standing `json:"per_game,omitempty"` // by kind, when more than one was played
	Spread    map[string][]league.Range    `json:"spread"`             // the totals reached, by kind
	// Ratings are the members' OpenSkill ratings, best first (members
	// with no game left out).
	Ratings []Rating `json:"ratings,omitempty"`
	// results are every counted game, for head-to-head; nil when the
	// stats were read back (HeadToHead fetches them then).
	results []league.Result
}

// PlayedKind is a game a league played, as its per-game tables tell them
// apart: by slug, and another game's sheet by its name too
// (LeagueGame.Kind), titled by the name as first written.
type PlayedKind struct {
	Kind  string `json:"kind"`
	Slug  string `json:"slug"`
	Sheet string `json:"sheet,omitempty"`
}

// Rating is a member's OpenSkill rating as the league ranks it.
type Rating struct {
	Member string  `json:"member"`
	Rank   int     `json:"rank"`
	Games  int     `json:"games"`
	Mu     float64 `json:"mu"`
	Sigma  float64 `json:"sigma"`
}

// Ordinal is the value ratings are ranked by: μ − 3σ.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// leagueStatsFormat names the shape of LeagueStats as kept in the
// database: a kept body of another shape is not read back.
const leagueStatsFormat = "stats2"

// trendGames is how many of a player's games a standing's trend keeps.
const trendGames = 30

// leagueDerived keeps leagues' stats and member profiles per version
// (LeagueStatsKey), the newest few.
type leagueDerived struct {
	stats   *recent.Cache[*LeagueStats]
	reports *recent.Cache[*stats.Report]
}

func newLeagueDerived() leagueDerived {
	return leagueDerived{stats: recent.New[*LeagueStats](64), reports: recent.New[*stats.Report](8)}
}

// LeagueStatsKey names the version of l its stats are computed for: its
// tables' heads, the code that derives summaries and stats, and its
// members' merges (they change whose games count for whom).
func (ts *Tables) LeagueStatsKey(ctx context.Context, l League) (string, error) {
	version, err := ts.LeagueVersion(ctx, l)
	if err != nil {
		return "", err
	}
	var key strings.Builder
	key.WriteString(version + "|" + ts.deriver + "|" + leagueStatsFormat)
	for _, m := range l.Members {
		key.WriteString("|" + m.Name + ">" + m.MergedInto)
	}
	return key.String(), nil
}

// LeagueStats returns the stats of l as its tables stand now: kept ones
// while the league's version is the same, else computed from the tables'
// summaries (and kept).
func (ts *Tables) LeagueStats(ctx context.Context, l League) (*LeagueStats, error) {
	key, err := ts.LeagueStatsKey(ctx, l)
	if err != nil {
		return nil, err
	}
	if st, ok := ts.leagues.stats.Get(l.ID + "|" + key); ok {
		return st, nil
	}
	if body, ok, err := ts.KeptLeague(ctx, l.ID, key); err != nil {
		return nil, err
	} else if st := new(LeagueStats); ok && json.Unmarshal(body, st) == nil {
		ts.leagues.stats.Put(l.ID+"|"+key, st)
		return st, nil
	}
	tables, err := ts.LeagueSummaries(ctx, l)
	if err != nil {
		return nil, err
	}
	st := computeLeagueStats(l, tables)
	ts.leagues.stats.Put(l.ID+"|"+key, st)
	if body, err := json.Marshal(st); err == nil {
		ts.KeepLeague(ctx, l.ID, key, body)
	}
	return st, nil
}

// MemberReport is every member's profile as the league's tables stand
// now, kept per version of the league.
func (ts *Tables) MemberReport(ctx context.Context, l League) (*stats.Report, error) {
	key, err := ts.LeagueStatsKey(ctx, l)
	if err != nil {
		return nil, err
	}
	if r, ok := ts.leagues.reports.Get(l.ID + "|" + key); ok {
		return r, nil
	}
	tables, err := ts.LeagueSummaries(ctx, l)
	if err != nil {
		return nil, err
	}
	r := stats.Compute(statsInput(l, tables))
	ts.leagues.reports.Put(l.ID+"|"+key, &r)
	return &r, nil
}

// HeadToHead is x's record against y over the league's games (st, the
// league's stats now): games x placed ahead, behind and level.
func (ts *Tables) HeadToHead(ctx context.Context, l League, st *LeagueStats, x, y string) (ahead, behind, level int, err error) {
	results := st.results
	if results == nil {
		tables, err := ts.LeagueSummaries(ctx, l)
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

func computeLeagueStats(l League, tables []TableSummary) *LeagueStats {
	games := l.Games(tables)
	st := &LeagueStats{Games: len(games), PerGame: map[string][]league.Standing{}, Spread: map[string][]league.Range{}}
	st.Ratings = ratings(stats.Ratings(statsInput(l, tables), openskill.Default()))
	byKind := map[string][]league.Result{}
	for _, g := range games {
		st.results = append(st.results, g.Result)
		k := g.Kind()
		if byKind[k] == nil {
			st.Kinds = append(st.Kinds, PlayedKind{Kind: k, Slug: g.Game, Sheet: g.Sheet})
		}
		byKind[k] = append(byKind[k], g.Result)
	}
	st.Standings = recentTrend(league.Standings(st.results, l.Scheme, l.Points))
	for _, k := range st.Kinds {
		if len(st.Kinds) > 1 { // one game only: the overall table is the per-game one
			st.PerGame[k.Kind] = recentTrend(league.Standings(byKind[k.Kind], l.Scheme, l.Points))
		}
		var totals []int
		for _, r := range byKind[k.Kind] {
			for _, t := range r.Totals {
				totals = append(totals, t)
			}
		}
		st.Spread[k.Kind] = league.Ranges(totals)
	}
	return st
}

// recentTrend keeps each standing's trend to its newest trendGames games
// (a season's trend would grow with every game).
func recentTrend(st []league.Standing) []league.Standing {
	for i := range st {
		st[i].Trend = st[i].Trend[max(0, len(st[i].Trend)-trendGames):]
	}
	return st
}

// statsInput is a league's history as the statistics read it: its active
// members, its merges, and every finished, valid game of its tables with
// the engine's winners, each as the game it was (an evening's games
// differ), in the order they were entered (tables were added in any
// order; games of a table keep their order).
func statsInput(l League, tables []TableSummary) stats.Input {
	in := stats.Input{Members: l.Active(), Canonical: l.Canonical}
	for _, t := range tables {
		for _, g := range t.Games {
			sg := stats.Game{Game: g.Game, Sheet: g.Sheet, LowestWins: g.LowestWins, When: g.At, Table: t.Name, Minutes: g.Minutes}
			seen := map[string]bool{}
			add := func(name string) {
				if total, ok := g.Totals[name]; ok && !seen[name] {
					seen[name] = true
					sg.Players = append(sg.Players, stats.Player{Name: name, Score: total, Winner: slices.Contains(g.Winners, name), Place: g.Places[name]})
				}
			}
			for _, name := range t.Players { // seat order
				add(name)
			}
			rest := make([]string, 0, len(g.Totals))
			for name := range g.Totals {
				if !seen[name] {
					rest = append(rest, name)
				}
			}
			slices.Sort(rest)
			for _, name := range rest {
				add(name)
			}
			in.Games = append(in.Games, sg)
		}
	}
	slices.SortStableFunc(in.Games, func(x, y stats.Game) int {
		if x.When.IsZero() || y.When.IsZero() {
			return 0
		}
		return x.When.Compare(y.When)
	})
	return in
}

// ratings are the rated members with a game, best first.
func ratings(rated []stats.Rated) []Rating {
	out := make([]Rating, 0, len(rated))
	for _, r := range rated {
		if r.Games == 0 {
			continue
		}
		out = append(out, Rating{Member: r.Member, Rank: r.Rank, Games: r.Games, Mu: r.Mu, Sigma: r.Sigma})
	}
	return out
}
