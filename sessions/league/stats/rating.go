package stats

import (
	"cmp"
	"math"
	"slices"

	"tablemate/sessions/league/openskill"
)

// Rated is a member's OpenSkill rating after a league's games.
type Rated struct {
	Member string
	Rank   int // 1 = best ordinal, equal ordinals (to 0.1) share; 0 = no games yet
	Games  int
	openskill.Rating
	// History is the ordinal after each game the member played, oldest
	// first (a new member starts at 0).
	History []float64
}

// Ratings replays the league's games through the OpenSkill model: every
// game is a free-for-all of its members ranked by their places (shared
// places tie). Members are returned best first by ordinal (μ − 3σ, shown
// with its uncertainty σ); members without games come last, unranked, in
// member order. Ties in ordinal are broken by name so the order is stable.
func Ratings(in Input, m openskill.Model) []Rated {
	r := newRoster(in)
	games := make([][]seat, len(in.Games))
	for i, g := range in.Games {
		games[i] = r.seats(g)
	}
	out := make([]Rated, len(r.names))
	for i, name := range r.names {
		out[i] = Rated{Member: name, Rating: m.New()}
	}
	for _, seats := range games {
		if len(seats) < 2 {
			continue // nobody to be measured against
		}
		before := make([]openskill.Rating, len(seats))
		ranks := make([]int, len(seats))
		for i, s := range seats {
			before[i], ranks[i] = out[s.member].Rating, s.place
		}
		after, err := m.RatePlayers(before, ranks)
		if err != nil {
			continue // only a broken model gets here; the game then does not count
		}
		for i, s := range seats {
			o := &out[s.member]
			o.Rating = after[i]
			o.Games++
			o.History = append(o.History, round1(after[i].Ordinal()))
		}
	}
	slices.SortStableFunc(out, func(a, b Rated) int {
		if (a.Games == 0) != (b.Games == 0) {
			if a.Games == 0 {
				return 1
			}
			return -1
		}
		if a.Games == 0 {
			return 0 // member order
		}
		return cmp.Or(cmp.Compare(round1(b.Ordinal()), round1(a.Ordinal())), cmp.Compare(a.Member, b.Member))
	})
	for i := range out {
		if out[i].Games == 0 {
			break
		}
		out[i].Rank = i + 1
		if i > 0 && round1(out[i].Ordinal()) == round1(out[i-1].Ordinal()) {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

// round1 is a value as the page shows it (one decimal), so equal-looking
// ratings share a rank.
func round1(v float64) float64 { return math.Round(v*10) / 10 }
