// Package league computes season standings from finished games: points by
// placing (ties share the points of the places they cover), total score,
// win count, or an Elo-style rating. It is pure: games in, standings out.
package league

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"tablemate/scoring"
)

// Scheme is how a league turns games into standings.
type Scheme string

// The schemes a league can be created with.
const (
	Placing Scheme = "placing" // points per place, e.g. 3/2/1/0
	Total   Scheme = "total"   // sum of game totals (fewest first where fewest wins)
	Wins    Scheme = "wins"    // number of games won (ties count for each)
	Elo     Scheme = "elo"     // rating from pairwise results, start 1500
)

// ParseScheme reads a scheme name.
func ParseScheme(s string) (Scheme, error) {
	switch sc := Scheme(s); sc {
	case Placing, Total, Wins, Elo:
		return sc, nil
	}
	return "", scoring.Errorf("scheme", "unknown scheme %q: placing, total, wins or elo", s)
}

// ParsePoints reads placing points like "3/2/1/0" (first place first).
func ParsePoints(s string) ([]float64, error) {
	var out []float64
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == ',' || r == ' ' }) {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil || v < 0 || v > 1000 || math.IsNaN(v) {
			return nil, scoring.Errorf("points", "%q is not a number of points (0–1000)", f)
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, scoring.Errorf("points", "give the points per place, first place first, e.g. 3/2/1/0")
	}
	return out, nil
}

// Result is one finished game: each player's total.
type Result struct {
	Totals map[string]int
	// LowestWins is true for games where the fewest points win.
	LowestWins bool
	// Places, when given, are each player's place as the game's record
	// has them (sessions.GameRecord: the engine's winners share first,
	// a tie-break applied); Places then returns them instead of placing
	// by totals, so a league places a game as its table does.
	Places map[string]int
}

// Standing is one player's line in a league table.
type Standing struct {
	Rank   int // equal ranks for equal points
	Player string
	Played int
	Wins   int
	Points float64 // by the league's scheme
	// Trend is the points after each game this player played, oldest first.
	Trend []float64
}

// Places returns each player's place (1 = best): the given ones
// (Result.Places), else by total, tied players sharing the best place of
// the ones they cover: totals 10, 8, 8, 5 → 1, 2, 2, 4.
func Places(r Result) map[string]int {
	if r.Places != nil {
		return r.Places
	}
	places := make(map[string]int, len(r.Totals))
	for name, t := range r.Totals {
		better := 0
		for _, u := range r.Totals {
			if r.LowestWins && u < t || !r.LowestWins && u > t {
				better++
			}
		}
		places[name] = better + 1
	}
	return places
}

// placingPoints gives each player the average of the points of the places
// their tie covers: with 3/2/1/0, two players tied for first get 2.5 each.
func placingPoints(r Result, points []float64) map[string]float64 {
	places := Places(r)
	tied := map[int]int{}
	for _, p := range places {
		tied[p]++
	}
	out := make(map[string]float64, len(places))
	for name, p := range places {
		sum := 0.0
		for i := p; i < p+tied[p]; i++ {
			if i-1 < len(points) {
				sum += points[i-1]
			}
		}
		out[name] = sum / float64(tied[p])
	}
	return out
}

// Standings computes a league table from games in the order played.
func Standings(games []Result, scheme Scheme, points []float64) []Standing {
	lines := map[string]*Standing{}
	line := func(name string) *Standing {
		if lines[name] == nil {
			lines[name] = &Standing{Player: name}
			if scheme == Elo {
				lines[name].Points = 1500
			}
		}
		return lines[name]
	}
	lowest := false
	for _, g := range games {
		lowest = g.LowestWins
		places := Places(g)
		var gain map[string]float64
		switch scheme {
		case Placing:
			gain = placingPoints(g, points)
		case Elo:
			ratings := map[string]float64{}
			for name := range g.Totals {
				ratings[name] = line(name).Points
			}
			gain = eloChanges(ratings, places)
		}
		for _, name := range sortedNames(g.Totals) {
			s := line(name)
			s.Played++
			if places[name] == 1 {
				s.Wins++
			}
			switch scheme {
			case Total:
				s.Points += float64(g.Totals[name])
			case Wins:
				if places[name] == 1 {
					s.Points++
				}
			default:
				s.Points += gain[name]
			}
			s.Trend = append(s.Trend, round1(s.Points))
		}
	}
	out := make([]Standing, 0, len(lines))
	for _, s := range lines {
		s.Points = round1(s.Points)
		out = append(out, *s)
	}
	fewestFirst := scheme == Total && lowest
	slices.SortFunc(out, func(a, b Standing) int {
		if a.Points != b.Points {
			if (a.Points < b.Points) != fewestFirst {
				return 1
			}
			return -1
		}
		return strings.Compare(a.Player, b.Player)
	})
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && out[i].Points == out[i-1].Points {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

// eloK is how far one game moves a rating (shared out over the opponents).
const eloK = 32

// eloChanges treats a game as every pair of players meeting once: the
// better place wins, equal places draw; the standard Elo expectation
// 1 / (1 + 10^((Rb − Ra)/400)) is compared with that result, and K is split
// over the n−1 opponents so a big game moves ratings no more than a duel.
func eloChanges(ratings map[string]float64, places map[string]int) map[string]float64 {
	out := map[string]float64{}
	n := len(ratings)
	if n < 2 {
		return out
	}
	k := eloK / float64(n-1)
	for a, ra := range ratings {
		for b, rb := range ratings {
			if a == b {
				continue
			}
			expected := 1 / (1 + math.Pow(10, (rb-ra)/400))
			score := 0.5
			switch {
			case places[a] < places[b]:
				score = 1
			case places[a] > places[b]:
				score = 0
			}
			out[a] += k * (score - expected)
		}
	}
	return out
}

// HeadToHead counts, over the games both played, how often a finished
// ahead of b, behind b, or level.
func HeadToHead(games []Result, a, b string) (ahead, behind, level int) {
	for _, g := range games {
		_, okA := g.Totals[a]
		_, okB := g.Totals[b]
		if !okA || !okB {
			continue
		}
		p := Places(g)
		switch {
		case p[a] < p[b]:
			ahead++
		case p[a] > p[b]:
			behind++
		default:
			level++
		}
	}
	return ahead, behind, level
}

func sortedNames(m map[string]int) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }
