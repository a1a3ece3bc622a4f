package sessions

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"tablemate/scoring"
)

// Tally is what a table's counted games add up to, kept as games come,
// change and go: every counted record is added once, and a correction,
// a settle or an undo takes its old record out and puts the new one in,
// so the standing costs the same after 1,000 games as after one. It is a
// value: a change makes a new one (a table seats a handful of players and
// plays a handful of kinds).
type Tally struct {
	// Players is each name's part, by name.
	Players map[string]PlayerTally `json:"players"`
	// Kinds counts the counted games of each kind (kindKey).
	Kinds map[string]KindTally `json:"kinds"`
	// Counted is the number of counted games; Disputed the finished games
	// that are disputed and not settled (G-5), shown but not counted.
	Counted  int `json:"counted"`
	Disputed int `json:"disputed"`
}

// PlayerTally is one player's part of the counted games.
type PlayerTally struct {
	Played int `json:"played"`
	Wins   int `json:"wins"`
	// Total is the sum of the player's scores.
	Total int `json:"total"`
	// Places2 is the sum over the games played of 2 × place + tied − 1:
	// the placing points of a table of n seats (n − 1 for first, each
	// place one less, a tie sharing the points of the places it covers)
	// are n × Played − Places2 / 2, whatever n is now (placingPoints).
	Places2 int `json:"places2"`
}

// KindTally is one kind of game among the counted ones.
type KindTally struct {
	Game       string `json:"game"`
	Sheet      string `json:"sheet,omitempty"`
	LowestWins bool   `json:"lowest_wins,omitempty"`
	Games      int    `json:"games"`
}

// kindKey tells apart the games an evening may sum: of one kind and won
// the same way (a sheet named alike but won by the fewest is another).
func kindKey(r GameRecord) string {
	return r.Kind + "|" + strconv.FormatBool(r.LowestWins)
}

// with is the tally with record r added (sign 1) or taken out (−1); the
// tally itself is left as it was.
func (ta Tally) with(r GameRecord, sign int) Tally {
	if r.Over && r.Disputed() {
		ta.Disputed += sign
	}
	if !r.Counted {
		return ta
	}
	ta.Counted += sign
	ta.Players, ta.Kinds = maps.Clone(ta.Players), maps.Clone(ta.Kinds)
	if ta.Players == nil {
		ta.Players = map[string]PlayerTally{}
	}
	if ta.Kinds == nil {
		ta.Kinds = map[string]KindTally{}
	}
	for _, s := range r.Seats {
		p := ta.Players[s.Name]
		p.Played += sign
		p.Total += sign * s.Score
		p.Places2 += sign * (2*s.Place + s.Tied - 1)
		if s.Won {
			p.Wins += sign
		}
		if p == (PlayerTally{}) {
			delete(ta.Players, s.Name)
		} else {
			ta.Players[s.Name] = p
		}
	}
	key := kindKey(r)
	k := ta.Kinds[key]
	k.Game, k.Sheet, k.LowestWins = r.Game, r.Sheet, r.LowestWins
	if k.Games += sign; k.Games == 0 {
		delete(ta.Kinds, key)
	} else {
		ta.Kinds[key] = k
	}
	return ta
}

// The standings of an evening.
const (
	// EveningSum adds each player's totals over games of one kind, as
	// the rule texts sum several games (KKS-5, Cambio's games to 50).
	EveningSum = "sum"
	// EveningPlacings gives points by place in each game (ties share
	// the points of the places they cover), as a placing league does:
	// totals of different games cannot be added.
	EveningPlacings = "placings"
)

// Evening is a table's standing over its counted games.
type Evening struct {
	Mode string // EveningSum or EveningPlacings; "" before any game counts
	// Kind is the game summed (EveningSum), its LowestWins the rule the
	// sum is ranked by; Sheet the name of another game's sheet summed.
	Kind  scoring.Info
	Sheet string
	// Points are the places' points of EveningPlacings, first place first.
	Points []float64
	// Done counts the counted games, Disputed the finished games not
	// counted because they are disputed (G-5); Going is the number of the
	// game in progress (0 for none) and Round its rounds so far.
	Done, Disputed, Going, Round int
	// Rows are the players who played a counted game, best first (equal
	// points by name, as a league lists them).
	Rows []EveningRow
}

// LowestWins reports whether the fewest points lead the standing.
func (ev Evening) LowestWins() bool { return ev.Mode == EveningSum && ev.Kind.LowestWins }

// EveningRow is one player's line of an evening's standing.
type EveningRow struct {
	Rank int // equal for equal points
	Name string
	// Points are the placing points, or the sum of totals.
	Points float64
	// Total is the sum of the player's totals over the counted games
	// (the points of EveningSum).
	Total  int
	Played int
	Wins   int
	Leader bool
	// Behind is how far the player is from the leaders (0 for leaders).
	Behind float64
}

// Evening is the table's standing: counted games of one kind summed,
// games of different kinds by places. It reads the tally: its cost does
// not grow with the games.
func (t Table) Evening() Evening {
	ev := Evening{Done: t.tally.Counted, Disputed: t.tally.Disputed}
	if g, going := t.InProgress(); going && len(g.Result().Players) > 0 {
		ev.Going, ev.Round = g.Number, g.Rounds()
	}
	if ev.Done == 0 {
		return ev
	}
	ev.Mode = EveningSum
	for _, k := range t.tally.Kinds {
		if ev.Kind.Slug != "" {
			ev.Mode, ev.Kind, ev.Sheet = EveningPlacings, scoring.Info{}, ""
			break
		}
		ev.Kind, ev.Sheet = scoring.Info{Slug: k.Game, Title: k.Game}, k.Sheet
		if engine, ok := t.find(k.Game); ok {
			ev.Kind = engine.Info()
		}
		ev.Kind.LowestWins = k.LowestWins
	}
	if ev.Mode == EveningPlacings {
		// The last place scores nothing, each better one a point more.
		for i := len(t.Players) - 1; i >= 0; i-- {
			ev.Points = append(ev.Points, float64(i))
		}
	}
	for name, p := range t.tally.Players {
		ev.Rows = append(ev.Rows, EveningRow{Name: name, Points: t.points(ev.Mode, p), Total: p.Total, Played: p.Played, Wins: p.Wins})
	}
	lowest := ev.LowestWins()
	slices.SortFunc(ev.Rows, func(a, b EveningRow) int {
		if a.Points != b.Points {
			if (a.Points < b.Points) != lowest {
				return 1
			}
			return -1
		}
		return strings.Compare(a.Name, b.Name)
	})
	for i := range ev.Rows {
		r := &ev.Rows[i]
		r.Rank = i + 1
		if i > 0 && r.Points == ev.Rows[i-1].Points {
			r.Rank = ev.Rows[i-1].Rank
		}
		r.Leader = r.Rank == 1
		r.Behind = r.Points - ev.Rows[0].Points
		if r.Behind < 0 {
			r.Behind = -r.Behind
		}
	}
	return ev
}

// points is a player's points in the standing of mode: the sum of their
// totals, or their placing points at a table of the players seated now.
func (t Table) points(mode string, p PlayerTally) float64 {
	if mode == EveningSum {
		return float64(p.Total)
	}
	return float64(2*len(t.Players)*p.Played-p.Places2) / 2
}

// gamePoints is what game r gave seat s in the standing of mode.
func (t Table) gamePoints(mode string, s Seat) float64 {
	if mode == EveningSum {
		return float64(s.Score)
	}
	return float64(2*len(t.Players)-2*s.Place-s.Tied+1) / 2
}

// Leaders returns the names of the players leading the evening's
// standing; none before a game counts.
func (t Table) Leaders() []string {
	var names []string
	for _, r := range t.Evening().Rows {
		if r.Leader {
			names = append(names, r.Name)
		}
	}
	return names
}

// Chart is the evening's standing game by game: each player's points
// after each of the newest counted games, from their points before them.
// A mixed evening charts placing points, an evening of one kind its
// summed totals: the standing's own numbers, so the last point of each
// line is the player's points in Evening.
type Chart struct {
	Mode string
	// Games are the numbers of the games charted, oldest first; Before
	// counts the counted games before them.
	Games  []int
	Before int
	// Series are the players in seat order.
	Series []ChartSeries
}

// ChartSeries is one player's line: Start before the first game charted,
// Values after each.
type ChartSeries struct {
	Name   string
	Start  float64
	Values []float64
}

// Chart is the standing after each of the newest n counted games: the
// standing now, less those games, then each added again. It walks back
// over the newest games only.
func (t Table) Chart(n int) Chart {
	ev := t.Evening()
	c := Chart{Mode: ev.Mode}
	var shown []GameRecord // newest first
	for i := t.Games.Len() - 1; i >= 0 && len(shown) < n; i-- {
		if r := t.Games.At(i).Record; r.Counted {
			shown = append(shown, r)
		}
	}
	slices.Reverse(shown)
	c.Before = ev.Done - len(shown)
	index := map[string]int{}
	for i, name := range t.Players {
		index[name] = i
		c.Series = append(c.Series, ChartSeries{Name: name})
	}
	for _, row := range ev.Rows {
		if i, ok := index[row.Name]; ok {
			c.Series[i].Start = row.Points
		}
	}
	for _, r := range shown {
		c.Games = append(c.Games, r.Number)
		for _, s := range r.Seats {
			if i, ok := index[s.Name]; ok {
				c.Series[i].Start -= t.gamePoints(ev.Mode, s)
			}
		}
	}
	for i := range c.Series {
		v := c.Series[i].Start
		for _, r := range shown {
			if s, ok := r.Seat(c.Series[i].Name); ok {
				v += t.gamePoints(ev.Mode, s)
			}
			c.Series[i].Values = append(c.Series[i].Values, v)
		}
	}
	return c
}

// Standings is the evening's rows in seat order, a row for every seated
// player (zero for one who played no counted game yet).
func (t Table) Standings() []EveningRow {
	rows := map[string]EveningRow{}
	for _, r := range t.Evening().Rows {
		rows[r.Name] = r
	}
	out := make([]EveningRow, len(t.Players))
	for i, name := range t.Players {
		out[i] = rows[name]
		out[i].Name = name
	}
	return out
}
